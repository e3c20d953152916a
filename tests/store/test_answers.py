"""Answer runs in the library: runs, answers, grades (human before machine), summaries and history."""

import pytest

from sensemaking_desktop.errors import SensemakingError
from sensemaking_desktop.quizzes.model import Question, QuestionKind, QuestionStatus, Quiz
from sensemaking_desktop.store import Store
from sensemaking_desktop.store.answers import (
    add_answer,
    add_grade,
    add_run,
    finish_run,
    get_run,
    list_runs,
    self_test_attempts,
    ungraded_answers,
)
from sensemaking_desktop.store.materials import add_material
from sensemaking_desktop.store.quizzes import add_quiz


def stored_quiz(store: Store, title: str = "Water") -> tuple[int, list[int]]:
    """A material with a quiz of three questions, one of them dropped; returns (quiz id, question ids)."""
    questions = [
        Question(kind=QuestionKind.OPEN, text="Why is rain fresh?", reference_answer="Salt stays behind."),
        Question(kind=QuestionKind.TRUE_FALSE, text="Clouds are made of droplets.", reference_answer="true"),
        Question(kind=QuestionKind.OPEN, text="Who wrote this?", status=QuestionStatus.DROPPED),
    ]
    with store.atomic() as db:
        material_id = add_material(db, {"title": title, "kind": "text"}, [{"text": "Rain is fresh water."}])
        quiz_id = add_quiz(db, Quiz(material_id=material_id, title=f"Quiz on {title}", questions=questions))
    ids = [
        row[0] for row in store.db.execute("SELECT id FROM questions WHERE quiz_id = ? ORDER BY position", [quiz_id])
    ]
    return quiz_id, ids


def test_a_run_keeps_answers_in_quiz_order_with_their_best_grade(store: Store) -> None:
    quiz_id, (open_id, statement_id, _) = stored_quiz(store)
    with store.atomic() as db:
        run_id = add_run(db, quiz_id, "model", "smollm2", "student-job")
        second = add_answer(db, run_id, statement_id, "true", answerable=True, supported=False, passages=[(0, 5)])
        first = add_answer(
            db, run_id, open_id, "The salt", evidence=[{"quote": "fresh", "start": 8, "end": 13}], time_taken_s=2.0
        )
        add_grade(db, second, source="machine", score=100, reason="Right.", grader="exact-match")
        add_grade(db, first, source="human", score=40, reason="Too short.", grader="teacher")
        add_grade(db, first, source="machine", score=90, reason="Later, but a machine's.", grader="evaluator")
    detail = get_run(store, run_id)
    assert [a.question_id for a in detail.answers] == [open_id, statement_id]
    assert detail.answers[0].grade.score == 40 and detail.answers[0].grade.source == "human"
    assert detail.answers[0].evidence == [{"quote": "fresh", "start": 8, "end": 13}]
    assert detail.answers[1].passages == [[0, 5]] and detail.answers[1].supported is False
    assert detail.answers[0].passages is None and detail.answers[0].answerable is None
    run = detail.run
    assert (run.questions, run.answered, run.graded, run.mean_score) == (2, 2, 2, 70)
    assert run.finished_at is None and run.total_time_s == 2.0


def test_ungraded_answers_wait_and_finishing_is_recorded_once(store: Store) -> None:
    quiz_id, (open_id, statement_id, _) = stored_quiz(store)
    with store.atomic() as db:
        run_id = add_run(db, quiz_id, "person", "Ana", "one-by-one")
        open_answer = add_answer(db, run_id, open_id, "salt stays", time_taken_s=12.5)
        closed = add_answer(db, run_id, statement_id, "true", time_taken_s=3.5)
        add_grade(db, closed, source="machine", score=100, reason="Right.", grader="exact-match")
        finish_run(db, run_id)
    finished = get_run(store, run_id).run.finished_at
    with store.atomic() as db:
        finish_run(db, run_id)
    assert get_run(store, run_id).run.finished_at == finished is not None
    assert [a.id for a in ungraded_answers(store, run_id)] == [open_answer]
    run = get_run(store, run_id).run
    assert (run.total_time_s, run.mean_time_s, run.mean_score) == (16.0, 8.0, 100)


def test_history_lists_self_tests_on_one_material_numbered_per_quiz_and_runs_list_by_quiz(store: Store) -> None:
    water, _ = stored_quiz(store, "Water")
    rocks, _ = stored_quiz(store, "Rocks")
    with store.atomic() as db:
        student = add_run(db, water, "person", "S1", None)
        mine = add_run(db, water, "person", "me", "all-at-once")
        add_run(db, water, "model", "smollm2", "student-job")
        other = add_run(db, rocks, "person", "me", "one-by-one")
        again = add_run(db, water, "person", "me", "one-by-one")
    water_material = store.db.execute("SELECT material_id FROM quizzes WHERE id = ?", [water]).fetchone()[0]
    assert [run.id for run in self_test_attempts(store, water_material)] == [mine, again], "no class answers"
    assert [(run.id, run.attempt) for run in self_test_attempts(store)] == [(mine, 1), (other, 1), (again, 2)]
    assert [run.kind for run in list_runs(store, water)] == ["person", "person", "model", "person"]
    assert [run.id for run in list_runs(store, kind="person")] == [student, mine, other, again]
    assert get_run(store, student).run.attempt is None, "an imported class's run is no attempt"


def test_bad_runs_and_grades_are_refused(store: Store) -> None:
    quiz_id, (open_id, _, _) = stored_quiz(store)
    with pytest.raises(SensemakingError, match="no quiz 99"), store.atomic() as db:
        add_run(db, 99, "person", "me", "one-by-one")
    with store.atomic() as db:
        answer_id = add_answer(db, add_run(db, quiz_id, "person", "me", "one-by-one"), open_id, "x")
    with pytest.raises(SensemakingError, match="0 to 100"), store.atomic() as db:
        add_grade(db, answer_id, source="human", score=120, reason=None, grader="teacher")
    with pytest.raises(SensemakingError, match="no answer run 42"):
        get_run(store, 42)
