"""The teacher's actions in the class workspace: one grade for the group, the chosen answers or
the answer in focus; confirming suggestions; splitting answers off and moving them to another
group; going to the answer to grade next. Keyboard first: in the group list, the group's answers
or the class table, digits type a grade and Enter gives it, S splits, M moves, N goes to the
next, Right and Left move between a list and its answers.

Each action runs through the panel's `_run`, in a worker, after which the class is shown anew.
A part of `ClassWorkspacePanel` (class_workspace.py)."""

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QInputDialog, QLineEdit, QPushButton

from sensemaking_desktop.gui.messages import show_error
from sensemaking_desktop.gui.widgets.class_cells import ANSWER, translate

GRADE_CHARACTERS = "0123456789.,"
"""The keys a table passes to the grade field."""


class TeacherActions:
    """The grade field, the action buttons and the keys of the tables, for `ClassWorkspacePanel`."""

    def _build_grade_actions(self) -> None:
        """The grade field and the actions on the group or the chosen answers."""
        self.grade_field = QLineEdit()
        self.grade_field.setObjectName("classGrade")
        self.grade_field.setPlaceholderText(translate("ClassWorkspacePanel", "0-100, then Enter"))
        self.grade_field.setMinimumWidth(160)
        self.grade_field.returnPressed.connect(self.grade_in_focus)
        self.grade_button = QPushButton(translate("ClassWorkspacePanel", "Gi&ve this grade"))
        self.grade_button.clicked.connect(lambda: self.grade_in_focus())
        self.split_button = QPushButton(translate("ClassWorkspacePanel", "&Split off (S)"))
        self.split_button.clicked.connect(lambda: self.split_chosen())
        self.move_button = QPushButton(translate("ClassWorkspacePanel", "&Move to group… (M)"))
        self.move_button.clicked.connect(lambda: self.move_chosen())
        self.confirm_button = QPushButton(translate("ClassWorkspacePanel", "Con&firm these suggestions"))
        self.confirm_button.clicked.connect(lambda: self.confirm_review())
        self.confirm_button.setVisible(False)

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
            self.status.setText(translate("ClassWorkspacePanel", "Type a grade from 0 to 100 first, then press Enter."))
            return
        try:
            score = float(typed)
        except ValueError:
            score = -1.0
        if not 0 <= score <= 100:
            show_error(
                self,
                translate("ClassWorkspacePanel", "“%1” is not a grade; type a number from 0 to 100.").replace(
                    "%1", typed
                ),
            )
            return
        ids = self.target_answers()
        if not ids:
            self.status.setText(translate("ClassWorkspacePanel", "Choose a group or an answer to grade first."))
            return
        whole_group = self.target == "groups"
        text = translate("ClassWorkspacePanel", "You gave %1 to %n answer(s) in one action.", "", len(ids)).replace(
            "%1", f"{score:g}"
        )

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
            self.status.setText(translate("ClassWorkspacePanel", "Choose a group or an answer to grade first."))
            return
        if any(self.answers[i].teacher_score is not None or self.answers[i].machine_score is None for i in ids):
            self.status.setText(
                translate(
                    "ClassWorkspacePanel",
                    "These answers have no suggested grade yet: type a grade for them and press Enter.",
                )
            )
            return
        text = translate("ClassWorkspacePanel", "You confirmed %n suggested grade(s) in one action.", "", len(ids))
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
            self.status.setText(
                translate("ClassWorkspacePanel", "Choose the answers to split off among the group's answers first.")
            )
            return
        if len(ids) == len(group.answer_ids):
            self.status.setText(
                translate(
                    "ClassWorkspacePanel", "These are all the answers of the group; choose fewer to split them off."
                )
            )
            return
        text = translate("ClassWorkspacePanel", "%n answer(s) split off into a group of their own.", "", len(ids))
        self._run(lambda workspace: workspace.split(ids), text, lambda _result: self.select_answer(ids[0]))

    def move_chosen(self, beside: int | None = None) -> None:
        """Move the chosen answers into another group of the question: the group of `beside`,
        else the group picked in a dialog."""
        if self.view is None or self._in_suggestions():
            return
        ids, group = self._acted_on(), self.current_group()
        if not ids or group is None:
            self.status.setText(
                translate("ClassWorkspacePanel", "Choose the answers to move among the group's answers first.")
            )
            return
        if beside is None:
            others = [other for other in self.question_groups() if other is not group]
            if not others:
                self.status.setText(
                    translate("ClassWorkspacePanel", "This question has no other group to move answers to.")
                )
                return
            labels = [self._group_label(other) for other in others]
            picked, accepted = QInputDialog.getItem(
                self,
                translate("ClassWorkspacePanel", "Move to group"),
                translate("ClassWorkspacePanel", "Move %n answer(s) to the group of:", "", len(ids)),
                labels,
                0,
                False,
            )
            if not accepted:
                return
            beside = others[labels.index(picked)].representative_id
        target = beside
        text = translate("ClassWorkspacePanel", "%n answer(s) moved to another group.", "", len(ids))

        def move(workspace: Any) -> None:
            for answer_id in ids:
                workspace.move(answer_id, beside=target)

        self._run(move, text, lambda _result: self.select_answer(ids[0]))

    def _in_suggestions(self) -> bool:
        """Whether the Suggestions view is shown, where answers are not split or moved (said so)."""
        if self.mode == "suggestions":
            self.status.setText(
                translate(
                    "ClassWorkspacePanel", "Answers are split and moved among the answer groups: show those first."
                )
            )
        return self.mode == "suggestions"

    def _group_label(self, group: Any) -> str:
        text = " ".join(self.answers[group.representative_id].text.split())[:80]
        return translate("ClassWorkspacePanel", "%n answer(s): %1", "", len(group.answer_ids)).replace("%1", text)

    def next_to_grade(self) -> None:
        """Show the answer of this question the teacher should grade next, ready for a grade."""
        question_id = self.question_id()
        if self.view is None or question_id is None:
            return

        def show(answer_id: object) -> None:
            if answer_id is None:
                self.status.setText(translate("ClassWorkspacePanel", "Nothing is left to grade for this question."))
                return
            self.select_answer(int(answer_id), focus=True, switch=True)  # type: ignore[call-overload]
            student = self.answers[int(answer_id)].student  # type: ignore[call-overload]
            self.status.setText(
                translate("ClassWorkspacePanel", "Grade %1's answer next: type its grade and press Enter.").replace(
                    "%1", student
                )
            )

        self._run(lambda workspace: workspace.next_answer(question_id), "", show, changes=False)

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
