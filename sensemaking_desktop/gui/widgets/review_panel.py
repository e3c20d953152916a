"""The review list: machine grades a person should look at, least confident first, each with
its question, reference, answer, reason (in the interface's language where the grade kept its
sentences) and flags explained (in that language too); the figures behind the reason show under
"Show details". The grade field keeps the keyboard: Enter alone confirms the machine's grade, a
number and Enter overrides it, and the next item comes up at once."""

from PySide6.QtCore import QLocale, Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QVBoxLayout,
    QWidget,
)

from sensemaking_desktop.errors import SensemakingError
from sensemaking_desktop.gui.formatting import sureness
from sensemaking_desktop.gui.messages import show_error, show_exception
from sensemaking_desktop.store import Store
from sensemaking_desktop.store.grades import ReviewItem, confirm, override, review_list
from sensemaking_desktop.workflows.reasons import flag_texts, reason_in_language

ROLE = Qt.ItemDataRole.UserRole


class ReviewPanel(QWidget):
    reviewed = Signal()
    """A person's grade was stored: agreement figures change."""

    def __init__(self, store: Store, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.store = store
        self.quiz_id: int | None = None
        self.items: list[ReviewItem] = []
        self.include_all = QCheckBox(self.tr("Show e&very machine grade not yet seen by a person"))
        self.include_all.toggled.connect(lambda _on: self.reload())
        self.show_details = QCheckBox(self.tr("Show &details (the figures behind the reason)"))
        self.show_details.setObjectName("reviewShowDetails")
        self.show_details.toggled.connect(lambda _on: self._show_item())
        self.list = QListWidget()
        self.list.setObjectName("reviewList")
        self.list.setAccessibleName(self.tr("Grades to review"))
        self.list.currentRowChanged.connect(lambda _row: self._show_item())
        self.details = QPlainTextEdit()
        self.details.setObjectName("reviewDetails")
        self.details.setAccessibleName(self.tr("The answer under review"))
        self.details.setReadOnly(True)
        self.grade = QLineEdit()
        self.grade.setObjectName("reviewGrade")
        self.grade.setPlaceholderText(self.tr("Enter confirms; a number 0-100 and Enter overrides"))
        self.grade.returnPressed.connect(self.decide)
        self.count = QLabel()
        form = QFormLayout()
        form.addRow(self.tr("&Your grade:"), self.grade)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.count)
        layout.addWidget(self.include_all)
        layout.addWidget(self.list, 1)
        layout.addWidget(self.details, 1)
        layout.addWidget(self.show_details)
        layout.addLayout(form)

    def show_quiz(self, quiz_id: int | None) -> None:
        self.quiz_id = quiz_id
        self.reload()

    def reload(self, row: int = 0) -> None:
        """Re-read the review list and show item `row` (or the last one)."""
        self.items = []
        if self.quiz_id is not None:
            self.items = review_list(self.store, self.quiz_id, include_all=self.include_all.isChecked())
        self.list.blockSignals(True)
        self.list.clear()
        for item in self.items:
            label = self.tr("%1/100, %2 · %3: %4")
            label = label.replace("%1", f"{item.score:.0f}").replace("%2", sureness(item.confidence))
            entry = QListWidgetItem(label.replace("%3", self._who(item)).replace("%4", item.answer[:80]))
            entry.setToolTip("\n".join(flag_texts(item.flags, QLocale().name())))
            self.list.addItem(entry)
        self.list.blockSignals(False)
        self.count.setText(self.tr("%n grade(s) to review, the least sure first", "", len(self.items)))
        if self.items:
            self.list.setCurrentRow(min(row, len(self.items) - 1))
        self._show_item()

    def current(self) -> ReviewItem | None:
        row = self.list.currentRow()
        return self.items[row] if 0 <= row < len(self.items) else None

    def _who(self, item: ReviewItem) -> str:
        """Whose answer: a self-test attempt says so, so the teacher's own try is not read as a student's."""
        return self.tr("%1 (self-test)").replace("%1", item.student) if item.self_test else item.student

    def _show_item(self) -> None:
        item = self.current()
        self.grade.clear()
        self.grade.setEnabled(item is not None)
        if item is None:
            self.details.setPlainText(self.tr("Nothing to review."))
            return
        lines = [
            self.tr("Question: %1").replace("%1", item.question),
            self.tr("Reference: %1").replace("%1", item.reference or self.tr("none")),
            self.tr("Answer by %1: %2").replace("%1", self._who(item)).replace("%2", item.answer),
            self.tr("Machine grade: %1/100 (%2). %3")
            .replace("%1", f"{item.score:.0f}")
            .replace("%2", sureness(item.confidence))
            .replace("%3", reason_text(item)),
        ]
        lines += self._criteria_lines(item)
        lines += [self.tr("! %1").replace("%1", text) for text in flag_texts(item.flags, QLocale().name())]
        if self.show_details.isChecked():
            lines += [self.tr("Details:"), *(f"    {line}" for line in item.details or [self.tr("none kept")])]
        self.details.setPlainText("\n".join(lines))
        self.grade.setFocus()

    def _criteria_lines(self, item: ReviewItem) -> list[str]:
        """The rubric, criterion by criterion: points earned of its points, and what to say."""
        if not item.criteria:
            return []
        lines = [self.tr("Rubric:")]
        for result in item.criteria:
            mark = "✓" if result.covered else "✗"
            lines.append(
                self.tr("%1 %2 — %3/%4 points")
                .replace("%1", mark)
                .replace("%2", result.text)
                .replace("%3", f"{result.points:g}")
                .replace("%4", f"{result.max_points:g}")
            )
            if result.feedback:
                said = self.tr("Found: “%1”") if result.covered else self.tr("Feedback: %1")
                lines.append("    " + said.replace("%1", result.feedback))
        return lines

    def decide(self) -> None:
        """Enter: confirm when the field is empty, else store the typed grade; then the next item."""
        item = self.current()
        if item is None:
            return
        typed = self.grade.text().strip().replace(",", ".")
        try:
            if typed:
                score = float(typed)
                if not 0 <= score <= 100:
                    raise ValueError(typed)
                override(self.store, item.answer_id, score)
            else:
                confirm(self.store, item.answer_id)
        except ValueError:
            show_error(self, self.tr("“%1” is not a grade; type a number from 0 to 100.").replace("%1", typed))
            return
        except SensemakingError as error:
            show_exception(self, error)
            return
        self.reload(self.list.currentRow())
        self.reviewed.emit()


def reason_text(item: ReviewItem) -> str:
    """The machine grade's reason in the interface's language where the grade kept its sentences,
    else as stored (English, or a teacher's own words)."""
    return reason_in_language(item.said, item.reason, QLocale().name())
