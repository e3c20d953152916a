"""The embedded files of an imported quiz (a Moodle bank's images and sounds), kept in the
library's files folder beside the copies of imported materials, so the window can show them and
a backup carries them. Each is written once per content, named by its sha256."""

import os
from pathlib import Path

from sensemaking_desktop import paths
from sensemaking_desktop.interchange.errors import InterchangeError
from sensemaking_desktop.interchange.report import ImportResult
from sensemaking_desktop.quizzes.model import Attachment


def attachment_path(data_dir: Path, attachment: Attachment) -> Path:
    """Where the library keeps an attachment's copy."""
    return paths.files_dir(data_dir) / attachment.stored_name


def keep_files(data_dir: Path, result: ImportResult) -> list[Path]:
    """Write the files the quiz's questions name that the library lacks; returns the ones written,
    so a failed import can remove them. A file that cannot be written fails the import whole."""
    written: list[Path] = []
    for question in result.quiz.questions:
        for attachment in question.attachments:
            target = attachment_path(data_dir, attachment)
            if target.exists() or attachment.sha256 not in result.files:
                continue
            try:
                _write(target, result.files[attachment.sha256])
            except OSError as error:
                remove(written)
                raise InterchangeError(
                    f"Cannot keep the file {attachment.name} in the library: {error.strerror}."
                ) from error
            written.append(target)
    return written


def _write(target: Path, data: bytes) -> None:
    partial = target.with_name(f"{target.name}.partial")
    target.parent.mkdir(parents=True, exist_ok=True)
    try:
        partial.write_bytes(data)
        os.replace(partial, target)
    finally:
        partial.unlink(missing_ok=True)


def remove(written: list[Path]) -> None:
    """Take back the files an import wrote (it failed after writing them)."""
    for path in written:
        path.unlink(missing_ok=True)
