"""Backup and restore of the whole library: the database and the imported files, in one zip.

Restoring into an empty data folder puts the library back as it was. Restoring into a
library that already has work merges: every row of the backup is added with new ids and
its references remapped, a material already present (same sha256) is not added twice,
and nothing already there is changed. Models are not in a backup (they are large and
can be downloaded again); settings and jobs stay those of the library restored into.
"""

import datetime
import json
import os
import shutil
import sqlite3
import tempfile
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import sqlite_utils

from sensemaking_desktop import __version__, paths
from sensemaking_desktop.cancel import NEVER, CancelToken
from sensemaking_desktop.hashing import sha256_of
from sensemaking_desktop.interchange.errors import InterchangeError
from sensemaking_desktop.interchange.safezip import checked_members, open_zip
from sensemaking_desktop.store import Store, open_store
from sensemaking_desktop.store.migrations import LATEST, schema_version

FORMAT = "sensemaking-backup"
MANIFEST = "manifest.json"
DATABASE = "library.sqlite3"
NOT_MERGED = {"schema_version", "settings", "jobs", "job_items", "models"}


@dataclass
class RestoreReport:
    merged: bool
    added: dict[str, int] = field(default_factory=dict)
    skipped_materials: int = 0
    files: int = 0


def backup(store: Store, data_dir: Path, target: Path, *, cancel: CancelToken = NEVER) -> Path:
    """Write the library and its files to `target` (a consistent snapshot, even while in use)."""
    partial = target.with_name(f"{target.name}.partial")
    try:
        with tempfile.TemporaryDirectory() as scratch:
            snapshot = Path(scratch) / DATABASE
            with sqlite3.connect(snapshot) as copy:
                store.db.conn.backup(copy)
            copy.close()
            files = sorted(
                p for p in paths.files_dir(data_dir).rglob("*") if p.is_file() and not p.name.endswith(".partial")
            )
            manifest = {
                "format": FORMAT,
                "app_version": __version__,
                "schema_version": schema_version(store.db),
                "created_at": datetime.datetime.now(datetime.UTC).isoformat(),
                "files": {p.relative_to(data_dir).as_posix(): sha256_of(p, cancel) for p in files},
            }
            with zipfile.ZipFile(partial, "w", zipfile.ZIP_DEFLATED) as archive:
                archive.writestr(MANIFEST, json.dumps(manifest, indent=2))
                archive.write(snapshot, DATABASE)
                for file in files:
                    cancel.raise_if_cancelled()
                    archive.write(file, file.relative_to(data_dir).as_posix())
        os.replace(partial, target)
    except OSError as error:
        partial.unlink(missing_ok=True)
        raise InterchangeError(f"Cannot write the backup {target}: {error.strerror or error}.") from error
    except BaseException:
        partial.unlink(missing_ok=True)
        raise
    return target


def restore(archive_path: Path, data_dir: Path, *, cancel: CancelToken = NEVER) -> RestoreReport:
    """Restore a backup into `data_dir`: a copy when it holds no library yet, else a merge."""
    with tempfile.TemporaryDirectory() as scratch, open_zip(archive_path) as archive:
        unpacked = _unpack(archive, archive_path.name, Path(scratch), cancel)
        if not _has_library(data_dir):
            return _copy_in(unpacked, data_dir)
        with open_store(data_dir) as store, Store(unpacked / DATABASE) as incoming:
            report = _merge(store, incoming)
        report.files = _copy_files(unpacked, data_dir)
        return report


def _unpack(archive: zipfile.ZipFile, name: str, folder: Path, cancel: CancelToken) -> Path:
    members = checked_members(archive, name)
    if MANIFEST not in archive.namelist() or DATABASE not in archive.namelist():
        raise InterchangeError(f"{name} is not a Sensemaking backup (no {MANIFEST} or {DATABASE}).")
    manifest = json.loads(archive.read(MANIFEST))
    if manifest.get("format") != FORMAT:
        raise InterchangeError(f"{name} is not a Sensemaking backup.")
    if manifest.get("schema_version", 0) > LATEST:
        raise InterchangeError(f"{name} was made by a newer Sensemaking Desktop; update the app to restore it.")
    for member in members:
        cancel.raise_if_cancelled()
        archive.extract(member, folder)
    for relative, expected in manifest.get("files", {}).items():
        if sha256_of(folder / relative, cancel) != expected:
            raise InterchangeError(f"{name} is damaged: {relative} does not match its checksum.")
    return folder


