"""Grading a class in groups in the Grading area, on a real library with the real sentence
embedder (the cosine judge stands in for the trained one): the group list, one typed grade for a
whole group, S to split, a move, the next answer to grade, the class table's sources, the final
grades written, and failures told in one line."""

import csv
from pathlib import Path

import pytest
from conftest import WAIT_MS, error_boxes
from PySide6.QtCore import QItemSelectionModel, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QFileDialog, QInputDialog

from sensemaking_desktop.errors import SensemakingError
from sensemaking_desktop.gui.areas.grading_view import GradingView
from sensemaking_desktop.gui.main_window import MainWindow
from sensemaking_desktop.gui.widgets.class_cells import ANSWER
from sensemaking_desktop.gui.widgets.class_workspace import ClassWorkspacePanel
from sensemaking_desktop.interchange.class_answers import import_answers
from sensemaking_desktop.quizzes.model import Quiz
from sensemaking_desktop.roles import pair_judges
from sensemaking_desktop.roles.pair_judges import CosineJudge
from sensemaking_desktop.store import Store
from sensemaking_desktop.store.quizzes import add_quiz
from sensemaking_desktop.workflows.class_grading import ClassWorkspace

RIGHT = "The salt stays behind when water evaporates, so only pure water rises."
WRONG = "Rain water is filtered by the clouds, which remove the salt."
NEGATED = "The salt does not stay behind when water evaporates."


@pytest.fixture(autouse=True)
def cosine_judge(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sensemaking_desktop.roles.pair_judges.DEFAULT_JUDGE", "cosine")


@pytest.fixture
def quiz_id(store: Store, every_kind_quiz: Quiz, tmp_path: Path) -> int:
    """Thirteen students' answers to the open question: eight right, four wrong, one negated."""
    with store.atomic() as db:
        quiz = add_quiz(db, every_kind_quiz)
    path = tmp_path / "class.csv"
    rows = [("student", "question", "answer")]
    rows += [(f"S{number:02d}", "1", RIGHT if number % 3 else WRONG) for number in range(12)]
    rows.append(("S12", "1", NEGATED))
    with path.open("w", newline="", encoding="utf-8") as file:
        csv.writer(file).writerows(rows)
    import_answers(store, quiz, path)
    return quiz


def grading_area(window: MainWindow, quiz_id: int) -> GradingView:
    view = window.open_area_of(GradingView)
    assert isinstance(view, GradingView)
    view.quiz_choice.select(quiz_id)
    return view


def opened(qtbot, window: MainWindow, quiz_id: int) -> ClassWorkspacePanel:  # type: ignore[no-untyped-def]
    """The class workspace of the quiz, open, with the window active (so that focus and keys work)."""
    panel = grading_area(window, quiz_id).class_grading
    panel.open_button.click()
    assert panel.task is not None and not panel.next_button.isEnabled()
    wait(qtbot, panel)
    assert not error_boxes(), [box.text() for box in error_boxes()]
    assert panel.view is not None and panel.open_button.text() == "&Update the grades"
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=WAIT_MS)
    return panel


def wait(qtbot, panel: ClassWorkspacePanel) -> None:  # type: ignore[no-untyped-def]
    qtbot.waitUntil(lambda: panel.task is None and panel.exporting is None, timeout=WAIT_MS)


def stored(store: Store, quiz_id: int) -> ClassWorkspace:
    """The library's state, read by a workspace of the test's own."""
    return ClassWorkspace(store, quiz_id, judge=CosineJudge())


def group_rows(panel: ClassWorkspacePanel) -> list[tuple[str, str, str]]:
    """(size, grade, answer) of each row of the group list."""
    table = panel.groups
    return [tuple(table.item(row, column).text() for column in (0, 1, 3)) for row in range(table.rowCount())]  # type: ignore[misc]


def member_ids(panel: ClassWorkspacePanel) -> list[int]:
    return [panel.members.item(row, 0).data(ANSWER) for row in range(panel.members.rowCount())]


