"""Checks every question must pass: grounded keys, options that do not tell, nothing asked twice;
whole texts from the model, and keys judged by meaning and place."""

import pytest

from sensemaking_desktop.quizzes.model import GAP, Choice, Question, QuestionKind, Source
from sensemaking_desktop.quizzes.verification import Checks, Reason
from sensemaking_desktop.roles.question_checks import (
    PARAPHRASE_COSINE,
    KeyVerdict,
    asked_property,
    ends_inside_word,
    judge_key,
    key_problems,
    option_problems,
    repeat_problems,
    statement_problems,
    whole_text,
)
from sensemaking_desktop.roles.question_reasons import english
from sensemaking_desktop.text.embeddings import default_embedder

SPAN = (
    "Figure 7-27 shows an elastic stop nut. The elastic stop nut is a standard nut with the height increased "
    "to accommodate a fiber locking collar. The wing type ranges in size from No. 6 up to 1/4 inch."
)


def english_of(reasons: list[Reason]) -> list[str]:
    return [english(found) for found in reasons]


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
    assert english_of(key_problems(statement, SPAN)) == ["the key's number(s) 3/8 are not in the passage"]
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
        (
            choice_question(
                f"The {GAP} replaced typewriters in most offices.",
                "word processors",
                ["word-processing programs", "printers"],
            ),
            'wrong option "word-processing programs" reads as right',
        ),
        (
            choice_question(
                "Which gas do plants take in for photosynthesis?", "carbon dioxide", ["oxygen", "nitrogen"]
            ),
            None,
        ),
    ],
)
def test_options_must_not_give_the_key_away(question: Question, tell: str | None) -> None:
    problems = option_problems(question)
    assert (problems == []) if tell is None else any(tell in problem for problem in english_of(problems))


def test_three_questions_about_the_height_of_the_nut_are_one() -> None:
    first = open_question("What is the height of the nut case?", "27 inches", 0, 10)
    second = open_question("What is the height increase in the elastic stop nut?", "10mm", 20, 30)
    third = open_question("What is the width of the locking collar?", "3 mm", 40, 50)
    assert asked_property(first.text) == ("height", frozenset({"nut", "case"}))
    assert english_of(repeat_problems(second, [first])) == [
        "it asks the height of the same thing again, as question 1 does"
    ]
    assert repeat_problems(third, [first]) == []


def test_a_shared_key_or_span_is_a_repeat() -> None:
    kept = [open_question("Which nut is all metal?", "the Boots nut", 0, 40)]
    assert english_of(
        repeat_problems(open_question("Which nut resists vibration?", "The Boots nut", 100, 140), kept)
    ) == ["it has the same key as question 1"]
    assert english_of(repeat_problems(open_question("What holds the sections?", "a spring", 10, 40), kept)) == [
        "it is about the same passage as question 1"
    ]


IMMUNE = (
    "Vaccines protect our health from diseases such as measles and polio. Memory cells remember a pathogen, so "
    "the body responds faster the next time it meets the same germ. Hundreds of millions of people in the West "
    "have been vaccinated since the 1950s."
)
LONG_KEY = (
    "Memory cells remember the pathogen, so that the body can respond much faster the next time it meets the "
    "same germ. This is why a second infection is often mild or goes unnoticed, and why vaccines work at all."
)


@pytest.mark.parametrize("limit", [40, 60, 120, 150, 199])
def test_a_long_text_is_shortened_at_a_boundary_never_inside_a_word(limit: int) -> None:
    short = whole_text(LONG_KEY, limit)
    assert 0 < len(short) <= limit
    assert LONG_KEY.startswith(short) and LONG_KEY[len(short)] in " ,.", "cut between words"
    assert short.split()[-1].casefold().strip(",.") not in {"the", "so", "that", "and", "a"}


def test_a_text_that_fits_is_kept_and_a_sentence_end_is_preferred() -> None:
    assert whole_text("  the   fiber collar ", 200) == "the fiber collar"
    assert whole_text(LONG_KEY, 150) == LONG_KEY.split(" This")[0]
    assert whole_text(LONG_KEY, 60) == "Memory cells remember the pathogen"


def test_a_stray_cjk_token_is_taken_off_a_key_of_a_latin_material() -> None:
    assert whole_text("technical文档", 200, IMMUNE) == "technical"
    assert whole_text("when it meets a strong 敌", 200, IMMUNE) == "when it meets a strong"
    assert whole_text("免疫系统", 200, "免疫系统保护我们。") == "免疫系统", "a CJK material keeps its script"


