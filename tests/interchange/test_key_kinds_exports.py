"""Numerical and matching questions in every export: the LMS formats carry their keys and read
them back, the others write them as text, and what a format cannot carry is said per question."""

from pathlib import Path

import pytest

from sensemaking_desktop.interchange.export_notes import export_notes
from sensemaking_desktop.interchange.formats import FORMATS, quiz_format
from sensemaking_desktop.quizzes.model import Numerical, NumericAnswer, Pair, Question, QuestionKind, Quiz, Unit
from sensemaking_desktop.workflows.selftest import exact_grade


def key_quiz(*, units: bool = True) -> Quiz:
    answers = [
        NumericAnswer(value=9.81, tolerance=0.05, feedback="Right."),
        NumericAnswer(value=10, tolerance=0.5, fraction=50),
        NumericAnswer(fraction=0, feedback="Think of free fall."),
    ]
    key = Numerical(
        answers=answers,
        units=[Unit(name="m/s²"), Unit(name="cm/s²", multiplier=100)] if units else [],
        unit_grading="response" if units else "optional",
        unit_penalty=0.5,
    )
    pairs = [Pair(prompt="H2O", answer="water"), Pair(prompt="NaCl", answer="salt"), Pair(answer="sugar")]
    return Quiz(
        title="Keys",
        questions=[
            Question(kind=QuestionKind.NUMERICAL, name="g", text="What is g at sea level?", numerical=key, points=2),
            Question(kind=QuestionKind.MATCHING, name="formulas", text="Match the formulas.", pairs=pairs, points=3),
        ],
    )


@pytest.mark.parametrize("chosen", FORMATS, ids=[chosen.name for chosen in FORMATS])
def test_every_format_writes_them(chosen, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    (written,) = chosen.write(key_quiz(), tmp_path / f"keys{chosen.suffix}")
    assert written.stat().st_size > 0


@pytest.mark.parametrize("name", ["moodle", "gift", "qti", "qti12"])
def test_the_lms_formats_read_back_what_they_carry(name: str, tmp_path: Path) -> None:
    quiz = key_quiz(units=name == "moodle")
    chosen = quiz_format(name)
    (written,) = chosen.write(quiz, tmp_path / f"keys{chosen.suffix}")
    number, matching = chosen.read(written).quiz.questions
    assert matching.pairs == quiz.questions[1].pairs
    # The options in alphabetical order: A salt, B sugar, C water.
    assert [exact_grade(matching, typed)[0] for typed in ("C A", "C B", "A C")] == [100, 50, 0]
    expected = quiz.questions[0].numerical
    read = number.numerical
    carried = [(a.value, a.tolerance, a.fraction) for a in expected.answers if name in ("moodle", "gift") or a.fraction]
    assert [(a.value, pytest.approx(a.tolerance), a.fraction) for a in read.answers] == carried
    if name in ("moodle", "gift"):
        assert [a.feedback for a in read.answers] == [a.feedback for a in expected.answers]
    if name == "moodle":
        assert read == expected
    unit = " m/s²" if name == "moodle" else ""
    assert [exact_grade(number, typed + unit)[0] for typed in ("9.8", "10.3", "12")] == [100, 50, 0]


def test_what_a_format_cannot_carry_is_said_per_question() -> None:
    quiz = key_quiz()
    assert export_notes(quiz, "moodle") == []
    assert export_notes(quiz, "gift") == [
        "question 1 “g” (numerical): GIFT has no units: its units (m/s², cm/s²) and their grading are left out"
    ]
    assert export_notes(quiz, "qti")[1] == (
        "question 1 “g” (numerical): the feedback of its accepted numbers is left out (QTI scores the number only)"
    )
    assert export_notes(key_quiz(units=False), "qti12") == [], "QTI 1.2 shows each number's feedback"
    csv = export_notes(quiz, "csv")
    assert len(csv) == 2 and csv[1].startswith("question 2 “formulas” (matching): CSV has no columns for its key")
    assert "(H2O → water; NaCl → salt)" in csv[1]
    assert len(export_notes(quiz, "anki")) == 2
    assert export_notes(quiz, "markdown") == []
