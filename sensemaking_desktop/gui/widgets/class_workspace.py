"""The grading workspace of a class, anchored on the teacher: the answers to each question in
groups (largest first), one teacher action grading a whole group or one answer, and the rest of
the class graded again from the teacher's grades after each action (`workflows.class_grading`).

Keyboard first: in the group list, the group's answers or the class table, digits type a grade
and Enter gives it, in one action, to the group, the chosen answers or the answer in focus;
arrow keys move, S splits the chosen answers off into a group of their own, M moves them to
another group, N selects the answer to grade next. The progress line above says where the
class stands after every action.

The workspace loads the grading judge and embeds the answers, so it lives in worker threads:
every task points it at that worker's own library connection, and the GUI thread only shows
the `ClassView` a task returns. One task runs at a time."""

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QEvent, QItemSelectionModel, QObject, Qt
from PySide6.QtGui import QBrush, QColor, QKeyEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFileDialog,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from sensemaking_desktop.gui.area import column
from sensemaking_desktop.gui.context import GuiContext
from sensemaking_desktop.gui.messages import show_error
from sensemaking_desktop.gui.widgets.tables import WARNING, read_only_table
from sensemaking_desktop.gui.worker import Task
from sensemaking_desktop.store.class_grades import ClassAnswer, class_answers

ANSWER = Qt.ItemDataRole.UserRole
"""The answer id a cell of the class table or a row of the group's answers stands for."""
EXPORT_FOLDER_KEY = "class-grades/folder"
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
GRADE_CHARACTERS = "0123456789.,"


def standing(answer: ClassAnswer) -> tuple[float | None, str | None]:
    """The grade that stands for an answer and where it comes from: the teacher's, else the machine's."""
    if answer.teacher_score is not None:
        return answer.teacher_score, answer.teacher_origin or "teacher"
    if answer.machine_score is not None:
        return answer.machine_score, answer.machine_origin
    return None, None


def grade_text(score: float | None, source: str | None) -> str:
    return "" if score is None else f"{score:g} {MARKS.get(source or '', '')}".strip()


def paint(cell: QTableWidgetItem, source: str | None) -> None:
    if source in COLOURS:
        cell.setBackground(QBrush(COLOURS[source]))
        cell.setForeground(QBrush(INK))


