"""The Experiments area: write or load an experiment's TOML (checked as it is typed), run it as a
job with progress per cell, read its leaderboard with intervals and a forest plot of one
metric across configurations; and judge IDEAlign triplets: three cards, 1, 2 or 3 picks the
odd one out."""

from functools import partial
from pathlib import Path
from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QStyle,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from sensemaking_desktop.errors import SensemakingError
from sensemaking_desktop.gui.area import Area, column, side_by_side
from sensemaking_desktop.gui.context import GuiContext
from sensemaking_desktop.gui.messages import show_error
from sensemaking_desktop.gui.widgets.charts import Chart
from sensemaking_desktop.gui.widgets.progress_row import ProgressRow
from sensemaking_desktop.gui.widgets.tables import fill_table, read_only_table
from sensemaking_desktop.workflows import job_requests
from sensemaking_desktop.workflows.experiments.leaderboard import format_interval, leaderboard, list_experiments
from sensemaking_desktop.workflows.experiments.spec import parse_spec
from sensemaking_desktop.workflows.triplets import get_set, list_sets, pending_for, record_judgment

CARD_STYLE = "QLabel { border: 1px solid palette(mid); border-radius: 6px; padding: 10px; }"


class ExperimentsView(Area):
    TITLE = QT_TRANSLATE_NOOP("Area", "Experiments")
    ICON = QStyle.StandardPixmap.SP_FileDialogInfoView
    RESEARCH = True

    def __init__(self, context: GuiContext, parent: QWidget | None = None) -> None:
        super().__init__(context, parent)
        self.running: Any = None
        self.started_id: int | None = None
        """The experiment the running job fills, selected when it ends."""
        self.board: dict[str, Any] | None = None
        self.base = Path.cwd()
        self.editor = QPlainTextEdit()
        self.editor.setObjectName("experimentEditor")
        self.editor.setAccessibleName(self.tr("Experiment (TOML)"))
        self.editor.textChanged.connect(self.check)
        self.validation = QLabel()
        self.validation.setObjectName("experimentValidation")
        self.validation.setWordWrap(True)
        self.open_button = QPushButton(self.tr("&Open…"))
        self.open_button.clicked.connect(self.open_file)
        self.save_button = QPushButton(self.tr("&Save…"))
        self.save_button.clicked.connect(self.save_file)
        self.run_button = QPushButton(self.tr("&Run"))
        self.run_button.clicked.connect(self.run)
        self.progress = ProgressRow()
        self.progress.cancel_requested.connect(self.cancel)
        self.experiment_choice = QComboBox()
        self.experiment_choice.setAccessibleName(self.tr("Experiment"))
        self.experiment_choice.currentIndexChanged.connect(lambda _index: self.show_experiment())
        self.table = read_only_table([self.tr("Configuration")], "leaderboard")
        self.table.setAccessibleName(self.tr("Leaderboard"))
        self.metric_choice = QComboBox()
        self.metric_choice.setAccessibleName(self.tr("Metric in the plot"))
        self.metric_choice.currentIndexChanged.connect(lambda _index: self.plot())
        self.forest = Chart(self.tr("The metric with its interval for each configuration"))
        self.triplets = TripletJudging(context)
        self._layout()
        self.check()

    def _layout(self) -> None:
        buttons = QHBoxLayout()
        for button in (self.open_button, self.save_button, self.run_button):
            buttons.addWidget(button)
        buttons.addWidget(self.progress, 1)
        editor = column(buttons, (self.editor, 1), self.validation)
        choose = QFormLayout()
        choose.addRow(self.tr("E&xperiment:"), self.experiment_choice)
        choose.addRow(self.tr("&Metric:"), self.metric_choice)
        results = column(choose, (self.table, 1), (self.forest, 1))
        tabs = QTabWidget()
        tabs.addTab(side_by_side(editor, results), self.tr("Leaderboard"))
        tabs.addTab(self.triplets, self.tr("Triplets"))
        layout = QVBoxLayout(self)
        layout.addWidget(tabs)

    def opened(self) -> None:
        self.fill_experiments()
        self.triplets.fill_sets()

    def check(self) -> bool:
        """Validate the spec as it is typed; Run is enabled only for a valid one."""
        try:
            spec = parse_spec(self.editor.toPlainText(), self.tr("The experiment"))
        except SensemakingError as error:
            self.validation.setText(str(error) if self.editor.toPlainText().strip() else "")
            self.run_button.setEnabled(False)
            return False
        valid = self.tr("Valid: %n configuration(s)", "", len(spec.cells()))
        self.validation.setText(valid + " " + self.tr("over %n dataset(s).", "", len(spec.datasets)))
        self.run_button.setEnabled(self.running is None)
        return True

    def load(self, path: Path) -> None:
        try:
            self.editor.setPlainText(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError) as error:
            show_error(self, self.tr("Cannot read %1: %2").replace("%1", str(path)).replace("%2", str(error)))
            return
        self.base = path.parent

    def open_file(self) -> None:
        name, _ = QFileDialog.getOpenFileName(self, self.tr("Open an experiment"), str(self.base), "TOML (*.toml)")
        if name:
            self.load(Path(name))

    def save_file(self) -> None:
        name, _ = QFileDialog.getSaveFileName(self, self.tr("Save the experiment"), str(self.base), "TOML (*.toml)")
        if name:
            Path(name).write_text(self.editor.toPlainText(), encoding="utf-8")
            self.base = Path(name).parent

    def run(self) -> None:
        """The experiment as a job through the window's job runner, like every other job."""
        if not self.check():
            return
        submit = partial(job_requests.experiment, text=self.editor.toPlainText(), base=self.base)
        self.running = self.context.jobs.submit(submit)
        self.running.started.connect(self._started)
        self.running.progress.connect(self._progress)
        self.running.finished.connect(self._finished)
        self.running.failed.connect(self._failed)
        self.progress.start(self.tr("Reading the datasets and loading the model…"))
        self.run_button.setEnabled(False)

    def _started(self, _job_id: int, experiment_id: int) -> None:
        self.started_id = experiment_id

    def cancel(self) -> None:
        if self.running is not None:
            self.running.cancel()

    def _progress(self, progress: Any) -> None:
        self.progress.show_job(progress, self.tr("Cell %1 (%2 of %3 parts done)"))

    def _finished(self, _info: Any) -> None:
        self._stopped()
        self.fill_experiments(self.started_id)

    def _failed(self, message: str, details: str) -> None:
        self._stopped()
        show_error(self, message, details)

    def _stopped(self) -> None:
        self.running = None
        self.progress.stop()
        self.check()

    def fill_experiments(self, select: int | None = None) -> None:
        current = select if select is not None else self.experiment_choice.currentData()
        self.experiment_choice.blockSignals(True)
        self.experiment_choice.clear()
        for row in reversed(list_experiments(self.context.store)):
            self.experiment_choice.addItem(f"{row['id']} · {row['name']} ({row['role']})", row["id"])
        index = self.experiment_choice.findData(current)
        self.experiment_choice.setCurrentIndex(max(index, 0))
        self.experiment_choice.blockSignals(False)
        self.show_experiment()

    def show_experiment(self) -> None:
        """The chosen experiment's leaderboard (bootstrap runs in a worker)."""
        experiment_id = self.experiment_choice.currentData()
        if experiment_id is None:
            return
        self.context.workers.run(
            lambda store, _cancel, _report: leaderboard(store, experiment_id),
            done=self.show_board,
            failed=lambda message, details: show_error(self, message, details),
        )

    def show_board(self, board: dict[str, Any]) -> None:
        self.board = board
        names = sorted({name for row in board["rows"] for name in row["metrics"]})
        self.table.setColumnCount(len(names) + 1)
        self.table.setHorizontalHeaderLabels([self.tr("Configuration"), *names])
        rows = [[row["label"], *(format_interval(row["metrics"].get(name)) for name in names)] for row in board["rows"]]
        fill_table(self.table, rows)
        chosen = self.metric_choice.currentText()
        self.metric_choice.blockSignals(True)
        self.metric_choice.clear()
        self.metric_choice.addItems(names)
        self.metric_choice.setCurrentIndex(max(self.metric_choice.findText(chosen), 0))
        self.metric_choice.blockSignals(False)
        self.plot()

    def plot(self) -> None:
        """A forest plot: each configuration's value of the metric with its interval."""
        name = self.metric_choice.currentText()
        if self.board is None or not name:
            return
        rows = [(row["label"], row["metrics"].get(name) or {}) for row in self.board["rows"]]
        shown = [(label, m) for label, m in rows if m.get("value") is not None]
        self.forest.draw(lambda axes: self._forest(axes, name, shown))

    def _forest(self, axes: Any, name: str, rows: list[tuple[str, dict[str, Any]]]) -> None:
        for position, (_label, metric) in enumerate(rows):
            low = metric["ci_low"] if metric["ci_low"] is not None else metric["value"]
            high = metric["ci_high"] if metric["ci_high"] is not None else metric["value"]
            axes.errorbar(
                metric["value"],
                position,
                xerr=[[metric["value"] - low], [high - metric["value"]]],
                fmt="o",
                capsize=4,
                color="tab:blue",
            )
        axes.set_yticks(range(len(rows)), [label for label, _ in rows], fontsize=7)
        axes.invert_yaxis()
        axes.set_xlabel(name)


