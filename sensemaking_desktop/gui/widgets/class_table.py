"""The class workspace's class table: a row per student, a column per question, each cell the
grade that stands for the answer, marked and coloured by where it comes from (the legend
beneath); choosing a cell shows its answer in its group.

A part of `ClassWorkspacePanel` (class_workspace.py)."""

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractItemView, QLabel, QTableWidget, QTableWidgetItem

from sensemaking_desktop.gui.widgets.class_cells import ANSWER, grade_text, paint, standing, translate


class ClassTable:
    """The class table and its legend, for `ClassWorkspacePanel`."""

    def _build_class_table(self) -> None:
        """The class table with its legend."""
        self.class_table = QTableWidget(0, 0)
        self.class_table.setObjectName("classTable")
        self.class_table.setAccessibleName(translate("ClassWorkspacePanel", "Grades of the class, a row per student"))
        self.class_table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.class_table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.class_table.currentCellChanged.connect(lambda *_cells: self._class_cell_chosen())
        self.legend = QLabel(
            translate(
                "ClassWorkspacePanel", "● your grade · ◆ your group action · A automatic · ? suggestion to review"
            )
        )

    def _fill_class_table(self) -> None:
        view = self.view
        students = list(dict.fromkeys(answer.student for answer in view.answers))
        columns = {question.question_id: index for index, question in enumerate(view.questions)}
        row, column_index = self.class_table.currentRow(), self.class_table.currentColumn()
        self.class_table.blockSignals(True)
        self.class_table.clear()
        self.class_table.setRowCount(len(students))
        self.class_table.setColumnCount(len(view.questions))
        self.class_table.setVerticalHeaderLabels(students)
        self.class_table.setHorizontalHeaderLabels(
            [
                translate("ClassWorkspacePanel", "Q%1").replace("%1", str(question.position + 1))
                for question in view.questions
            ]
        )
        for index, question in enumerate(view.questions):
            self.class_table.horizontalHeaderItem(index).setToolTip(question.text)
        rows = {student: index for index, student in enumerate(students)}
        for answer in view.answers:
            score, source = standing(answer)
            cell = QTableWidgetItem(grade_text(score, source))
            cell.setData(ANSWER, answer.answer_id)
            cell.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
            cell.setToolTip(f"{answer.student}: {answer.text}\n{self._explain(answer)}")
            paint(cell, source)
            self.class_table.setItem(rows[answer.student], columns[answer.question_id], cell)
        if row >= 0 and column_index >= 0:
            self.class_table.setCurrentCell(min(row, len(students) - 1), min(column_index, len(view.questions) - 1))
        self.class_table.blockSignals(False)

    def class_cell_answer(self) -> int | None:
        item = self.class_table.currentItem()
        return None if item is None else item.data(ANSWER)

    def _class_cell_chosen(self) -> None:
        """A cell of the class table shows its answer in its group."""
        answer_id = self.class_cell_answer()
        if answer_id is not None:
            self.select_answer(answer_id)
