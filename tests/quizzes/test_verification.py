"""The Teacher's verification as a typed record: what libraries of the previous version stored loads,
unknown keys survive a save, and the JSON written keeps the keys the dict had."""

import json

from sensemaking_desktop.quizzes.model import Question, QuestionKind, Quiz
from sensemaking_desktop.quizzes.verification import Checks, StudentCheck, Verification
from sensemaking_desktop.store import Store
from sensemaking_desktop.store.quizzes import add_quiz, get_quiz, update_question

OLD = json.dumps(
    {
        "provenance": {"template_name": "teacher_open", "template_version": "3", "prompt_tokens": 812},
        "answer_first": True,
        "reasons": ["the Student reaches the key without the material (guessable)"],
        "checks": {
            "duplicate": {"question": 2, "cosine": 0.41, "word_overlap": 0.2},
            "key": {"key": "elsewhere in the section", "moved_from": [0, 68]},
            "statement": {"entailment": 0.02, "contradiction": 0.97},
            "student_from_passage": {"answer": "memory cells", "answerable": True, "agreement": 1.0, "agrees": True},
            "closed_book": {"answer": "memory cells", "answerable": True, "agreement": 1.0, "agrees": True},
            "a_check_of_another_version": {"score": 0.5},
        },
        "answerable_without_material": True,
        "retried": "it is about the text, not the subject",
        "a_key_of_another_version": [1, None],
    }
)
"""The verification column as the previous version wrote it, every key it knew, and two it did not."""


def test_the_previous_versions_json_loads_into_fields_and_writes_back_the_same() -> None:
    verification = Verification.model_validate_json(OLD)
    assert verification.checked and verification.answer_first and verification.answerable_without_material
    assert verification.provenance == {"template_name": "teacher_open", "template_version": "3", "prompt_tokens": 812}
    assert verification.checks is not None and verification.checks.student_from_passage is not None
    assert verification.checks.student_from_passage.answer == "memory cells"
    assert verification.checks.key is not None and verification.checks.key.moved_from == [0, 68]
    assert verification.retried == "it is about the text, not the subject"
    assert json.dumps(verification.model_dump(mode="json")) == OLD


def test_an_unchecked_question_stores_an_empty_object() -> None:
    assert Verification.model_validate_json("{}") == Verification()
    assert not Verification().checked
    assert Verification().model_dump() == {}
    assert Question(kind=QuestionKind.OPEN, text="Why?").model_dump(mode="json")["verification"] == {}


def test_only_what_was_written_is_stored() -> None:
    checks = Checks(student_from_passage=StudentCheck(answer="rain", answerable=True, agreement=0.5, agrees=True))
    verification = Verification(provenance={"template_name": "floor"}).model_copy(
        update={"reasons": [], "checks": checks, "answerable_without_material": False}
    )
    assert verification.model_dump() == {
        "provenance": {"template_name": "floor"},
        "reasons": [],
        "checks": {"student_from_passage": {"answer": "rain", "answerable": True, "agreement": 0.5, "agrees": True}},
        "answerable_without_material": False,
    }


def test_a_library_row_of_the_previous_version_loads_and_saves_without_losing_keys(store: Store) -> None:
    quiz = Quiz(title="Immunity", questions=[Question(kind=QuestionKind.OPEN, text="What remembers a germ?")])
    with store.atomic() as db:
        quiz_id = add_quiz(db, quiz)
        db.execute("UPDATE questions SET verification = ?", [OLD])
    (loaded,) = get_quiz(store, quiz_id).questions
    assert loaded.verification == Verification.model_validate_json(OLD)
    assert loaded.id is not None
    update_question(store, loaded.id, {"text": "Which cells remember a germ?"})
    (saved,) = get_quiz(store, quiz_id).questions
    assert saved.text == "Which cells remember a germ?"
    assert saved.verification.model_dump(mode="json") == json.loads(OLD)
