"""Two teacher actions on one class at once, each through its own connection to one library file
(issue 47, finding 1): both land, and the app's grades are computed from both, or the action is
told to run again; never do grades computed from a class that has changed since overwrite newer ones."""

import csv
import itertools
import threading
from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np
import pytest

from sensemaking_desktop.errors import SensemakingError
from sensemaking_desktop.interchange.class_answers import import_answers
from sensemaking_desktop.quizzes.model import Quiz
from sensemaking_desktop.roles.pair_judges import CosineJudge
from sensemaking_desktop.store import Store
from sensemaking_desktop.store.class_grades import ClassAnswer, class_answers
from sensemaking_desktop.store.quizzes import add_quiz
from sensemaking_desktop.workflows.class_grading import REGRADE_TRIES, ClassWorkspace

RIGHT = "The salt stays behind when water evaporates, so only pure water rises."
WRONG = "Rain water is filtered by the clouds, which remove the salt."


class HookedJudge:
    """The cosine judge, running `hook` before its judgements: another teacher's action, made while
    this workspace computes its grades."""

    name = "cosine"

    def __init__(self, hook: Callable[[], None], *, times: int = 1) -> None:
        self.judge = CosineJudge()
        self.provenance = self.judge.provenance
        self.hook = hook
        self.times = times

    def same_grade(self, question: str, pairs: Sequence[tuple[str, float, str]]) -> np.ndarray:
        if self.times:
            self.times -= 1
            self.hook()
        return self.judge.same_grade(question, pairs)


@pytest.fixture
def quiz_id(store: Store, every_kind_quiz: Quiz, tmp_path: Path) -> int:
    with store.atomic() as db:
        quiz = add_quiz(db, every_kind_quiz)
    path = tmp_path / "class.csv"
    rows = [("student", "question", "answer")] + [(f"S{n:02d}", "1", RIGHT if n % 3 else WRONG) for n in range(9)]
    with path.open("w", newline="", encoding="utf-8") as file:
        csv.writer(file).writerows(rows)
    import_answers(store, quiz, path)
    return quiz


def _answers(store: Store, quiz_id: int) -> dict[int, ClassAnswer]:
    return {answer.answer_id: answer for answer in class_answers(store, quiz_id)}


def _teacher_rows(store: Store) -> list[tuple[int, float]]:
    return store.db.execute("SELECT answer_id, score FROM grades WHERE source = 'human' ORDER BY id").fetchall()


def _as_a_fresh_regrade_leaves_them(store: Store, quiz_id: int) -> None:
    """The stored machine grades are those the class as it now stands gives: none is stale."""
    stored = {
        i: (a.machine_score, a.machine_reason) for i, a in _answers(store, quiz_id).items() if a.teacher_score is None
    }
    ClassWorkspace(store, quiz_id, judge=CosineJudge()).regrade()
    fresh = {
        i: (a.machine_score, a.machine_reason) for i, a in _answers(store, quiz_id).items() if a.teacher_score is None
    }
    assert stored == fresh
    assert store.db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"


def test_a_grade_given_while_the_class_is_graded_again_is_not_lost(store: Store, quiz_id: int) -> None:
    answers = list(_answers(store, quiz_id).values())
    right = next(a.answer_id for a in answers if a.text == RIGHT)

    def other_teacher() -> None:
        with Store(store.path) as other:
            ClassWorkspace(other, quiz_id, judge=CosineJudge()).grade([right], 10)

    ClassWorkspace(store, quiz_id, judge=HookedJudge(other_teacher)).grade([right], 90)

    assert _teacher_rows(store) == [(right, 90), (right, 10)]
    after = _answers(store, quiz_id)
    assert after[right].teacher_score == 10
    following = [a for a in after.values() if a.machine_basis.get("follows") == right]
    assert following and {a.machine_reason for a in following} == {"Like S01's answer, which you gave 10."}
    assert after[right].machine_origin is None or after[right].machine_score == after[right].teacher_score
    _as_a_fresh_regrade_leaves_them(store, quiz_id)


def test_a_class_that_never_stops_changing_is_told_to_run_again(store: Store, quiz_id: int) -> None:
    answers = [a.answer_id for a in _answers(store, quiz_id).values()]
    scores = itertools.count(10)

    def other_teacher() -> None:
        with Store(store.path) as other:
            # A grade not given before, so that each try judges new pairs (the judge caches by text).
            ClassWorkspace(other, quiz_id, judge=CosineJudge()).grade([answers[1]], next(scores))

    judge = HookedJudge(other_teacher, times=10 * REGRADE_TRIES)
    with pytest.raises(SensemakingError, match=r"were not updated: run `sensemaking class status \d+`"):
        ClassWorkspace(store, quiz_id, judge=judge).grade([answers[0]], 90)
    assert _teacher_rows(store)[0] == (answers[0], 90) and len(_teacher_rows(store)) > REGRADE_TRIES
    _as_a_fresh_regrade_leaves_them(store, quiz_id)


@pytest.mark.parametrize("same_answer", [True, False])
def test_two_teachers_grading_at_once_both_land(store: Store, quiz_id: int, same_answer: bool) -> None:
    answers = [a.answer_id for a in _answers(store, quiz_id).values()]
    chosen = [answers[1], answers[1] if same_answer else answers[2]]
    planning = threading.Barrier(2, timeout=60)
    failures: list[BaseException] = []

    def teacher(answer_id: int, score: float) -> None:
        try:
            with Store(store.path) as own:
                ClassWorkspace(own, quiz_id, judge=HookedJudge(planning.wait)).grade([answer_id], score)
        except SensemakingError as refused:
            assert "run `sensemaking class status" in str(refused)
        except BaseException as error:  # noqa: BLE001 - the test reports it below
            failures.append(error)

    threads = [threading.Thread(target=teacher, args=(answer, score)) for answer, score in zip(chosen, (100, 0))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    assert not failures
    assert sorted(_teacher_rows(store)) == sorted(zip(chosen, (100.0, 0.0)))
    _as_a_fresh_regrade_leaves_them(store, quiz_id)
