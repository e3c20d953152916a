"""The grading workspace of a class, anchored on the teacher: the answers to each question in
groups (largest first), one teacher action grading a whole group or one answer, and the rest of
the class graded again from the teacher's grades after each action (`workflows.class_grading`).

Keyboard first: in the group list, the group's answers or the class table, digits type a grade
and Enter gives it, in one action, to the group, the chosen answers or the answer in focus;
arrow keys move (Right from a list to its answers, Left back), S splits the chosen answers off
into a group of their own, M moves them to another group, N selects the answer to grade next.
The progress line above says where the class stands after every action.

Once the teacher has graded every group of a question, the app's suggestions for the rest are
checked in the second view of the list, "Suggestions to check": the answers the app suggests the
same grade for together, largest first (`ClassWorkspace.review_groups`). Enter with nothing
typed confirms a whole group of suggestions in one action (`ClassWorkspace.confirm`), or the
answers chosen among its answers; a number and Enter grades them instead, and an answer graded
on its own leaves the group. The view comes up by itself once, when the last group of the
question gets a grade and the teacher is not typing one.

The panel is built from parts, a module each: the answer groups (class_groups.py), the class
table (class_table.py), the teacher's actions and keys (class_actions.py) and the export of final
grades (class_export.py); how a grade shows is class_cells.py's. This module lays them out,
opens the class and runs each task.

The workspace loads the grading judge and embeds the answers, so it lives in worker threads:
every task points it at that worker's own library connection, and the GUI thread only shows
the `ClassView` a task returns. One task runs at a time."""

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QButtonGroup, QComboBox, QHBoxLayout, QLabel, QPushButton, QSplitter, QVBoxLayout, QWidget

from sensemaking_desktop.gui.area import column
from sensemaking_desktop.gui.context import GuiContext
from sensemaking_desktop.gui.messages import show_error
from sensemaking_desktop.gui.widgets.class_actions import TeacherActions
from sensemaking_desktop.gui.widgets.class_cells import snapshot
from sensemaking_desktop.gui.widgets.class_export import GradeExport
from sensemaking_desktop.gui.widgets.class_groups import GroupPanel
from sensemaking_desktop.gui.widgets.class_table import ClassTable
from sensemaking_desktop.gui.worker import Task
from sensemaking_desktop.store.class_grades import ClassAnswer, class_answers