class ClassWorkspacePanel(QWidget):
    """The class workspace of the chosen quiz (`show_quiz`), opened on request (`open_class`)."""

    def __init__(self, context: GuiContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.context = context
        self.quiz_id: int | None = None
        self.workspace: Any = None
        """The quiz's `ClassWorkspace` once opened; used in workers only."""
        self.view: Any = None
        """The `ClassView` the last task returned."""
        self.answers: dict[int, ClassAnswer] = {}
        self.task: Task | None = None
        self.exporting: Task | None = None
        self.has_answers = False
        self.target = "groups"
        """Where Enter gives the typed grade: the 'groups' list, the group's 'members' or the 'class' table."""
        self._anchor: int | None = None
        self._chosen: list[int] = []

        self.progress_line = QLabel()
        self.progress_line.setObjectName("classProgress")
        self.progress_line.setWordWrap(True)
        self.progress_line.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        font = self.progress_line.font()
        font.setBold(True)
        self.progress_line.setFont(font)
        self.open_button = QPushButton(self.tr("&Open the class for grading"))
        self.open_button.clicked.connect(lambda: self.refresh() if self.workspace is not None else self.open_class())
        self.question = QComboBox()
        self.question.setAccessibleName(self.tr("Question"))
        self.question.currentIndexChanged.connect(lambda _index: self._show_question())
        self.next_button = QPushButton(self.tr("Ne&xt to grade (N)"))
        self.next_button.clicked.connect(lambda: self.next_to_grade())
        headers = [self.tr("Answers"), self.tr("Grade"), self.tr("Spread"), self.tr("Answer that stands for the group")]
        self.groups = read_only_table(headers, "classGroups")
        self.groups.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.groups.setAccessibleName(self.tr("Groups of answers, largest first"))
        self.groups.currentCellChanged.connect(lambda *_cells: self._show_members())
        self.members = read_only_table([self.tr("Student"), self.tr("Grade"), self.tr("Answer")], "classMembers")
        self.members.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.members.setAccessibleName(self.tr("Answers in the group"))
        self.members.currentCellChanged.connect(lambda *_cells: self._show_details())
        self.details = QPlainTextEdit()
        self.details.setObjectName("classDetails")
        self.details.setReadOnly(True)
        self.details.setAccessibleName(self.tr("The answer in focus"))
        self.grade_field = QLineEdit()
        self.grade_field.setObjectName("classGrade")
        self.grade_field.setPlaceholderText(self.tr("0-100, then Enter"))
        self.grade_field.setMinimumWidth(160)
        self.grade_field.returnPressed.connect(self.grade_in_focus)
        self.grade_button = QPushButton(self.tr("Gi&ve this grade"))
        self.grade_button.clicked.connect(lambda: self.grade_in_focus())
        self.split_button = QPushButton(self.tr("&Split off (S)"))
        self.split_button.clicked.connect(lambda: self.split_chosen())
        self.move_button = QPushButton(self.tr("&Move to group… (M)"))
        self.move_button.clicked.connect(lambda: self.move_chosen())
        self.class_table = QTableWidget(0, 0)
        self.class_table.setObjectName("classTable")
        self.class_table.setAccessibleName(self.tr("Grades of the class, a row per student"))
        self.class_table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.class_table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.class_table.currentCellChanged.connect(lambda *_cells: self._class_cell_chosen())
        self.legend = QLabel(self.tr("● your grade · ◆ your group action · A automatic · ? suggestion to review"))
        self.export_button = QPushButton(self.tr("&Export final grades…"))
        self.export_button.clicked.connect(lambda: self.export(wide=False))
        self.export_wide_button = QPushButton(self.tr("Export for a gra&debook…"))
        self.export_wide_button.clicked.connect(lambda: self.export(wide=True))
        self.status = QLabel()
        self.status.setObjectName("classStatus")
        self.status.setWordWrap(True)
        for table in (self.groups, self.members, self.class_table):
            table.installEventFilter(self)
        self._layout()
        self._enable()

    def _layout(self) -> None:
        top = QHBoxLayout()
        question_label = QLabel(self.tr("Questio&n:"))
        question_label.setBuddy(self.question)
        top.addWidget(question_label)
        top.addWidget(self.question, 1)
        top.addWidget(self.next_button)
        top.addWidget(self.open_button)
        groups_label = QLabel(self.tr("Grou&ps, largest first:"))
        groups_label.setBuddy(self.groups)
        members_label = QLabel(self.tr("Ans&wers in the group:"))
        members_label.setBuddy(self.members)
        grade_row = QHBoxLayout()
        grade_label = QLabel(self.tr("G&rade:"))
        grade_label.setBuddy(self.grade_field)
        grade_row.addWidget(grade_label)
        grade_row.addWidget(self.grade_field)
        for button in (self.grade_button, self.split_button, self.move_button):
            grade_row.addWidget(button)
        grade_row.addStretch(1)
        groups = QSplitter()
        groups.addWidget(column(groups_label, (self.groups, 1)))
        groups.addWidget(column(members_label, (self.members, 2), (self.details, 1)))
        groups.setSizes([600, 600])
        class_label = QLabel(self.tr("&Class, a row per student:"))
        class_label.setBuddy(self.class_table)
        export_row = QHBoxLayout()
        export_row.addWidget(self.legend, 1)
        export_row.addWidget(self.export_button)
        export_row.addWidget(self.export_wide_button)
        parts = QSplitter(Qt.Orientation.Vertical)
        parts.addWidget(column((groups, 1), grade_row))
        parts.addWidget(column(class_label, (self.class_table, 1), export_row))
        parts.setSizes([500, 300])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.progress_line)
        layout.addLayout(top)
        layout.addWidget(parts, 1)
        layout.addWidget(self.status)

    # The quiz and the workspace

    def show_quiz(self, quiz_id: int | None) -> None:
        """Show the chosen quiz: the same one again is refreshed if open; another starts closed."""
        if quiz_id == self.quiz_id and self.workspace is not None:
            self.refresh()
            return
        self.quiz_id, self.workspace, self.view, self.answers = quiz_id, None, None, {}
        answers = class_answers(self.context.store, quiz_id) if quiz_id is not None else []
        self.has_answers = bool(answers)
        self.question.clear()
        for table in (self.groups, self.members, self.class_table):
            table.setRowCount(0)
        self.class_table.setColumnCount(0)
        self.details.clear()
        self.status.clear()
        if quiz_id is None:
            self.progress_line.setText(self.tr("Choose a quiz."))
        elif not answers:
            self.progress_line.setText(
                self.tr("This quiz has no answers from people yet: import a class's answers (CSV) above.")
            )
        else:
            students = len({answer.student for answer in answers})
            self.progress_line.setText(
                self.tr("%1 answer(s) of %2 student(s). Open the class to see its answers in groups and grade them.")
                .replace("%1", str(len(answers)))
                .replace("%2", str(students))
            )
        self.open_button.setText(self.tr("&Open the class for grading"))
        self._enable()

    def open_class(self) -> None:
        """Load the grading judge and group the answers, in a worker."""
        quiz_id = self.quiz_id
        if quiz_id is None or self.task is not None:
            return

        def work(store: Any, _cancel: Any, _report: Any) -> object:
            from sensemaking_desktop.workflows.class_grading import open_workspace

            workspace = open_workspace(store, quiz_id)
            return workspace, workspace.view()

        def opened(result: Any) -> None:
            if quiz_id != self.quiz_id:
                return
            self.workspace, view = result
            self.open_button.setText(self.tr("&Update the grades"))
            self._show_view(view)
            self.status.setText(
                self.tr("Type a grade and press Enter to give it to the group in focus; N shows what to grade next.")
            )
            self.groups.setFocus()

        self._start(work, opened, self.tr("Loading the grading model and grouping the answers…"))

    def refresh(self) -> None:
        """Grade the rest of the class again from the teacher's grades (some may come from elsewhere)."""
        if self.workspace is not None and self.task is None:
            self._run(lambda workspace: workspace.regrade(), self.tr("The class is graded again from your grades."))

    def _run(
        self,
        action: Callable[[Any], object],
        done_text: str,
        then: Callable[[object], None] | None = None,
        changes: bool = True,
    ) -> None:
        """`action(workspace)` in a worker on the worker's own library connection; then the new view
        (when the action `changes` something), `done_text` and `then(result)`."""
        workspace, quiz_id = self.workspace, self.quiz_id
        if workspace is None:
            return

        def work(store: Any, _cancel: Any, _report: Any) -> object:
            workspace.store = store
            result = action(workspace)
            return result, workspace.view() if changes else None

        def done(payload: Any) -> None:
            if quiz_id != self.quiz_id or workspace is not self.workspace:
                return
            result, view = payload
            if view is not None:
                self._show_view(view)
            self.status.setText(done_text)
            if then is not None:
                then(result)

        self._start(work, done, self.tr("Working…"))

    def _start(self, work: Callable[..., object], done: Callable[[Any], None], text: str) -> None:
        if self.task is not None:
            self.status.setText(self.tr("Still working on the last step; try again in a moment."))
            return
        self.task = self.context.workers.run(work, done=done, failed=self._failed)
        self.task.settled.connect(self._settled)
        self.status.setText(text)
        self._enable()

    def _settled(self) -> None:
        self.task = None
        self._enable()

    def _failed(self, message: str, details: str) -> None:
        self.status.clear()
        show_error(self, message, details)

    def _enable(self) -> None:
        idle = self.task is None
        opened = self.view is not None
        self.open_button.setEnabled(self.has_answers and idle)
        for widget in (self.next_button, self.grade_button, self.split_button, self.move_button):
            widget.setEnabled(opened and idle)
        self.question.setEnabled(opened)
        for button in (self.export_button, self.export_wide_button):
            button.setEnabled(self.has_answers and self.exporting is None)

    # Showing the class

    def _show_view(self, view: Any) -> None:
        """Show a new view, keeping the question, the group and the answers chosen."""
        self._anchor = self._anchor_answer()
        self._chosen = self.chosen_members()
        self.view = view
        self.answers = {answer.answer_id: answer for answer in view.answers}
        self.progress_line.setText(view.summary.line())
        question_id = self.question_id()
        self.question.blockSignals(True)
        self.question.clear()
        for question in view.questions:
            label = self.tr("Q%1: %2").replace("%1", str(question.position + 1)).replace("%2", question.text[:100])
            self.question.addItem(label, question.question_id)
        index = self.question.findData(question_id)
        self.question.setCurrentIndex(max(index, 0))
        self.question.blockSignals(False)
        self._fill_class_table()
        self._show_question()
        self._enable()

    def question_id(self) -> int | None:
        data = self.question.currentData()
        return None if data is None else int(data)

    def question_groups(self) -> list[Any]:
        if self.view is None or self.question_id() is None:
            return []
        return list(self.view.groups.get(self.question_id(), []))

    def current_group(self) -> Any:
        groups, row = self.question_groups(), self.groups.currentRow()
        return groups[row] if 0 <= row < len(groups) else None

    def _anchor_answer(self) -> int | None:
        """An answer of the group in view, to find the group again once the groups are made anew."""
        group = self.current_group()
        if group is None:
            return None
        return self._chosen_or_current()[0] if self._chosen_or_current() else group.representative_id

    def _show_question(self) -> None:
        groups = self.question_groups()
        self.groups.blockSignals(True)
        self.groups.setRowCount(len(groups))
        anchored = 0
        for row, group in enumerate(groups):
            members = [self.answers[answer_id] for answer_id in group.answer_ids]
            state, source = self._group_state(members)
            representative = self.answers[group.representative_id].text
            cells = [str(len(members)), state, f"{group.spread:.2f}", " ".join(representative.split())[:200]]
            for column_index, value in enumerate(cells):
                cell = QTableWidgetItem(value)
                paint(cell, source)
                if column_index == 3:
                    cell.setToolTip(representative)
                self.groups.setItem(row, column_index, cell)
            if self._anchor in group.answer_ids:
                anchored = row
        self.groups.blockSignals(False)
        if groups:
            self.groups.setCurrentCell(anchored, 0)
        self._show_members()

    def _group_state(self, members: list[ClassAnswer]) -> tuple[str, str | None]:
        """The group's grade as one short text, and the source that colours its row."""
        standings = [standing(answer) for answer in members]
        yours = [answer for answer in members if answer.teacher_score is not None]
        scores = {score for score, _source in standings}
        sources = {source for _score, source in standings}
        if len(yours) == len(members):
            source = "teacher_group" if "teacher_group" in sources else "teacher"
            if len(scores) == 1:
                return grade_text(standings[0][0], source), source
            text = self.tr("yours, %1 to %2")
            return text.replace("%1", f"{min(scores):g}").replace("%2", f"{max(scores):g}"), source
        if yours:
            return self.tr("%1 of %2 yours").replace("%1", str(len(yours))).replace("%2", str(len(members))), None
        if sources == {None}:
            return "", None
        if len(scores) == 1 and len(sources) == 1:
            return grade_text(standings[0][0], standings[0][1]), standings[0][1]
        low, high = min(s for s in scores if s is not None), max(s for s in scores if s is not None)
        source = "suggestion" if "suggestion" in sources else "automatic"
        return self.tr("mixed, %1 to %2").replace("%1", f"{low:g}").replace("%2", f"{high:g}"), source

    def _show_members(self) -> None:
        group = self.current_group()
        ids = group.answer_ids if group is not None else []
        self.members.blockSignals(True)
        self.members.clearSelection()
        self.members.setRowCount(len(ids))
        for row, answer_id in enumerate(ids):
            answer = self.answers[answer_id]
            score, source = standing(answer)
            cells = [answer.student, grade_text(score, source), " ".join(answer.text.split())[:200]]
            for column_index, value in enumerate(cells):
                cell = QTableWidgetItem(value)
                cell.setData(ANSWER, answer_id)
                cell.setToolTip(self._explain(answer) if column_index == 1 else answer.text)
                if column_index == 1:
                    paint(cell, source)
                self.members.setItem(row, column_index, cell)
        chosen = [row for row, answer_id in enumerate(ids) if answer_id in self._chosen]
        if chosen:
            self.members.setCurrentCell(chosen[0], 0)
            select = QItemSelectionModel.SelectionFlag.Select | QItemSelectionModel.SelectionFlag.Rows
            for row in chosen[1:]:
                self.members.selectionModel().select(self.members.model().index(row, 0), select)
        elif ids:
            self.members.setCurrentCell(0, 0, QItemSelectionModel.SelectionFlag.NoUpdate)
        self.members.blockSignals(False)
        self._chosen = []
        self._show_details()

    def _explain(self, answer: ClassAnswer) -> str:
        """Where the answer's grade comes from, in one or two sentences (the tooltip of its grade)."""
        score, source = standing(answer)
        if score is None:
            return self.tr("Not graded yet.")
        if source == "teacher_group":
            return self.tr("Your grade, given to a group of answers in one action: %1.").replace("%1", f"{score:g}")
        if source == "teacher":
            return self.tr("Your grade: %1.").replace("%1", f"{score:g}")
        text = self.tr("Automatic grade %1 (confidence %2): %3") if source == "automatic" else None
        text = text or self.tr("Suggested grade %1, to review (confidence %2): %3")
        confidence = "?" if answer.machine_confidence is None else f"{answer.machine_confidence:.2f}"
        return text.replace("%1", f"{score:g}").replace("%2", confidence).replace("%3", answer.machine_reason or "")

    def _show_details(self) -> None:
        answer = self._answer_in_view()
        if answer is None:
            self.details.clear()
            return
        question = next((q for q in self.view.questions if q.question_id == answer.question_id), None)
        lines = []
        if question is not None:
            lines.append(self.tr("Question: %1").replace("%1", question.text))
            lines.append(self.tr("Reference: %1").replace("%1", question.reference or self.tr("none")))
        lines.append(self.tr("Answer by %1: %2").replace("%1", answer.student).replace("%2", answer.text))
        lines.append(self._explain(answer))
        self.details.setPlainText("\n".join(lines))

    def _answer_in_view(self) -> ClassAnswer | None:
        item = self.members.item(self.members.currentRow(), 0) if self.members.currentRow() >= 0 else None
        if item is not None:
            return self.answers.get(item.data(ANSWER))
        group = self.current_group()
        return self.answers.get(group.representative_id) if group is not None else None

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
            [self.tr("Q%1").replace("%1", str(question.position + 1)) for question in view.questions]
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

    def select_answer(self, answer_id: int, focus: bool = False) -> None:
        """Show an answer: its question, its group, it chosen among the group's answers."""
        answer = self.answers.get(answer_id)
        if answer is None:
            return
        self._anchor, self._chosen = answer_id, [answer_id]
        index = self.question.findData(answer.question_id)
        if index != self.question.currentIndex():
            self.question.setCurrentIndex(index)
        else:
            self._show_question()
        if focus:
            self.members.setFocus()
            self.target = "members"

    # The teacher's actions

    def chosen_members(self) -> list[int]:
        """The answers chosen among the group's answers, in their order."""
        rows = sorted({index.row() for index in self.members.selectionModel().selectedRows()})
        return [self.members.item(row, 0).data(ANSWER) for row in rows if self.members.item(row, 0)]

    def _chosen_or_current(self) -> list[int]:
        chosen = self.chosen_members()
        if chosen:
            return chosen
        item = self.members.item(self.members.currentRow(), 0) if self.members.currentRow() >= 0 else None
        return [item.data(ANSWER)] if item is not None else []

    def _acted_on(self) -> list[int]:
        """The answers S and M act on: those chosen in the group's answers, or the one in focus there."""
        return self._chosen_or_current() if self.target == "members" else self.chosen_members()

    def target_answers(self) -> list[int]:
        """What Enter grades: the group in focus, the chosen answers of the group, or a cell's answer."""
        if self.target == "members":
            return self._chosen_or_current()
        if self.target == "class":
            answer_id = self.class_cell_answer()
            return [] if answer_id is None else [answer_id]
        group = self.current_group()
        return list(group.answer_ids) if group is not None else []

    def grade_in_focus(self) -> None:
        """Give the typed grade to the group (or the answers) in focus, in one action."""
        if self.view is None:
            return
        typed = self.grade_field.text().strip().replace(",", ".")
        if not typed:
            self.status.setText(self.tr("Type a grade from 0 to 100 first, then press Enter."))
            return
        try:
            score = float(typed)
        except ValueError:
            score = -1.0
        if not 0 <= score <= 100:
            show_error(self, self.tr("“%1” is not a grade; type a number from 0 to 100.").replace("%1", typed))
            return
        ids = self.target_answers()
        if not ids:
            self.status.setText(self.tr("Choose a group or an answer to grade first."))
            return
        whole_group = self.target == "groups"
        text = self.tr("You gave %1 to %n answer(s) in one action.", "", len(ids)).replace("%1", f"{score:g}")

        def graded(_summary: object) -> None:
            self.grade_field.clear()
            if whole_group:
                self._to_next_group()

        self._run(lambda workspace: workspace.grade(ids, score), text, graded)

    def _to_next_group(self) -> None:
        """After a group is graded, the next group below not yet all yours."""
        groups, row = self.question_groups(), self.groups.currentRow()
        for later in range(row + 1, len(groups)):
            if any(self.answers[i].teacher_score is None for i in groups[later].answer_ids):
                self.groups.setCurrentCell(later, 0)
                return

    def split_chosen(self) -> None:
        """The chosen answers of the group become a group of their own."""
        if self.view is None:
            return
        ids, group = self._acted_on(), self.current_group()
        if not ids or group is None:
            self.status.setText(self.tr("Choose the answers to split off among the group's answers first."))
            return
        if len(ids) == len(group.answer_ids):
            self.status.setText(self.tr("These are all the answers of the group; choose fewer to split them off."))
            return
        text = self.tr("%n answer(s) split off into a group of their own.", "", len(ids))
        self._run(lambda workspace: workspace.split(ids), text, lambda _result: self.select_answer(ids[0]))

    def move_chosen(self, beside: int | None = None) -> None:
        """Move the chosen answers into another group of the question: the group of `beside`,
        else the group picked in a dialog."""
        if self.view is None:
            return
        ids, group = self._acted_on(), self.current_group()
        if not ids or group is None:
            self.status.setText(self.tr("Choose the answers to move among the group's answers first."))
            return
        if beside is None:
            others = [other for other in self.question_groups() if other is not group]
            if not others:
                self.status.setText(self.tr("This question has no other group to move answers to."))
                return
            labels = [self._group_label(other) for other in others]
            picked, accepted = QInputDialog.getItem(
                self,
                self.tr("Move to group"),
                self.tr("Move %n answer(s) to the group of:", "", len(ids)),
                labels,
                0,
                False,
            )
            if not accepted:
                return
            beside = others[labels.index(picked)].representative_id
        target = beside
        text = self.tr("%n answer(s) moved to another group.", "", len(ids))

        def move(workspace: Any) -> None:
            for answer_id in ids:
                workspace.move(answer_id, beside=target)

        self._run(move, text, lambda _result: self.select_answer(ids[0]))

    def _group_label(self, group: Any) -> str:
        text = " ".join(self.answers[group.representative_id].text.split())[:80]
        return self.tr("%n answer(s): %1", "", len(group.answer_ids)).replace("%1", text)

    def next_to_grade(self) -> None:
        """Show the answer of this question the teacher should grade next, ready for a grade."""
        question_id = self.question_id()
        if self.view is None or question_id is None:
            return

        def show(answer_id: object) -> None:
            if answer_id is None:
                self.status.setText(self.tr("Nothing is left to grade for this question."))
                return
            self.select_answer(int(answer_id), focus=True)  # type: ignore[call-overload]
            student = self.answers[int(answer_id)].student  # type: ignore[call-overload]
            self.status.setText(
                self.tr("Grade %1's answer next: type its grade and press Enter.").replace("%1", student)
            )

        self._run(lambda workspace: workspace.next_answer(question_id), "", show, changes=False)

    # Keys

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        tables = {self.groups: "groups", self.members: "members", self.class_table: "class"}
        if watched in tables:
            if event.type() == QEvent.Type.FocusIn:
                self.target = tables[watched]  # type: ignore[index]
            elif event.type() == QEvent.Type.KeyPress and self._key(event):  # type: ignore[arg-type]
                return True
        return super().eventFilter(watched, event)

    def _key(self, event: QKeyEvent) -> bool:
        """A table's key: digits type the grade, Enter gives it, S splits, M moves, N goes to the next."""
        held = event.modifiers() & (
            Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier | Qt.KeyboardModifier.MetaModifier
        )
        if held:
            return False
        key, text = event.key(), event.text()
        if text and text in GRADE_CHARACTERS:
            self.grade_field.setText(self.grade_field.text() + text)
            return True
        if key == Qt.Key.Key_Backspace and self.grade_field.text():
            self.grade_field.setText(self.grade_field.text()[:-1])
            return True
        if key == Qt.Key.Key_Escape and self.grade_field.text():
            self.grade_field.clear()
            return True
        actions: dict[int, Callable[[], None]] = {
            Qt.Key.Key_Return: self.grade_in_focus,
            Qt.Key.Key_Enter: self.grade_in_focus,
            Qt.Key.Key_S: self.split_chosen,
            Qt.Key.Key_M: self.move_chosen,
            Qt.Key.Key_N: self.next_to_grade,
        }
        action = actions.get(key)
        if action is None:
            return False
        action()
        return True

    # Final grades

    def export(self, wide: bool = False, path: Path | None = None) -> None:
        """The grades that stand as CSV: one row per answer, or (`wide`) per student for a gradebook."""
        quiz_id = self.quiz_id
        if quiz_id is None or self.exporting is not None:
            return
        if path is None:
            folder = Path(str(self.context.preferences.value(EXPORT_FOLDER_KEY, str(Path.home()))))
            name = f"quiz-{quiz_id}-{'gradebook' if wide else 'grades'}.csv"
            title = self.tr("Export for a gradebook") if wide else self.tr("Export final grades")
            chosen, _ = QFileDialog.getSaveFileName(self, title, str(folder / name), self.tr("CSV files (*.csv)"))
            if not chosen:
                return
            path = Path(chosen)
        self.context.preferences.setValue(EXPORT_FOLDER_KEY, str(path.parent))
        target = path

        def work(store: Any, _cancel: Any, _report: Any) -> object:
            from sensemaking_desktop.workflows.class_grading import export_final_grades

            return export_final_grades(store, quiz_id, target, wide=wide)

        def exported(written: Any) -> None:
            self.status.setText(self.tr("Final grades written to %1.").replace("%1", str(written)))

        self.exporting = self.context.workers.run(work, done=exported, failed=self._failed)
        self.exporting.settled.connect(self._exported)
        self._enable()

    def _exported(self) -> None:
        self.exporting = None
        self._enable()
