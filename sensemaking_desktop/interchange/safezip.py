"""Reading zip archives from elsewhere without letting them escape a folder or fill the disk."""

import stat
import zipfile
import zlib
from collections.abc import Iterator
from pathlib import Path, PurePosixPath

from sensemaking_desktop.cancel import NEVER, CancelToken
from sensemaking_desktop.interchange.errors import InterchangeError

MAX_TOTAL_BYTES = 50 * 1024**3
MAX_RATIO = 200
"""No honest member compresses better than 200:1; zip bombs do (42.zip is about 10^6:1)."""
_CHUNK = 1024 * 1024


def open_zip(path: Path) -> zipfile.ZipFile:
    try:
        return zipfile.ZipFile(path)
    except FileNotFoundError as error:
        raise InterchangeError(f"{path} does not exist.") from error
    except (zipfile.BadZipFile, OSError) as error:
        raise InterchangeError(f"{path.name} is not a readable zip archive.") from error


def checked_members(archive: zipfile.ZipFile, name: str, max_total: int = MAX_TOTAL_BYTES) -> list[zipfile.ZipInfo]:
    """The archive's members, after refusing paths that leave the folder, links, doubles and zip bombs."""
    members = archive.infolist()
    total = 0
    seen: set[str] = set()
    for member in members:
        if _escapes(member.filename):
            raise InterchangeError(f"{name} holds a file that would be written outside its folder ({member.filename}).")
        if stat.S_ISLNK(member.external_attr >> 16):
            raise InterchangeError(f"{name} holds a symbolic link ({member.filename}), which is refused.")
        if member.filename in seen:
            raise InterchangeError(f"{name} holds {member.filename} twice.")
        seen.add(member.filename)
        if member.compress_size and member.file_size / member.compress_size > MAX_RATIO and member.file_size > 1 << 20:
            raise InterchangeError(
                f"{name} looks like a zip bomb ({member.filename} expands {MAX_RATIO}-fold or more)."
            )
        total += member.file_size
    if total > max_total:
        raise InterchangeError(
            f"{name} would expand to {megabytes(total)}, more than the {megabytes(max_total)} allowed."
        )
    return members


def read_member(archive: zipfile.ZipFile, member: zipfile.ZipInfo, name: str, limit: int) -> bytes:
    """A small member's bytes, refused past `limit` bytes."""
    return b"".join(_chunks(archive, member, name, limit, NEVER))


def extract_member(
    archive: zipfile.ZipFile, member: zipfile.ZipInfo, target: Path, name: str, limit: int, cancel: CancelToken = NEVER
) -> None:
    """Stream a member to `target`, refused once more than `limit` bytes come out (a header's size can lie)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    with target.open("wb") as file:
        for chunk in _chunks(archive, member, name, limit, cancel):
            file.write(chunk)


def megabytes(size: int) -> str:
    return f"{size / 2**20:,.0f} MB"


def _escapes(filename: str) -> bool:
    """Absolute, `..`, a drive letter or a backslash: anything that could land outside the folder."""
    parts = PurePosixPath(filename).parts
    return filename.startswith("/") or "\\" in filename or ".." in parts or bool(parts and ":" in parts[0])


def _chunks(
    archive: zipfile.ZipFile, member: zipfile.ZipInfo, name: str, limit: int, cancel: CancelToken
) -> Iterator[bytes]:
    written = 0
    try:
        with archive.open(member) as source:
            while chunk := source.read(_CHUNK):
                cancel.raise_if_cancelled()
                written += len(chunk)
                if written > limit:
                    raise InterchangeError(
                        f"{name}: {member.filename} unpacks to more than the {limit:,} bytes allowed."
                    )
                yield chunk
    except (zipfile.BadZipFile, zlib.error, EOFError, NotImplementedError, RuntimeError) as error:
        raise InterchangeError(f"{name} is damaged: {member.filename} cannot be unpacked ({error}).") from error
