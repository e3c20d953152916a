"""Quizzes round-trip through the library; each kind's rules are enforced."""

import pytest
from pydantic import ValidationError

from sensemaking_desktop.errors import SensemakingError
from sensemaking_desktop.quizzes.model import Choice, Question, QuestionKind, QuestionStatus, Quiz
from sensemaking_desktop.store import Store
from sensemaking_desktop.store.quizzes import (
    add_question,
    add_quiz,
    delete_question,
    get_quiz,
    list_quizzes,
    move_question,
    update_question,
)


def test_a_quiz_with_every_kind_round_trips(store: Store, every_kind_quiz: Quiz) -> None:
    with store.atomic() as db:
        quiz_id = add_quiz(db, every_kind_quiz)
    loaded = get_quiz(store, quiz_id)
    assert all(question.id is not None for question in loaded.questions)
    without_ids = [question.model_copy(update={"id": None}) for question in loaded.questions]
    assert loaded.model_copy(update={"id": None, "created_at": None, "questions": without_ids}) == every_kind_quiz
    assert list_quizzes(store)[0]["questions"] == 4


@pytest.mark.parametrize(
    "fields",
    [
        {"kind": QuestionKind.MULTIPLE_CHOICE, "choices": [Choice(text="only one", correct=True)]},
        {"kind": QuestionKind.MULTIPLE_CHOICE, "choices": [Choice(text="a"), Choice(text="b")]},
        {"kind": QuestionKind.TRUE_FALSE, "reference_answer": "yes"},
        {"kind": QuestionKind.CLOZE, "reference_answer": "x"},
        {"kind": QuestionKind.OPEN, "choices": [Choice(text="a", correct=True), Choice(text="b")]},
    ],
)
def test_each_kind_refuses_what_does_not_fit_it(fields: dict) -> None:
    with pytest.raises(ValidationError):
        Question(text="A question without a gap?", **fields)


def test_a_teacher_edits_reorders_adds_and_deletes(store: Store, every_kind_quiz: Quiz) -> None:
    with store.atomic() as db:
        quiz_id = add_quiz(db, every_kind_quiz)
    first, second, third, fourth = (q.id for q in get_quiz(store, quiz_id).questions)
    edited = update_question(store, first, {"text": "Why is rain not salty?", "status": QuestionStatus.APPROVED})
    assert (edited.text, edited.status, edited.reference_answer) == (
        "Why is rain not salty?",
        QuestionStatus.APPROVED,
        every_kind_quiz.questions[0].reference_answer,
    )
    with pytest.raises(SensemakingError, match="would break"):
        update_question(store, fourth, {"text": "A cloze without its gap."})
    move_question(store, fourth, 0)
    added = add_question(
        store, quiz_id, Question(kind=QuestionKind.OPEN, text="Name a cloud type.", reference_answer="cumulus")
    )
    delete_question(store, second)
    questions = get_quiz(store, quiz_id).questions
    assert [q.id for q in questions] == [fourth, first, third, added]
    assert questions[-1].status == QuestionStatus.APPROVED
