"""File checksums: models are identified by sha256 in provenance, materials to spot re-imports."""

import hashlib
from pathlib import Path

from sensemaking_desktop.cancel import NEVER, CancelToken
from sensemaking_desktop.errors import SensemakingError

_CHUNK = 1024 * 1024


def sha256_of(path: Path, cancel: CancelToken = NEVER) -> str:
    """Hash a file in 1 MiB steps, so a multi-gigabyte file neither fills memory nor blocks cancel."""
    digest = hashlib.sha256()
    try:
        with path.open("rb") as file:
            while chunk := file.read(_CHUNK):
                cancel.raise_if_cancelled()
                digest.update(chunk)
    except OSError as error:
        raise SensemakingError(f"Cannot read {path}: {error.strerror or error}.") from error
    return digest.hexdigest()
