"""Backup and restore of the whole library: the database and the imported files, in one zip.

Restoring never erases work. Into an empty data folder (or a library without a single row
of its own) it puts the library back as it was. Into a library that holds anything at all
(settings, saved servers, registered models, triplets, materials, answers, jobs...) it merges:
every row of the backup is added with new ids and its references remapped, a material already
present (same sha256) is not added twice, a setting or saved server the library already has
keeps its value, and nothing already there is changed. Replacing a library that holds
something is asked for explicitly (`replace=True`, `sensemaking restore --replace`), and a
backup of what is replaced is written first, into the library's `backups` folder. Model files
are not in a backup (they are large and can be downloaded again); jobs stay those of the
library restored into.

A backup comes from elsewhere, so restore checks all of it before the library is touched:
the zip's paths, the manifest, every member's size and sha256 as the manifest records
them, free disk space, and the database (SQLite's integrity and foreign key checks, its
schema version, and no table, index, view or trigger the app's migrations do not make).
It unpacks into a hidden folder on the library's disk and then only renames, so a failure
at any point leaves the library as it was; a backup or restore that is killed leaves its
hidden folder and partial file behind, and the next start removes them (see leftovers.py).
"""

import contextlib
import datetime
import json
import os
import re
import shutil
import sqlite3
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import sqlite_utils

from sensemaking_desktop import __version__, paths
from sensemaking_desktop.budget import old_backup_limit
from sensemaking_desktop.cancel import NEVER, CancelToken
from sensemaking_desktop.hashing import sha256_of
from sensemaking_desktop.interchange.errors import InterchangeError
from sensemaking_desktop.interchange.safezip import checked_members, extract_member, open_zip, read_member
from sensemaking_desktop.leftovers import clean_leftovers, note_partial, staging_folder
from sensemaking_desktop.safezip import MAX_TOTAL_BYTES, megabytes
from sensemaking_desktop.store import Store, open_store
from sensemaking_desktop.store.credentials import forget_credentials
from sensemaking_desktop.store.migrations import LATEST, migrate, schema_version

FORMAT = "sensemaking-backup"
MANIFEST = "manifest.json"
DATABASE = "library.sqlite3"
FILES = "files/"
NOT_MERGED = {"schema_version", "settings", "servers", "jobs", "job_items", "claims", "models"}
"""Tables whose rows are not added with new ids: settings and saved servers are merged by key
(see _merge_by_key), the rest stay those of the library restored into."""
NOT_WORK = {"schema_version", "claims"}
"""Tables whose rows are not work (the schema's version, what running jobs hold now); a row in
any other table makes the library not empty."""
SAFETY_FOLDER = "backups"
MAX_MANIFEST_BYTES = 64 * 2**20
SQLITE_OWN = {"sqlite_stat1", "sqlite_stat4"}
"""Tables SQLite itself may add (ANALYZE); they hold statistics, not data."""
_SHA256 = re.compile(r"[0-9a-f]{64}")


@dataclass
class RestoreReport:
    merged: bool
    added: dict[str, int] = field(default_factory=dict)
    skipped_materials: int = 0
    files: int = 0
    warnings: list[str] = field(default_factory=list)
    replaced: bool = False
    before_replace: str | None = None
    """The backup of the library as it was before a replace, when it held anything."""


@dataclass(frozen=True)
class _Manifest:
    """What a backup says it holds: sha256 and size of every member but the manifest.

    Backups made before sizes were recorded list only the files' sha256, not the database's;
    they are still restored (the database passes SQLite's checks instead), with a warning."""

    schema_version: int
    checksums: dict[str, str]
    sizes: dict[str, int] | None