class ClassWorkspacePanel(GroupPanel, ClassTable, TeacherActions, GradeExport, QWidget):
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
        """Where Enter gives the typed grade: the 'groups' list, the 'reviews' list (of suggestions),
        the group's 'members' or the 'class' table."""
        self.mode = "groups"
        """What the list shows: the answer 'groups' or the 'suggestions' to check."""
        self.reviews_by_question: dict[int, list[Any]] = {}
        """Each question's `ReviewGroup`s, from the last task."""
        self._offered: set[int] = set()
        """The questions whose suggestions came up by themselves once their groups were graded."""
        self._anchor: int | None = None
        self._chosen: list[int] = []
        self._review_before: tuple[float | None, set[int], int] | None = None
        """The group of suggestions in view before a refresh (grade, answers, row), to find it again."""
        self._member_row: int | None = None
        """The answer's row to show in focus after a refresh, when the answer in focus left its group."""

        self._build_navigation()
        self._build_lists()
        self._build_grade_actions()
        self._build_class_table()
        self._build_exports()
        for table in (self.groups, self.reviews, self.members, self.class_table):
            table.installEventFilter(self)
        self._layout()
        self._enable()

    def _build_navigation(self) -> None:
        """The progress line, the question, the buttons that open the class, go to the next
        answer to grade and switch the list between groups and suggestions, and the status line."""
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
        self.groups_button = QPushButton(self.tr("Answer grou&ps"))
        self.suggestions_button = QPushButton(self.tr("Suggestions to chec&k"))
        self.view_choice = QButtonGroup(self)
        for mode, button in (("groups", self.groups_button), ("suggestions", self.suggestions_button)):
            button.setCheckable(True)
            button.setObjectName(f"class{mode.capitalize()}View")
            self.view_choice.addButton(button)
            button.clicked.connect(lambda _checked=False, mode=mode: self.show_mode(mode, focus=True))
        self.groups_button.setChecked(True)
        self.status = QLabel()
        self.status.setObjectName("classStatus")
        self.status.setWordWrap(True)

    def _layout(self) -> None:
        top = QHBoxLayout()
        question_label = QLabel(self.tr("Questio&n:"))
        question_label.setBuddy(self.question)
        top.addWidget(question_label)
        top.addWidget(self.question, 1)
        top.addWidget(self.next_button)
        top.addWidget(self.open_button)
        choice = QHBoxLayout()
        choice.addWidget(self.groups_button)
        choice.addWidget(self.suggestions_button)
        choice.addStretch(1)
        members_label = QLabel(self.tr("Ans&wers in the group:"))
        members_label.setBuddy(self.members)
        grade_row = QHBoxLayout()
        grade_label = QLabel(self.tr("G&rade:"))
        grade_label.setBuddy(self.grade_field)
        grade_row.addWidget(grade_label)
        grade_row.addWidget(self.grade_field)
        for button in (self.grade_button, self.split_button, self.move_button, self.confirm_button):
            grade_row.addWidget(button)
        grade_row.addStretch(1)
        groups = QSplitter()
        groups.addWidget(column(choice, (self.lists, 1)))
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

    def show_quiz(self, quiz_id: int | None) -> None:
        """Show the chosen quiz: the same one again is refreshed if open; another starts closed."""
        if quiz_id == self.quiz_id and self.workspace is not None:
            self.refresh()
            return
        self.quiz_id, self.workspace, self.view, self.answers = quiz_id, None, None, {}
        self.reviews_by_question, self._offered = {}, set()
        answers = class_answers(self.context.store, quiz_id) if quiz_id is not None else []
        self.has_answers = bool(answers)
        self.question.clear()
        self.show_mode("groups")
        for table in (self.groups, self.reviews, self.members, self.class_table):
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
                self.tr("%n answer(s)", "", len(answers))
                + " "
                + self.tr("of %n student(s).", "", students)
                + " "
                + self.tr("Open the class to see its answers in groups and grade them.")
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
            return workspace, snapshot(workspace)

        def opened(result: Any) -> None:
            if quiz_id != self.quiz_id:
                return
            self.workspace, (view, reviews) = result
            self.open_button.setText(self.tr("&Update the grades"))
            self._show_view(view, reviews)
            self.status.setText(
                self.tr("Type a grade and press Enter to give it to the group in focus; N shows what to grade next.")
            )
            self.groups.setFocus()
            self._offer_suggestions()

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
        and suggestions (when the action `changes` something), `done_text` and `then(result)`."""
        workspace, quiz_id = self.workspace, self.quiz_id
        if workspace is None:
            return

        def work(store: Any, _cancel: Any, _report: Any) -> object:
            workspace.store = store
            result = action(workspace)
            return result, snapshot(workspace) if changes else None

        def done(payload: Any) -> None:
            if quiz_id != self.quiz_id or workspace is not self.workspace:
                return
            result, shown = payload
            if shown is not None:
                self._show_view(*shown)
            self.status.setText(done_text)
            if then is not None:
                then(result)
            if shown is not None:
                self._offer_suggestions()

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
        for widget in (self.next_button, self.grade_button, self.split_button, self.move_button, self.confirm_button):
            widget.setEnabled(opened and idle)
        for button in (self.groups_button, self.suggestions_button):
            button.setEnabled(opened)
        self.question.setEnabled(opened)
        for button in (self.export_button, self.export_wide_button):
            button.setEnabled(self.has_answers and self.exporting is None)