def test_one_typed_grade_grades_the_group_in_focus_and_the_table_shows_sources(
    qtbot, window: MainWindow, store: Store, quiz_id: int
) -> None:
    view = grading_area(window, quiz_id)
    panel = view.class_grading
    assert view.tabs.currentWidget() is panel and view.tabs.tabText(0) == "Grade in groups"
    assert panel.progress_line.text().startswith("13 answer(s) of 13 student(s).")
    assert not panel.grade_button.isEnabled() and panel.open_button.isEnabled()
    panel = opened(qtbot, window, quiz_id)

    rows = group_rows(panel)
    assert rows[0] == ("8", "", RIGHT), "identical answers are one group, the largest first"
    assert ("4", "", WRONG) in rows
    assert ("1", "", NEGATED) in rows, "the negated answer stands apart"
    assert [int(size) for size, _, _ in rows] == sorted((int(size) for size, _, _ in rows), reverse=True)
    before = panel.progress_line.text()
    assert before.startswith("You made 0 grading actions for 13 answers;")
    assert panel.class_table.rowCount() == 13 and panel.class_table.columnCount() == 1
    assert all(panel.class_table.item(row, 0).text() == "" for row in range(13)), "ungraded cells are empty"

    panel.groups.setFocus()
    panel.groups.setCurrentCell(0, 0)
    assert panel.target == "groups"
    right = set(member_ids(panel))
    QTest.keyClicks(panel.groups, "100")
    assert panel.grade_field.text() == "100"
    QTest.keyClick(panel.groups, Qt.Key.Key_Return)
    wait(qtbot, panel)
    assert not error_boxes(), [box.text() for box in error_boxes()]

    answers = {answer.answer_id: answer for answer in stored(store, quiz_id).view().answers}
    graded = {answer_id for answer_id, answer in answers.items() if answer.teacher_score is not None}
    assert graded == right and {answers[i].teacher_score for i in graded} == {100}
    assert {answers[i].teacher_origin for i in graded} == {"teacher_group"}
    assert panel.progress_line.text() != before
    assert panel.progress_line.text().startswith("You made 1 grading action for 13 answers;")
    assert panel.status.text() == "You gave 100 to 8 answer(s) in one action."
    assert panel.grade_field.text() == "" and panel.groups.currentRow() == 1, "the next group comes up"
    assert group_rows(panel)[0][1] == "100 ◆"

    cells = {panel.class_table.item(row, 0).data(ANSWER): panel.class_table.item(row, 0) for row in range(13)}
    for answer_id, cell in cells.items():
        if answer_id in right:
            assert cell.text() == "100 ◆" and "given to a group of answers in one action" in cell.toolTip()
        else:
            assert cell.text().endswith("?") and "Suggested grade" in cell.toolTip()
            assert answers[answer_id].machine_origin == "suggestion"
            assert (answers[answer_id].machine_reason or "") in cell.toolTip()

    panel.class_table.setFocus()
    wrong = next(row for row in range(13) if answers[cells_id(panel, row)].text == WRONG)
    panel.class_table.setCurrentCell(wrong, 0)
    assert panel.target == "class" and answers[member_ids(panel)[panel.members.currentRow()]].text == WRONG
    QTest.keyClicks(panel.class_table, "0")
    QTest.keyClick(panel.class_table, Qt.Key.Key_Enter)
    wait(qtbot, panel)
    after = {answer.answer_id: answer for answer in stored(store, quiz_id).view().answers}
    single = cells_id(panel, wrong)
    assert (after[single].teacher_score, after[single].teacher_origin) == (0, "teacher")
    assert sum(answer.teacher_score is not None for answer in after.values()) == 9
    assert panel.class_table.item(wrong, 0).text() == "0 ●"
    assert panel.progress_line.text().startswith("You made 2 grading actions")


def cells_id(panel: ClassWorkspacePanel, row: int) -> int:
    return panel.class_table.item(row, 0).data(ANSWER)


