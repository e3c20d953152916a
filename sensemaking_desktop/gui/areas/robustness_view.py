"""The Robustness area: the adversarial suite on a quiz's answers as a job (progress, cancel),
each control class next to the genuine answers in a table and a bar chart with the core's
warnings highlighted; and the quiz's Teacher metrics and how its machine grades are spread."""

from functools import partial
from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP
from PySide6.QtWidgets import (
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QStyle,
    QVBoxLayout,
    QWidget,
)

from sensemaking_desktop.gui.area import column, side_by_side
from sensemaking_desktop.gui.context import GuiContext
from sensemaking_desktop.gui.messages import show_error
from sensemaking_desktop.gui.quiz_area import QuizModelArea
from sensemaking_desktop.gui.widgets.charts import HEIGHT as CHART_HEIGHT
from sensemaking_desktop.gui.widgets.charts import Chart
from sensemaking_desktop.gui.widgets.progress_row import ProgressRow
from sensemaking_desktop.gui.widgets.tables import fill_table, number, read_only_table
from sensemaking_desktop.store import Store
from sensemaking_desktop.store.grades import human_and_machine, review_list
from sensemaking_desktop.workflows import job_requests
from sensemaking_desktop.workflows.core import Core

BAR_HEIGHT = 12
"""Pixels per class in the bar chart, so that every class name stays readable."""
WARNING_STYLE = "QLabel { background: #ffe0b2; color: black; padding: 4px; }"


def last_suite_report(store: Store, data_dir: Any, quiz_id: int) -> dict[str, Any] | None:
    """The report of the newest suite job on the quiz, or None; runs in a worker."""
    from sensemaking_desktop.workflows.robustness import suite_report, suite_title

    queue = Core(data_dir, store).jobs
    job = next((job for job in queue.jobs() if job.kind == "robustness" and job.title == suite_title(quiz_id)), None)
    return None if job is None else suite_report(queue, job.id)


def teacher_figures(store: Store, quiz_id: int) -> Any:
    """The quiz's relevance, coverage and diversity over its material, as `metrics teacher` does."""
    from sensemaking_desktop.errors import SensemakingError
    from sensemaking_desktop.metrics.teacher import teacher_metrics
    from sensemaking_desktop.store.materials import sections_of
    from sensemaking_desktop.store.quizzes import get_quiz

    quiz = get_quiz(store, quiz_id)
    if quiz.material_id is None:
        raise SensemakingError(f"Quiz {quiz_id} has no material to measure it against.")
    text = "\n\n".join(section.text for section in sections_of(store, quiz.material_id))
    return teacher_metrics(text, [q.text for q in quiz.questions if q.status != "dropped"])


def machine_scores(store: Store, quiz_id: int) -> list[float]:
    """The latest machine grade of every graded answer: those people have graded too, and the rest."""
    both = [row[3] for row in human_and_machine(store, quiz_id)]
    return both + [item.score for item in review_list(store, quiz_id, include_all=True)]


