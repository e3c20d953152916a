"""How a grade shows in the class workspace's tables: the grade that stands for an answer and
where it comes from, its short mark (the legend under the class table) and its colour; and the
snapshot a worker hands back to the GUI thread after each task."""

from typing import Any

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import QTableWidgetItem

from sensemaking_desktop.gui.widgets.tables import WARNING
from sensemaking_desktop.store.class_grades import ClassAnswer

ANSWER = Qt.ItemDataRole.UserRole
"""The answer id a cell of the class table or a row of the group's answers stands for."""
MARKS = {"teacher": "●", "teacher_group": "◆", "automatic": "A", "suggestion": "?"}
"""The short mark after a grade, by where it comes from (the legend under the class table)."""
COLOURS = {
    "teacher": QColor(200, 230, 201),
    "teacher_group": QColor(220, 237, 200),
    "automatic": QColor(187, 222, 251),
    "suggestion": WARNING,
}
INK = QColor(0, 0, 0)
"""Text on the coloured backgrounds, which are light in both themes."""
CONFIDENCE, REASON = 2, 3
"""The columns of the group's answers shown in the Suggestions view only."""
translate = QCoreApplication.translate
"""The parts of the panel (class_groups.py, class_table.py, class_actions.py, class_export.py) say
their texts as `translate("ClassWorkspacePanel", …)`: Qt looks a widget's texts up under its own
class's name, the panel's, while lupdate would file a part's `self.tr` under the part's name."""


def standing(answer: ClassAnswer) -> tuple[float | None, str | None]:
    """The grade that stands for an answer and where it comes from: the teacher's, else the machine's."""
    if answer.teacher_score is not None:
        return answer.teacher_score, answer.teacher_origin or "teacher"
    if answer.machine_score is not None:
        return answer.machine_score, answer.machine_origin
    return None, None


def snapshot(workspace: Any) -> tuple[Any, dict[int, list[Any]]]:
    """The workspace's `ClassView` and each question's suggestions to check (in a worker)."""
    view = workspace.view()
    return view, {question.question_id: workspace.review_groups(question.question_id) for question in view.questions}


def grade_text(score: float | None, source: str | None) -> str:
    return "" if score is None else f"{score:g} {MARKS.get(source or '', '')}".strip()


def paint(cell: QTableWidgetItem, source: str | None) -> None:
    if source in COLOURS:
        cell.setBackground(QBrush(COLOURS[source]))
        cell.setForeground(QBrush(INK))
