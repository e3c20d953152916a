"""Study modes in the core: a timed test over shuffled questions and choices, and spaced
repetition of missed questions with FSRS (a deck per person and material, a queue of due cards)."""

from datetime import UTC, datetime, timedelta

import pytest
from selftest_quiz import stored_selftest_quiz

from sensemaking_desktop.errors import SensemakingError
from sensemaking_desktop.quizzes.model import QuestionKind
from sensemaking_desktop.store import Store
from sensemaking_desktop.store.answers import add_grade
from sensemaking_desktop.workflows.selftest import attempt_questions, finish_attempt, record_answer
from sensemaking_desktop.workflows.study import (
    TIMED,
    Rating,
    collect_missed,
    deck,
    review,
    review_queue,
    start_timed_test,
    suggested_rating,
)

NOON = datetime(2026, 3, 2, 12, 0, tzinfo=UTC)


def test_a_timed_test_shuffles_questions_and_choices_reproducibly(store: Store) -> None:
    _material_id, quiz_id = stored_selftest_quiz(store)
    original = attempt_questions(store, quiz_id)
    tests = [start_timed_test(store, quiz_id, "Ana", 300, seed=seed) for seed in ("a", "a", "b", "c", "d")]
    assert tests[0].questions == tests[1].questions and tests[0].run_id != tests[1].run_id
    orders = {tuple(q.id for q in test.questions) for test in tests}
    assert len(orders) > 1 and all(sorted(order) == sorted(q.id for q in original) for order in orders)
    choice_orders = {
        tuple(c.text for c in next(q for q in test.questions if q.kind == QuestionKind.MULTIPLE_CHOICE).choices)
        for test in tests
    }
    assert len(choice_orders) > 1
    assert tests[0].time_left(100) == 200 and tests[0].time_left(400) == 0
    assert attempt_questions(store, quiz_id) == original
    shown = next(q for q in tests[2].questions if q.kind == QuestionKind.MULTIPLE_CHOICE)
    letter = "ABC"[[c.text for c in shown.choices].index("Condensation")]
    assert record_answer(store, tests[2].run_id, shown, letter, 3).score == 100
    assert finish_attempt(store, tests[2].run_id).mode == TIMED
    with pytest.raises(SensemakingError, match="time limit"):
        start_timed_test(store, quiz_id, "Ana", 0, seed=1)


def test_missed_questions_become_cards_reviewed_with_fsrs(store: Store) -> None:
    material_id, quiz_id = stored_selftest_quiz(store)
    questions = attempt_questions(store, quiz_id)
    run_id = start_timed_test(store, quiz_id, "Ana", 300, seed=1).run_id
    marked = [record_answer(store, run_id, q, text, 2) for q, text in zip(questions[1:], ["a", "true", "basin"])]
    finish_attempt(store, run_id)
    assert marked[2].score is None, "a cloze answer no key matches waits for the Evaluator"
    assert collect_missed(store, run_id, at=NOON) == 1
    with store.atomic() as db:
        add_grade(db, marked[2].answer_id, source="machine", score=0.0, reason="Another term.", grader="evaluator")
    assert collect_missed(store, run_id, at=NOON) == 1, "graded wrong, it becomes a card too"
    assert collect_missed(store, run_id, at=NOON) == 0, "a card keeps its schedule"
    queue = review_queue(store, "Ana", at=NOON)
    assert [card.question.id for card in queue] == [questions[1].id, questions[3].id]
    assert review_queue(store, "Ben", at=NOON) == [] and review_queue(store, "Ana", material_id + 1, NOON) == []
    (count,) = deck(store, "Ana", at=NOON)
    assert (count.material_id, count.due_now, count.cards) == (material_id, 2, 2)
    assert suggested_rating(queue[0].question, "b") == Rating.Good
    assert suggested_rating(queue[1].question, "an Aquifer") == Rating.Good
    assert suggested_rating(queue[1].question, "pond") is None, "no key matches: the learner rates it"
    assert suggested_rating(questions[0], "salt") is None
    first_due = review(store, queue[0].id, Rating.Good, at=NOON)
    assert first_due > NOON
    review(store, queue[1].id, Rating.Easy, at=NOON)
    assert review_queue(store, "Ana", at=NOON) == []
    later = review(store, queue[0].id, Rating.Good, at=first_due)
    assert later - first_due >= timedelta(days=1), "a card recalled twice graduates to days"
    assert [card.reviews for card in review_queue(store, "Ana", at=later + timedelta(days=400))] == [2, 1]