class RobustnessView(QuizModelArea):
    TITLE = QT_TRANSLATE_NOOP("Area", "Robustness & metrics")
    ICON = QStyle.StandardPixmap.SP_MessageBoxWarning
    RESEARCH = True

    def __init__(self, context: GuiContext, parent: QWidget | None = None) -> None:
        super().__init__(context, parent)
        self.suite: Any = None
        self.report: dict[str, Any] | None = None
        self.run_button = QPushButton(self.tr("&Run the adversarial suite"))
        self.run_button.clicked.connect(self.run_suite)
        self.progress = ProgressRow()
        self.progress.cancel_requested.connect(self.cancel_suite)
        headers = [self.tr("Class"), self.tr("Answers"), self.tr("Mean score"), self.tr("Median score")]
        self.classes = read_only_table(headers, "suiteClasses")
        self.classes.setAccessibleName(self.tr("Scores per class of answer"))
        self.warnings = QLabel()
        self.warnings.setObjectName("suiteWarnings")
        self.warnings.setWordWrap(True)
        self.class_chart = Chart(self.tr("Mean score per class"))
        self.teacher = QLabel()
        self.teacher.setObjectName("teacherMetrics")
        self.teacher.setWordWrap(True)
        self.histogram = Chart(self.tr("Machine grades of the quiz's answers"))
        self.status = QLabel()
        self.status.setWordWrap(True)
        self._layout()

    def _layout(self) -> None:
        form = QFormLayout()
        form.addRow(self.tr("&Quiz:"), self.quiz_choice)
        form.addRow(self.tr("Mod&el:"), self.model)
        run_row = QHBoxLayout()
        run_row.addWidget(self.run_button)
        run_row.addWidget(self.progress, 1)
        suite = column(
            QLabel(self.tr("Adversarial suite: controls next to genuine answers")),
            (self.classes, 1),
            self.warnings,
            (self.class_chart, 1),
        )
        metrics = column(QLabel(self.tr("Teacher metrics of the quiz")), self.teacher, (self.histogram, 1))
        splitter = side_by_side(suite, metrics)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addLayout(run_row)
        layout.addWidget(splitter, 1)
        layout.addWidget(self.status)

    def show_quiz(self) -> None:
        """The quiz's last suite, Teacher metrics and grade histogram; slow reads go to workers."""
        quiz_id = self.quiz_choice.quiz_id()
        self.run_button.setEnabled(quiz_id is not None and self.suite is None)
        self.show_report(None)
        self.teacher.clear()
        if quiz_id is None:
            return
        data_dir = self.context.data_dir
        self.context.workers.run(
            lambda store, _cancel, _report: last_suite_report(store, data_dir, quiz_id),
            done=lambda report: self._report_read(quiz_id, report),
            failed=lambda message, details: show_error(self, message, details),
        )
        self.teacher.setText(self.tr("Measuring the questions against the material…"))
        self.context.workers.run(
            lambda store, _cancel, _report: teacher_figures(store, quiz_id),
            done=lambda figures: self._show_teacher(quiz_id, figures),
            failed=lambda message, _details: self.teacher.setText(message),
        )
        scores = machine_scores(self.context.store, quiz_id)
        if scores or self.histogram.canvas is not None:
            self.histogram.draw(lambda axes: self._histogram(axes, scores))

    def _report_read(self, quiz_id: int, report: dict[str, Any] | None) -> None:
        if quiz_id == self.quiz_choice.quiz_id():
            self.show_report(report)

    def _show_teacher(self, quiz_id: int, figures: Any) -> None:
        if quiz_id != self.quiz_choice.quiz_id():
            return
        if figures.questions < 2:
            self.teacher.setText(
                self.tr(
                    "Teacher metrics weigh each question against the others, so they need at least two kept "
                    "questions; this quiz has %1."
                ).replace("%1", str(figures.questions))
            )
            return
        self.teacher.setText(
            self.tr("Relevance %1, coverage %2, diversity %3 (questions: %4; windows of the material: %5).")
            .replace("%1", number(figures.relevance, 3))
            .replace("%2", number(figures.coverage, 3))
            .replace("%3", number(figures.diversity, 3))
            .replace("%4", str(figures.questions))
            .replace("%5", str(figures.windows))
        )

    def show_report(self, report: dict[str, Any] | None) -> None:
        self.report = report
        classes = report["classes"] if report else {}
        warnings = report["warnings"] if report else []
        names = list(classes)
        flagged = [row for row, name in enumerate(names) if any(w.startswith(f"{name}:") for w in warnings)]
        rows = [
            [name.replace("_", " "), str(row["n"]), number(row["mean"]), number(row["median"])]
            for name, row in classes.items()
        ]
        fill_table(self.classes, rows, flagged)
        self.warnings.setText("\n".join(f"⚠ {warning}" for warning in warnings))
        self.warnings.setStyleSheet(WARNING_STYLE if warnings else "")
        self.warnings.setVisible(bool(warnings))
        if report is None:
            if self.class_chart.canvas is not None:
                self.class_chart.draw(lambda axes: None)
            return
        self.class_chart.setMinimumHeight(max(CHART_HEIGHT, BAR_HEIGHT * len(classes) + 50))
        self.class_chart.draw(lambda axes: self._class_bars(axes, classes, flagged))

    def _class_bars(self, axes: Any, classes: dict[str, Any], flagged: list[int]) -> None:
        names = list(classes)
        colours = ["tab:orange" if row in flagged else "tab:blue" for row in range(len(names))]
        labels = [name.replace("_", " ") for name in names]
        axes.barh(labels, [classes[n]["mean"] or 0 for n in names], color=colours)
        axes.invert_yaxis()
        axes.set_xlim(0, 100)
        axes.set_xlabel(self.tr("Mean score"))
        axes.tick_params(axis="y", labelsize=7)

    def _histogram(self, axes: Any, scores: list[float]) -> None:
        axes.hist(scores, bins=list(range(0, 101, 10)), edgecolor="white")
        axes.set_xlim(0, 100)
        axes.set_xlabel(self.tr("Machine grade"))
        axes.set_ylabel(self.tr("Answers"))
        axes.yaxis.get_major_locator().set_params(integer=True)

    def run_suite(self) -> None:
        """The core's suite job over the quiz's answers, run like every other job."""
        quiz_id = self.quiz_choice.quiz_id()
        if quiz_id is None:
            return
        model = self.model.currentData()

        self.suite = self.context.jobs.submit(partial(job_requests.robustness_suite, quiz_id=quiz_id, model=model))
        self.suite.progress.connect(self._progress)
        self.suite.finished.connect(self._finished)
        self.suite.failed.connect(self._failed)
        self.progress.start(self.tr("Loading the model…"))
        self.status.clear()
        self.run_button.setEnabled(False)

    def cancel_suite(self) -> None:
        if self.suite is not None:
            self.suite.cancel()

    def _progress(self, progress: Any) -> None:
        self.progress.show_job(progress, self.tr("Grading the suite: %1 (%2 of %3 parts done)"))

    def _finished(self, info: Any) -> None:
        self._suite_done()
        if info.status == "cancelled":
            self.status.setText(self.tr("Cancelled: graded parts are kept; the Jobs area can resume the rest."))
        self.show_quiz()

    def _failed(self, message: str, details: str) -> None:
        self._suite_done()
        show_error(self, message, details)

    def _suite_done(self) -> None:
        self.suite = None
        self.progress.stop()
        self.run_button.setEnabled(self.quiz_choice.quiz_id() is not None)
