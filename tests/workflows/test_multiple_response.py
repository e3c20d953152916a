"""Multiple-response questions in the Self-test: several choices ticked, graded as Moodle grades
them, by the sum of the ticked choices' shares (negative ones cost), kept within 0–100."""

from pathlib import Path

import pytest

from sensemaking_desktop.interchange.gift import read_gift
from sensemaking_desktop.interchange.moodle import read_moodle
from sensemaking_desktop.quizzes.model import Choice, Question, QuestionKind
from sensemaking_desktop.workflows.selftest import exact_grade, read_closed

FIXTURES = Path(__file__).parents[1] / "interchange" / "fixtures" / "moodle"


def colours() -> Question:
    """Moodle's GIFT fixture: yellow 50 %, red -100 %, off-beige 50 %, blue -100 %."""
    by_name = {question.name: question for question in read_gift(FIXTURES / "questions.gift.txt").quiz.questions}
    return by_name["colours"]


@pytest.mark.parametrize(
    ("ticks", "score"),
    [("A C", 100), ("a,c", 100), ("AC", 100), ("A", 50), ("A B", 0), ("A B C", 0), ("ABCD", 0), ("D", 0)],
)
def test_ticks_earn_the_sum_of_their_shares_within_0_and_100(ticks: str, score: float) -> None:
    assert exact_grade(colours(), ticks)[0] == score


def test_the_ticked_choices_are_kept_by_their_texts_and_read_back() -> None:
    question = colours()
    assert not question.picks_one
    kept = read_closed(question, "C A")
    assert kept == "yellow\noff-beige"
    assert exact_grade(question, kept)[0] == 100
    assert exact_grade(question, "A")[1] == (
        "Partly right (50 %); the best answer is A) yellow and C) off-beige. right; good!"
    )
    assert read_closed(question, "E") is None and read_closed(question, "") is None


def test_moodles_multichoice_fixture_grades_its_two_capitals() -> None:
    (capitals,) = read_moodle(FIXTURES / "qtype_multichoice_testquestion.moodle.xml").quiz.questions
    # Tokyo, Spain, London 50 %, Barcelona, Paris 50 %.
    assert [exact_grade(capitals, ticks)[0] for ticks in ("C E", "C", "A C E", "A")] == [100, 50, 100, 0]


def test_without_fractions_the_points_split_evenly_and_wrong_ticks_cost() -> None:
    question = Question(
        kind=QuestionKind.MULTIPLE_CHOICE,
        text="Which are gases at room temperature?",
        choices=[Choice(text="oxygen", correct=True), Choice(text="iron"), Choice(text="helium", correct=True)],
    )
    assert [exact_grade(question, ticks)[0] for ticks in ("A C", "A", "A B", "B")] == [100, 50, 0, 0]
    single = question.model_copy(update={"lms": question.lms.model_copy(update={"options": {"single": "true"}})})
    assert single.picks_one and read_closed(single, "A C") is None
