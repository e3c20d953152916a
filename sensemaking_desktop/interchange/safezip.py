"""Zip archives for import and export: the shared checks of `sensemaking_desktop.safezip` as
InterchangeError, and members unpacked in chunks that stop at their allowed size."""

import zipfile
import zlib
from collections.abc import Iterator
from pathlib import Path

from sensemaking_desktop import safezip
from sensemaking_desktop.cancel import NEVER, CancelToken
from sensemaking_desktop.interchange.errors import InterchangeError
from sensemaking_desktop.safezip import MAX_TOTAL_BYTES

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
    try:
        return safezip.checked_members(archive, name, max_total)
    except safezip.UnsafeArchive as error:
        raise InterchangeError(str(error)) from error


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
