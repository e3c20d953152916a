"""One question, for review: its verdict (kept or dropped, and why, in the interface's language
where the question kept its reasons as keys), the fields a teacher edits, and the section it came
from with its span highlighted in the system's highlight colours."""

import html
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, QLocale, QTimer, QUrl, Signal
from PySide6.QtGui import QPalette, QTextCharFormat, QTextCursor
from PySide6.QtWidgets import (
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QTextEdit,
    QVBoxLayout,
    QWidget,
)

from sensemaking_desktop.gui.formatting import where
from sensemaking_desktop.gui.messages import show_error
from sensemaking_desktop.gui.text_offsets import to_qt
from sensemaking_desktop.quizzes.key_text import numerical_text, pairs_text, parse_numerical, parse_pairs
from sensemaking_desktop.quizzes.model import Choice, Question, QuestionKind, QuestionStatus
from sensemaking_desktop.store.materials import Section
from sensemaking_desktop.workflows.reasons import verification_reasons

KEYED = (QuestionKind.MULTIPLE_CHOICE, QuestionKind.NUMERICAL, QuestionKind.MATCHING)
"""The kinds whose key is edited as lines in the choices box; the answer line shows it read-only."""


def choices_text(choices: list[Choice]) -> str:
    """One choice a line, the right ones marked with a leading '*' (as `sensemaking quizzes add`)."""
    return "\n".join(("*" if choice.correct else "") + choice.text for choice in choices)


def parse_choices(text: str, before: list[Choice]) -> list[dict[str, Any]]:
    """The edited lines as choices; a choice whose text stayed keeps its feedback. While the
    choices and which are right stay as they were, each keeps its share of the points (an imported
    -100 % stays -100 %); any other edit lets the exports split the points anew."""
    feedback = {choice.text: choice.feedback for choice in before}
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    choices = [{"text": line.removeprefix("*").strip(), "correct": line.startswith("*")} for line in lines]
    unchanged = [(c["text"], c["correct"]) for c in choices] == [(c.text, c.correct) for c in before]
    return [
        choice | {"feedback": feedback.get(choice["text"]), "fraction": old.fraction if unchanged else None}
        for choice, old in zip(choices, before if unchanged else [None] * len(choices))
    ]


def key_text(question: Question) -> str:
    """A question's key as the lines the choices box shows: choices, numbers or pairs."""
    if question.kind == QuestionKind.NUMERICAL and question.numerical:
        return numerical_text(question.numerical)
    if question.kind == QuestionKind.MATCHING:
        return pairs_text(question.pairs)
    return choices_text(question.choices)


def parse_key(kind: str, text: str, before: Question | None) -> dict[str, Any]:
    """The edited lines as the fields of the kind's key; raises ValueError naming a bad line."""
    if kind == QuestionKind.NUMERICAL:
        previous = before.numerical if before else None
        return {"numerical": parse_numerical(text, previous).model_dump()}
    if kind == QuestionKind.MATCHING:
        return {"pairs": [pair.model_dump() for pair in parse_pairs(text)]}
    if kind == QuestionKind.MULTIPLE_CHOICE:
        return {"choices": parse_choices(text, before.choices if before else [])}
    return {}


def key_hint(kind: QuestionKind) -> str:
    """What the choices box holds for this kind, shown while it is empty (the editor's and the
    add dialog's alike)."""
    if kind == QuestionKind.NUMERICAL:
        return QCoreApplication.translate(
            "QuestionEditor", "One accepted number a line: 3 ± 0.5, 50 % 3 ± 2 # feedback; unit: cm = 100"
        )
    if kind == QuestionKind.MATCHING:
        return QCoreApplication.translate("QuestionEditor", "One pair a line: prompt -> answer; -> extra answer")
    return QCoreApplication.translate("QuestionEditor", "One choice a line; mark the right ones with a leading *")


def shortened(text: str, limit: int = 160) -> str:
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