def test_split_move_next_to_grade_and_export(
    qtbot, window: MainWindow, store: Store, quiz_id: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    panel = opened(qtbot, window, quiz_id)
    panel.groups.setCurrentCell(0, 0)
    right = member_ids(panel)
    panel.members.setFocus()
    panel.members.setCurrentCell(0, 0)
    rows = QItemSelectionModel.SelectionFlag.Select | QItemSelectionModel.SelectionFlag.Rows
    panel.members.selectionModel().select(panel.members.model().index(1, 0), rows)
    assert panel.target == "members" and panel.chosen_members() == right[:2]
    QTest.keyClick(panel.members, Qt.Key.Key_S)
    wait(qtbot, panel)
    assert panel.status.text() == "2 answer(s) split off into a group of their own."
    groups = stored(store, quiz_id).view().groups
    assert sorted(right[:2]) in [sorted(group.answer_ids) for group in next(iter(groups.values()))]
    assert [size for size, _, _ in group_rows(panel)] == ["6", "4", "2", "1"]
    assert sorted(member_ids(panel)) == sorted(right[:2]), "the new group is shown"

    panel.members.setCurrentCell(0, 0)
    moved = member_ids(panel)[0]
    offered: list[list[str]] = []

    def pick(_parent, _title, _label, labels, *_args):  # type: ignore[no-untyped-def]
        offered.append(labels)
        return labels[0], True

    monkeypatch.setattr(QInputDialog, "getItem", pick)
    panel.move_button.click()
    wait(qtbot, panel)
    assert offered[0][0] == f"6 answer(s): {RIGHT}" and len(offered[0]) == 3
    assert moved in stored(store, quiz_id).group_of(right[5])
    assert [size for size, _, _ in group_rows(panel)] == ["7", "4", "1", "1"]

    panel.next_button.click()
    wait(qtbot, panel)
    said = panel.status.text()
    assert said.startswith("Grade S") and said.endswith("'s answer next: type its grade and press Enter.")
    assert panel.members.hasFocus() and panel.target == "members"
    chosen = panel.chosen_members()
    assert len(chosen) == 1
    QTest.keyClicks(panel.members, "50")
    QTest.keyClick(panel.members, Qt.Key.Key_Return)
    wait(qtbot, panel)
    answers = stored(store, quiz_id).view().answers
    assert [(a.answer_id, a.teacher_score, a.teacher_origin) for a in answers if a.teacher_score is not None] == [
        (chosen[0], 50, "teacher")
    ]

    panel.export(wide=False, path=tmp_path / "final.csv")
    wait(qtbot, panel)
    lines = list(csv.DictReader((tmp_path / "final.csv").read_text(encoding="utf-8-sig").splitlines()))
    assert len(lines) == 13 and sorted({row["source"] for row in lines}) == ["suggestion", "teacher"]
    sources = [row["source"] for row in lines]
    assert panel.status.text() == (
        f"Final grades written to {tmp_path / 'final.csv'}: {sources.count('teacher')} yours, 0 automatic, "
        f"0 graded by the app, 0 ungraded; {sources.count('suggestion')} suggested, left out of the score columns."
    )
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *_a, **_k: (str(tmp_path / "book.csv"), ""))
    panel.export_wide_button.click()
    wait(qtbot, panel)
    assert (tmp_path / "book.csv").read_text(encoding="utf-8-sig").splitlines()[0] == (
        "student,Q1,total,automatic,to review"
    )


