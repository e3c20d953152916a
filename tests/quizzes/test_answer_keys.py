"""A typed cloze answer is compared with the key after case, hyphens, plurals, articles and
punctuation are set aside, and what still differs goes to the Evaluator instead of scoring 0."""

import pytest

from sensemaking_desktop.quizzes.grading import answer_key, matches_answer, needs_judgement
from sensemaking_desktop.quizzes.model import GAP, Question, QuestionKind


@pytest.mark.parametrize("typed", ["word processors", "word-processor", "Word Processor", "the word processor."])
def test_the_same_term_written_otherwise_matches(typed: str) -> None:
    assert matches_answer(typed, "word processors") and matches_answer(typed, "Word-Processor")


@pytest.mark.parametrize("typed", ["processor", "word", "word processing", "a processor of words", "typewriter"])
def test_another_term_does_not_match(typed: str) -> None:
    assert not matches_answer(typed, "word processors")


def test_plurals_fold_to_one_form_and_short_words_stay() -> None:
    assert [answer_key(word) for word in ("glaciers", "glasses", "berries", "gas", "bus", "analysis")] == [
        "glacier",
        "glass",
        "berry",
        "gas",
        "bus",
        "analysis",
    ]


def test_case_sensitive_questions_keep_the_answer_as_written() -> None:
    assert not matches_answer("word processor", "Word Processor", case_sensitive=True)
    assert not matches_answer("Word Processors", "Word Processor", case_sensitive=True)
    assert matches_answer(" Word Processor. ", "Word Processor", case_sensitive=True)


def test_only_a_cloze_answer_no_key_matches_waits_for_judgement() -> None:
    cloze = Question(kind=QuestionKind.CLOZE, text=f"Text is typed in a {GAP}.", reference_answer="word processor")
    assert needs_judgement(cloze, "a program for writing")
    assert not needs_judgement(cloze, "Word-Processors")
    exact = cloze.model_copy(update={"case_sensitive": True})
    assert not needs_judgement(exact, "Word processor"), "a case-sensitive key grades by itself"
    statement = Question(kind=QuestionKind.TRUE_FALSE, text="Text is typed.", reference_answer="true")
    assert not needs_judgement(statement, "maybe")
