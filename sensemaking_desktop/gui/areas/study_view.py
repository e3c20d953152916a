"""The Study area: spaced repetition of the questions a named student missed in self-tests.

The deck lists per material the cards due now, later today and in all; Review walks the
queue of due cards: answer, show the right answer and the passage, then rate the recall
(Again, Hard, Good, Easy; the rating a closed answer earns is suggested). FSRS, in the core,
decides when each card comes back; these are small reads and writes, done in the GUI thread.
"""

from PySide6.QtCore import QT_TRANSLATE_NOOP, Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QStyle,
    QVBoxLayout,
    QWidget,
)

from sensemaking_desktop.gui.area import Area, column, side_by_side
from sensemaking_desktop.gui.context import GuiContext
from sensemaking_desktop.gui.formatting import from_material
from sensemaking_desktop.gui.widgets.answer_input import AnswerInput
from sensemaking_desktop.gui.widgets.next_step import NextStep
from sensemaking_desktop.gui.widgets.tables import fill_table, read_only_table
from sensemaking_desktop.workflows.selftest import answer_passage, exact_grade, right_answer
from sensemaking_desktop.workflows.study import (
    RATINGS,
    Rating,
    ReviewCard,
    deck,
    review,
    review_queue,
    suggested_rating,
)


class StudyView(Area):
    TITLE = QT_TRANSLATE_NOOP("Area", "Study")
    ICON = QStyle.StandardPixmap.SP_MediaPlay

    def __init__(self, context: GuiContext, parent: QWidget | None = None) -> None:
        super().__init__(context, parent)
        self.queue: list[ReviewCard] = []
        self.reviewed = 0
        self.name = QLineEdit(self.tr("me"))
        self.name.setAccessibleName(self.tr("Name"))
        self.name.editingFinished.connect(self.show_deck)
        self.deck = read_only_table(
            [self.tr("Material"), self.tr("Due now"), self.tr("Later today"), self.tr("Cards")], "deck"
        )
        self.deck.setAccessibleName(self.tr("Review cards per material"))
        self.empty = QLabel()
        self.empty.setWordWrap(True)
        self.next_step = NextStep()
        self.review_button = QPushButton(self.tr("&Review due cards"))
        self.review_button.clicked.connect(self.start_review)
        self.header = QLabel()
        self.header.setWordWrap(True)
        self.header.setObjectName("cardHeader")
        self.input = AnswerInput()
        self.show_button = QPushButton(self.tr("&Show answer (Ctrl+Enter)"))
        self.show_button.clicked.connect(self.show_answer)
        self.answer = QPlainTextEdit()
        self.answer.setReadOnly(True)
        self.answer.setAccessibleName(self.tr("Right answer"))
        self.rating_buttons = [
            QPushButton(text)
            for text in (self.tr("&1 Again"), self.tr("&2 Hard"), self.tr("&3 Good"), self.tr("&4 Easy"))
        ]
        for rating, button in zip(RATINGS, self.rating_buttons):
            button.setAccessibleName(button.text().replace("&", ""))
            button.clicked.connect(lambda _checked=False, rating=rating: self.rate(rating))
        self._layout()
        for keys in ("Ctrl+Return", "Ctrl+Enter"):
            shortcut = QShortcut(QKeySequence(keys), self)
            shortcut.activated.connect(self.show_answer)
            shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        context.events.quizzes_changed.connect(self.show_deck)
        self._enable(revealed=False)

    def _layout(self) -> None:
        form = QFormLayout()
        form.addRow(self.tr("Na&me:"), self.name)
        ratings = QHBoxLayout()
        for button in self.rating_buttons:
            ratings.addWidget(button)
        left = column(form, (self.deck, 1), self.empty, self.review_button)
        right = column(self.header, (self.input, 1), self.show_button, (self.answer, 1), ratings)
        layout = QVBoxLayout(self)
        layout.addWidget(self.next_step)
        layout.addWidget(side_by_side(left, right), 1)

    def opened(self) -> None:
        self.show_deck()

    def person(self) -> str:
        return self.name.text().strip()

    def show_deck(self) -> None:
        """Cards per material for the person; an empty deck says where cards come from."""
        counts = deck(self.context.store, self.person())
        rows = [
            [
                c.material_title or self.tr("(deleted material)"),
                str(c.due_now),
                str(c.due_today - c.due_now),
                str(c.cards),
            ]
            for c in counts
        ]
        fill_table(self.deck, rows)
        if not counts:
            self.empty.clear()
            self.next_step.offer(
                self.tr("Nothing to review yet: questions you miss in a self-test or a timed test come here."),
                self.tr("Sit a self-test"),
                lambda: self.open_requested.emit("SelfTestView"),
            )
        else:
            self.next_step.clear()
            due = sum(c.due_now for c in counts)
            self.empty.setText(self.tr("%n card(s) due now.", "", due))
        self.review_button.setEnabled(any(c.due_now for c in counts) and not self.queue)

    def start_review(self) -> None:
        self.queue = review_queue(self.context.store, self.person())
        self.reviewed = 0
        self.name.setEnabled(False)
        self._next_card()

    def _next_card(self) -> None:
        if not self.queue:
            self._done()
            return
        card = self.queue[0]
        self.header.setText(
            self.tr("Card %1 of %2 (%3): %4")
            .replace("%1", str(self.reviewed + 1))
            .replace("%2", str(self.reviewed + len(self.queue)))
            .replace("%3", card.quiz_title)
            .replace("%4", card.question.text)
        )
        self.answer.clear()
        self._enable(revealed=False)
        self.input.ask(card.question)

    def show_answer(self) -> None:
        """The right answer and its passage; the rating that a closed answer earned gets the focus."""
        if not self.queue or not self.show_button.isEnabled():
            return
        question = self.queue[0].question
        given = self.input.answer(question)
        lines = [self.tr("Right answer: %1").replace("%1", right_answer(question))]
        grade = exact_grade(question, given) if given else None
        if grade is not None:
            lines.insert(0, ("✓ " if grade[0] == 100 else "✗ ") + grade[1])
        passage = answer_passage(self.context.store, question)
        if passage:
            lines.append(from_material(passage, question.source))
        self.answer.setPlainText("\n".join(lines))
        self._enable(revealed=True)
        suggested = suggested_rating(question, given) if given else Rating.Again
        self.rating_buttons[RATINGS.index(suggested or Rating.Good)].setFocus()

    def rate(self, rating: Rating) -> None:
        if not self.queue:
            return
        card = self.queue.pop(0)
        review(self.context.store, card.id, rating)
        self.reviewed += 1
        self._next_card()

    def _done(self) -> None:
        self.header.setText(self.tr("Review done: %n card(s) reviewed.", "", self.reviewed))
        self.input.reset()
        self.answer.clear()
        self.name.setEnabled(True)
        self._enable(revealed=False)
        self.show_deck()
        self.review_button.setFocus()

    def _enable(self, revealed: bool) -> None:
        reviewing = bool(self.queue)
        self.input.setEnabled(reviewing and not revealed)
        self.show_button.setEnabled(reviewing and not revealed)
        for button in self.rating_buttons:
            button.setEnabled(reviewing and revealed)
