"""Short answers graded by the key, as Moodle's short answer grades them: the first accepted
answer that matches gives its fraction, `*` stands for any characters."""

import pytest

from sensemaking_desktop.quizzes.grading import first_matching_answer, is_pattern, literal, matches_answer
from sensemaking_desktop.quizzes.model import GAP, Answer, Choice, Question, QuestionKind
from sensemaking_desktop.workflows.selftest import exact_grade, right_answer


@pytest.mark.parametrize(
    ("given", "pattern", "case_sensitive", "expected"),
    [
        ("Frog", "Frog", False, True),
        (" frog. ", "Frog", False, True),
        ("Frogs", "Frog", False, True),
        ("Frogs", "Frog", True, False),
        ("frog", "Frog", True, False),
        ("Frog", "Fro*", False, True),
        ("fROGGY", "Fro*", False, True),
        ("fROGGY", "Fro*", True, False),
        ("A Frog", "Fro*", False, False),
        ("anything at all", "*", False, True),
        ("", "*", False, True),
        ("5*3", "5\\*3", False, True),
        ("513", "5\\*3", False, False),
        ("x.y", "x.*", False, True),
        ("x(y", "x(*", False, True),
    ],
)
def test_an_answer_matches_as_moodle_compares_it(
    given: str, pattern: str, case_sensitive: bool, expected: bool
) -> None:
    assert matches_answer(given, pattern, case_sensitive=case_sensitive) is expected


def test_wildcards_are_told_apart_from_stars() -> None:
    assert is_pattern("Fro*") and is_pattern("*") and not is_pattern("5\\*3") and not is_pattern("Frog")
    assert literal("5\\*3") == "5*3"


def _animal(*accepted: Answer, case_sensitive: bool = False) -> Question:
    return Question(
        kind=QuestionKind.CLOZE,
        text=f"Which is the best animal? {GAP}",
        reference_answer="Frog",
        right_feedback="Good!",
        accepted=list(accepted),
        case_sensitive=case_sensitive,
    )


def test_the_first_matching_answer_gives_the_grade_and_the_feedback() -> None:
    animal = _animal(Answer(text="Cat", fraction=50, feedback="Cats?"), Answer(text="*", fraction=0, feedback="No."))
    assert [(typed, exact_grade(animal, typed)) for typed in ("Frog", "Cat", "Dog")] == [
        ("Frog", (100.0, "Right: Frog (also accepted: Cat (50 %)). Good!")),
        ("Cat", (50.0, "Partly right (50 %); the best answer is Frog (also accepted: Cat (50 %)). Cats?")),
        ("Dog", (0.0, "The right answer is Frog (also accepted: Cat (50 %)). No.")),
    ]
    assert first_matching_answer(animal, "Dog") == Answer(text="*", fraction=0, feedback="No.")
    assert first_matching_answer(_animal(), "Dog") is None and exact_grade(_animal(), "Dog") is None


def test_an_earlier_catch_all_wins_as_in_moodle() -> None:
    caught = _animal(Answer(text="C*", fraction=0), Answer(text="Cat", fraction=50))
    assert exact_grade(caught, "Cat")[0] == 0 and exact_grade(caught, "Frog")[0] == 100
    assert right_answer(caught) == "Frog (also accepted: Cat (50 %))"


def test_case_counts_only_when_the_question_says_so() -> None:
    assert exact_grade(_animal(case_sensitive=True), "frog")[0] == 0
    assert exact_grade(_animal(case_sensitive=False), "frog")[0] == 100


def test_a_picked_choice_earns_its_own_fraction_where_it_keeps_one() -> None:
    colours = Question(
        kind=QuestionKind.MULTIPLE_CHOICE,
        text="Between orange and green?",
        choices=[
            Choice(text="yellow", fraction=50),
            Choice(text="red", fraction=-100),
            Choice(text="lime", fraction=50),
        ],
    )
    assert [exact_grade(colours, typed)[0] for typed in ("yellow", "red", "C")] == [50, 0, 50]
    split = colours.model_copy(update={"choices": [c.model_copy(update={"fraction": None}) for c in colours.choices]})
    # Two right choices make it a multiple-response question: without fractions each right tick
    # earns half, a wrong one costs all (the split the exports write).
    assert [exact_grade(split, typed)[0] for typed in ("yellow", "red", "C", "A C", "A B C")] == [50, 0, 50, 100, 0]
