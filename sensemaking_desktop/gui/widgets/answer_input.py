"""Where a person gives one self-test answer: a list to choose from for multiple-choice and
true/false questions (ticking several for a multiple-response one), a line for a cloze gap or a
number, a box for an open answer, and for a matching question a list of answers to pick beside
each prompt."""

from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFormLayout,
    QLineEdit,
    QListWidget,
    QPlainTextEdit,
    QStackedWidget,
    QWidget,
)

from sensemaking_desktop.quizzes.key_grading import matching_options
from sensemaking_desktop.quizzes.model import Question, QuestionKind
from sensemaking_desktop.workflows.selftest import LETTERS, MATCHED


class AnswerInput(QStackedWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.choices = QListWidget()
        self.choices.setObjectName("answerChoices")
        self.choices.setAccessibleName(self.tr("Choices"))
        self.line = QLineEdit()
        self.line.setObjectName("answerLine")
        self.line.setAccessibleName(self.tr("Your answer for the gap"))
        self.box = QPlainTextEdit()
        self.box.setObjectName("answerBox")
        self.box.setAccessibleName(self.tr("Your answer"))
        self.box.setTabChangesFocus(True)
        self.matches = QWidget()
        self.matches.setObjectName("answerMatches")
        self.match_form = QFormLayout(self.matches)
        self.match_boxes: list[QComboBox] = []
        for widget in (self.choices, self.line, self.box, self.matches):
            self.addWidget(widget)

    def ask(self, question: Question) -> None:
        """Show the input that fits `question`, empty, with the keyboard focus in it."""
        self.reset()
        if question.kind == QuestionKind.MULTIPLE_CHOICE:
            self.choices.addItems([f"{LETTERS[n]}) {choice.text}" for n, choice in enumerate(question.choices)])
            several = QAbstractItemView.SelectionMode.MultiSelection
            self.choices.setSelectionMode(
                QAbstractItemView.SelectionMode.SingleSelection if question.picks_one else several
            )
            self.setCurrentWidget(self.choices)
        elif question.kind == QuestionKind.TRUE_FALSE:
            self.choices.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
            self.choices.addItems([self.tr("true"), self.tr("false")])
            self.setCurrentWidget(self.choices)
        elif question.kind in (QuestionKind.CLOZE, QuestionKind.NUMERICAL):
            numerical = question.kind == QuestionKind.NUMERICAL
            self.line.setAccessibleName(self.tr("A number") if numerical else self.tr("Your answer for the gap"))
            self.setCurrentWidget(self.line)
        elif question.kind == QuestionKind.MATCHING:
            self._ask_matches(question)
        else:
            self.setCurrentWidget(self.box)
        first = self.match_boxes[0] if self.currentWidget() is self.matches and self.match_boxes else None
        (first or self.currentWidget()).setFocus()

    def _ask_matches(self, question: Question) -> None:
        """A list of the answers beside each prompt, none picked yet."""
        options = [f"{LETTERS[n]}) {text}" for n, text in enumerate(matching_options(question))]
        for pair in question.prompts:
            box = QComboBox()
            box.addItem(self.tr("(choose)"), None)
            for label, text in zip(options, matching_options(question)):
                box.addItem(label, text)
            box.setAccessibleName(pair.prompt)
            self.match_form.addRow(pair.prompt, box)
            self.match_boxes.append(box)
        self.setCurrentWidget(self.matches)

    def reset(self) -> None:
        """Empty every input between attempts."""
        self.choices.clear()
        self.line.clear()
        self.box.clear()
        while self.match_form.rowCount():
            self.match_form.removeRow(0)
        self.match_boxes.clear()

    def answer(self, question: Question) -> str:
        """The answer in the form the core reads: a choice's letter, "true"/"false", the text, or
        "prompt → answer" lines for the prompts given an answer."""
        if self.currentWidget() is self.matches:
            picked = zip(question.prompts, (box.currentData() for box in self.match_boxes))
            return "\n".join(f"{pair.prompt}{MATCHED}{answer}" for pair, answer in picked if answer)
        if (
            self.currentWidget() is self.choices
            and question.kind == QuestionKind.MULTIPLE_CHOICE
            and not question.picks_one
        ):
            rows = sorted(index.row() for index in self.choices.selectedIndexes())
            return " ".join(LETTERS[row] for row in rows)
        if self.currentWidget() is self.choices:
            row = self.choices.currentRow()
            if row < 0:
                return ""
            if question.kind == QuestionKind.TRUE_FALSE:
                return ("true", "false")[row]
            return LETTERS[row]
        if self.currentWidget() is self.line:
            return self.line.text().strip()
        return self.box.toPlainText().strip()
