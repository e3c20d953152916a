"""Backup and restore of the whole library: the database and the imported files, in one zip.

Restoring never erases work. Into an empty data folder (or a library without a single row
of its own) it puts the library back as it was. Into a library that holds anything at all
(settings, saved servers, registered models, triplets, materials, answers, jobs...) it merges:
every row of the backup is added with new ids and its references remapped (the ids inside a
grade's basis, a group's label and an experiment's spec too), a backup merged before is
recognised and adds nothing, a material already present (same sha256) is not added twice, a
setting or saved server the library already has keeps its value, and nothing already there is
changed. Replacing a library that holds something is asked for explicitly (`replace=True`,
`sensemaking restore --replace`), and a backup of what is replaced is written first, into the
library's `backups` folder. Model files are not in a backup (they are large and can be
downloaded again); jobs stay those of the library restored into.

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

from sensemaking_desktop import __version__, paths
from sensemaking_desktop.budget import old_backup_limit
from sensemaking_desktop.cancel import NEVER, CancelToken
from sensemaking_desktop.hashing import sha256_of
from sensemaking_desktop.interchange.errors import InterchangeError
from sensemaking_desktop.interchange.safezip import checked_members, extract_member, open_zip, read_member
from sensemaking_desktop.leftovers import clean_leftovers, note_partial, staging_folder
from sensemaking_desktop.safezip import MAX_TOTAL_BYTES, megabytes
from sensemaking_desktop.store import Store, open_store
from sensemaking_desktop.store import backups as library
from sensemaking_desktop.store.migrations import LATEST, schema_version

FORMAT = "sensemaking-backup"
MANIFEST = "manifest.json"
DATABASE = "library.sqlite3"
FILES = "files/"
SAFETY_FOLDER = "backups"
MAX_MANIFEST_BYTES = 64 * 2**20
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
    merged_before: str | None = None
    """When this same backup was merged into the library before (then nothing is added)."""


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
            library.snapshot(store, snapshot)  # a key an older version stored never leaves in a backup
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
                report = _put_in_place(staging, data_dir, name, replace=replace, cancel=cancel)
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
        with library.read_only(path) as connection:
            if not library.intact(connection):
                raise InterchangeError(f"{name} is damaged: its database fails SQLite's integrity check.")
            if not library.references_hold(connection):
                raise InterchangeError(f"{name} is damaged: its database has rows that refer to missing rows.")
            version = library.recorded_version(connection)
            version = version if _is_count(version) else 0
            if version != expected_version:
                raise InterchangeError(
                    f"{name} is damaged: its database is schema {version}, its manifest says {expected_version}."
                )
            found, expected = library.schema(connection), library.reference_schema(version)
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


# --- putting the library in place ---------------------------------------------------------------


def _put_in_place(staging: Path, data_dir: Path, name: str, *, replace: bool, cancel: CancelToken) -> RestoreReport:
    """Merge into the library, or make the staged one the library; undone whole if any step fails.

    A backup merged into this library before (the same database, by sha256) adds nothing."""
    placed: list[Path] = []
    held = library_contents(data_dir)
    before_replace = None
    try:
        if held and not replace:
            digest = sha256_of(staging / DATABASE, cancel)
            with open_store(data_dir) as store:
                when = library.merged_at(store, digest)
            if when is not None:
                return RestoreReport(merged=True, merged_before=when)
            files = _move_files(staging, data_dir, placed)
            with open_store(data_dir) as store, Store(staging / DATABASE) as incoming:
                merged = library.merge(store, incoming, digest=digest, name=name)
            report = RestoreReport(
                merged=True, added=merged.added, skipped_materials=merged.skipped_materials, warnings=merged.warnings
            )
        else:
            _check_not_open(data_dir)
            if held:
                before_replace = _backup_before_replace(data_dir, cancel)
            with Store(staging / DATABASE) as incoming:
                report = RestoreReport(merged=False, added=library.merged_counts(incoming), replaced=bool(held))
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
        return library.work_counts(store)


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
