"""Word 97-2003 (.doc) and PowerPoint 97-2003 (.ppt) files, converted by LibreOffice when it is installed.

LibreOffice runs headless in a temporary folder, with a profile of its own there (so a
LibreOffice the user has open is neither used nor disturbed), and is stopped after a time
limit or on cancel. The converted .docx or .pptx is then read like any other.
"""

import shutil
import subprocess
import tempfile
import time
from dataclasses import replace
from pathlib import Path

from sensemaking_desktop.cancel import NEVER, CancelToken
from sensemaking_desktop.errors import Cancelled
from sensemaking_desktop.ingest.container import is_encrypted_ole, is_ole
from sensemaking_desktop.ingest.errors import IngestError
from sensemaking_desktop.ingest.extracted import Extracted, Progress

TIMEOUT_S = 180
_POLL_S = 0.2
_TARGETS = {".doc": ("docx", "Word"), ".ppt": ("pptx", "PowerPoint")}


def extract_legacy(
    path: Path, *, cancel: CancelToken = NEVER, on_progress: Progress | None = None, ocr_language: str = "eng"
) -> Extracted:
    """Convert a .doc or .ppt file with LibreOffice and read the result; refused, saying how to
    convert it, when LibreOffice is not installed."""
    target, program = _TARGETS[path.suffix.lower()]
    if not is_ole(path):
        raise IngestError(f"{path.name} is not a {program} 97-2003 file (damaged, or another format).")
    if is_encrypted_ole(path):
        raise IngestError(f"{path.name} is password-protected; remove the password in {program} and import it again.")
    soffice = shutil.which("soffice") or shutil.which("libreoffice")
    if soffice is None:
        raise IngestError(
            f"{path.name} is in the old {program} 97-2003 format: install LibreOffice to import it, "
            f"or save it as .{target} ({program}: File › Save As) and import that."
        )
    with tempfile.TemporaryDirectory(prefix="sensemaking-convert-") as folder:
        converted = _convert(soffice, path, Path(folder), target, cancel)
        extracted = _read(converted, target, cancel, on_progress, ocr_language)
    meta = extracted.meta | {"converted_with": "LibreOffice"}
    return replace(extracted, kind=path.suffix.lower()[1:], meta=meta)


def _convert(soffice: str, path: Path, folder: Path, target: str, cancel: CancelToken) -> Path:
    source = folder / path.name
    shutil.copyfile(path, source)
    command = [
        soffice,
        f"-env:UserInstallation={(folder / 'profile').as_uri()}",
        "--headless",
        "--norestore",
        "--convert-to",
        target,
        "--outdir",
        str(folder),
        str(source),
    ]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    started = time.monotonic()
    try:
        while process.poll() is None:
            if cancel.cancelled:
                raise Cancelled()
            if time.monotonic() - started > TIMEOUT_S:
                raise IngestError(f"{path.name}: LibreOffice did not finish converting it within {TIMEOUT_S} s.")
            time.sleep(_POLL_S)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    converted = folder / f"{path.stem}.{target}"
    if process.returncode != 0 or not converted.is_file():
        raise IngestError(f"{path.name} could not be converted by LibreOffice (damaged, or another format).")
    return converted


def _read(
    converted: Path, target: str, cancel: CancelToken, on_progress: Progress | None, ocr_language: str
) -> Extracted:
    if target == "docx":
        from sensemaking_desktop.ingest.word import extract_docx

        return extract_docx(converted, cancel=cancel, on_progress=on_progress, ocr_language=ocr_language)
    from sensemaking_desktop.ingest.powerpoint import extract_pptx

    return extract_pptx(converted, cancel=cancel, on_progress=on_progress, ocr_language=ocr_language)
