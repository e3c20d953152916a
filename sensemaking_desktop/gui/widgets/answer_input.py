"""Where a person gives one self-test answer: a list to choose from for multiple-choice and
true/false questions, a line for a cloze gap, a box for an open answer."""

from PySide6.QtWidgets import QLineEdit, QListWidget, QPlainTextEdit, QStackedWidget, QWidget

from sensemaking_desktop.quizzes.model import Question, QuestionKind
from sensemaking_desktop.workflows.selftest import LETTERS


class AnswerInput(QStackedWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.choices = QListWidget()
        self.choices.setObjectName("answerChoices")
        self.choices.setAccessibleName(self.tr("Choices"))
        self.line = QLineEdit()
        self.line.setObjectName("answerLine")
        self.line.setAccessibleName(self.tr("Word(s) for the gap"))
        self.box = QPlainTextEdit()
        self.box.setObjectName("answerBox")
        self.box.setAccessibleName(self.tr("Your answer"))
        self.box.setTabChangesFocus(True)
        for widget in (self.choices, self.line, self.box):
            self.addWidget(widget)

    def ask(self, question: Question) -> None:
        """Show the input that fits `question`, empty, with the keyboard focus in it."""
        self.reset()
        if question.kind == QuestionKind.MULTIPLE_CHOICE:
            self.choices.addItems([f"{LETTERS[n]}) {choice.text}" for n, choice in enumerate(question.choices)])
            self.setCurrentWidget(self.choices)
        elif question.kind == QuestionKind.TRUE_FALSE:
            self.choices.addItems([self.tr("true"), self.tr("false")])
            self.setCurrentWidget(self.choices)
        elif question.kind == QuestionKind.CLOZE:
            self.setCurrentWidget(self.line)
        else:
            self.setCurrentWidget(self.box)
        self.currentWidget().setFocus()

    def reset(self) -> None:
        """Empty every input between attempts."""
        self.choices.clear()
        self.line.clear()
        self.box.clear()

    def answer(self, question: Question) -> str:
        """The answer in the form the core reads: a choice's letter, "true"/"false", or the text."""
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
