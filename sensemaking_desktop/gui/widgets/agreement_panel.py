"""How the machine's grades of a quiz agree with people's so far: the core's agreement report
over every answer both have graded, a machine-vs-human scatter plot and a bar per question."""

from typing import Any

from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from sensemaking_desktop.gui.widgets.charts import Chart
from sensemaking_desktop.gui.widgets.tables import number
from sensemaking_desktop.store import Store
from sensemaking_desktop.store.grades import human_and_machine
from sensemaking_desktop.store.quizzes import get_quiz


class AgreementPanel(QWidget):
    def __init__(self, store: Store, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.store = store
        self.report: Any = None
        self.figures = QLabel()
        self.figures.setObjectName("agreementFigures")
        self.figures.setWordWrap(True)
        self.scatter = Chart(self.tr("Machine grades against human grades"))
        self.bars = Chart(self.tr("Agreement per question"))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.figures)
        layout.addWidget(self.scatter, 1)
        layout.addWidget(self.bars, 1)

    def show_quiz(self, quiz_id: int | None) -> None:
        pairs = human_and_machine(self.store, quiz_id) if quiz_id is not None else []
        if not pairs:
            self.report = None
            self.figures.setText(self.tr("No answer has both a person's and a machine grade yet."))
            return
        from sensemaking_desktop.metrics.agreement import agreement_report

        human, machine = [row[2] for row in pairs], [row[3] for row in pairs]
        self.report = agreement_report(human, machine, [str(row[1]) for row in pairs]).as_json()
        overall = self.report["overall"]
        same = "" if overall["class_accuracy"] is None else f"{overall['class_accuracy']:.0%}"
        self.figures.setText(
            self.tr(
                "%n answer(s) graded by you and by the app. You agree on right, partly right or wrong for %2 of "
                "them; the app's grades are typically %3 points from yours.",
                "",
                overall["n"],
            )
            .replace("%2", same)
            .replace("%3", number(overall["rmse"], 0))
        )
        self.figures.setToolTip(
            self.tr("Pearson %1, Spearman %2, quadratic weighted kappa %3, root mean square error %4.")
            .replace("%1", number(overall["pearson"], 2))
            .replace("%2", number(overall["spearman"], 2))
            .replace("%3", number(overall["qwk"], 2))
            .replace("%4", number(overall["rmse"]))
        )
        self.scatter.draw(lambda axes: self._scatter(axes, human, machine))
        positions = {str(q.id): n for n, q in enumerate(get_quiz(self.store, quiz_id).questions, start=1)}
        per_question = self.report["per_question"]
        self.bars.draw(lambda axes: self._bars(axes, per_question, positions))

    def _scatter(self, axes: Any, human: list[float], machine: list[float]) -> None:
        axes.scatter(human, machine, alpha=0.7)
        axes.plot([0, 100], [0, 100], linestyle="--", color="grey")
        axes.set_xlim(-5, 105)
        axes.set_ylim(-5, 105)
        axes.set_xlabel(self.tr("Human grade"))
        axes.set_ylabel(self.tr("Machine grade"))

    def _bars(self, axes: Any, per_question: dict[str, Any], positions: dict[str, int]) -> None:
        keys = sorted(per_question, key=lambda key: positions.get(key, 0))
        shares = [100 * (per_question[key]["class_accuracy"] or 0) for key in keys]
        axes.bar([self.tr("Q%1").replace("%1", str(positions.get(key, key))) for key in keys], shares)
        axes.set_ylim(0, 100)
        axes.set_ylabel(self.tr("Same class (%)"))
