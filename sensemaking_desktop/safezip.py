"""Reading zip archives from elsewhere without letting them escape a folder or fill the memory or disk.

Backups and QTI packages (interchange) are zips, and so are Office and OpenDocument files
(ingest); both check an archive here before anything is unpacked or parsed. The checks use
the sizes the archive declares: Python's `zipfile` never inflates a member past its declared
size (it stops there and the CRC check fails), so a member cannot lie its way past them.
"""

import stat
import zipfile
from pathlib import PurePosixPath

from sensemaking_desktop.errors import SensemakingError

MAX_TOTAL_BYTES = 50 * 1024**3
MAX_RATIO = 200
"""No honest member compresses better than 200:1; zip bombs do (42.zip is about 10^6:1)."""
_RATIO_FROM_BYTES = 1 << 20
"""Small members may compress better (a run of zeros); they cannot fill anything."""


class UnsafeArchive(SensemakingError):
    """An archive that would write outside its folder or expand far beyond its size."""


def checked_members(archive: zipfile.ZipFile, name: str, max_total: int = MAX_TOTAL_BYTES) -> list[zipfile.ZipInfo]:
    """The archive's members, after refusing paths that leave the folder, links, doubles and zip bombs."""
    members = archive.infolist()
    total = 0
    seen: set[str] = set()
    for member in members:
        if _escapes(member.filename):
            raise UnsafeArchive(f"{name} holds a file that would be written outside its folder ({member.filename}).")
        if stat.S_ISLNK(member.external_attr >> 16):
            raise UnsafeArchive(f"{name} holds a symbolic link ({member.filename}), which is refused.")
        if member.filename in seen:
            raise UnsafeArchive(f"{name} holds {member.filename} twice.")
        seen.add(member.filename)
        if (
            member.compress_size
            and member.file_size / member.compress_size > MAX_RATIO
            and member.file_size > _RATIO_FROM_BYTES
        ):
            raise UnsafeArchive(f"{name} looks like a zip bomb ({member.filename} expands {MAX_RATIO}-fold or more).")
        total += member.file_size
    if total > max_total:
        raise UnsafeArchive(f"{name} would expand to {megabytes(total)}, more than the {megabytes(max_total)} allowed.")
    return members


def _escapes(filename: str) -> bool:
    """Absolute, `..`, a drive letter or a backslash: anything that could land outside the folder."""
    parts = PurePosixPath(filename).parts
    return filename.startswith("/") or "\\" in filename or ".." in parts or bool(parts and ":" in parts[0])


def megabytes(size: int) -> str:
    return f"{size / 2**20:,.0f} MB"
