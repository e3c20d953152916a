"""The Grading area: import a class's answers from a spreadsheet, then grade them in groups,
anchored on the teacher's own grades (the class workspace, first tab), or with the Evaluator as
a job (progress and cancel here and in the Jobs area), reviewing the grades it is least sure of
with the keyboard and seeing how its grades agree with people's so far (second tab, named "Let the
app grade": the tabs say what they do, the role's name stays in Models and docs/). The bar
at the top says what to do next and points to the button that does it: one button per action."""

from functools import partial
from pathlib import Path
from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP
from PySide6.QtWidgets import (
    QCheckBox,
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QStyle,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from sensemaking_desktop.gui.area import column, side_by_side
from sensemaking_desktop.gui.context import GuiContext
from sensemaking_desktop.gui.messages import show_error
from sensemaking_desktop.gui.quiz_area import QuizModelArea
from sensemaking_desktop.gui.widgets.agreement_panel import AgreementPanel
from sensemaking_desktop.gui.widgets.class_workspace import ClassWorkspacePanel
from sensemaking_desktop.gui.widgets.next_step import NextStep
from sensemaking_desktop.gui.widgets.progress_row import ProgressRow
from sensemaking_desktop.gui.widgets.review_panel import ReviewPanel
from sensemaking_desktop.interchange.class_answers import Columns
from sensemaking_desktop.store.class_grades import class_answers
from sensemaking_desktop.store.grades import review_list
from sensemaking_desktop.workflows import job_requests
from sensemaking_desktop.workflows.job_outcomes import GradeCounts

IMPORT_FOLDER_KEY = "class-answers/folder"


class GradingView(QuizModelArea):
    TITLE = QT_TRANSLATE_NOOP("Area", "Grading")
    ICON = QStyle.StandardPixmap.SP_DialogYesButton

    def __init__(self, context: GuiContext, parent: QWidget | None = None) -> None:
        super().__init__(context, parent)
        self.grading: Any = None
        defaults = Columns()
        self.columns = {
            "student": QLineEdit(defaults.student),
            "question": QLineEdit(defaults.question),
            "answer": QLineEdit(defaults.answer),
        }
        self.import_button = QPushButton(self.tr("&Import class answers (CSV)…"))
        self.import_button.clicked.connect(self.import_answers)
        self.regrade = QCheckBox(self.tr("Grade agai&n answers that have a machine grade"))
        self.grade_button = QPushButton(self.tr("&Grade answers"))
        self.grade_button.clicked.connect(self.grade)
        self.progress = ProgressRow()
        self.progress.cancel_requested.connect(self.cancel_grading)
        self.progress.keep_place()
        self.review = ReviewPanel(context.store)
        self.agreement = AgreementPanel(context.store)
        self.review.reviewed.connect(self.show_agreement)
        self.review.reviewed.connect(lambda: self.class_grading.refresh())
        self.class_grading = ClassWorkspacePanel(context)
        self.tabs = QTabWidget()
        self.tabs.currentChanged.connect(lambda _index: self._tab_shown())
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.next_step = NextStep()
        self._layout()

    def _layout(self) -> None:
        chooser = QHBoxLayout()
        chooser.addWidget(QLabel(self.tr("Quiz:")))
        chooser.addWidget(self.quiz_choice, 1)
        columns = QGroupBox(self.tr("Columns of the answers file"))
        column_form = QHBoxLayout(columns)
        texts = (self.tr("S&tudent:"), self.tr("&Question:"), self.tr("&Answer:"))
        for text, field in zip(texts, self.columns.values(), strict=True):
            label = QLabel(text)
            label.setBuddy(field)
            column_form.addWidget(label)
            column_form.addWidget(field)
        column_form.addWidget(self.import_button)
        grade_form = QFormLayout()
        grade_form.addRow(self.tr("Mod&el:"), self.model)
        grade_row = QHBoxLayout()
        grade_row.addWidget(self.regrade)
        grade_row.addWidget(self.grade_button)
        grade_row.addWidget(self.progress, 1)
        splitter = side_by_side(self.review, self.agreement)
        self.evaluator = column(grade_form, grade_row, (splitter, 1))
        self.tabs.addTab(self.class_grading, self.tr("Grade in groups"))
        self.tabs.addTab(self.evaluator, self.tr("Let the app grade"))
        layout = QVBoxLayout(self)
        layout.addWidget(self.next_step)
        layout.addLayout(chooser)
        layout.addWidget(columns)
        layout.addWidget(self.tabs, 1)
        layout.addWidget(self.status)

    def show_quiz(self) -> None:
        quiz_id = self.quiz_choice.quiz_id()
        self.review.show_quiz(quiz_id)
        self.class_grading.show_quiz(quiz_id)
        self.show_agreement()
        self._enable()
        self._show_next_step()

    def _show_next_step(self) -> None:
        """What is missing first: a quiz, then people's answers to it, then a grade for each."""
        quiz_id = self.quiz_choice.quiz_id()
        answers = class_answers(self.context.store, quiz_id) if quiz_id is not None else []
        if quiz_id is None:
            self.next_step.offer(
                self.tr("There is no quiz to grade yet: make one in the Quizzes area first."),
                self.tr("Go to Quizzes"),
                lambda: self.open_requested.emit("QuizView"),
            )
        elif not answers and (self_tests := self._self_test_reviews(quiz_id)):
            self.next_step.offer(
                self.tr(
                    "No class's answers to this quiz yet, but %n of your self-test grades are worth a second look: "
                    "the least sure first. To grade a class, import its answers (CSV) below.",
                    "",
                    self_tests,
                ),
                self.tr("Review them"),
                lambda: self.tabs.setCurrentWidget(self.evaluator),
            )
        elif not answers:
            self.next_step.note(
                self.tr(
                    "No answers to this quiz yet: import your class's answers from a spreadsheet saved as CSV, "
                    "a row per student and question, with Import class answers (CSV) below."
                )
            )
        elif (ungraded := self._ungraded(quiz_id, answers)) and self.grading is None:
            self.next_step.note(
                self.tr(
                    "%n answer(s) wait for a grade: open the class below and grade them in groups, or let the "
                    "app grade them all under Let the app grade.",
                    "",
                    ungraded,
                )
            )
        else:
            self.next_step.clear()

    def _self_test_reviews(self, quiz_id: int) -> int:
        """How many self-test grades the review list offers: the banner counts what the list shows
        below it, so it never says there is nothing while there is something to review."""
        return sum(item.self_test for item in review_list(self.context.store, quiz_id))

    def _ungraded(self, quiz_id: int, answers: list[Any]) -> int:
        """How many of `answers` have no grade yet, neither a person's nor a machine's."""
        machine = {item.answer_id for item in review_list(self.context.store, quiz_id, include_all=True)}
        return sum(
            answer.teacher_score is None and answer.machine_score is None and answer.answer_id not in machine
            for answer in answers
        )

    def show_agreement(self) -> None:
        self.agreement.show_quiz(self.quiz_choice.quiz_id())

    def _tab_shown(self) -> None:
        """The Evaluator's review shown again: the class workspace may have changed its grades."""
        if self.tabs.currentWidget() is self.evaluator:
            self.review.reload(self.review.list.currentRow())
            self.show_agreement()

    def _enable(self) -> None:
        has_quiz = self.quiz_choice.quiz_id() is not None
        self.import_button.setEnabled(has_quiz)
        self.grade_button.setEnabled(has_quiz and self.grading is None)

    def import_answers(self, path: Path | None = None) -> None:
        """Read a class's answers (one run per student) from a CSV file in a worker."""
        quiz_id = self.quiz_choice.quiz_id()
        if quiz_id is None:
            return
        if not path:
            folder = str(self.context.preferences.value(IMPORT_FOLDER_KEY, str(Path.home())))
            name, _ = QFileDialog.getOpenFileName(
                self, self.tr("Import class answers"), folder, self.tr("Spreadsheets (*.csv *.tsv *.txt)")
            )
            if not name:
                return
            path = Path(name)
        self.context.preferences.setValue(IMPORT_FOLDER_KEY, str(path.parent))
        columns = Columns(**{key: field.text().strip() or key for key, field in self.columns.items()})
        source = path

        def work(store: Any, _cancel: Any, _report: Any) -> object:
            from sensemaking_desktop.interchange.class_answers import import_answers

            return import_answers(store, quiz_id, source, columns)

        self.status.setText(self.tr("Importing %1…").replace("%1", path.name))
        self.context.workers.run(work, done=self._imported, failed=self._failed)

    def _imported(self, imported: Any) -> None:
        text = self.tr("Imported %n answer(s)", "", imported.answers) + " "
        text += self.tr("of %n student(s).", "", imported.runs)
        held = imported.unchanged + len(imported.changed)
        if held:
            left = self.tr(
                "%1 left out: the quiz already holds those students' answers, which stand with their grades."
            )
            text += " " + left.replace("%1", str(held))
        self.status.setText(text)
        self.context.events.quizzes_changed.emit()

    def _failed(self, message: str, details: str) -> None:
        self.status.clear()
        show_error(self, message, details)

    def grade(self) -> None:
        """Grade the quiz's answers as the core's grade job, run like every other job."""
        quiz_id = self.quiz_choice.quiz_id()
        if quiz_id is None:
            return
        model, regrade = self.model.currentData(), self.regrade.isChecked()

        submit = partial(job_requests.grade, quiz_id=quiz_id, model=model, regrade=regrade)
        self.grading = self.context.jobs.submit(submit)
        self.grading.progress.connect(self._progress)
        self.grading.finished.connect(self._finished)
        self.grading.failed.connect(self._grading_failed)
        self.tabs.setCurrentWidget(self.evaluator)
        self.progress.start(self.tr("Loading the model…"))
        self.status.clear()
        self._enable()
        self.next_step.clear()

    def cancel_grading(self) -> None:
        if self.grading is not None:
            self.grading.cancel()

    def _progress(self, progress: Any) -> None:
        self.progress.show_job(progress, self.tr("Grading: %1 (%2 of %3 parts done)"))

    def _finished(self, info: Any) -> None:

        self._grading_done()
        outcomes = self.context.core.jobs.items(info.id)
        counts = GradeCounts.of(outcomes)
        line = self.tr("%n answer(s) graded,", "", counts.graded) + " "
        line += self.tr("%n to review.", "", counts.needs_review)
        if info.status == "cancelled":
            line += " " + self.tr("Cancelled: graded parts are kept; the Jobs area can resume the rest.")
        self.status.setText(line)
        failures = [item["error"] for item in outcomes if item["status"] == "failed"]
        if failures:
            show_error(self, "\n".join(failures))
        self.show_quiz()

    def _grading_failed(self, message: str, details: str) -> None:
        self._grading_done()
        show_error(self, message, details)

    def _grading_done(self) -> None:
        self.grading = None
        self.progress.stop()
        self._enable()
        self._show_next_step()
