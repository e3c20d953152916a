"""Reading zip archives from elsewhere without letting them escape a folder or fill the disk."""

import zipfile
from pathlib import Path, PurePosixPath

from sensemaking_desktop.interchange.errors import InterchangeError

MAX_TOTAL_BYTES = 50 * 1024**3
MAX_RATIO = 200
"""No honest member compresses better than 200:1; zip bombs do (42.zip is about 10^6:1)."""


def open_zip(path: Path) -> zipfile.ZipFile:
    try:
        return zipfile.ZipFile(path)
    except FileNotFoundError as error:
        raise InterchangeError(f"{path} does not exist.") from error
    except (zipfile.BadZipFile, OSError) as error:
        raise InterchangeError(f"{path.name} is not a readable zip archive.") from error


def checked_members(archive: zipfile.ZipFile, name: str, max_total: int = MAX_TOTAL_BYTES) -> list[zipfile.ZipInfo]:
    """The archive's members, after refusing paths that leave the folder and zip bombs."""
    members = archive.infolist()
    total = 0
    for member in members:
        parts = PurePosixPath(member.filename.replace("\\", "/")).parts
        if member.filename.startswith(("/", "\\")) or ".." in parts or (parts and ":" in parts[0]):
            raise InterchangeError(f"{name} holds a file that would be written outside its folder ({member.filename}).")
        if member.compress_size and member.file_size / member.compress_size > MAX_RATIO and member.file_size > 1 << 20:
            raise InterchangeError(
                f"{name} looks like a zip bomb ({member.filename} expands {MAX_RATIO}-fold or more)."
            )
        total += member.file_size
    if total > max_total:
        raise InterchangeError(
            f"{name} would expand to {_megabytes(total)}, more than the {_megabytes(max_total)} allowed."
        )
    return members


def _megabytes(size: int) -> str:
    return f"{size / 2**20:,.0f} MB"
