"""Quizzes round-trip through the library; each kind's rules are enforced."""

from pathlib import Path

import pytest
import sqlite_utils
from pydantic import ValidationError

from sensemaking_desktop.errors import SensemakingError
from sensemaking_desktop.quizzes.model import (
    GAP,
    Answer,
    Choice,
    LmsDetails,
    Question,
    QuestionKind,
    QuestionStatus,
    Quiz,
)
from sensemaking_desktop.store import Store
from sensemaking_desktop.store.migrations import STEPS, _v12_question_interchange, migrate
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


def test_what_quiz_formats_carry_round_trips_through_the_library(store: Store) -> None:
    kept = Quiz(
        title="Animals",
        questions=[
            Question(
                kind=QuestionKind.CLOZE,
                text=f"Which is the best animal? {GAP}",
                reference_answer="Frog",
                right_feedback="Good!",
                accepted=[Answer(text="Cat", fraction=50, feedback="Cats?"), Answer(text="*", fraction=0)],
                case_sensitive=True,
                name="Shortanswer",
                category="$course$/top/Zoo",
                lms=LmsDetails(idnumber="SA-1", text_format="moodle", penalty=0.1, options={"hidden": "1"}),
            ),
            Question(
                kind=QuestionKind.TRUE_FALSE,
                text="42 is the answer.",
                reference_answer="false",
                right_feedback="Right.",
                wrong_feedback="It is the Ultimate Answer.",
            ),
            Question(
                kind=QuestionKind.MULTIPLE_CHOICE,
                text="Which colours?",
                choices=[
                    Choice(text="yellow", fraction=50),
                    Choice(text="red", fraction=-100),
                    Choice(text="x", fraction=50),
                ],
            ),
        ],
    )
    with store.atomic() as db:
        quiz_id = add_quiz(db, kept)
    loaded = get_quiz(store, quiz_id)
    assert [question.model_copy(update={"id": None}) for question in loaded.questions] == kept.questions
    assert [choice.correct for choice in loaded.questions[2].choices] == [True, False, True]


def test_accepted_answers_stored_before_become_full_points_answers(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    old = sqlite_utils.Database(path)
    before = STEPS.index(_v12_question_interchange)
    migrate(old, target=before)
    quiz_id = old["quizzes"].insert({"title": "Old", "options": "{}", "created_at": "2025-01-01"}).last_pk
    old["questions"].insert(
        {
            "quiz_id": quiz_id,
            "position": 0,
            "kind": "cloze",
            "text": f"An {GAP}.",
            "reference_answer": "aquifer",
            "accepted": '["aquifers", "Aquifer rock"]',
            "created_at": "2025-01-01",
            "updated_at": "2025-01-01",
        }
    )
    old.close()
    with Store(path) as upgraded:
        (question,) = get_quiz(upgraded, quiz_id).questions
    assert question.accepted == [Answer(text="aquifers"), Answer(text="Aquifer rock")]
    assert [(answer.fraction, answer.feedback) for answer in question.accepted] == [(100, None), (100, None)]
    assert (question.name, question.category, question.case_sensitive, question.lms) == (
        None,
        None,
        False,
        LmsDetails(),
    )


def test_a_choice_fraction_must_agree_with_correct() -> None:
    assert Choice(text="a", fraction=50).correct and not Choice(text="b", fraction=-100).correct
    with pytest.raises(ValidationError, match="correct exactly when its fraction is above 0"):
        Choice(text="a", correct=True, fraction=0)
    with pytest.raises(ValidationError, match="only a true/false question has feedback for the wrong answer"):
        Question(kind=QuestionKind.CLOZE, text=f"An {GAP}.", reference_answer="x", wrong_feedback="no")
