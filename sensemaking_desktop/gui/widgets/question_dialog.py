"""Writing a question by hand: the fields of the core's Question, checked by its own rules
before the dialog closes, so a teacher sees at once what a kind needs."""

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QVBoxLayout,
    QWidget,
)

from sensemaking_desktop.gui.widgets.question_editor import KEYED, key_hint, parse_key
from sensemaking_desktop.quizzes.model import GAP, Question, QuestionKind


class QuestionDialog(QDialog):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Add a question"))
        self.question: Question | None = None
        self.kind = QComboBox()
        for kind, label in (
            (QuestionKind.OPEN, self.tr("Open")),
            (QuestionKind.MULTIPLE_CHOICE, self.tr("Multiple choice")),
            (QuestionKind.TRUE_FALSE, self.tr("True/false")),
            (QuestionKind.CLOZE, self.tr("Cloze")),
            (QuestionKind.NUMERICAL, self.tr("Numerical")),
            (QuestionKind.MATCHING, self.tr("Matching")),
        ):
            self.kind.addItem(label, kind.value)
        self.text = QPlainTextEdit()
        self.text.setPlaceholderText(self.tr("For cloze, write the gap as %1").replace("%1", GAP))
        self.choices = QPlainTextEdit()
        self.choices.setPlaceholderText(self.tr("One choice a line; mark the right ones with a leading *"))
        for box in (self.text, self.choices):
            box.setTabChangesFocus(True)
        self.answer = QLineEdit()
        self.answer.setPlaceholderText(self.tr("Reference answer (true or false for true/false)"))
        self.points = QDoubleSpinBox()
        self.points.setRange(0.25, 1000)
        self.points.setValue(1.0)
        self.problem = QLabel()
        self.problem.setWordWrap(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        self.kind.currentIndexChanged.connect(self._kind_changed)
        form = QFormLayout()
        form.addRow(self.tr("&Kind:"), self.kind)
        form.addRow(self.tr("&Question:"), self.text)
        form.addRow(self.tr("Ans&wer choices:"), self.choices)
        form.addRow(self.tr("&Answer:"), self.answer)
        form.addRow(self.tr("P&oints:"), self.points)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.problem)
        layout.addWidget(buttons)
        self._kind_changed()

    def _kind_changed(self) -> None:
        kind = QuestionKind(self.kind.currentData())
        self.choices.setEnabled(kind in KEYED)
        self.choices.setPlaceholderText(key_hint(kind))

    def accept(self) -> None:
        """Close only with a question the core accepts; otherwise say what is wrong."""
        kind = self.kind.currentData()
        try:
            self.question = Question(
                kind=kind,
                text=self.text.toPlainText().strip(),
                reference_answer=self.answer.text().strip() or None,
                points=self.points.value(),
                **parse_key(kind, self.choices.toPlainText(), None),
            )
        except ValueError as error:
            self.problem.setText(self._first_problem(error))
            return
        super().accept()

    @staticmethod
    def _first_problem(error: ValueError) -> str:
        errors = getattr(error, "errors", None)
        if callable(errors):
            first = errors()[0]
            return str(first.get("msg", error)).removeprefix("Value error, ")
        return str(error)
