"""Self-test core: exact grading of closed questions, attempts recorded as they go, and the history."""

import string
import tomllib

import pytest
from selftest_quiz import SECTION, stored_selftest_quiz

from sensemaking_desktop import paths
from sensemaking_desktop.errors import SensemakingError
from sensemaking_desktop.quizzes.model import Choice, Question, QuestionKind
from sensemaking_desktop.store import Store
from sensemaking_desktop.store.answers import SELF_TEST_MODES, get_run, ungraded_answers
from sensemaking_desktop.workflows.selftest import (
    ALL_AT_ONCE,
    ONE_BY_ONE,
    answer_passage,
    attach_grade,
    attempt_questions,
    exact_grade,
    finish_attempt,
    history,
    read_closed,
    record_answer,
    start_attempt,
)
from sensemaking_desktop.workflows.selftest_texts import TEXTS_FILE, say
from sensemaking_desktop.workflows.study import TIMED

CHOICE = Question(
    kind=QuestionKind.MULTIPLE_CHOICE,
    text="Which?",
    choices=[Choice(text="Evaporation"), Choice(text="Condensation", correct=True), Choice(text="3")],
)


@pytest.mark.parametrize(
    ("typed", "score"),
    [("B", 100), ("b", 100), ("2", 100), (" condensation. ", 100), ("A", 0), ("3", 0), ("Z", 0), ("rain", 0)],
)
def test_multiple_choice_is_read_by_letter_number_or_text(typed: str, score: float) -> None:
    assert exact_grade(CHOICE, typed)[0] == score


def test_a_choice_named_by_its_own_text_wins_over_a_number() -> None:
    assert read_closed(CHOICE, "3") == "3" and read_closed(CHOICE, "1") == "Evaporation"
    assert read_closed(CHOICE, "rain") is None


def test_true_false_and_cloze_are_graded_exactly_with_the_right_answer_as_reason() -> None:
    statement = Question(kind=QuestionKind.TRUE_FALSE, text="Salt rises.", reference_answer="false")
    assert exact_grade(statement, "F") == (100.0, "Right: false.")
    assert exact_grade(statement, "yes") == (0.0, "The right answer is false.")
    assert read_closed(statement, "maybe") is None and exact_grade(statement, "maybe")[0] == 0
    assert read_closed(statement, "Falsch") == "false" and exact_grade(statement, "wahr")[0] == 0
    cloze = Question(kind=QuestionKind.CLOZE, text="An _____.", reference_answer="aquifer", accepted=["aquifers"])
    assert exact_grade(cloze, "Aquifers!")[0] == 100 and exact_grade(cloze, "an Aquifer")[0] == 100
    assert "also accepted: aquifers" in exact_grade(cloze, "aquifer")[1]
    assert exact_grade(cloze, "rock") is None, "an answer no key matches goes to the Evaluator"
    assert exact_grade(Question(kind=QuestionKind.OPEN, text="Why?"), "because") is None


def test_an_attempt_is_recorded_graded_finished_and_listed(store: Store) -> None:
    material_id, quiz_id = stored_selftest_quiz(store)
    questions = attempt_questions(store, quiz_id)
    run_id = start_attempt(store, quiz_id, "Ana")
    marked = [
        record_answer(store, run_id, question, text, seconds)
        for question, text, seconds in zip(questions, ["the salt stays", "b", "false", "aquifer"], [20, 5, 4, 6])
    ]
    assert [m.score for m in marked] == [None, 100, 0, 100] and marked[1].text == "Condensation"
    assert marked[2].reason == "The right answer is true."
    summary = finish_attempt(store, run_id)
    assert (summary.label, summary.mode, summary.answered, summary.questions) == ("Ana", "one-by-one", 4, 4)
    assert summary.finished_at is not None and summary.total_time_s == 35
    assert [a.question_id for a in ungraded_answers(store, run_id)] == [questions[0].id]
    attach_grade(store, marked[0].answer_id, score=80, reason="Right idea.", grader="evaluator")
    (attempt,) = history(store, material_id)
    assert attempt.run.mean_score == pytest.approx(70) and attempt.run.graded == 4
    assert [(t.position, t.time_taken_s, t.score) for t in attempt.answers] == [
        (1, 20, 80),
        (2, 5, 100),
        (3, 4, 0),
        (4, 6, 100),
    ]
    assert history(store, material_id + 1) == []
    grades = get_run(store, run_id).answers
    assert grades[1].grade.grader == "exact-match" and grades[1].grade.source == "machine"


def test_the_passage_shown_is_the_questions_span_in_its_section(store: Store) -> None:
    _, quiz_id = stored_selftest_quiz(store)
    cloze = attempt_questions(store, quiz_id)[3]
    assert answer_passage(store, cloze) == "A layer of rock that holds a lot of groundwater is called an aquifer."
    assert answer_passage(store, cloze) in SECTION
    assert answer_passage(store, Question(kind=QuestionKind.OPEN, text="Loose?")) is None


def test_an_attempt_needs_a_name_and_questions(store: Store) -> None:
    _, quiz_id = stored_selftest_quiz(store)
    with pytest.raises(SensemakingError, match="name"):
        start_attempt(store, quiz_id, "  ")
    with pytest.raises(SensemakingError, match="no quiz 77"):
        start_attempt(store, 77)


def test_every_mode_an_attempt_is_taken_in_marks_it_a_self_test() -> None:
    """The store tells a self-test from a class's answers by these modes; a new way of taking a test
    that the store does not know would put the person among the class's students."""
    assert {ONE_BY_ONE, ALL_AT_ONCE, TIMED} == set(SELF_TEST_MODES)


def test_every_language_of_the_self_test_says_every_text_with_the_same_blanks() -> None:
    """A language that lacks a text, or names another blank than English does, fails here rather than
    in front of a person taking a test."""
    table = tomllib.loads(paths.resources_dir().joinpath(*TEXTS_FILE).read_text(encoding="utf-8"))
    languages = {language: texts for language, texts in table.items() if isinstance(texts, dict)}
    assert set(languages) == {"en", "de", "cs", "uk"}

    def blanks(text: str) -> set[str]:
        return {name for _, name, _, _ in string.Formatter().parse(text) if name}

    english = languages["en"]
    for language, texts in languages.items():
        assert set(texts) == set(english), language
        assert {key: blanks(text) for key, text in texts.items()} == {k: blanks(t) for k, t in english.items()}
    assert say("de", "right", right="wahr") == "Richtig: wahr." and say("xx", "right", right="a") == "Right: a."


@pytest.mark.parametrize(
    ("language", "count", "said"),
    [("en", 1, "1 question."), ("en", 0, "0 questions."), ("de", 1, "1 Frage."), ("de", 3, "3 Fragen."),
     ("cs", 1, "1 otázka."), ("cs", 3, "3 otázky."), ("cs", 5, "5 otázek."), ("cs", 22, "22 otázek."),
     ("uk", 1, "1 питання."), ("uk", 21, "21 питання."), ("uk", 3, "3 питання."), ("uk", 12, "12 питань."),
     ("uk", 25, "25 питань."), ("xx", 1, "1 question.")],
)  # fmt: skip
def test_a_count_takes_the_form_its_language_gives_it(language: str, count: int, said: str) -> None:
    """CLDR's plural rules: Czech one, few (2-4) and other; Ukrainian by the last digits."""
    assert f": {said} " in say(language, "attempt", number=1, count=count)