def _has_library(data_dir: Path) -> bool:
    database = paths.database_path(data_dir)
    if not database.exists():
        return False
    with open_store(data_dir) as store:
        return any(store.db[table].count for table in ("materials", "quizzes", "generations"))


def _copy_in(unpacked: Path, data_dir: Path) -> RestoreReport:
    data_dir.mkdir(parents=True, exist_ok=True)
    database = paths.database_path(data_dir)
    for leftover in (database, database.with_name(database.name + "-wal"), database.with_name(database.name + "-shm")):
        leftover.unlink(missing_ok=True)
    shutil.copyfile(unpacked / DATABASE, database)
    with open_store(data_dir) as store:
        added = {table: store.db[table].count for table in _merge_order(store.db)}
    return RestoreReport(merged=False, added=added, files=_copy_files(unpacked, data_dir))


def _copy_files(unpacked: Path, data_dir: Path) -> int:
    copied = 0
    source = paths.files_dir(unpacked)
    for file in source.rglob("*") if source.exists() else ():
        target = data_dir / file.relative_to(unpacked)
        if file.is_file() and not target.exists():
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(file, target)
            copied += 1
    return copied


def _merge(store: Store, incoming: Store) -> RestoreReport:
    """Add every row of `incoming` to `store` with new ids, in one transaction."""
    report = RestoreReport(merged=True)
    new_ids: dict[str, dict[int, int | None]] = {}
    reused_materials: set[int] = set()
    with store.atomic() as db:
        for table in _merge_order(incoming.db):
            keys = {fk.column: fk.other_table for fk in incoming.db[table].foreign_keys}
            mapping = new_ids.setdefault(table, {})
            for row in incoming.db.query(f"SELECT * FROM [{table}] ORDER BY id"):
                if table == "materials" and (same := _same_material(db, row)) is not None:
                    mapping[row["id"]] = same
                    reused_materials.add(same)
                    report.skipped_materials += 1
                    continue
                if table == "sections" and new_ids["materials"].get(row["material_id"]) in reused_materials:
                    mapping[row["id"]] = _same_section(db, new_ids["materials"][row["material_id"]], row["position"])
                    continue
                values = {
                    column: _remap(column, value, keys, new_ids) for column, value in row.items() if column != "id"
                }
                mapping[row["id"]] = db[table].insert(values).last_pk
                report.added[table] = report.added.get(table, 0) + 1
    return report


def _same_material(db: sqlite_utils.Database, row: dict[str, Any]) -> int | None:
    """A material already in the library with the same file, which the backup's one stands for."""
    if not row["sha256"]:
        return None
    found = db.execute("SELECT id FROM materials WHERE sha256 = ?", [row["sha256"]]).fetchone()
    return found[0] if found else None


def _same_section(db: sqlite_utils.Database, material_id: int, position: int) -> int | None:
    """The section at the same place in a material already there; its own sections are kept as they are."""
    found = db.execute(
        "SELECT id FROM sections WHERE material_id = ? AND position = ?", [material_id, position]
    ).fetchone()
    return found[0] if found else None


def _remap(column: str, value: Any, keys: dict[str, str], new_ids: dict[str, dict[int, int | None]]) -> Any:
    if column not in keys or value is None:
        return value
    return new_ids[keys[column]].get(value)


def _merge_order(db: sqlite_utils.Database) -> list[str]:
    """Tables to merge, each after the tables it refers to."""
    pending = {name: {fk.other_table for fk in db[name].foreign_keys} for name in db.table_names()}
    pending = {name: refs - NOT_MERGED for name, refs in pending.items() if name not in NOT_MERGED}
    order: list[str] = []
    while pending:
        ready = sorted(name for name, refs in pending.items() if refs <= set(order))
        if not ready:
            raise InterchangeError("The library's tables refer to each other in a cycle; cannot merge.")
        order += ready
        for name in ready:
            del pending[name]
    return order