def backup(store: Store, data_dir: Path, target: Path, *, cancel: CancelToken = NEVER) -> Path:
    """Write the library and its files to `target` (a consistent snapshot, even while in use).

    It is written to `TARGET.partial` and renamed; a partial file left by a killed backup is
    removed at the next start."""
    clean_leftovers(data_dir)
    partial = target.with_name(f"{target.name}.partial")
    try:
        with staging_folder(data_dir, "backup") as scratch:
            note_partial(scratch, partial)
            snapshot = scratch / DATABASE
            with contextlib.closing(sqlite3.connect(snapshot)) as copy:
                store.db.conn.backup(copy)
                forget_credentials(copy)  # a key an older version stored never leaves in a backup
                copy.commit()
            files = sorted(
                p for p in paths.files_dir(data_dir).rglob("*") if p.is_file() and not p.name.endswith(".partial")
            )
            members = {DATABASE: snapshot} | {p.relative_to(data_dir).as_posix(): p for p in files}
            manifest = {
                "format": FORMAT,
                "app_version": __version__,
                "schema_version": schema_version(store.db),
                "created_at": datetime.datetime.now(datetime.UTC).isoformat(),
                "files": {member: sha256_of(path, cancel) for member, path in members.items()},
                "sizes": {member: path.stat().st_size for member, path in members.items()},
            }
            try:
                with zipfile.ZipFile(partial, "w", zipfile.ZIP_DEFLATED) as archive:
                    archive.writestr(MANIFEST, json.dumps(manifest, indent=2))
                    for member, path in members.items():
                        cancel.raise_if_cancelled()
                        archive.write(path, member)
                os.replace(partial, target)
            finally:
                partial.unlink(missing_ok=True)
    except OSError as error:
        raise InterchangeError(f"Cannot write the backup {target}: {error.strerror or error}.") from error
    return target


def restore(archive_path: Path, data_dir: Path, *, replace: bool = False, cancel: CancelToken = NEVER) -> RestoreReport:
    """Restore a backup into `data_dir`: a copy when it holds no library yet, else a merge.

    `replace` makes the backup the library even when the library holds something; what it held
    is first written to a backup in `data_dir/backups`, whose path the report gives. Everything
    in the archive is checked before the library is touched; see the module's docstring."""
    name = archive_path.name
    clean_leftovers(data_dir)
    with open_zip(archive_path) as archive:
        manifest = _read_manifest(archive, name)
        limits = _member_limits(archive, manifest, name)
        parent = data_dir if data_dir.is_dir() else data_dir.parent
        try:
            with staging_folder(parent, "restore") as staging:
                _check_free_space(staging, limits, name)
                for member, limit in limits.items():
                    extract_member(archive, archive.getinfo(member), staging / member, name, limit, cancel)
                _check_files(staging, manifest, name, cancel)
                _check_database(staging / DATABASE, manifest.schema_version, name)
                report = _put_in_place(staging, data_dir, replace=replace, cancel=cancel)
        except OSError as error:
            raise InterchangeError(f"Cannot restore {name} into {data_dir}: {error.strerror or error}.") from error
    if manifest.sizes is None:
        report.warnings.append(
            f"{name} was made by an older version that recorded no sizes and no checksum of its database; "
            "its files matched their checksums and its database passed SQLite's integrity check."
        )
    return report


# --- checking the archive -----------------------------------------------------------------------


def _read_manifest(archive: zipfile.ZipFile, name: str) -> _Manifest:
    """The manifest, refused unless it is a well-formed one of a backup this app can read."""
    names = set(archive.namelist())
    if MANIFEST not in names or DATABASE not in names:
        raise InterchangeError(f"{name} is not a Sensemaking backup (no {MANIFEST} or {DATABASE}).")
    try:
        manifest = json.loads(read_member(archive, archive.getinfo(MANIFEST), name, MAX_MANIFEST_BYTES))
    except (ValueError, RecursionError) as error:
        raise InterchangeError(f"{name} is damaged: its {MANIFEST} is not valid JSON.") from error
    if not isinstance(manifest, dict) or manifest.get("format") != FORMAT:
        raise InterchangeError(f"{name} is not a Sensemaking backup.")
    version = manifest.get("schema_version")
    if not _is_count(version) or version < 1:
        raise InterchangeError(f"{name} is damaged: its {MANIFEST} has no valid schema version.")
    if version > LATEST:
        made_by = manifest.get("app_version") if isinstance(manifest.get("app_version"), str) else "unknown"
        raise InterchangeError(
            f"{name} was made by a newer Sensemaking Desktop ({made_by}, schema {version}; this is "
            f"{__version__}, schema {LATEST}); update the app to restore it."
        )
    checksums, sizes = manifest.get("files", {}), manifest.get("sizes")
    if not _valid_listing(checksums, sizes):
        raise InterchangeError(f"{name} is damaged: its {MANIFEST} does not list the files as a backup does.")
    return _Manifest(schema_version=version, checksums=checksums, sizes=sizes)


