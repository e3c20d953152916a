"""Zip archives for import and export: the shared checks of `sensemaking_desktop.safezip`, as InterchangeError."""

import zipfile
from pathlib import Path

from sensemaking_desktop import safezip
from sensemaking_desktop.interchange.errors import InterchangeError
from sensemaking_desktop.safezip import MAX_TOTAL_BYTES


def open_zip(path: Path) -> zipfile.ZipFile:
    try:
        return zipfile.ZipFile(path)
    except FileNotFoundError as error:
        raise InterchangeError(f"{path} does not exist.") from error
    except (zipfile.BadZipFile, OSError) as error:
        raise InterchangeError(f"{path.name} is not a readable zip archive.") from error


def checked_members(archive: zipfile.ZipFile, name: str, max_total: int = MAX_TOTAL_BYTES) -> list[zipfile.ZipInfo]:
    """The archive's members, after refusing paths that leave the folder and zip bombs."""
    try:
        return safezip.checked_members(archive, name, max_total)
    except safezip.UnsafeArchive as error:
        raise InterchangeError(str(error)) from error
