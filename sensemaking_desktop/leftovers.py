"""Staging folders and partial files that a killed backup or restore leaves behind, and their
removal at the next start.

A backup or restore works in a hidden staging folder named after the process that owns it
(`.restore-PID-STARTMS-…`, `.backup-PID-STARTMS-…`), next to or inside the library. A backup's
half-written archive lies beside its target; the staging folder notes its path in `partial`.
When the app (or the next backup or restore) starts, `clean_leftovers` removes every such
folder whose owner is no longer running, with the partial file it names. A folder whose owner
still runs (a restore in another window) is left alone.
"""

import contextlib
import os
import re
import shutil
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import psutil

_TAGGED = re.compile(r"\.(?:restore|backup)-(\d+)-(\d+)-[A-Za-z0-9_]+")
_UNTAGGED = re.compile(r"\.restore-[A-Za-z0-9_]{8}")
"""Staging folders of versions before the owner was named: removed when a day old."""
PARTIAL_NOTE = "partial"
_A_DAY_S = 24 * 3600


def _owner_tag() -> str:
    process = psutil.Process(os.getpid())
    return f"{process.pid}-{round(process.create_time() * 1000)}"


def _owner_alive(pid: str, started_ms: str) -> bool:
    """Whether the process that made a folder still runs (its pid with the same start time)."""
    try:
        return abs(psutil.Process(int(pid)).create_time() * 1000 - int(started_ms)) < 2000
    except (psutil.Error, ValueError, OverflowError):
        return False


@contextlib.contextmanager
def staging_folder(parent: Path, kind: str) -> Iterator[Path]:
    """A hidden folder of this process in `parent`, removed when the block ends (or, when the
    process is killed, at the next start)."""
    parent.mkdir(parents=True, exist_ok=True)
    folder = Path(tempfile.mkdtemp(prefix=f".{kind}-{_owner_tag()}-", dir=parent))
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def note_partial(staging: Path, partial: Path) -> None:
    """Record, in the staging folder, a partial file written outside it (a backup's archive)."""
    (staging / PARTIAL_NOTE).write_text(str(partial.resolve()), encoding="utf-8")


def clean_leftovers(data_dir: Path) -> list[Path]:
    """Remove what killed backups and restores left in and beside `data_dir`; returns what was removed.

    Never raises: a folder that cannot be removed now is tried again at the next start."""
    removed: list[Path] = []
    for folder in dict.fromkeys((data_dir, data_dir.parent)):
        try:
            entries = list(folder.iterdir()) if folder.is_dir() else []
        except OSError:
            continue
        for entry in entries:
            if _abandoned(entry, inside=folder == data_dir):
                removed += _remove(entry)
    return removed


def _abandoned(entry: Path, *, inside: bool) -> bool:
    tagged = _TAGGED.fullmatch(entry.name)
    try:
        if not entry.is_dir() or entry.is_symlink():
            return False
        if tagged:
            return not _owner_alive(*tagged.groups())
        return inside and bool(_UNTAGGED.fullmatch(entry.name)) and time.time() - entry.stat().st_mtime > _A_DAY_S
    except OSError:
        return False


def _remove(staging: Path) -> list[Path]:
    removed = []
    with contextlib.suppress(OSError, UnicodeDecodeError):
        partial = Path((staging / PARTIAL_NOTE).read_text(encoding="utf-8").strip())
        if partial.name.endswith(".partial") and partial.is_file() and not partial.is_symlink():
            partial.unlink()
            removed.append(partial)
    shutil.rmtree(staging, ignore_errors=True)
    if not staging.exists():
        removed.append(staging)
    return removed