def _valid_listing(checksums: Any, sizes: Any) -> bool:
    """Library files and the database with a sha256 each; sizes, when recorded, for each of them."""
    if not isinstance(checksums, dict) or not all(_valid_entry(*entry) for entry in checksums.items()):
        return False
    if sizes is None:
        return True
    return (
        isinstance(sizes, dict)
        and DATABASE in checksums
        and sizes.keys() == checksums.keys()
        and all(_is_count(size) for size in sizes.values())
    )


def _valid_entry(member: Any, digest: Any) -> bool:
    library_path = isinstance(member, str) and (member == DATABASE or member.startswith(FILES))
    return library_path and isinstance(digest, str) and bool(_SHA256.fullmatch(digest))


def _is_count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _member_limits(archive: zipfile.ZipFile, manifest: _Manifest, name: str) -> dict[str, int]:
    """The members to unpack, each with the most bytes it may unpack to: its size in the manifest.

    The archive as a whole may unpack to no more than the manifest's sizes add up to (old
    backups without sizes: budget.OLD_BACKUP_RATIO times the archive's size), and it may hold
    nothing the manifest does not list."""
    if manifest.sizes is None:  # what the archive declares; zipfile never inflates past it
        allowed = min(MAX_TOTAL_BYTES, old_backup_limit(os.path.getsize(archive.filename or "")))
    else:
        allowed = sum(manifest.sizes.values()) + archive.getinfo(MANIFEST).file_size
    listed = {DATABASE, *manifest.checksums}
    limits: dict[str, int] = {}
    for member in checked_members(archive, name, allowed):
        if member.filename == MANIFEST or member.is_dir():
            continue
        if member.filename not in listed:
            raise InterchangeError(f"{name} holds {member.filename}, which its manifest does not list.")
        limit = member.file_size if manifest.sizes is None else manifest.sizes[member.filename]
        if member.file_size > limit:
            raise InterchangeError(f"{name} is damaged: {member.filename} is larger than its manifest says.")
        limits[member.filename] = limit
    missing = sorted(listed - limits.keys())
    if missing:
        raise InterchangeError(f"{name} is damaged: {missing[0]} is missing.")
    return limits


def _check_free_space(folder: Path, limits: dict[str, int], name: str) -> None:
    """Room for the unpacked archive, and for the database once more (a merge's rows, SQLite's journal)."""
    needed = sum(limits.values()) + limits[DATABASE]
    free = shutil.disk_usage(folder).free
    if free < needed:
        raise InterchangeError(
            f"Not enough free disk space to restore {name}: it needs {megabytes(needed)} "
            f"on the disk of {folder.parent}, and {megabytes(free)} is free."
        )


def _check_files(staging: Path, manifest: _Manifest, name: str, cancel: CancelToken) -> None:
    for member, expected in manifest.checksums.items():
        path = staging / member
        if manifest.sizes is not None and path.stat().st_size != manifest.sizes[member]:
            raise InterchangeError(f"{name} is damaged: {member} is not the size its manifest says.")
        if sha256_of(path, cancel) != expected:
            raise InterchangeError(f"{name} is damaged: {member} does not match its checksum.")


def _check_database(path: Path, expected_version: int, name: str) -> None:
    """Refuse a damaged database, or one with tables, indexes, views or triggers of its own.

    A restored database becomes the library, and SQLite runs a trigger or view wherever it
    fires, so the schema must be exactly the one the migrations make for its version."""
    try:
        with contextlib.closing(sqlite3.connect(path)) as connection:
            connection.execute("PRAGMA trusted_schema = OFF")
            connection.execute("PRAGMA query_only = ON")
            if connection.execute("PRAGMA integrity_check").fetchall() != [("ok",)]:
                raise InterchangeError(f"{name} is damaged: its database fails SQLite's integrity check.")
            if connection.execute("PRAGMA foreign_key_check").fetchone():
                raise InterchangeError(f"{name} is damaged: its database has rows that refer to missing rows.")
            version = _database_version(connection)
            if version != expected_version:
                raise InterchangeError(
                    f"{name} is damaged: its database is schema {version}, its manifest says {expected_version}."
                )
            found, expected = _schema(connection), _reference_schema(version)
    except sqlite3.DatabaseError as error:
        raise InterchangeError(f"{name} is damaged: its database cannot be read ({error}).") from error
    unknown = sorted(found.keys() - expected.keys())
    if unknown:
        kind, object_name, _ = unknown[0]
        raise InterchangeError(
            f"{name} is refused: its database has the {kind} {object_name!r}, which Sensemaking Desktop does not make."
        )
    if found != expected:
        raise InterchangeError(f"{name} is damaged: its database's tables are not those of schema {version}.")


