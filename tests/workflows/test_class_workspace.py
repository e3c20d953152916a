"""The grading workspace on a real library: teacher actions, machine grades beside them, final grades out."""

import csv
from pathlib import Path

import pytest

from sensemaking_desktop.errors import SensemakingError
from sensemaking_desktop.interchange.class_answers import import_answers
from sensemaking_desktop.quizzes.model import Quiz
from sensemaking_desktop.roles.pair_judges import CosineJudge
from sensemaking_desktop.store import Store
from sensemaking_desktop.store.quizzes import add_quiz
from sensemaking_desktop.workflows.class_grading import ClassWorkspace, export_final_grades

RIGHT = "The salt stays behind when water evaporates, so only pure water rises."
WRONG = "Rain water is filtered by the clouds, which remove the salt."


@pytest.fixture
def quiz_id(store: Store, every_kind_quiz: Quiz, tmp_path: Path) -> int:
    with store.atomic() as db:
        quiz = add_quiz(db, every_kind_quiz)
    path = tmp_path / "class.csv"
    rows = [("student", "question", "answer")]
    for number in range(12):
        rows.append((f"S{number:02d}", "1", RIGHT if number % 3 else WRONG))
    rows.append(("S12", "1", "The salt does not stay behind when water evaporates."))
    with path.open("w", newline="", encoding="utf-8") as file:
        csv.writer(file).writerows(rows)
    import_answers(store, quiz, path)
    return quiz


def _workspace(store: Store, quiz_id: int) -> ClassWorkspace:
    return ClassWorkspace(store, quiz_id, judge=CosineJudge())


def test_a_group_action_grades_exactly_its_members_and_the_rest_become_suggestions(store: Store, quiz_id: int) -> None:
    workspace = _workspace(store, quiz_id)
    view = workspace.view()
    groups = view.groups[view.questions[0].question_id]
    texts = {answer.answer_id: answer.text for answer in view.answers}
    right = next(group for group in groups if texts[group.representative_id] == RIGHT)
    assert len(right.answer_ids) == 8 and {texts[i] for i in right.answer_ids} == {RIGHT}
    negated = next(a.answer_id for a in view.answers if "does not" in a.text)
    assert all(negated not in group.answer_ids or len(group.answer_ids) == 1 for group in groups)

    summary = workspace.grade(right.answer_ids, 100)
    answers = {answer.answer_id: answer for answer in workspace.view().answers}
    graded = {i for i, answer in answers.items() if answer.teacher_score is not None}
    assert graded == set(right.answer_ids)
    assert {answers[i].teacher_origin for i in graded} == {"teacher_group"}
    assert all(answers[i].machine_origin == "suggestion" for i in answers if i not in graded)
    assert summary.actions == 1 and summary.teacher_graded == 8 and summary.automatic == 0
    assert "too small for automatic grades at 95 %" in summary.line()


def test_teacher_grades_are_never_replaced_by_the_machine(store: Store, quiz_id: int, tmp_path: Path) -> None:
    workspace = _workspace(store, quiz_id)
    answers = workspace.view().answers
    wrong = next(answer.answer_id for answer in answers if answer.text == WRONG)
    right = next(answer.answer_id for answer in answers if answer.text == RIGHT)
    workspace.grade([wrong], 0)
    workspace.grade([right], 100)
    workspace.regrade()
    after = {answer.answer_id: answer for answer in workspace.view().answers}
    assert (after[wrong].teacher_score, after[wrong].teacher_origin) == (0, "teacher")
    assert (after[right].teacher_score, after[right].teacher_origin) == (100, "teacher")
    suggested = [a for a in after.values() if a.teacher_score is None]
    assert all(a.machine_score == (100 if a.text == RIGHT else 0) for a in suggested if a.text in (RIGHT, WRONG))
    follows_right = next(a for a in suggested if a.text == RIGHT)
    assert follows_right.machine_reason.startswith("Like S") and "which you gave 100" in follows_right.machine_reason
    assert follows_right.machine_basis["follows"] == right and follows_right.machine_basis["judge"]["judge"] == "cosine"

    target = export_final_grades(store, quiz_id, tmp_path / "final.csv").path
    rows = list(csv.DictReader(target.read_text(encoding="utf-8-sig").splitlines()))
    sources = {row["student"]: row["source"] for row in rows}
    assert all(row["reason"] == "" for row in rows if row["source"] == "teacher")
    assert len(rows) == 13 and list(sources.values()).count("teacher") == 2
    assert set(sources.values()) == {"teacher", "suggestion"}
    wide = export_final_grades(store, quiz_id, tmp_path / "wide.csv", wide=True).path
    header = wide.read_text(encoding="utf-8-sig").splitlines()[0]
    assert header == "student,Q1,total,automatic,to review"


