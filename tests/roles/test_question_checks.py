"""Checks every question must pass: grounded keys, options that do not tell, nothing asked twice."""

import pytest

from sensemaking_desktop.quizzes.model import GAP, Choice, Question, QuestionKind, Source
from sensemaking_desktop.roles.question_checks import asked_property, key_problems, option_problems, repeat_problems

SPAN = (
    "Figure 7-27 shows an elastic stop nut. The elastic stop nut is a standard nut with the height increased "
    "to accommodate a fiber locking collar. The wing type ranges in size from No. 6 up to 1/4 inch."
)


def open_question(text: str, key: str, start: int = 0, end: int = 10) -> Question:
    return Question(
        kind=QuestionKind.OPEN, text=text, reference_answer=key, source=Source(span_start=start, span_end=end)
    )


@pytest.mark.parametrize(
    ("key", "grounded"),
    [
        ("27 inches", False),
        ("10mm", False),
        ("a fiber locking collar", True),
        ("fiber locking collars", True),
        ("1/4 inch", True),
        ("a standard nut with increased height", True),
        ("a nylon collar", False),
    ],
)
def test_a_key_must_stand_in_the_span(key: str, grounded: bool) -> None:
    assert (key_problems(open_question("What is it?", key), SPAN) == []) is grounded


def test_a_true_statement_must_hold_the_spans_numbers() -> None:
    statement = Question(
        kind=QuestionKind.TRUE_FALSE, text="The wing type goes up to 3/8 inch.", reference_answer="true"
    )
    assert key_problems(statement, SPAN) == ["the key's number(s) 3/8 are not in the passage"]
    false = statement.model_copy(update={"reference_answer": "false"})
    assert key_problems(false, SPAN) == []


def choice_question(text: str, key: str, others: list[str]) -> Question:
    choices = [Choice(text=key, correct=True), *(Choice(text=other) for other in others)]
    return Question(kind=QuestionKind.MULTIPLE_CHOICE, text=text, reference_answer=key, choices=choices)


@pytest.mark.parametrize(
    ("question", "tell"),
    [
        (choice_question("What holds the nut?", "a spring", ["a bolt", "a washer"]), None),
        (choice_question("What holds the nut?", "a spring", ["a bolt", "all of the above"]), "all/none of the above"),
        (
            choice_question("What holds the nut?", "a spring made of hardened steel wire", ["a bolt", "a pin"]),
            "by far the longest",
        ),
        (choice_question(f"The collar is made of an {GAP}.", "elastic", ["nylon", "fiber"]), "article"),
        (
            choice_question("Which nut has a fiber collar?", "the fiber stop nut", ["the Boots type", "the wing type"]),
            "repeats",
        ),
        (choice_question("What holds the nut?", "a spring", ["A spring", "a bolt"]), "say the same"),
    ],
)
def test_options_must_not_give_the_key_away(question: Question, tell: str | None) -> None:
    problems = option_problems(question)
    assert (problems == []) if tell is None else any(tell in problem for problem in problems)


def test_three_questions_about_the_height_of_the_nut_are_one() -> None:
    first = open_question("What is the height of the nut case?", "27 inches", 0, 10)
    second = open_question("What is the height increase in the elastic stop nut?", "10mm", 20, 30)
    third = open_question("What is the width of the locking collar?", "3 mm", 40, 50)
    assert asked_property(first.text) == ("height", frozenset({"nut", "case"}))
    assert repeat_problems(second, [first]) == ["it asks the height of the same thing again, as question 1 does"]
    assert repeat_problems(third, [first]) == []


def test_a_shared_key_or_span_is_a_repeat() -> None:
    kept = [open_question("Which nut is all metal?", "the Boots nut", 0, 40)]
    assert repeat_problems(open_question("Which nut resists vibration?", "The Boots nut", 100, 140), kept) == [
        "it has the same key as question 1"
    ]
    assert repeat_problems(open_question("What holds the sections?", "a spring", 10, 40), kept) == [
        "it is about the same passage as question 1"
    ]