def _database_version(connection: sqlite3.Connection) -> int:
    """The schema version the database records; 0 when it records none (an empty or foreign file)."""
    found = connection.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_version'")
    if not found.fetchone():
        return 0
    version = connection.execute("SELECT MAX(version) FROM schema_version").fetchone()[0]
    return version if _is_count(version) else 0


def _schema(connection: sqlite3.Connection) -> dict[tuple[str, str, str], tuple]:
    """Every table, index, view and trigger as (type, name, table), with a table's columns."""
    objects = connection.execute("SELECT type, name, tbl_name FROM sqlite_master").fetchall()
    return {
        (kind, name, table): _columns(connection, name) if kind == "table" else ()
        for kind, name, table in objects
        if name not in SQLITE_OWN
    }


def _columns(connection: sqlite3.Connection, table: str) -> tuple:
    query = "SELECT name, type, [notnull], dflt_value, pk, hidden FROM pragma_table_xinfo(?)"
    return tuple(connection.execute(query, [table]).fetchall())


def _reference_schema(version: int) -> dict[tuple[str, str, str], tuple]:
    """The schema an empty library of `version` has, made by the migrations themselves."""
    reference = sqlite_utils.Database(memory=True)
    try:
        migrate(reference, version)
        return _schema(reference.conn)
    finally:
        reference.close()


# --- putting the library in place ---------------------------------------------------------------


def _put_in_place(staging: Path, data_dir: Path, *, replace: bool, cancel: CancelToken) -> RestoreReport:
    """Merge into the library, or make the staged one the library; undone whole if any step fails."""
    placed: list[Path] = []
    held = library_contents(data_dir)
    before_replace = None
    try:
        if held and not replace:
            files = _move_files(staging, data_dir, placed)
            with open_store(data_dir) as store, Store(staging / DATABASE) as incoming:
                report = _merge(store, incoming)
        else:
            _check_not_open(data_dir)
            if held:
                before_replace = _backup_before_replace(data_dir, cancel)
            with Store(staging / DATABASE) as incoming:
                report = RestoreReport(merged=False, added=_row_counts(incoming.db), replaced=bool(held))
            files = _move_files(staging, data_dir, placed)
            _replace_database(staging / DATABASE, data_dir)
    except BaseException:
        _take_back(placed)
        raise
    report.files = files
    report.before_replace = str(before_replace) if before_replace else None
    return report


def library_contents(data_dir: Path) -> dict[str, int]:
    """The tables of the library in `data_dir` that hold rows, with their counts; empty when
    there is no library or it holds nothing of its own (only the schema's version)."""
    database = paths.database_path(data_dir)
    if not database.exists():
        return {}
    with open_store(data_dir) as store:
        counts = {table: store.db[table].count for table in store.db.table_names() if table not in NOT_WORK}
    return {table: count for table, count in counts.items() if count and table not in SQLITE_OWN}


def _backup_before_replace(data_dir: Path, cancel: CancelToken) -> Path:
    """A backup of the library about to be replaced, under a name no other backup has."""
    folder = data_dir / SAFETY_FOLDER
    folder.mkdir(exist_ok=True)
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    target, number = folder / f"before-restore-{stamp}.zip", 1
    while target.exists():
        number += 1
        target = folder / f"before-restore-{stamp}-{number}.zip"
    with open_store(data_dir) as store:
        return backup(store, data_dir, target, cancel=cancel)


def _check_not_open(data_dir: Path) -> None:
    """Refuse to replace a library another program has open (its write-ahead log is not empty)."""
    database = paths.database_path(data_dir)
    log = database.with_name(database.name + "-wal")
    if log.exists() and log.stat().st_size:
        raise InterchangeError(f"The library {database} is open in another program; close it and restore again.")


def _row_counts(db: sqlite_utils.Database) -> dict[str, int]:
    return {table: db[table].count for table in _merge_order(db)}


def _move_files(staging: Path, data_dir: Path, placed: list[Path]) -> int:
    """Rename the unpacked files the library lacks into it; what was made is added to `placed`."""
    moved = 0
    source = paths.files_dir(staging)
    for file in sorted(source.rglob("*")) if source.exists() else ():
        target = data_dir / file.relative_to(staging)
        if file.is_file() and not target.exists():
            _make_folders(target.parent, placed)
            os.replace(file, target)
            placed.append(target)
            moved += 1
    _make_folders(data_dir, placed)
    return moved


