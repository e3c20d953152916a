"""Checking GGUF files before llama.cpp sees them, and loading them with clear errors."""

import contextlib
import os
import struct
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from sensemaking_desktop.errors import ModelFileError

GGUF_MAGIC = b"GGUF"
SUPPORTED_VERSIONS = (2, 3)


def check_gguf(path: Path) -> None:
    """Fail with a clear message when `path` is missing, empty or not a GGUF file."""
    if not path.exists():
        raise ModelFileError(f"Model file not found: {path}")
    if not path.is_file():
        raise ModelFileError(f"Not a model file (it is a folder or device): {path}")
    try:
        with path.open("rb") as handle:
            header = handle.read(8)
    except OSError as error:
        raise ModelFileError(f"Cannot read the model file {path}: {error.strerror}") from error
    if not GGUF_MAGIC.startswith(header[:4]):  # checked first: a short text file is no model, not a truncated one
        raise ModelFileError(f"{path.name} is not a GGUF model file (llama.cpp needs .gguf files).")
    if len(header) < 8:
        raise ModelFileError(f"{path.name} is empty or truncated: it is not a usable GGUF model.")
    version = struct.unpack("<I", header[4:8])[0]
    if version not in SUPPORTED_VERSIONS:
        raise ModelFileError(f"{path.name} uses GGUF version {version}, which this llama.cpp cannot read.")


@contextlib.contextmanager
def captured_native_stderr() -> Iterator[Callable[[], str]]:
    """Keep llama.cpp's C-level log lines off the user's terminal; hand them back on request."""
    sys.stderr.flush()
    saved = os.dup(2)
    with tempfile.TemporaryFile(mode="w+b") as sink:
        os.dup2(sink.fileno(), 2)

        def read() -> str:
            sink.seek(0)
            return sink.read().decode("utf-8", "replace")

        try:
            yield read
        finally:
            os.dup2(saved, 2)
            os.close(saved)


def load_llama(path: Path, **params: Any) -> Any:
    """Create a llama_cpp.Llama, turning a load failure into ModelFileError with llama.cpp's reason."""
    from llama_cpp import Llama

    check_gguf(path)
    with captured_native_stderr() as native_log:
        try:
            return Llama(model_path=str(path), verbose=False, **params)
        except (ValueError, RuntimeError) as error:
            reason = _last_error_line(native_log()) or str(error)
            raise ModelFileError(
                f"{path.name} could not be loaded; it is truncated, damaged or of an unsupported kind ({reason})."
            ) from error


def read_metadata(path: Path) -> dict[str, str]:
    """The model's GGUF metadata, read with llama.cpp's vocabulary-only load (fast, no weights)."""
    return dict(load_llama(path, vocab_only=True).metadata)


def _last_error_line(log: str) -> str:
    lines = [line.strip() for line in log.splitlines() if "error" in line.lower() or "failed" in line.lower()]
    return lines[-1] if lines else ""
