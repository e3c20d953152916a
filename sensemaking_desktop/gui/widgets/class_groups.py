"""The class workspace's answer groups: the list of a question's groups (or of its suggestions to
check, the same grade together), the answers of the group in view, and the answer in focus in
full. Which answer stays in view across a refresh (the anchor, the answers chosen, the row of
the answer in focus) is kept here, and the Suggestions view comes up by itself once the teacher
has graded every group of the question.

A part of `ClassWorkspacePanel` (class_workspace.py), which owns the widgets' layout, the
question chooser and the workspace's tasks."""

from typing import Any

from PySide6.QtCore import QItemSelectionModel
from PySide6.QtWidgets import QAbstractItemView, QPlainTextEdit, QStackedWidget, QTableWidgetItem

from sensemaking_desktop.gui.widgets.class_cells import (
    ANSWER,
    CONFIDENCE,
    REASON,
    grade_text,
    paint,
    standing,
    translate,
)
from sensemaking_desktop.gui.widgets.tables import read_only_table
from sensemaking_desktop.store.class_grades import ClassAnswer


class GroupPanel:
    """The groups, their answers and the answer in focus, for `ClassWorkspacePanel`."""

    def _build_lists(self) -> None:
        """The list of groups or of suggestions (one shown at a time), the group's answers, and
        the answer in focus."""
        headers = [
            translate("ClassWorkspacePanel", "Answers"),
            translate("ClassWorkspacePanel", "Grade"),
            translate("ClassWorkspacePanel", "Answers differ by"),
            translate("ClassWorkspacePanel", "Answer that stands for the group"),
        ]
        self.groups = read_only_table(headers, "classGroups")
        self.groups.horizontalHeaderItem(2).setToolTip(
            translate(
                "ClassWorkspacePanel",
                "How far in meaning the group's least alike answer is from the one that stands for it: "
                "0 when all say it in the same words.",
            )
        )
        self.groups.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.groups.setAccessibleName(translate("ClassWorkspacePanel", "Groups of answers, largest first"))
        self.groups.currentCellChanged.connect(lambda *_cells: self._show_members())
        headers = [
            translate("ClassWorkspacePanel", "Suggestion"),
            translate("ClassWorkspacePanel", "Answer that stands for the group"),
        ]
        self.reviews = read_only_table(headers, "classReviews")
        self.reviews.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.reviews.setAccessibleName(
            translate("ClassWorkspacePanel", "Suggestions to check, the same grade together, largest first")
        )
        self.reviews.currentCellChanged.connect(lambda *_cells: self._show_members())
        self.lists = QStackedWidget()
        self.lists.addWidget(self.groups)
        self.lists.addWidget(self.reviews)
        headers = [
            translate("ClassWorkspacePanel", "Student"),
            translate("ClassWorkspacePanel", "Grade"),
            translate("ClassWorkspacePanel", "Confidence"),
            translate("ClassWorkspacePanel", "Reason"),
        ]
        self.members = read_only_table([*headers, translate("ClassWorkspacePanel", "Answer")], "classMembers")
        for hidden in (CONFIDENCE, REASON):
            self.members.setColumnHidden(hidden, True)
        self.members.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.members.setAccessibleName(translate("ClassWorkspacePanel", "Answers in the group"))
        self.members.currentCellChanged.connect(lambda *_cells: self._show_details())
        self.details = QPlainTextEdit()
        self.details.setObjectName("classDetails")
        self.details.setReadOnly(True)
        self.details.setAccessibleName(translate("ClassWorkspacePanel", "The answer in focus"))

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
            label = (
                translate("ClassWorkspacePanel", "Q%1: %2")
                .replace("%1", str(question.position + 1))
                .replace("%2", question.text[:100])
            )
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
        """The question's groups of suggestions, "Suggested 80 — 23 answers", the one in view kept."""
        reviews = self.question_reviews()
        self.reviews.blockSignals(True)
        self.reviews.setRowCount(len(reviews))
        for row, review in enumerate(reviews):
            count = len(review.answer_ids)
            if review.score is None:
                label = translate("ClassWorkspacePanel", "No suggestion yet — %n answer(s)", "", count)
            else:
                label = translate("ClassWorkspacePanel", "Suggested %1 — %n answer(s)", "", count).replace(
                    "%1", f"{review.score:g}"
                )
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
            text = translate("ClassWorkspacePanel", "yours, %1 to %2")
            return text.replace("%1", f"{min(scores):g}").replace("%2", f"{max(scores):g}"), source
        if yours:
            return translate("ClassWorkspacePanel", "%1 of %2 yours").replace("%1", str(len(yours))).replace(
                "%2", str(len(members))
            ), None
        if sources == {None}:
            return "", None
        if len(scores) == 1 and len(sources) == 1:
            return grade_text(standings[0][0], standings[0][1]), standings[0][1]
        low, high = min(s for s in scores if s is not None), max(s for s in scores if s is not None)
        source = "suggestion" if "suggestion" in sources else "automatic"
        return translate("ClassWorkspacePanel", "mixed, %1 to %2").replace("%1", f"{low:g}").replace(
            "%2", f"{high:g}"
        ), source

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
            return translate("ClassWorkspacePanel", "Not graded yet.")
        if source == "teacher_group":
            return translate(
                "ClassWorkspacePanel", "Your grade, given to a group of answers in one action: %1."
            ).replace("%1", f"{score:g}")
        if source == "teacher":
            return translate("ClassWorkspacePanel", "Your grade: %1.").replace("%1", f"{score:g}")
        text = (
            translate("ClassWorkspacePanel", "Automatic grade %1 (confidence %2): %3")
            if source == "automatic"
            else None
        )
        text = text or translate("ClassWorkspacePanel", "Suggested grade %1, to review (confidence %2): %3")
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
            lines.append(translate("ClassWorkspacePanel", "Question: %1").replace("%1", question.text))
            lines.append(
                translate("ClassWorkspacePanel", "Reference: %1").replace(
                    "%1", question.reference or translate("ClassWorkspacePanel", "none")
                )
            )
        lines.append(
            translate("ClassWorkspacePanel", "Answer by %1: %2")
            .replace("%1", answer.student)
            .replace("%2", answer.text)
        )
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
                translate(
                    "ClassWorkspacePanel",
                    "Enter confirms the suggestions of the group in focus; a number and Enter gives it that "
                    "grade instead. Right walks through its answers, to grade or confirm one alone.",
                )
                if self.question_reviews()
                else translate(
                    "ClassWorkspacePanel", "Nothing to check for this question: no answer has a suggested grade."
                )
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
            translate(
                "ClassWorkspacePanel",
                "Every group has a grade of yours: check the suggestions for the rest, the same grade "
                "together. Enter confirms a group of them; a number and Enter gives a grade instead.",
            )
        )
