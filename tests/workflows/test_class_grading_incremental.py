"""A teacher action re-grades only what it can change (issue 47, point 5): after each action the
stored grades are exactly those a full recomputation of the class gives, a grade that changes other
answers' suggestions changes them, and the grades it cannot change are not written again."""

import csv
from pathlib import Path

import pytest

from sensemaking_desktop.interchange.class_answers import import_answers
from sensemaking_desktop.quizzes.model import Quiz
from sensemaking_desktop.roles.pair_judges import CosineJudge
from sensemaking_desktop.store import Store
from sensemaking_desktop.store.class_grades import class_answers
from sensemaking_desktop.store.quizzes import add_quiz
from sensemaking_desktop.workflows import class_grading
from sensemaking_desktop.workflows.class_grading import ClassWorkspace, open_workspace

RIGHT = "The salt stays behind when water evaporates, so only pure water rises."
NEAR_RIGHT = "Only pure water rises when it evaporates; the salt stays behind in the sea."
WRONG = "Rain water is filtered by the clouds, which remove the salt."
NEAR_WRONG = "The clouds filter the salt out of the rain water."
NEGATED = "The salt does not stay behind when water evaporates."
SECOND = ["Condensation", "It is called condensation.", "Evaporation", "evaporation I think"]


@pytest.fixture
def quiz_id(store: Store, every_kind_quiz: Quiz, tmp_path: Path) -> int:
    """Two questions of a small class: the open one with right and wrong answers, the second with
    the right word and a wrong one."""
    with store.atomic() as db:
        quiz = add_quiz(db, every_kind_quiz)
    first = [RIGHT, NEAR_RIGHT, WRONG, NEAR_WRONG, NEGATED]
    rows = [("student", "question", "answer")]
    rows += [(f"S{n:02d}", "1", first[n % len(first)]) for n in range(15)]
    rows += [(f"S{n:02d}", "2", SECOND[n % len(SECOND)]) for n in range(12)]
    path = tmp_path / "class.csv"
    with path.open("w", newline="", encoding="utf-8") as file:
        csv.writer(file).writerows(rows)
    import_answers(store, quiz, path)
    return quiz


def _standing(store: Store, quiz_id: int) -> dict[int, tuple[object, ...]]:
    """Every answer's grades as the library holds them, machine ones with their reason and basis."""
    return {
        a.answer_id: (a.teacher_score, a.machine_score, a.machine_origin, a.machine_confidence, a.machine_reason,
                      a.machine_basis)
        for a in class_answers(store, quiz_id)
    }  # fmt: skip


def _machine_rows(store: Store) -> list[tuple[int, int]]:
    return store.db.execute("SELECT id, answer_id FROM grades WHERE source = 'machine' ORDER BY id").fetchall()


def _recomputed(store: Store, quiz_id: int, monkeypatch: pytest.MonkeyPatch) -> dict[int, tuple[object, ...]]:
    """The class graded from nothing: a new judge and grader, no group formed before."""
    monkeypatch.setattr(class_grading, "_SHAPES", {})
    ClassWorkspace(store, quiz_id, judge=CosineJudge()).regrade()
    return _standing(store, quiz_id)


def _answer(store: Store, quiz_id: int, text: str) -> int:
    return next(a.answer_id for a in class_answers(store, quiz_id) if a.text == text and a.teacher_score is None)


def test_after_each_action_the_grades_are_those_a_full_recomputation_gives(
    store: Store, quiz_id: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    open_workspace(store, quiz_id, judge="cosine").regrade()
    actions = [(RIGHT, 100.0, True), (WRONG, 0.0, False), ("Condensation", 100.0, True), (NEGATED, 0.0, False),
               ("evaporation I think", 0.0, False), (NEAR_WRONG, 10.0, False)]  # fmt: skip
    for text, score, whole_group in actions:
        workspace = open_workspace(store, quiz_id, judge="cosine")  # as each `sensemaking class grade` does
        answer = _answer(store, quiz_id, text)
        workspace.grade(workspace.group_of(answer) if whole_group else [answer], score)
        incremental, rows = _standing(store, quiz_id), _machine_rows(store)
        with monkeypatch.context() as patch:
            assert _recomputed(store, quiz_id, patch) == incremental
        assert _machine_rows(store) == rows  # the recomputation found nothing to write again


def test_a_grade_that_changes_other_suggestions_changes_them_and_leaves_the_rest_unwritten(
    store: Store, quiz_id: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    workspace = open_workspace(store, quiz_id, judge="cosine")
    workspace.grade([_answer(store, quiz_id, RIGHT)], 100)
    before, rows_before = _standing(store, quiz_id), _machine_rows(store)
    wrong = _answer(store, quiz_id, WRONG)
    open_workspace(store, quiz_id, judge="cosine").grade([wrong], 0)
    after = _standing(store, quiz_id)

    answers = {a.answer_id: a for a in class_answers(store, quiz_id)}
    like_wrong = [i for i, a in answers.items() if a.text in (WRONG, NEAR_WRONG) and i != wrong]
    assert like_wrong and all(before[i][1] != 0 for i in like_wrong)
    assert all(after[i][1] == 0 and answers[i].machine_basis["follows"] == wrong for i in like_wrong)
    second = {i for i, a in answers.items() if a.text in SECOND}
    kept = [row for row in rows_before if row[1] in second]
    assert kept and [row for row in _machine_rows(store) if row[1] in second] == kept  # not written again
    assert _recomputed(store, quiz_id, monkeypatch) == after
