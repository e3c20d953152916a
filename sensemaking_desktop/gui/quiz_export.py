"""Exporting a quiz through the core's interchange functions, one menu entry per format."""

import importlib
import re
from pathlib import Path
from typing import Any, NamedTuple

from PySide6.QtCore import QCoreApplication


class ExportFormat(NamedTuple):
    label: str
    module: str
    function: str
    suffix: str
    answer_key: bool = False


def _tr(text: str) -> str:
    return QCoreApplication.translate("QuizExport", text)


def formats() -> list[ExportFormat]:
    return [
        ExportFormat(_tr("Moodle XML…"), "moodle", "export_moodle", ".xml"),
        ExportFormat(_tr("GIFT…"), "gift", "export_gift", ".gift.txt"),
        ExportFormat(_tr("QTI 2.1 package (Canvas, Blackboard)…"), "qti", "export_qti", ".qti.zip"),
        ExportFormat(_tr("Anki deck…"), "anki", "export_anki", ".apkg"),
        ExportFormat(_tr("CSV spreadsheet…"), "csvfile", "export_csv", ".csv"),
        ExportFormat(_tr("Printable PDF…"), "printable", "export_pdf", ".pdf"),
        ExportFormat(_tr("Printable PDF with answer key…"), "printable", "export_pdf", ".pdf", answer_key=True),
    ]


def suggested_name(title: str, suffix: str) -> str:
    slug = re.sub(r"[^\w]+", "-", title).strip("-").lower()[:60] or "quiz"
    return slug + suffix


def export(store: Any, quiz_id: int, chosen: ExportFormat, target: Path) -> list[Path]:
    """Write the quiz (and for the answer-key entry, the key next to it); runs in a worker."""
    from sensemaking_desktop.store.quizzes import get_quiz

    quiz = get_quiz(store, quiz_id)
    exporter = getattr(importlib.import_module(f"sensemaking_desktop.interchange.{chosen.module}"), chosen.function)
    written = [exporter(quiz, target)]
    if chosen.answer_key:
        key = target.with_name(f"{target.stem}-answer-key{target.suffix}")
        written.append(exporter(quiz, key, answer_key=True))
    return written
