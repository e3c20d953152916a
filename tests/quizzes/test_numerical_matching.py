"""Numerical and matching questions: their keys, graded as Moodle grades them without a model,
typed as lines in the editor, and stored (old libraries upgraded by migration 14)."""

from pathlib import Path

import pytest
import sqlite_utils

from sensemaking_desktop.quizzes.key_text import numerical_text, pairs_text, parse_numerical, parse_pairs
from sensemaking_desktop.quizzes.model import (
    Attachment,
    Numerical,
    NumericAnswer,
    Pair,
    Question,
    QuestionKind,
    Quiz,
    Unit,
)
from sensemaking_desktop.store import Store
from sensemaking_desktop.store.migrations import STEPS, _v14_question_keys, _v16_question_attachments, migrate
from sensemaking_desktop.store.quizzes import add_quiz, get_quiz, update_question
from sensemaking_desktop.workflows.selftest import exact_grade, read_closed


def numerical(**key: object) -> Question:
    answers = [
        NumericAnswer(value=3, tolerance=2, feedback="Good"),
        NumericAnswer(value=3, tolerance=4, fraction=50, feedback="Close"),
        NumericAnswer(value=None, fraction=0, feedback="Completely wrong"),
    ]
    return Question(
        kind=QuestionKind.NUMERICAL,
        text="What is a number from 1 to 5?",
        numerical=Numerical(answers=answers, **key),
    )


def matching() -> Question:
    pairs = [
        Pair(prompt="An activity supporting asynchronous discussions.", answer="Forum"),
        Pair(prompt="A bank of record entries.", answer="Database"),
        Pair(prompt="Web pages anyone can edit.", answer="Wiki"),
        Pair(answer="Chat"),
    ]
    return Question(kind=QuestionKind.MATCHING, text="Match the activities.", pairs=pairs)


@pytest.mark.parametrize(
    ("typed", "score", "said"),
    [("3", 100, "Good"), ("4.9", 100, "Good"), ("6,5", 50, "Close"), ("-1", 50, "Close"), ("8", 0, "Completely wrong")],
)
def test_a_number_earns_the_share_of_the_first_range_that_holds_it(typed: str, score: float, said: str) -> None:
    grade = exact_grade(numerical(), typed)
    assert grade is not None
    assert grade[0] == score
    assert grade[1].endswith(said)


def test_a_number_key_shows_as_its_first_full_points_answer() -> None:
    assert numerical().reference_answer == "3 ± 2"
    with pytest.raises(ValueError, match="full points"):
        Question(
            kind=QuestionKind.NUMERICAL,
            text="How many?",
            numerical=Numerical(answers=[NumericAnswer(value=3, fraction=50)]),
        )


def test_words_are_no_number_where_the_key_has_no_units() -> None:
    assert read_closed(numerical(), "three") is None
    assert read_closed(numerical(), "3 apples") is None
    assert read_closed(numerical(), " 3 ") == "3"


def test_units_convert_and_a_wrong_or_missing_one_costs_the_penalty_where_units_count() -> None:
    units = [Unit(name="m"), Unit(name="cm", multiplier=100)]
    optional = numerical(units=units)
    graded = numerical(units=units, unit_grading="response", unit_penalty=0.2)
    assert exact_grade(optional, "300 cm")[0] == 100
    assert exact_grade(optional, "3")[0] == 100
    assert exact_grade(graded, "3 m")[0] == 100
    assert exact_grade(graded, "3")[0] == 80
    assert exact_grade(graded, "3 km")[0] == 80
    assert "not one of m, cm" in exact_grade(graded, "3 km")[1]
    assert exact_grade(numerical(units=units, unit_grading="question", unit_penalty=0.6), "6 ft")[0] == 0


def test_a_matching_answer_earns_the_share_of_prompts_matched_right() -> None:
    question = matching()
    assert question.reference_answer.startswith("An activity supporting asynchronous discussions. → Forum")
    # The options are in alphabetical order: A Chat, B Database, C Forum, D Wiki.
    assert exact_grade(question, "C B D")[0] == 100
    assert exact_grade(question, "cbd")[0] == 100
    two_right = read_closed(question, "C, B, A")
    assert two_right is not None
    assert two_right.splitlines()[2] == "Web pages anyone can edit. → Chat"
    assert exact_grade(question, two_right)[0] == pytest.approx(200 / 3)
    assert read_closed(question, "C B") is None
    assert read_closed(question, "C B E") is None


