"""Quizzes round-trip through the library; each kind's rules are enforced."""

import pytest
from pydantic import ValidationError

from sensemaking_desktop.quizzes.model import Choice, Question, QuestionKind, Quiz
from sensemaking_desktop.store import Store
from sensemaking_desktop.store.quizzes import add_quiz, get_quiz, list_quizzes


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
