"""The Self-test area: sit a quiz one question at a time (practice: each result shown at once),
all at once (results at the end), or as a timed test (shuffled questions and choices, a
countdown, results at the end), with the time each answer took; questions missed go into the
person's spaced-repetition deck (the Study area); closed questions are marked
exactly by the core, open ones by the Evaluator in a worker. Each result names the passage of
the material that holds the answer. The history lists past attempts on the quiz's material
with a chart of the score over attempts."""

import time
from functools import partial
from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, QElapsedTimer, Qt, QTimer
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QStyle,
    QVBoxLayout,
    QWidget,
)

from sensemaking_desktop.errors import SensemakingError
from sensemaking_desktop.gui.area import column, side_by_side
from sensemaking_desktop.gui.context import GuiContext
from sensemaking_desktop.gui.formatting import clock, from_material
from sensemaking_desktop.gui.messages import show_error, show_exception
from sensemaking_desktop.gui.quiz_area import QuizModelArea
from sensemaking_desktop.gui.widgets.answer_input import AnswerInput
from sensemaking_desktop.gui.widgets.charts import Chart
from sensemaking_desktop.gui.widgets.next_step import NextStep
from sensemaking_desktop.gui.widgets.progress_row import ProgressRow
from sensemaking_desktop.gui.widgets.tables import fill_table, number, read_only_table
from sensemaking_desktop.gui.worker import Task
from sensemaking_desktop.quizzes.model import Question
from sensemaking_desktop.workflows import job_requests
from sensemaking_desktop.workflows.job_process import run_in_child
from sensemaking_desktop.workflows.selftest import (
    CLOSED,
    Graded,
    Marked,
    OpenAnswer,
    answer_passage,
    attempt_questions,
    finish_attempt,
    history,
    read_closed,
    record_answer,
    right_answer,
    start_attempt,
)
from sensemaking_desktop.workflows.study import TIMED, TimedTest, collect_missed, start_timed_test