class TripletJudging(QWidget):
    """Three cards of one triplet; the keys 1, 2 and 3 (or the buttons) pick the odd one out."""

    def __init__(self, context: GuiContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.context = context
        self.pending: list[dict[str, Any]] = []
        self.items: list[str] = []
        self.set_choice = QComboBox()
        self.set_choice.setAccessibleName(self.tr("Triplet set"))
        self.set_choice.currentIndexChanged.connect(lambda _index: self.next_triplet())
        self.judge = QLineEdit()
        self.judge.setAccessibleName(self.tr("Your name"))
        self.judge.setPlaceholderText(self.tr("Your name, kept with your judgments"))
        self.judge.editingFinished.connect(self.next_triplet)
        self.cards = [QLabel() for _ in range(3)]
        self.buttons = [QPushButton(self.tr("%1: odd one out").replace("%1", str(n + 1))) for n in range(3)]
        self.state = QLabel()
        self.state.setObjectName("tripletState")
        cards = QHBoxLayout()
        for number, (card, button) in enumerate(zip(self.cards, self.buttons)):
            card.setWordWrap(True)
            card.setStyleSheet(CARD_STYLE)
            card.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
            button.clicked.connect(lambda _checked=False, odd=number: self.choose(odd))
            cards.addWidget(column((card, 1), button), 1)
        form = QFormLayout()
        form.addRow(self.tr("&Set:"), self.set_choice)
        form.addRow(self.tr("&Judge:"), self.judge)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(QLabel(self.tr("Which text is least like the other two? Press 1, 2 or 3.")))
        layout.addLayout(cards, 1)
        layout.addWidget(self.state)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 (Qt's name)
        """1, 2 or 3 picks the odd one out; the name field keeps its own typing."""
        keys = {Qt.Key.Key_1: 0, Qt.Key.Key_2: 1, Qt.Key.Key_3: 2}
        if event.key() in keys:
            self.choose(keys[event.key()])
            return
        super().keyPressEvent(event)

    def fill_sets(self) -> None:
        current = self.set_choice.currentData()
        self.set_choice.blockSignals(True)
        self.set_choice.clear()
        for row in list_sets(self.context.store):
            self.set_choice.addItem(f"{row['id']} · {row['name']}", row["id"])
        self.set_choice.setCurrentIndex(max(self.set_choice.findData(current), 0))
        self.set_choice.blockSignals(False)
        self.next_triplet()

    def next_triplet(self) -> None:
        """Show the first triplet this judge has not judged yet."""
        set_id, judge = self.set_choice.currentData(), self.judge.text().strip()
        self.pending = pending_for(self.context.store, set_id, judge) if set_id is not None and judge else []
        self.items = get_set(self.context.store, set_id)["items"] if set_id is not None else []
        triplet = self.pending[0] if self.pending else None
        for number, card in enumerate(self.cards):
            card.setText(f"{number + 1}. {self.items[triplet['items'][number]]}" if triplet else "")
        for button in self.buttons:
            button.setEnabled(triplet is not None)
        if set_id is None:
            self.state.setText(self.tr("No triplet sets yet: `sensemaking triplets create` makes one."))
        elif not judge:
            self.state.setText(self.tr("Type your name to start judging."))
        else:
            self.state.setText(self.tr("%n triplet(s) left to judge.", "", len(self.pending)))
            self.setFocus()

    def choose(self, odd: int) -> None:
        """Keep the judge's choice for the triplet shown, then show the next one."""
        if not self.pending or not self.judge.text().strip():
            return
        record_judgment(
            self.context.store, self.pending[0]["id"], judge_kind="person", judge=self.judge.text().strip(), odd=odd
        )
        self.next_triplet()
