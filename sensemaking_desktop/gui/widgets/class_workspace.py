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
    QButtonGroup,
    QComboBox,
    QFileDialog,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QStackedWidget,
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
CONFIDENCE, REASON = 2, 3
"""The columns of the group's answers shown in the Suggestions view only."""


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
        for table in (self.groups, self.reviews, self.members, self.class_table):
            table.installEventFilter(self)
        self._layout()
        self._enable()

    def _build_navigation(self) -> None:
        """The progress line, the question, and the buttons that open the class, go to the next
        answer to grade and switch the list between groups and suggestions."""
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

    def _build_lists(self) -> None:
        """The list of groups or of suggestions (one shown at a time), the group's answers, and
        the answer in focus."""
        headers = [self.tr("Answers"), self.tr("Grade"), self.tr("Spread"), self.tr("Answer that stands for the group")]
        self.groups = read_only_table(headers, "classGroups")
        self.groups.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.groups.setAccessibleName(self.tr("Groups of answers, largest first"))
        self.groups.currentCellChanged.connect(lambda *_cells: self._show_members())
        headers = [self.tr("Suggestion"), self.tr("Answer that stands for the group")]
        self.reviews = read_only_table(headers, "classReviews")
        self.reviews.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.reviews.setAccessibleName(self.tr("Suggestions to check, the same grade together, largest first"))
        self.reviews.currentCellChanged.connect(lambda *_cells: self._show_members())
        self.lists = QStackedWidget()
        self.lists.addWidget(self.groups)
        self.lists.addWidget(self.reviews)
        headers = [self.tr("Student"), self.tr("Grade"), self.tr("Confidence"), self.tr("Reason")]
        self.members = read_only_table([*headers, self.tr("Answer")], "classMembers")
        for hidden in (CONFIDENCE, REASON):
            self.members.setColumnHidden(hidden, True)
        self.members.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.members.setAccessibleName(self.tr("Answers in the group"))
        self.members.currentCellChanged.connect(lambda *_cells: self._show_details())
        self.details = QPlainTextEdit()
        self.details.setObjectName("classDetails")
        self.details.setReadOnly(True)
        self.details.setAccessibleName(self.tr("The answer in focus"))

    def _build_grade_actions(self) -> None:
        """The grade field and the actions on the group or the chosen answers."""
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
        self.confirm_button = QPushButton(self.tr("Con&firm these suggestions"))
        self.confirm_button.clicked.connect(lambda: self.confirm_review())
        self.confirm_button.setVisible(False)

    def _build_class_table(self) -> None:
        """The class table with its legend, the exports and the status line."""
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

    # The quiz and the workspace

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

    # Showing the class

    def _show_view(self, view: Any, reviews: dict[int, list[Any]]) -> None:
        """Show a new view and its suggestions, keeping the question, the group (or the group of
        suggestions) and the answers chosen; when the answer in focus left its group of
        suggestions, the one after it comes into focus."""
        self._anchor = self._anchor_answer()
        self._chosen = self.chosen_members()
        review = self.current_review()
        self._review_before = None
        if review is not None and self.mode == "suggestions":
            self._review_before = (review.score, set(review.answer_ids), self.reviews.currentRow())
            self._member_row = self.members.currentRow()
        self.view = view
        self.reviews_by_question = reviews
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

    def question_reviews(self) -> list[Any]:
        """The question's groups of suggestions to check (`ReviewGroup`), largest first."""
        question_id = self.question_id()
        return [] if question_id is None else list(self.reviews_by_question.get(question_id, []))

    def current_group(self) -> Any:
        groups, row = self.question_groups(), self.groups.currentRow()
        return groups[row] if 0 <= row < len(groups) else None

    def current_review(self) -> Any:
        reviews, row = self.question_reviews(), self.reviews.currentRow()
        return reviews[row] if 0 <= row < len(reviews) else None

    def shown_ids(self) -> list[int]:
        """The answers listed among the group's answers: those of the group, or of the group of
        suggestions, in focus in the list."""
        shown = self.current_review() if self.mode == "suggestions" else self.current_group()
        return list(shown.answer_ids) if shown is not None else []

    def _anchor_answer(self) -> int | None:
        """An answer of the group in view, to find the group again once the groups are made anew."""
        ids = self.shown_ids()
        if not ids:
            return None
        chosen = self._chosen_or_current()
        if chosen:
            return chosen[0]
        group = self.current_group()
        return group.representative_id if self.mode == "groups" and group is not None else ids[0]

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
        if groups:
            self.groups.setCurrentCell(anchored, 0)
        self.groups.blockSignals(False)
        self._fill_reviews()
        self._anchor, self._review_before = None, None
        self._show_members()

    def _fill_reviews(self) -> None:
        """The question's groups of suggestions, "Suggested 80 — 23 answer(s)", the one in view kept."""
        reviews = self.question_reviews()
        self.reviews.blockSignals(True)
        self.reviews.setRowCount(len(reviews))
        for row, review in enumerate(reviews):
            count = len(review.answer_ids)
            if review.score is None:
                label = self.tr("No suggestion yet — %n answer(s)", "", count)
            else:
                label = self.tr("Suggested %1 — %n answer(s)", "", count).replace("%1", f"{review.score:g}")
            first = self.answers[review.answer_ids[0]].text
            for column_index, value in enumerate([label, " ".join(first.split())[:200]]):
                cell = QTableWidgetItem(value)
                paint(cell, "suggestion" if review.score is not None else None)
                cell.setToolTip(first if column_index == 1 else label)
                self.reviews.setItem(row, column_index, cell)
        if reviews:
            self.reviews.setCurrentCell(self._review_row(reviews), 0)
        self.reviews.blockSignals(False)

    def _review_row(self, reviews: list[Any]) -> int:
        """The row of the group of suggestions to show: the one holding the answer in view, else
        the one with the same grade or most answers in common as before (its answer in focus kept
        at its row), else the same row."""
        member_row, self._member_row = self._member_row, None
        for row, review in enumerate(reviews):
            if self._anchor in review.answer_ids:
                self._member_row = review.answer_ids.index(self._anchor)
                return row
        if self._review_before is None:
            return 0
        score, before, row = self._review_before
        same = [index for index, review in enumerate(reviews) if score is not None and review.score == score]
        shared = max(range(len(reviews)), key=lambda index: len(before & set(reviews[index].answer_ids)))
        if same or before & set(reviews[shared].answer_ids):
            self._member_row = member_row
            return same[0] if same else shared
        return min(row, len(reviews) - 1)

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
        """The answers of the group (or group of suggestions) in view, with each machine grade's
        confidence and reason in the Suggestions view."""
        ids = self.shown_ids()
        self.members.blockSignals(True)
        self.members.clearSelection()
        self.members.setRowCount(len(ids))
        for row, answer_id in enumerate(ids):
            answer = self.answers[answer_id]
            score, source = standing(answer)
            machine = answer.teacher_score is None and answer.machine_score is not None
            confidence = answer.machine_confidence if machine else None
            cells = [
                answer.student,
                grade_text(score, source),
                "" if confidence is None else f"{confidence:.2f}",
                (answer.machine_reason or "") if machine else "",
                " ".join(answer.text.split())[:200],
            ]
            for column_index, value in enumerate(cells):
                cell = QTableWidgetItem(value)
                cell.setData(ANSWER, answer_id)
                cell.setToolTip(self._explain(answer) if column_index in (1, CONFIDENCE, REASON) else answer.text)
                if column_index == 1:
                    paint(cell, source)
                self.members.setItem(row, column_index, cell)
        chosen = [row for row, answer_id in enumerate(ids) if answer_id in self._chosen]
        member_row = self._member_row if self.mode == "suggestions" else None
        if chosen:
            self.members.setCurrentCell(chosen[0], 0)
            select = QItemSelectionModel.SelectionFlag.Select | QItemSelectionModel.SelectionFlag.Rows
            for row in chosen[1:]:
                self.members.selectionModel().select(self.members.model().index(row, 0), select)
        elif member_row is not None and ids:
            self.members.setCurrentCell(min(member_row, len(ids) - 1), 0)
        elif ids:
            self.members.setCurrentCell(0, 0, QItemSelectionModel.SelectionFlag.NoUpdate)
        self.members.blockSignals(False)
        self._chosen, self._member_row = [], None
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

    def _show_details(self, answer: ClassAnswer | None = None) -> None:
        """The answer in focus (or `answer`) in full: question, reference, text, where its grade comes from."""
        answer = answer or self._answer_in_view()
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
        group = self.current_group() if self.mode == "groups" else None
        if group is not None:
            return self.answers.get(group.representative_id)
        ids = self.shown_ids()
        return self.answers.get(ids[0]) if ids else None

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

    def select_answer(self, answer_id: int, focus: bool = False, switch: bool = False) -> None:
        """Show an answer: its question, its group (or group of suggestions), it chosen among the
        group's answers. An answer with nothing to check is shown in its answer group when the
        teacher asked for it (`switch`), else the Suggestions view stays and shows it in full."""
        answer = self.answers.get(answer_id)
        if answer is None:
            return
        reviews = self.reviews_by_question.get(answer.question_id, [])
        listed = any(answer_id in review.answer_ids for review in reviews)
        if self.mode == "suggestions" and not listed and switch:
            self.show_mode("groups")
        self._anchor, self._chosen = answer_id, [answer_id]
        index = self.question.findData(answer.question_id)
        if index != self.question.currentIndex():
            self.question.setCurrentIndex(index)
        else:
            self._show_question()
        if self.mode == "suggestions" and not listed:
            self.members.blockSignals(True)
            self.members.clearSelection()
            self.members.setCurrentCell(-1, -1)
            self.members.blockSignals(False)
            self._show_details(answer)
        if focus:
            self.members.setFocus()
            self.target = "members"

    def show_mode(self, mode: str, focus: bool = False) -> None:
        """Show the answer 'groups' or the 'suggestions' to check in the list, the answer in view
        kept in view where it is listed; with `focus`, the list takes the keyboard."""
        if mode != self.mode:
            self._anchor = self._anchor_answer()
            self._chosen = self.chosen_members()
            self.mode = mode
            suggestions = mode == "suggestions"
            (self.suggestions_button if suggestions else self.groups_button).setChecked(True)
            self.lists.setCurrentWidget(self.reviews if suggestions else self.groups)
            for hidden in (CONFIDENCE, REASON):
                self.members.setColumnHidden(hidden, not suggestions)
            self.split_button.setVisible(not suggestions)
            self.move_button.setVisible(not suggestions)
            self.confirm_button.setVisible(suggestions)
            if self.target in ("groups", "reviews"):
                self.target = "reviews" if suggestions else "groups"
            if self.view is not None:
                self._show_question()
            self._enable()
        if focus:
            (self.reviews if mode == "suggestions" else self.groups).setFocus()
        if focus and mode == "suggestions" and self.view is not None:
            self.status.setText(
                self.tr(
                    "Enter confirms the suggestions of the group in focus; a number and Enter gives it that "
                    "grade instead. Right walks through its answers, to grade or confirm one alone."
                )
                if self.question_reviews()
                else self.tr("Nothing to check for this question: no answer has a suggested grade.")
            )

    def sample_graded(self) -> bool:
        """Whether every answer group of the question has a grade of the teacher's."""
        groups = self.question_groups()
        yours = {answer_id for answer_id, answer in self.answers.items() if answer.teacher_score is not None}
        return bool(groups) and all(yours & set(group.answer_ids) for group in groups)

    def _offer_suggestions(self) -> None:
        """Show the question's suggestions, once, when every group has a grade and there are
        suggestions to check, unless the teacher is typing a grade."""
        question_id = self.question_id()
        if (
            self.mode != "groups"
            or question_id is None
            or question_id in self._offered
            or self.grade_field.text()
            or not self.sample_graded()
            or not any(review.score is not None for review in self.question_reviews())
        ):
            return
        self._offered.add(question_id)
        self.show_mode("suggestions", focus=self.groups.hasFocus() or self.members.hasFocus())
        self.status.setText(
            self.tr(
                "Every group has a grade of yours: check the suggestions for the rest, the same grade "
                "together. Enter confirms a group of them; a number and Enter gives a grade instead."
            )
        )

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
        """What Enter grades: the group (or group of suggestions) in focus, the chosen answers of
        the group, or a cell's answer."""
        if self.target == "members":
            return self._chosen_or_current()
        if self.target == "class":
            answer_id = self.class_cell_answer()
            return [] if answer_id is None else [answer_id]
        if self.target == "reviews":
            review = self.current_review()
            return list(review.answer_ids) if review is not None else []
        group = self.current_group()
        return list(group.answer_ids) if group is not None else []

    def grade_in_focus(self) -> None:
        """Give the typed grade to the group (or the answers) in focus, in one action; with nothing
        typed, in the Suggestions view, confirm their suggested grades instead."""
        if self.view is None:
            return
        entered = self.grade_field.text()
        typed = entered.strip().replace(",", ".")
        if not typed and self.mode == "suggestions" and self.target in ("reviews", "members"):
            self.confirm_suggestions(self.target_answers())
            return
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
            self._typed_used(entered)
            if whole_group:
                self._to_next_group()

        self._run(lambda workspace: workspace.grade(ids, score), text, graded)

    def _typed_used(self, entered: str) -> None:
        """The grade field after its grade was given: what the teacher typed since, if anything."""
        now = self.grade_field.text()
        self.grade_field.setText(now[len(entered) :] if now.startswith(entered) else now)

    def confirm_review(self) -> None:
        """Confirm every suggestion left in the group of suggestions in view, in one action."""
        if self.view is None:
            return
        review = self.current_review() if self.mode == "suggestions" else None
        self.confirm_suggestions(list(review.answer_ids) if review is not None else [])

    def confirm_suggestions(self, ids: list[int]) -> None:
        """Take the app's suggested grades of these answers as the teacher's, in one action."""
        if not ids:
            self.status.setText(self.tr("Choose a group or an answer to grade first."))
            return
        if any(self.answers[i].teacher_score is not None or self.answers[i].machine_score is None for i in ids):
            self.status.setText(
                self.tr("These answers have no suggested grade yet: type a grade for them and press Enter.")
            )
            return
        text = self.tr("You confirmed %n suggested grade(s) in one action.", "", len(ids))
        self._run(lambda workspace: workspace.confirm(ids), text)

    def _to_next_group(self) -> None:
        """After a group is graded, the next group below not yet all yours."""
        groups, row = self.question_groups(), self.groups.currentRow()
        for later in range(row + 1, len(groups)):
            if any(self.answers[i].teacher_score is None for i in groups[later].answer_ids):
                self.groups.setCurrentCell(later, 0)
                return

    def split_chosen(self) -> None:
        """The chosen answers of the group become a group of their own."""
        if self.view is None or self._in_suggestions():
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
        if self.view is None or self._in_suggestions():
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

    def _in_suggestions(self) -> bool:
        """Whether the Suggestions view is shown, where answers are not split or moved (said so)."""
        if self.mode == "suggestions":
            self.status.setText(self.tr("Answers are split and moved among the answer groups: show those first."))
        return self.mode == "suggestions"

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
            self.select_answer(int(answer_id), focus=True, switch=True)  # type: ignore[call-overload]
            student = self.answers[int(answer_id)].student  # type: ignore[call-overload]
            self.status.setText(
                self.tr("Grade %1's answer next: type its grade and press Enter.").replace("%1", student)
            )

        self._run(lambda workspace: workspace.next_answer(question_id), "", show, changes=False)

    # Keys

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        tables = {self.groups: "groups", self.reviews: "reviews", self.members: "members", self.class_table: "class"}
        if watched in tables:
            if event.type() == QEvent.Type.FocusIn:
                self.target = tables[watched]  # type: ignore[index]
            elif event.type() == QEvent.Type.KeyPress and self._key(event, tables[watched]):  # type: ignore[arg-type,index]
                return True
        return super().eventFilter(watched, event)

    def _key(self, event: QKeyEvent, table: str) -> bool:
        """A table's key: digits type the grade, Enter gives it (or, with nothing typed, confirms
        suggestions), S splits, M moves, N goes to the next; Right goes from a list to its answers,
        Left back."""
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
        if key == Qt.Key.Key_Right and table in ("groups", "reviews") and self.members.rowCount():
            self.members.setFocus()
            self.members.setCurrentCell(max(self.members.currentRow(), 0), 0)
            return True
        if key == Qt.Key.Key_Left and table == "members":
            (self.reviews if self.mode == "suggestions" else self.groups).setFocus()
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
            said = self.tr(
                "Final grades written to %1: %2 yours, %3 automatic, %4 by the Evaluator, %5 ungraded; "
                "%6 suggested, left out of the score columns."
            )
            counts = (written.teacher, written.automatic, written.evaluator, written.ungraded, written.suggested)
            for number, count in enumerate(counts, start=2):
                said = said.replace(f"%{number}", str(count))
            self.status.setText(said.replace("%1", str(written.path)))

        self.exporting = self.context.workers.run(work, done=exported, failed=self._failed)
        self.exporting.settled.connect(self._exported)
        self._enable()

    def _exported(self) -> None:
        self.exporting = None
        self._enable()