@pytest.mark.parametrize(
    ("text", "cut"),
    [
        ("protect our health from diseases suchas", True),
        ("protect our health from diseases such as measles", False),
        ("when it meets a strong敌", True),
        ("the body responds fas", True),
        ("memory cell", False),
        ("since the 1950s", False),
    ],
)
def test_a_text_cut_inside_a_word_is_recognised(text: str, cut: bool) -> None:
    assert ends_inside_word(text, IMMUNE) is cut


SECTION = (
    "The first word processors were typewriters with memory. The IBM MT/ST stored typed text on magnetic tape. "
    "Later, programs ran on personal computers. WordStar was the most popular of them in the early 1980s. "
    "Inflammation of the brain is called encephalitis."
)


def keyed(text: str, key: str) -> Question:
    return Question(kind=QuestionKind.OPEN, text=text, reference_answer=key)


def span_of(sentence: str) -> tuple[int, int]:
    start = SECTION.index(sentence)
    return start, start + len(sentence)


def test_a_key_from_another_sentence_moves_the_question_there() -> None:
    question = keyed("Which word-processing program was the most popular in the early 1980s?", "WordStar")
    verdict = judge_key(question, span_of("Later, programs ran on personal computers."), SECTION, default_embedder())
    assert verdict.problems == []
    assert SECTION[slice(*verdict.moved_to)].strip() == "WordStar was the most popular of them in the early 1980s."
    machine = judge_key(keyed("Which machine stored text on tape?", "IBM MT/ST"), (0, 55), SECTION, default_embedder())
    assert machine.problems == [] and "IBM MT/ST" in SECTION[slice(*machine.moved_to)]


def test_a_key_in_its_span_stays_and_a_paraphrase_close_in_meaning_is_kept() -> None:
    span = span_of("The IBM MT/ST stored typed text on magnetic tape.")
    stays = judge_key(keyed("Which machine stored text on tape?", "the IBM MT/ST"), span, SECTION, default_embedder())
    assert stays == KeyVerdict([], None, {"key": "in the passage"})
    paraphrase = keyed("How did the MT/ST keep text?", "it recorded what people typed, keeping it on a tape")
    verdict = judge_key(paraphrase, span, SECTION, default_embedder())
    assert verdict.problems == [] and verdict.moved_to is None
    assert verdict.checks["cosine"] >= PARAPHRASE_COSINE


def test_a_key_that_adds_facts_or_says_something_else_is_dropped() -> None:
    span = span_of("WordStar was the most popular of them in the early 1980s.")
    year = judge_key(keyed("When was WordStar popular?", "in 1972"), span, SECTION, default_embedder())
    assert english_of(year.problems) == ["the key adds 1972, not in the material"]
    name = judge_key(keyed("Which program was popular?", "Microsoft Word"), span, SECTION, default_embedder())
    assert english_of(name.problems) == ["the key adds Microsoft, not in the material"]
    other = judge_key(keyed("What did WordStar need?", "a laser printer"), span, SECTION, default_embedder())
    assert english_of(other.problems) == ["the key's word(s) laser, printer are not in the passage"]
    assert other.checks["cosine"] < PARAPHRASE_COSINE and other.moved_to is None


STACK = "A stack is a last-in, first-out structure: the item added last is removed first."


@pytest.mark.parametrize(
    ("statement", "key", "holds"),
    [
        ("A stack is not a last-in, first-out structure.", "false", True),
        ("The item added last is removed first from a stack.", "false", False),
        ("The item added last is removed first from a stack.", "true", True),
        ("A stack is not a last-in, first-out structure.", "true", False),
    ],
)
def test_a_statement_must_say_what_its_key_says_of_its_passage(statement: str, key: str, holds: bool) -> None:
    checks = Checks()
    question = Question(kind=QuestionKind.TRUE_FALSE, text=statement, reference_answer=key)
    problems = statement_problems(question, STACK, "en", checks)
    assert (problems == []) is holds, problems
    assert set(checks.model_dump()["statement"]) == {"entailment", "contradiction"}


def test_statements_outside_the_nli_models_language_are_not_judged_by_it() -> None:
    checks = Checks()
    question = Question(
        kind=QuestionKind.TRUE_FALSE, text="Ein Stapel ist keine LIFO-Struktur.", reference_answer="true"
    )
    assert statement_problems(question, "Ein Stapel ist eine LIFO-Struktur.", "de", checks) == []
    assert checks.model_dump() == {}