def test_a_matching_question_needs_two_prompts() -> None:
    with pytest.raises(ValueError, match="two or more prompts"):
        Question(kind=QuestionKind.MATCHING, text="Match.", pairs=[Pair(prompt="a", answer="b"), Pair(answer="c")])
    with pytest.raises(ValueError, match="only a matching question"):
        Question(kind=QuestionKind.OPEN, text="Why?", pairs=[Pair(prompt="a", answer="b")])


def test_keys_read_back_from_the_lines_a_teacher_types() -> None:
    key = numerical(units=[Unit(name="m"), Unit(name="cm", multiplier=100)]).numerical
    written = numerical_text(key)
    assert written.splitlines() == [
        "3 ± 2 # Good",
        "50 % 3 ± 4 # Close",
        "0 % * # Completely wrong",
        "unit: m",
        "unit: cm = 100",
    ]
    assert parse_numerical(written) == key
    assert parse_numerical("1..5\n3:1").answers == [
        NumericAnswer(value=3, tolerance=2),
        NumericAnswer(value=3, tolerance=1),
    ]
    with pytest.raises(ValueError, match="line 2"):
        parse_numerical("3\nthree")
    pairs = matching().pairs
    assert parse_pairs(pairs_text(pairs)) == pairs
    assert parse_pairs("a → b")[0] == Pair(prompt="a", answer="b")
    with pytest.raises(ValueError, match="line 1"):
        parse_pairs("no arrow")


def test_numerical_and_matching_questions_are_stored_and_edited(store: Store) -> None:
    with store.atomic() as db:
        quiz_id = add_quiz(db, Quiz(title="Keys", questions=[numerical(units=[Unit(name="m")]), matching()]))
    stored = get_quiz(store, quiz_id).questions
    assert stored[0].numerical == numerical(units=[Unit(name="m")]).numerical
    assert stored[1].pairs == matching().pairs
    edited = update_question(store, stored[0].id, {"numerical": parse_numerical("42 ± 1").model_dump()})
    assert edited.reference_answer == "42 ± 1"


def test_an_old_library_gains_the_key_columns(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    old = sqlite_utils.Database(path)
    migrate(old, target=STEPS.index(_v14_question_keys))
    quiz_id = old["quizzes"].insert({"title": "Old", "options": "{}", "created_at": "2025-01-01"}).last_pk
    old["questions"].insert(
        {"quiz_id": quiz_id, "position": 0, "kind": "open", "text": "Why?", "created_at": "x", "updated_at": "x"}
    )
    old.close()
    with Store(path) as upgraded:
        question = get_quiz(upgraded, quiz_id).questions[0]
    assert question.numerical is None
    assert question.pairs == []


def test_an_old_library_gains_attachments_and_a_question_keeps_its_files(tmp_path: Path, store: Store) -> None:
    path = tmp_path / "old.sqlite3"
    old = sqlite_utils.Database(path)
    migrate(old, target=STEPS.index(_v16_question_attachments))
    quiz_id = old["quizzes"].insert({"title": "Old", "options": "{}", "created_at": "2025-01-01"}).last_pk
    old["questions"].insert(
        {"quiz_id": quiz_id, "position": 0, "kind": "open", "text": "Why?", "created_at": "x", "updated_at": "x"}
    )
    old.close()
    with Store(path) as upgraded:
        assert get_quiz(upgraded, quiz_id).questions[0].attachments == []
    flag = Attachment(name="flag-uk.jpg", sha256="a" * 64, size=57)
    with store.atomic() as db:
        kept = add_quiz(db, Quiz(title="Files", questions=[matching().model_copy(update={"attachments": [flag]})]))
    assert get_quiz(store, kept).questions[0].attachments == [flag]
    assert flag.stored_name == "a" * 64 + ".jpg"
