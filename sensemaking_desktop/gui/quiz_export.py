"""What the export dialog offers and asks the core for: the formats of the core's registry
with translated labels, and one export request run in a worker."""

from pathlib import Path
from typing import Any, NamedTuple

from PySide6.QtCore import QCoreApplication

from sensemaking_desktop.interchange.common import handed_out
from sensemaking_desktop.interchange.errors import InterchangeError
from sensemaking_desktop.interchange.export_notes import export_notes
from sensemaking_desktop.interchange.formats import FORMATS, LABEL_CONTEXT, QuizFormat
from sensemaking_desktop.interchange.variants import Variants, export_quiz
from sensemaking_desktop.quizzes.model import Quiz


class ExportFormat(NamedTuple):
    label: str
    format: QuizFormat

    @property
    def suffix(self) -> str:
        return self.format.suffix


class ExportRequest(NamedTuple):
    format: QuizFormat
    target: Path
    answer_key: bool
    variants: Variants
    include_dropped: bool = False
    """Also write the questions the checks dropped; left out by default, as they are not the quiz."""


def formats() -> list[ExportFormat]:
    return [ExportFormat(QCoreApplication.translate(LABEL_CONTEXT, found.label), found) for found in FORMATS]


def losses(quiz: Quiz, request: ExportRequest) -> list[str]:
    """What the chosen format cannot carry of the quiz's questions, one line each (the core's words)."""
    try:
        written = handed_out(quiz, include_dropped=request.include_dropped)
    except InterchangeError:
        return []
    return export_notes(written, request.format.name)


def export(store: Any, quiz_id: int, request: ExportRequest) -> list[Path]:
    """Write the quiz, its versions and keys as the request asks; runs in a worker."""
    from sensemaking_desktop.store.quizzes import get_quiz

    return export_quiz(
        get_quiz(store, quiz_id),
        request.format,
        request.target,
        answer_key=request.answer_key,
        variants=request.variants,
        include_dropped=request.include_dropped,
    )