def test_failures_are_one_line_and_a_quiz_without_a_class_cannot_be_opened(
    qtbot, window: MainWindow, store: Store, quiz_id: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    with store.atomic() as db:
        empty = add_quiz(db, Quiz(title="No class yet", questions=[]))
    panel = grading_area(window, empty).class_grading
    assert panel.progress_line.text().startswith("This quiz has no answers from people yet")
    assert not panel.open_button.isEnabled() and not panel.export_button.isEnabled()

    def missing() -> None:
        raise SensemakingError("the grade-pair-minilm-l6 model is missing model.onnx; reinstall the app")

    monkeypatch.setattr("sensemaking_desktop.roles.pair_judges.DEFAULT_JUDGE", "trained")
    monkeypatch.setitem(pair_judges.JUDGES, "trained", missing)
    panel = grading_area(window, quiz_id).class_grading
    panel.open_button.click()
    qtbot.waitUntil(lambda: bool(error_boxes()), timeout=WAIT_MS)
    (box,) = error_boxes()
    assert box.text() == "the grade-pair-minilm-l6 model is missing model.onnx; reinstall the app"
    assert box.detailedText() == "" and panel.view is None and panel.open_button.isEnabled()
    box.close()

    monkeypatch.setattr("sensemaking_desktop.roles.pair_judges.DEFAULT_JUDGE", "cosine")
    panel = opened(qtbot, window, quiz_id)
    panel.groups.setFocus()
    QTest.keyClicks(panel.groups, "150")
    QTest.keyClick(panel.groups, Qt.Key.Key_Return)
    (box,) = error_boxes()
    assert box.text() == "“150” is not a grade; type a number from 0 to 100."
    assert panel.task is None and not any(a.teacher_score is not None for a in stored(store, quiz_id).view().answers)


def review_labels(panel: ClassWorkspacePanel) -> list[str]:
    """The text of each group of suggestions in the Suggestions view."""
    return [panel.reviews.item(row, 0).text() for row in range(panel.reviews.rowCount())]


def graded_by_teacher(store: Store, quiz_id: int) -> dict[int, tuple[float, str | None]]:
    return {
        answer.answer_id: (answer.teacher_score, answer.teacher_origin)
        for answer in stored(store, quiz_id).view().answers
        if answer.teacher_score is not None
    }


def test_suggestions_with_one_grade_are_confirmed_together_and_an_odd_one_graded_alone(
    qtbot, window: MainWindow, store: Store, quiz_id: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    workspace = stored(store, quiz_id)
    answers = {answer.answer_id: answer for answer in workspace.view().answers}
    right = [answer_id for answer_id, answer in answers.items() if answer.text == RIGHT]
    wrong = [answer_id for answer_id, answer in answers.items() if answer.text == WRONG]
    negated = next(answer_id for answer_id, answer in answers.items() if answer.text == NEGATED)
    workspace.grade([right[0]], 100)
    workspace.grade([wrong[0]], 0)
    panel = opened(qtbot, window, quiz_id)
    assert panel.mode == "groups" and not panel.sample_graded(), "the negated answer's group has no grade yet"
    assert not panel.confirm_button.isVisible() and panel.split_button.isVisible()

    panel.suggestions_button.click()
    assert panel.mode == "suggestions" and panel.reviews.hasFocus() and panel.target == "reviews"
    assert panel.confirm_button.isVisible() and not panel.split_button.isVisible()
    labels = review_labels(panel)
    hundred = next(row for row, label in enumerate(labels) if label.startswith("Suggested 100 — "))
    assert labels[hundred] == "Suggested 100 — 7 answer(s)"
    panel.reviews.setCurrentCell(hundred, 0)
    assert sorted(member_ids(panel)) == sorted(right[1:]), "exactly the right answers not graded yet"
    student = answers[right[0]].student
    for row in range(panel.members.rowCount()):
        assert panel.members.item(row, 1).text() == "100 ?"
        assert panel.members.item(row, 3).text() == f"Like {student}'s answer, which you gave 100."
        assert 0 < float(panel.members.item(row, 2).text()) <= 1
        assert panel.members.item(row, 4).text() == RIGHT
    before = panel.progress_line.text()

    QTest.keyClick(panel.reviews, Qt.Key.Key_Return)
    assert panel.task is not None, "the confirmation runs in a worker"
    wait(qtbot, panel)
    assert not error_boxes(), [box.text() for box in error_boxes()]
    graded = graded_by_teacher(store, quiz_id)
    assert {answer_id: graded.get(answer_id) for answer_id in right[1:]} == dict.fromkeys(
        right[1:], (100, "teacher_group")
    )
    confirmed = [a for a in stored(store, quiz_id).view().answers if a.teacher_basis.get("confirmed")]
    assert sorted(answer.answer_id for answer in confirmed) == sorted(right[1:]), "accepted as suggested"
    assert set(graded) == {*right, wrong[0]}, "the wrong answers and the negated one are not confirmed"
    assert panel.status.text() == "You confirmed 7 suggested grade(s) in one action."
    assert panel.progress_line.text() != before and panel.progress_line.text().startswith("You made 3 grading")
    labels = review_labels(panel)
    assert not any(label.startswith("Suggested 100") for label in labels), "the confirmed ones left the view"

    assert panel.reviews.hasFocus() and labels[panel.reviews.currentRow()] == "Suggested 0 — 4 answer(s)"
    QTest.keyClick(panel.reviews, Qt.Key.Key_Right)
    assert panel.members.hasFocus() and panel.target == "members"
    QTest.keyClick(panel.members, Qt.Key.Key_Down)
    shown = member_ids(panel)
    walked = shown[1]
    assert panel.chosen_members() == [walked] and walked in wrong
    QTest.keyClicks(panel.members, "20")
    QTest.keyClick(panel.members, Qt.Key.Key_Return)
    wait(qtbot, panel)
    assert not error_boxes(), [box.text() for box in error_boxes()]
    assert graded_by_teacher(store, quiz_id) == graded | {walked: (20, "teacher")}, "that answer alone"
    assert panel.status.text() == "You gave 20 to 1 answer(s) in one action."
    assert member_ids(panel) == [answer_id for answer_id in shown if answer_id != walked], "it left the group"
    assert panel.members.hasFocus() and panel.members.currentRow() == 1, "the answer after it is in focus"
    assert review_labels(panel)[panel.reviews.currentRow()] == "Suggested 0 — 3 answer(s)"

    panel.groups_button.click()
    assert panel.mode == "groups" and panel.groups.hasFocus() and panel.target == "groups"
    panel.groups.setCurrentCell(next(row for row, (*_, text) in enumerate(group_rows(panel)) if text == NEGATED), 0)
    QTest.keyClicks(panel.groups, "0")
    QTest.keyClick(panel.groups, Qt.Key.Key_Return)
    QTest.keyClicks(panel.groups, "5")
    wait(qtbot, panel)
    assert graded_by_teacher(store, quiz_id)[negated] == (0, "teacher") and panel.sample_graded()
    assert panel.mode == "groups" and panel.grade_field.text() == "5", "no other view while a grade is typed"
    QTest.keyClick(panel.groups, Qt.Key.Key_Escape)
    panel.open_button.click()
    wait(qtbot, panel)
    assert panel.mode == "suggestions" and panel.reviews.hasFocus(), "every group graded: the suggestions come up"
    assert panel.status.text().startswith("Every group has a grade of yours: check the suggestions")
    assert review_labels(panel) == ["Suggested 0 — 2 answer(s)"] and set(member_ids(panel)) < set(wrong)

    def refused(_workspace: ClassWorkspace, ids: list[int], **_options: object) -> None:
        raise SensemakingError(f"Answer {ids[0]} has no suggested grade to confirm.")

    confirm = ClassWorkspace.confirm
    monkeypatch.setattr(ClassWorkspace, "confirm", refused)
    QTest.keyClick(panel.reviews, Qt.Key.Key_Enter)
    qtbot.waitUntil(lambda: bool(error_boxes()), timeout=WAIT_MS)
    (box,) = error_boxes()
    assert box.text() == f"Answer {member_ids(panel)[0]} has no suggested grade to confirm." and not box.detailedText()
    box.close()
    wait(qtbot, panel)
    assert set(graded_by_teacher(store, quiz_id)) == {*right, *wrong, negated} - set(member_ids(panel))
    monkeypatch.setattr(ClassWorkspace, "confirm", confirm)
    left = member_ids(panel)
    panel.confirm_button.click()
    wait(qtbot, panel)
    after = graded_by_teacher(store, quiz_id)
    assert len(after) == 13 and {answer_id: after[answer_id] for answer_id in left} == dict.fromkeys(
        left, (0, "teacher_group")
    )
    assert review_labels(panel) == [] and member_ids(panel) == []
    assert panel.progress_line.text().startswith("You made 6 grading actions for 13 answers;")