class SelfTestView(QuizModelArea):
    TITLE = QT_TRANSLATE_NOOP("Area", "Self-test")
    ICON = QStyle.StandardPixmap.SP_DialogApplyButton

    def __init__(self, context: GuiContext, parent: QWidget | None = None) -> None:
        super().__init__(context, parent)
        self.run_id: int | None = None
        self.questions: list[Question] = []
        self.index = 0
        self.shown_at = 0.0
        self.answered: list[tuple[int, Question, Marked]] = []
        self.grades: dict[int, Graded] = {}
        self.pending: list[tuple[Question, Marked]] = []
        """Open answers given but not yet sent to the grader (it grades one batch at a time)."""
        self.grading: Task | None = None
        self.timed: TimedTest | None = None
        self.last_run_id: int | None = None
        self.elapsed = QElapsedTimer()
        self._build_setup()
        self._build_question()
        self._build_results()
        self._layout()
        for keys in ("Ctrl+Return", "Ctrl+Enter"):
            shortcut = QShortcut(QKeySequence(keys), self, self.submit)
            shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self._enable()

    def _build_setup(self) -> None:
        """Who sits the quiz, how (the mode, a timed test's limit and countdown), and Start."""
        self.name = QLineEdit(self.tr("me"))
        self.name.setAccessibleName(self.tr("Name"))
        self.name.editingFinished.connect(self.show_history)
        self.mode = QComboBox()
        self.mode.addItem(self.tr("One question at a time"), False)
        self.mode.addItem(self.tr("All at once, results at the end"), True)
        self.mode.addItem(self.tr("Timed test: shuffled, results at the end"), TIMED)
        self.mode.currentIndexChanged.connect(lambda _index: self._enable())
        self.limit = QSpinBox()
        self.limit.setRange(1, 240)
        self.limit.setValue(10)
        self.limit.setSuffix(self.tr(" min"))
        self.limit.setAccessibleName(self.tr("Time limit in minutes"))
        self.countdown = QLabel()
        self.countdown.setObjectName("countdown")
        self.ticker = QTimer(self)
        self.ticker.setInterval(250)
        self.ticker.timeout.connect(self._tick)
        self.start_button = QPushButton(self.tr("&Start"))
        self.start_button.clicked.connect(self.start)

    def _build_question(self) -> None:
        """The question in view, the answer to it and the buttons that move through the quiz."""
        self.header = QLabel()
        self.header.setWordWrap(True)
        self.header.setObjectName("questionHeader")
        self.input = AnswerInput()
        self.answer_button = QPushButton(self.tr("&Answer (Ctrl+Enter)"))
        self.answer_button.clicked.connect(self.submit)
        self.skip_button = QPushButton(self.tr("S&kip"))
        self.skip_button.clicked.connect(self.skip)
        self.next_button = QPushButton(self.tr("&Next"))
        self.next_button.clicked.connect(self.next_question)
        self.next_button.setEnabled(False)

    def _build_results(self) -> None:
        """Grading progress, the attempt's results, past attempts with their chart, and the status."""
        self.progress = ProgressRow()
        self.progress.cancel_requested.connect(self.cancel_grading)
        self.results = QPlainTextEdit()
        self.results.setObjectName("results")
        self.results.setAccessibleName(self.tr("Results"))
        self.results.setReadOnly(True)
        headers = [self.tr("Date"), self.tr("Quiz"), self.tr("Name"), self.tr("Answered"), self.tr("Time")]
        self.history = read_only_table([*headers, self.tr("Mean score")], "history")
        self.history.setAccessibleName(self.tr("Past attempts"))
        self.chart = Chart(self.tr("Score over attempts"))
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.next_step = NextStep()

    def _layout(self) -> None:
        form = QFormLayout()
        form.addRow(self.tr("&Quiz:"), self.quiz_choice)
        form.addRow(self.tr("Na&me:"), self.name)
        form.addRow(self.tr("M&ode:"), self.mode)
        form.addRow(self.tr("Time &limit:"), self.limit)
        form.addRow(self.tr("Grading mod&el:"), self.model)
        buttons = QHBoxLayout()
        for button in (self.answer_button, self.skip_button, self.next_button):
            buttons.addWidget(button)
        left = column(
            form,
            self.start_button,
            self.countdown,
            self.header,
            (self.input, 1),
            buttons,
            self.progress,
            (self.results, 1),
        )
        right = column(
            QLabel(self.tr("Past attempts by this name on this quiz's material")), (self.history, 1), (self.chart, 1)
        )
        splitter = side_by_side(left, right)
        layout = QVBoxLayout(self)
        layout.addWidget(self.next_step)
        layout.addWidget(splitter, 1)
        layout.addWidget(self.status)

    def reload(self) -> None:
        super().reload()
        self._enable()
        if self.quiz_choice.quiz_id() is None:
            self.next_step.offer(
                self.tr("There is no quiz to sit yet: make one in the Quizzes area first."),
                self.tr("Go to Quizzes"),
                lambda: self.open_requested.emit("QuizView"),
            )
        else:
            self.next_step.clear()

    def show_quiz(self) -> None:
        self.show_history()

    def _enable(self) -> None:
        sitting = self.run_id is not None
        waiting = self.index < len(self.questions) and not self.next_button.isEnabled()
        idle = not sitting and self.grading is None
        self.start_button.setEnabled(idle and self.quiz_choice.quiz_id() is not None)
        for widget in (self.quiz_choice, self.name, self.mode):
            widget.setEnabled(not sitting)
        self.limit.setEnabled(not sitting and self.mode.currentData() == TIMED)
        self.answer_button.setEnabled(sitting and waiting)
        self.skip_button.setEnabled(sitting and waiting)
        self.input.setEnabled(sitting and waiting)

    def start(self) -> None:
        quiz_id = self.quiz_choice.quiz_id()
        if quiz_id is None:
            return
        try:
            if self.mode.currentData() == TIMED:
                self._start_timed(quiz_id)
            else:
                self.questions = attempt_questions(self.context.store, quiz_id)
                self.run_id = start_attempt(
                    self.context.store, quiz_id, self.name.text(), all_at_once=bool(self.mode.currentData())
                )
        except SensemakingError as error:
            show_exception(self, error)
            return
        self.answered, self.grades, self.pending, self.index = [], {}, [], 0
        self.results.clear()
        self.status.clear()
        self._ask()

    def _start_timed(self, quiz_id: int) -> None:
        """A new shuffle for every sitting; the countdown starts with the first question."""
        self.timed = start_timed_test(
            self.context.store, quiz_id, self.name.text(), self.limit.value() * 60, seed=time.time_ns()
        )
        self.questions, self.run_id = self.timed.questions, self.timed.run_id
        self.elapsed.start()
        self.ticker.start()
        self._tick()

    def _tick(self) -> None:
        if self.timed is None:
            return
        left = self.timed.time_left(self.elapsed.elapsed() / 1000)
        self.countdown.setText(self.tr("Time left: %1").replace("%1", clock(left)))
        if left <= 0 and self.run_id is not None:
            self.status.setText(self.tr("Time is up; unanswered questions count as not answered."))
            self._finish()

    @property
    def all_at_once(self) -> bool:
        return bool(self.mode.currentData())

    def _ask(self) -> None:
        question = self.questions[self.index]
        kind = question.kind.value.replace("_", " ")
        self.header.setText(
            self.tr("Question %1 of %2 (%3): %4")
            .replace("%1", str(self.index + 1))
            .replace("%2", str(len(self.questions)))
            .replace("%3", kind)
            .replace("%4", question.text)
        )
        self.next_button.setEnabled(False)
        self._enable()
        self.input.ask(question)
        self.shown_at = time.monotonic()

    def submit(self) -> None:
        """Record the answer with the time since the question was shown; mark it when closed."""
        if self.run_id is None or not self.answer_button.isEnabled():
            return
        question = self.questions[self.index]
        text = self.input.answer(question)
        if not text:
            self.status.setText(self.tr("Give an answer, or skip the question."))
            return
        if question.kind in CLOSED and read_closed(question, text) is None:
            self.status.setText(self.tr("That is not an answer to this question; try again."))
            return
        try:
            marked = record_answer(self.context.store, self.run_id, question, text, time.monotonic() - self.shown_at)
        except SensemakingError as error:
            show_exception(self, error)
            return
        self.status.clear()
        self.answered.append((self.index + 1, question, marked))
        if self.all_at_once:
            if marked.score is None:  # graded while the next questions are answered, shown at the end
                self.pending.append((question, marked))
                self._grade_pending()
            self.next_question()
            return
        self.results.setPlainText(self._result_text(self.index + 1, question, marked))
        if marked.score is None:
            self._grade([(question, marked)])
        else:
            self._wait_for_next()

    def skip(self) -> None:
        if self.run_id is not None and self.skip_button.isEnabled():
            self.next_question()

    def _wait_for_next(self) -> None:
        last = self.index + 1 >= len(self.questions)
        self.next_button.setText(self.tr("&Finish") if last else self.tr("&Next"))
        self.next_button.setEnabled(True)
        self._enable()
        self.next_button.setFocus()

    def next_question(self) -> None:
        self.index += 1
        if self.index < len(self.questions):
            self._ask()
        else:
            self._finish()

    def _finish(self) -> None:
        assert self.run_id is not None
        self.ticker.stop()
        self.timed = None
        self.countdown.clear()
        run = finish_attempt(self.context.store, self.run_id)
        self.last_run_id = self.run_id
        collect_missed(self.context.store, self.run_id)
        self.header.setText(
            self.tr("Attempt done: %1 of %2 answered in %3.")
            .replace("%1", str(run.answered))
            .replace("%2", str(run.questions))
            .replace("%3", clock(run.total_time_s or 0))
        )
        self.next_button.setEnabled(False)
        self.run_id = None
        self.input.reset()
        self._enable()
        if self.all_at_once:
            self._show_all_results()
            self._grade_pending()
        self.show_history()

    def _show_all_results(self) -> None:
        texts = [self._result_text(position, question, marked) for position, question, marked in self.answered]
        self.results.setPlainText("\n\n".join(texts) or self.tr("No question was answered."))

    def _result_text(self, number: int, question: Question, marked: Marked) -> str:
        lines = [f"{number}. {question.text}", self.tr("Your answer: %1").replace("%1", marked.text)]
        graded = self.grades.get(marked.answer_id)
        if marked.score is not None:
            mark = "✓" if marked.correct else "✗"
            lines.append(f"{mark} {marked.score:.0f}/100. {marked.reason}")
        elif graded is not None:
            line = self.tr("Grade: %1/100. %2").replace("%1", f"{graded.score:.0f}").replace("%2", graded.reason)
            lines.append(line)
            lines.append(self.tr("Reference answer: %1").replace("%1", right_answer(question)))
        else:
            lines.append(self.tr("Not graded yet. Reference answer: %1").replace("%1", right_answer(question)))
        passage = answer_passage(self.context.store, question)
        if passage:
            lines.append(from_material(passage, question.source))
        return "\n".join(lines)

    def _grade_pending(self) -> None:
        """Send the open answers given so far to the grader, unless it is still on earlier ones."""
        if self.grading is None and self.pending:
            waiting, self.pending = self.pending, []
            self._grade(waiting)

    def _grade(self, waiting: list[tuple[Question, Marked]]) -> None:
        """Open answers go to the Evaluator in a child process, as jobs do (see job_process); each
        grade is shown when it is attached."""
        quiz_id = self.quiz_choice.quiz_id()
        assert quiz_id is not None
        answers = [OpenAnswer(marked.answer_id, quiz_id, question, marked.text) for question, marked in waiting]
        data_dir = self.context.data_dir
        grading = partial(job_requests.grade_self_test, answers=answers, model=self.model.currentData())

        def work(_store: Any, cancel: Any, report: Any) -> object:
            return run_in_child(data_dir, grading, cancel, report)

        self.progress.start(self.tr("Grading %n open answer(s)…", "", len(answers)))
        self.grading = self.context.workers.run(
            work,
            progress=self._graded,
            failed=lambda message, details: show_error(self, message, details),
            cancelled=lambda: self.status.setText(self.tr("Grading cancelled; the answers stay ungraded.")),
            finished=self._grading_done,
        )

    def cancel_grading(self) -> None:
        if self.grading is not None:
            self.grading.cancel()

    def _graded(self, graded: Graded) -> None:
        self.grades[graded.answer_id] = graded
        if self.all_at_once and self.run_id is not None:
            return  # kept until the attempt ends: its results are shown together
        if self.all_at_once or self.run_id is None:
            self._show_all_results()
        else:
            number, question, marked = self.answered[-1]
            self.results.setPlainText(self._result_text(number, question, marked))

    def _grading_done(self) -> None:
        self.grading = None
        self.progress.stop()
        if self.last_run_id is not None:
            collect_missed(self.context.store, self.last_run_id)
        if self.pending:
            self._grade_pending()
            return
        if self.run_id is not None and not self.all_at_once:
            self._wait_for_next()
        self._enable()
        self.show_history()

    def show_history(self) -> None:
        """The attempts on the chosen quiz's material, oldest first, and their mean scores."""
        material_id = self.quiz_choice.material_id()
        attempts = history(self.context.store, material_id) if self.quiz_choice.quiz_id() is not None else []
        attempts = [attempt for attempt in attempts if attempt.run.label == self.name.text().strip()]
        rows = []
        for attempt in attempts:
            run = attempt.run
            answered = f"{run.answered}/{run.questions}" + ("" if run.finished_at else self.tr(" (unfinished)"))
            rows.append(
                [
                    run.created_at[:16].replace("T", " "),
                    run.quiz_title,
                    run.label,
                    answered,
                    clock(run.total_time_s) if run.total_time_s is not None else "",
                    number(run.mean_score, 0),
                ]
            )
        fill_table(self.history, rows)
        scores = [(n, a.run.mean_score) for n, a in enumerate(attempts, start=1) if a.run.mean_score is not None]
        if scores or self.chart.canvas is not None:
            self.chart.draw(lambda axes: self._plot(axes, scores))

    def _plot(self, axes: Any, scores: list[tuple[int, float]]) -> None:
        axes.plot([n for n, _ in scores], [s for _, s in scores], marker="o")
        axes.set_ylim(0, 100)
        axes.set_xlabel(self.tr("Attempt"))
        axes.xaxis.get_major_locator().set_params(integer=True)
        axes.set_ylabel(self.tr("Mean score"))
        axes.set_title(self.tr("Score over attempts"))