class QuestionEditor(QWidget):
    save_requested = Signal(int, dict)

    def __init__(self, parent: QWidget | None = None, files_folder: Path | None = None) -> None:
        super().__init__(parent)
        self.question: Question | None = None
        self.files_folder = files_folder
        """The library's files folder, where an imported question's embedded files are kept."""
        self.summary = QLabel()
        self.files = QLabel()
        self.files.setObjectName("questionFiles")
        self.files.setWordWrap(True)
        self.files.setOpenExternalLinks(True)
        self.verdict = QLabel()
        self.verdict.setObjectName("verdict")
        self.verdict.setWordWrap(True)
        self.text = QPlainTextEdit()
        self.text.setObjectName("questionText")
        self.text.setMaximumHeight(80)
        self.choices = QPlainTextEdit()
        self.choices.setMaximumHeight(90)
        self.choices.setPlaceholderText(self.tr("One choice a line; mark the right ones with a leading *"))
        self.answer = QLineEdit()
        self.feedback = QLineEdit()
        self.points = QDoubleSpinBox()
        self.points.setRange(0.25, 1000)
        self.points.setSingleStep(0.5)
        self.status = QComboBox()
        for status, label in (
            (QuestionStatus.DRAFT, self.tr("Not approved yet")),
            (QuestionStatus.APPROVED, self.tr("Approved")),
            (QuestionStatus.DROPPED, self.tr("Dropped")),
        ):
            self.status.addItem(label, status.value)
        self.save_button = QPushButton(self.tr("Sa&ve changes"))
        self.save_button.clicked.connect(self._save)
        self.source_heading = QLabel()
        self.source_heading.setWordWrap(True)
        self.source = QTextEdit()
        self.source.setObjectName("sourceText")
        self.source.setReadOnly(True)
        self._layout()
        self.show_question(None, None)

    def _layout(self) -> None:
        form = QFormLayout()
        form.addRow(self.tr("Questio&n:"), self.text)
        form.addRow(self.tr("Ans&wer choices:"), self.choices)
        form.addRow(self.tr("&Answer:"), self.answer)
        form.addRow(self.tr("&Feedback:"), self.feedback)
        form.addRow(self.tr("&Points:"), self.points)
        form.addRow(self.tr("Statu&s:"), self.status)
        layout = QVBoxLayout(self)
        layout.addWidget(self.summary)
        layout.addWidget(self.verdict)
        layout.addWidget(self.files)
        layout.addLayout(form)
        layout.addWidget(self.save_button)
        layout.addWidget(self.source_heading)
        layout.addWidget(self.source, 1)

    def show_question(self, question: Question | None, section: Section | None) -> None:
        self.question = question
        for widget in (self.text, self.choices, self.answer, self.feedback, self.points, self.status):
            widget.setEnabled(question is not None)
        self.save_button.setEnabled(question is not None)
        if question is None:
            self.summary.setText(self.tr("Choose a question to review it."))
            for edit in (self.text, self.choices, self.answer, self.feedback):
                edit.clear()
            self.verdict.clear()
            self.files.clear()
            self.source_heading.clear()
            self.source.clear()
            return
        self.summary.setText(self._kind_label(question.kind))
        self.verdict.setText(self.verdict_text(question))
        self.files.setText(self.files_text(question))
        self.text.setPlainText(question.text)
        self.choices.setPlainText(key_text(question))
        self.choices.setEnabled(question.kind in KEYED)
        self.choices.setPlaceholderText(key_hint(question.kind))
        self.answer.setText(question.reference_answer or "")
        self.answer.setReadOnly(question.kind in (QuestionKind.NUMERICAL, QuestionKind.MATCHING))
        self.feedback.setText(question.feedback or "")
        self.points.setValue(question.points)
        self.status.setCurrentIndex(self.status.findData(question.status.value))
        self._show_source(question, section)

    def _kind_label(self, kind: QuestionKind) -> str:
        return {
            QuestionKind.OPEN: self.tr("Open question"),
            QuestionKind.MULTIPLE_CHOICE: self.tr("Multiple choice"),
            QuestionKind.TRUE_FALSE: self.tr("True or false (answer: true or false)"),
            QuestionKind.CLOZE: self.tr("Cloze (the answer fills the gap _____)"),
            QuestionKind.NUMERICAL: self.tr("Numerical (a number, right within its tolerance)"),
            QuestionKind.MATCHING: self.tr("Matching (each prompt with its answer)"),
        }[kind]

    def files_text(self, question: Question) -> str:
        """The files an imported question showed, each a link that opens the library's copy."""
        if not question.attachments:
            return ""
        links = []
        for attachment in question.attachments:
            name = html.escape(attachment.name)
            if self.files_folder is None:
                links.append(name)
                continue
            url = QUrl.fromLocalFile(str(self.files_folder / attachment.stored_name)).toString()
            links.append(f'<a href="{html.escape(url)}">{name}</a>')
        return self.tr("Files: %1").replace("%1", ", ".join(links))

    def verdict_text(self, question: Question) -> str:
        """Kept or dropped, and why, from the checks the Teacher stored with the question."""
        verification = question.verification
        if not verification.checked:
            return self.tr("Written or imported by hand; not checked against the material.")
        reasons = verification_reasons(verification, QLocale().name())
        lines = [
            self.tr("Dropped: %1.").replace("%1", "; ".join(reasons))
            if reasons
            else self.tr("Kept: answering from the passage alone reaches the reference answer.")
        ]
        grounded = verification.checks.student_from_passage if verification.checks else None
        if grounded is not None:
            lines.append(
                self.tr("Answer from the passage alone: “%1” (agreement %2).")
                .replace("%1", shortened(grounded.answer or ""))
                .replace("%2", f"{grounded.agreement or 0:.2f}")
            )
        if verification.answerable_without_material:
            lines.append(self.tr("It can also be answered without the material: it may test general knowledge."))
        if question.status == QuestionStatus.APPROVED:
            lines.append(self.tr("Approved."))
        return "\n".join(lines)

    def _show_source(self, question: Question, section: Section | None) -> None:
        source = question.source
        self.source.setExtraSelections([])
        if section is None:
            self.source_heading.setText(self.tr("Source: not kept in the library."))
            self.source.setPlainText(source.quote or "")
            return
        place = where(source.start_page, source.end_page, source.start_s, source.end_s) or where(
            section.start_page, section.end_page, section.start_s, section.end_s
        )
        label = section.title or self.tr("Section %1").replace("%1", str(section.position + 1))
        heading = self.tr("Source: %1").replace("%1", label)
        self.source_heading.setText(" — ".join(part for part in (heading, place) if part))
        self.source.setPlainText(section.text)
        if source.span_start is not None and source.span_end is not None:
            self.highlight(section.text, source.span_start, source.span_end)

    def highlight(self, text: str, start: int, end: int) -> None:
        """Mark the span with the palette's highlight colours and scroll it into view."""
        start, end = min(start, len(text)), min(end, len(text))
        cursor = QTextCursor(self.source.document())
        cursor.setPosition(to_qt(text, start))
        cursor.setPosition(to_qt(text, end), QTextCursor.MoveMode.KeepAnchor)
        marked = QTextEdit.ExtraSelection()
        marked.cursor = cursor
        look = QTextCharFormat()
        look.setBackground(self.palette().brush(QPalette.ColorRole.Highlight))
        look.setForeground(self.palette().brush(QPalette.ColorRole.HighlightedText))
        marked.format = look
        self.source.setExtraSelections([marked])
        self.scroll_to(to_qt(text, start))
        QTimer.singleShot(0, lambda: self.scroll_to(to_qt(text, start)))

    def scroll_to(self, position: int) -> None:
        """Put `position` a quarter down the view (again once the view has its final size)."""
        cursor = QTextCursor(self.source.document())
        cursor.setPosition(min(position, self.source.document().characterCount() - 1))
        self.source.setTextCursor(cursor)
        bar = self.source.verticalScrollBar()
        bar.setValue(bar.value() + self.source.cursorRect(cursor).top() - self.source.viewport().height() // 4)

    def highlighted_text(self) -> str:
        """The text under the highlight (what a reviewer sees marked)."""
        selections = self.source.extraSelections()
        return selections[0].cursor.selectedText() if selections else ""

    def _save(self) -> None:
        if self.question is None or self.question.id is None:
            return
        changes: dict[str, Any] = {
            "text": self.text.toPlainText().strip(),
            "reference_answer": self.answer.text().strip() or None,
            "feedback": self.feedback.text().strip() or None,
            "points": self.points.value(),
            "status": self.status.currentData(),
        }
        try:
            changes |= parse_key(self.question.kind, self.choices.toPlainText(), self.question)
        except ValueError as error:
            show_error(self, self.tr("The key cannot be read: %1").replace("%1", str(error)))
            return
        if self.question.kind in (QuestionKind.NUMERICAL, QuestionKind.MATCHING):
            del changes["reference_answer"]
        self.save_requested.emit(self.question.id, changes)