def test_split_and_move_reform_the_groups(store: Store, quiz_id: int) -> None:
    workspace = _workspace(store, quiz_id)
    view = workspace.view()
    right = [a.answer_id for a in view.answers if a.text == RIGHT]
    workspace.split(right[:2])
    groups = workspace.view().groups[view.questions[0].question_id]
    assert sorted(right[:2]) in [sorted(group.answer_ids) for group in groups]
    workspace.split(right[:1])
    groups = [sorted(group.answer_ids) for group in workspace.view().groups[view.questions[0].question_id]]
    assert [right[0]] in groups and [right[1]] in groups
    workspace.move(right[0], beside=right[5])
    assert right[0] in workspace.group_of(right[5]) and right[1] not in workspace.group_of(right[5])


def test_a_larger_class_is_told_how_many_more_grades_would_let_the_app_accept_any(
    store: Store, quiz_id: int, tmp_path: Path
) -> None:
    path = tmp_path / "more.csv"
    rows = [("student", "question", "answer")] + [(f"T{n:03d}", "1", f"{RIGHT} Also {n}.") for n in range(90)]
    with path.open("w", newline="", encoding="utf-8") as file:
        csv.writer(file).writerows(rows)
    import_answers(store, quiz_id, path)
    workspace = _workspace(store, quiz_id)
    first = workspace.view().answers[0].answer_id
    summary = workspace.grade([first], 100)
    assert summary.advice == (
        "Grade 58 more answers, for example of question 1, to let the app accept any grade automatically."
    )


def test_grades_outside_the_scale_and_a_quiz_without_a_class_are_refused(store: Store, quiz_id: int) -> None:
    workspace = _workspace(store, quiz_id)
    with pytest.raises(SensemakingError, match="from 0 to 100"):
        workspace.grade([workspace.view().answers[0].answer_id], 120)
    with pytest.raises(SensemakingError, match="no answer 999"):
        workspace.grade([999], 50)
    with store.atomic() as db:
        empty = add_quiz(db, Quiz(title="Empty", questions=[]))
    with pytest.raises(SensemakingError, match="no answers from people"):
        _workspace(store, empty)


def test_suggestions_with_the_same_grade_are_checked_together_and_confirmed_in_one_action(
    store: Store, quiz_id: int
) -> None:
    workspace = _workspace(store, quiz_id)
    answers = workspace.view().answers
    question = answers[0].question_id
    workspace.grade([next(a.answer_id for a in answers if a.text == WRONG)], 0)
    workspace.grade([next(a.answer_id for a in answers if a.text == RIGHT)], 100)
    groups = workspace.review_groups(question)
    texts = {a.answer_id: a.text for a in answers}
    by_score = {group.score: group.answer_ids for group in groups}
    assert {texts[i] for i in by_score[100.0]} == {RIGHT} and len(by_score[100.0]) == 7
    assert WRONG in {texts[i] for i in by_score[0.0]}
    summary = workspace.confirm(by_score[100.0])
    after = {a.answer_id: a for a in workspace.view().answers}
    assert all((after[i].teacher_score, after[i].teacher_origin) == (100, "teacher_group") for i in by_score[100.0])
    assert summary.actions == 3 and summary.teacher_graded == 9
    assert [group.score for group in workspace.review_groups(question)] == [0.0]


def test_once_every_answer_has_the_teachers_grade_the_advice_is_the_export(store: Store, quiz_id: int) -> None:
    workspace = _workspace(store, quiz_id)
    ids = [answer.answer_id for answer in workspace.view().answers]
    assert "Grade the rest in groups." in workspace.regrade().line()
    summary = workspace.grade(ids, 100)
    assert "ready to export" in summary.line() and "Grade the rest" not in summary.line()
