"""The export menu's entries, from the core's format registry: one per format, and one more
with the answer key for formats that write one."""

import re
from pathlib import Path
from typing import Any, NamedTuple

from PySide6.QtCore import QCoreApplication

from sensemaking_desktop.interchange.formats import FORMATS, LABEL_CONTEXT, QuizFormat


class ExportFormat(NamedTuple):
    label: str
    format: QuizFormat
    answer_key: bool = False

    @property
    def suffix(self) -> str:
        return self.format.suffix


def formats() -> list[ExportFormat]:
    entries = []
    for found in FORMATS:
        label = QCoreApplication.translate(LABEL_CONTEXT, found.label)
        entries.append(ExportFormat(QCoreApplication.translate("QuizExport", "%1…").replace("%1", label), found))
        if found.answer_key:
            with_key = QCoreApplication.translate("QuizExport", "%1 with answer key…").replace("%1", label)
            entries.append(ExportFormat(with_key, found, answer_key=True))
    return entries


def suggested_name(title: str, suffix: str) -> str:
    slug = re.sub(r"[^\w]+", "-", title).strip("-").lower()[:60] or "quiz"
    return slug + suffix


def export(store: Any, quiz_id: int, chosen: ExportFormat, target: Path) -> list[Path]:
    """Write the quiz (and for an answer-key entry, the key next to it); runs in a worker."""
    from sensemaking_desktop.store.quizzes import get_quiz

    return chosen.format.write(get_quiz(store, quiz_id), target, answer_key=chosen.answer_key)