def _make_folders(folder: Path, placed: list[Path]) -> None:
    """Make `folder` and its missing parents, outermost first, noting each so a failure can remove it."""
    for missing in sorted((p for p in (folder, *folder.parents) if not p.exists()), key=lambda p: len(p.parts)):
        missing.mkdir()
        placed.append(missing)


def _replace_database(staged: Path, data_dir: Path) -> None:
    """Swap the staged database in with one rename, after it is on disk.

    An old write-ahead log next to the library would be replayed into the new file, so a
    library with a non-empty log (open in another program) is refused, an empty one removed."""
    database = paths.database_path(data_dir)
    log, shared = (database.with_name(database.name + suffix) for suffix in ("-wal", "-shm"))
    if log.exists() and log.stat().st_size:
        raise InterchangeError(f"The library {database} is open in another program; close it and restore again.")
    with staged.open("rb+") as file:
        os.fsync(file.fileno())
    log.unlink(missing_ok=True)
    shared.unlink(missing_ok=True)
    os.replace(staged, database)


def _take_back(placed: list[Path]) -> None:
    """Remove what a failed restore put into the library, newest first."""
    for path in reversed(placed):
        with contextlib.suppress(OSError):
            if path.is_dir():
                path.rmdir()
            else:
                path.unlink()


# --- merging ------------------------------------------------------------------------------------


def _merge(store: Store, incoming: Store) -> RestoreReport:
    """Add every row of `incoming` to `store` with new ids, in one transaction.

    Only the library's own tables and columns are read from the backup."""
    report = RestoreReport(merged=True)
    new_ids: dict[str, dict[int, int | None]] = {}
    reused_materials: set[int] = set()
    with store.atomic() as db:
        _merge_by_key(db, incoming.db, report)
        for table in _merge_order(db):
            keys = {fk.column: fk.other_table for fk in db[table].foreign_keys} | _UNDECLARED.get(table, {})
            own_id = db[table].pks == ["id"]
            columns = ", ".join(f"[{column}]" for column in db[table].columns_dict)
            mapping = new_ids.setdefault(table, {})
            for row in incoming.db.query(f"SELECT {columns} FROM [{table}] ORDER BY rowid"):
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
                if not own_id and any(values[column] is None for column in db[table].pks):
                    continue  # keyed by a row that was not added (answer_group_labels of a skipped answer)
                inserted = db[table].insert(values).last_pk
                if own_id:
                    mapping[row["id"]] = inserted
                report.added[table] = report.added.get(table, 0) + 1
    return report


_UNDECLARED: dict[str, dict[str, str]] = {"experiments": {"rerun_of": "experiments", "job_id": "jobs"}}
"""References without a foreign key: an experiment's rerun and job (jobs are not merged: None)."""


def _merge_by_key(db: sqlite_utils.Database, incoming: sqlite_utils.Database, report: RestoreReport) -> None:
    """Settings and saved servers the library lacks are added; its own keep their values.

    A server of the backup whose name the library uses for another URL is added under a free name."""
    for row in incoming.query("SELECT key, value FROM settings ORDER BY key"):
        if db.execute("SELECT 1 FROM settings WHERE key = ?", [row["key"]]).fetchone() is None:
            db["settings"].insert(row)
            report.added["settings"] = report.added.get("settings", 0) + 1
    columns = ", ".join(f"[{column}]" for column in db["servers"].columns_dict if column != "id")
    for row in incoming.query(f"SELECT {columns} FROM servers ORDER BY name"):
        if db.execute("SELECT 1 FROM servers WHERE url = ?", [row["url"]]).fetchone():
            continue  # the library has this server already, under this name or its own
        if db.execute("SELECT 1 FROM servers WHERE name = ?", [row["name"]]).fetchone():
            name, number = row["name"], 1
            while db.execute("SELECT 1 FROM servers WHERE name = ?", [name]).fetchone():
                number += 1
                name = f"{row['name']}-{number}"
            report.warnings.append(
                f"The backup's server {row['name']!r} ({row['url']}) is added as {name!r}: "
                f"this library's {row['name']!r} is another server."
            )
            row = dict(row, name=name)
        db["servers"].insert(row)
        report.added["servers"] = report.added.get("servers", 0) + 1


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
    return new_ids.get(keys[column], {}).get(value)


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
