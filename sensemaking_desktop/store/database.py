"""Opening the library file and the few writes every part of the app shares."""

import contextlib
import json
import sqlite3
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import sqlite_utils

from sensemaking_desktop import paths
from sensemaking_desktop.errors import StoreError
from sensemaking_desktop.redact import scrub
from sensemaking_desktop.settings import Settings
from sensemaking_desktop.store.credentials import forget_credentials, holds_credentials
from sensemaking_desktop.store.migrations import migrate


def now() -> str:
    return datetime.now(UTC).isoformat()


@contextlib.contextmanager
def friendly_sqlite_errors(path: Path) -> Iterator[None]:
    """Turn SQLite's disk and lock failures into messages a user can act on."""
    try:
        yield
    except sqlite3.OperationalError as error:
        text = str(error).lower()
        if "readonly" in text or "read-only" in text:
            raise StoreError(f"The library {path} is on a read-only disk or folder; nothing was changed.") from error
        if "disk is full" in text or "disk i/o" in text:
            raise StoreError(f"The disk holding {path} is full or failing; the last change was not saved.") from error
        if "locked" in text or "busy" in text:
            raise StoreError(f"The library {path} is busy in another program; try again in a moment.") from error
        if "unable to open" in text:
            raise StoreError(
                f"Cannot open the library {path}: check that the folder exists and is writable."
            ) from error
        raise StoreError(f"The library {path} could not be used: {error}") from error
    except sqlite3.IntegrityError:
        raise
    except sqlite3.DatabaseError as error:
        raise StoreError(f"{path} is not a Sensemaking library or is damaged: {error}") from error
    except OSError as error:
        raise StoreError(f"Cannot create the library folder {path.parent}: {error.strerror}.") from error


class Store:
    """One connection to the library file. Use one Store per thread or process."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        with friendly_sqlite_errors(self.path):
            self.path.parent.mkdir(parents=True, exist_ok=True)
            connection = sqlite3.connect(self.path, timeout=30, check_same_thread=False)
            self.db = sqlite_utils.Database(connection)
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA foreign_keys=ON")
            self.db.execute("PRAGMA synchronous=NORMAL")
            migrate(self.db)

    @contextlib.contextmanager
    def atomic(self) -> Iterator[sqlite_utils.Database]:
        """A transaction: all of it is written, or none of it.

        It takes the write lock at its start (BEGIN IMMEDIATE), waiting up to the busy timeout
        for other connections (the GUI's workers, a CLI command): a deferred transaction that
        reads and then writes fails at once with "database is locked" when another connection
        committed in between, and waiting cannot help it."""
        with friendly_sqlite_errors(self.path):
            if self.db.conn.in_transaction:
                with self.db.atomic():
                    yield self.db
                return
            self.db.execute("BEGIN IMMEDIATE")
            try:
                yield self.db
            except BaseException:
                if self.db.conn.in_transaction:
                    self.db.conn.rollback()
                raise
            self.db.conn.commit()

    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> "Store":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def holds_credentials(self) -> bool:
        return holds_credentials(self.db.conn)

    def forget_credentials(self, *, skip: frozenset[str] = frozenset()) -> int:
        """Remove credentials and secrets that older versions stored (see store/credentials.py); returns how
        many values changed. Writes nothing when there are none."""
        if not holds_credentials(self.db.conn):
            return 0
        with self.atomic() as db:
            return forget_credentials(db.conn, skip=skip)

    def load_settings(self) -> Settings:
        stored = {row["key"]: json.loads(row["value"]) for row in self.db["settings"].rows}
        known = {key: value for key, value in stored.items() if key in Settings.model_fields}
        return Settings.model_validate(known)

    def save_settings(self, settings: Settings) -> None:
        with self.atomic() as db:
            for key, value in settings.model_dump().items():
                db.execute(
                    "INSERT INTO settings (key, value) VALUES (?, ?) "
                    "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                    [key, json.dumps(scrub(value))],
                )

    def record_generation(self, provenance: dict) -> int:
        """Store one model call's provenance; generated rows point at it."""
        provenance = scrub(provenance)
        row = dict(provenance, sampling=json.dumps(provenance["sampling"], sort_keys=True), created_at=now())
        with self.atomic() as db:
            return db["generations"].insert(row).last_pk


def open_store(data_dir: Path) -> Store:
    """The library inside a data folder, created and upgraded as needed."""
    return Store(paths.database_path(data_dir))
