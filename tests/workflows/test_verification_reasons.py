"""Why a question was dropped reads in the interface's language: every reason the checks give is a
key of resources/quizzes/reasons.toml with a sentence in each language, a question dropped by the
real checks keeps its English reason and its key, and a question checked by an earlier version
(English reasons only) reads as stored. A grade's flags read in that language too."""

import ast
import json
import re
import string
import tomllib
from pathlib import Path

import pytest

from sensemaking_desktop import paths
from sensemaking_desktop.quizzes.grading import FLAG_TEXT
from sensemaking_desktop.quizzes.model import Choice, Question, QuestionKind, QuestionStatus, Quiz, Source
from sensemaking_desktop.quizzes.verification import Reason, Verification
from sensemaking_desktop.roles import question_checks, teacher_verify
from sensemaking_desktop.roles.grading_gates import FLAGS_FILE, gates
from sensemaking_desktop.roles.question_reasons import FORMAT_KEYS, REASONS_FILE, english, in_language, reason
from sensemaking_desktop.roles.teacher_verify import Span, verify
from sensemaking_desktop.store import Store
from sensemaking_desktop.store.quizzes import add_quiz, get_quiz
from sensemaking_desktop.text.embeddings import default_embedder
from sensemaking_desktop.workflows.reasons import flag_texts, verification_reasons

LANGUAGES = ("en", "de", "cs", "uk")
TRANSLATED = ("de", "cs", "uk")
SAMPLE_VALUES: dict[str, str | int | float] = {
    "question": 3,
    "cosine": 0.934,
    "word_overlap": 0.5,
    "numbers": "3/8, 27",
    "words": "laser, printer",
    "added": "1972",
    "article": "an",
    "property": "height",
    "option": "a bolt",
}
"""A value for every placeholder a sentence may name."""


def tables(file: tuple[str, str]) -> dict:
    return tomllib.loads(paths.resources_dir().joinpath(*file).read_text(encoding="utf-8"))


def placeholders(sentence: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(sentence) if name is not None}


def keys_in_code() -> set[str]:
    """The first argument of every `reason("…")` call in the modules that give reasons."""
    found = set()
    for module in (question_checks, teacher_verify):
        tree = ast.parse(Path(module.__file__ or "").read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "reason":
                assert isinstance(node.args[0], ast.Constant), ast.unparse(node)
                found.add(node.args[0].value)
    return found


def test_the_file_is_versioned_and_every_language_has_every_key_used_in_code_and_no_other() -> None:
    reasons = tables(REASONS_FILE)
    assert reasons["version"] == "1"
    used = keys_in_code()
    assert len(used) >= 20, used
    for language in LANGUAGES:
        assert set(reasons[language]) - FORMAT_KEYS == used, language
        assert set(reasons[language]) & FORMAT_KEYS == FORMAT_KEYS, language


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_reason_renders_in_every_language_with_its_values_filled(language: str) -> None:
    english_table = tables(REASONS_FILE)["en"]
    for key in keys_in_code():
        named = placeholders(english_table[key])
        assert named <= set(SAMPLE_VALUES), (key, named)
        assert placeholders(tables(REASONS_FILE)[language][key]) == named, (language, key)
        found = reason(key, **{name: SAMPLE_VALUES[name] for name in named})
        text = in_language(found, language)
        assert text and "{" not in text and "}" not in text, (language, key, text)
        for name in named:
            value = SAMPLE_VALUES[name]
            shown = f"{value:.2f}".replace(".", "." if language == "en" else ",") if isinstance(value, float) else value
            assert str(shown) in text, (language, key, text)
        if language != "en":
            assert text != english(found), (language, key, "left in English")


def test_the_translations_quote_and_spell_as_their_language_does() -> None:
    reasons = tables(REASONS_FILE) | {"flags": tables(FLAGS_FILE)}
    for language in TRANSLATED:
        for text in [*reasons[language].values(), *reasons["flags"][language].values()]:
            assert '"' not in text, (language, text)
    for text in [*reasons["uk"].values(), *reasons["flags"]["uk"].values()]:
        assert not re.search("[a-zA-Z]", text.format(**dict.fromkeys(placeholders(text), ""))), text
        assert not re.search("[ыэъё]", text), text


def test_a_question_the_checks_drop_keeps_english_and_its_key_and_reads_in_czech(store: Store) -> None:
    choices = [Choice(text="a spring", correct=True), Choice(text="A spring"), Choice(text="a bolt")]
    question = Question(
        kind=QuestionKind.MULTIPLE_CHOICE, text="What holds the stop nut?", reference_answer="a spring", choices=choices
    )
    dropped = verify(None, question, Span(0, 40, "A spring holds the stop nut in place."), [])
    assert dropped.status == QuestionStatus.DROPPED
    assert dropped.verification.reasons == ["two options say the same"]
    assert dropped.verification.reason_keys == [Reason(key="options_alike")]
    with store.atomic() as db:
        quiz_id = add_quiz(db, Quiz(title="Nuts", questions=[dropped]))
    (loaded,) = get_quiz(store, quiz_id).questions
    assert verification_reasons(loaded.verification, "cs_CZ") == ["dvě varianty říkají totéž"]
    assert verification_reasons(loaded.verification, "en") == ["two options say the same"]
    assert verification_reasons(loaded.verification, "fr") == ["two options say the same"], "no French: English"


def test_the_same_key_as_a_kept_question_names_its_number_in_every_language() -> None:
    kept = [
        Question(kind=QuestionKind.OPEN, text="Which plant makes the most sugar?", reference_answer="sugar cane"),
        Question(kind=QuestionKind.OPEN, text="Which nut is all metal?", reference_answer="the Boots nut"),
    ]
    again = Question(
        kind=QuestionKind.OPEN,
        text="Which nut resists vibration at high temperatures?",
        reference_answer="The Boots nut",
        source=Source(span_start=100, span_end=140),
    )
    span = Span(100, 140, "The Boots nut resists vibration.")
    dropped = verify(None, again, span, kept, embedder=default_embedder())
    assert dropped.verification.reasons == ["it has the same key as question 2"]
    assert verification_reasons(dropped.verification, "de") == ["sie hat dieselbe Musterantwort wie Frage 2"]
    assert verification_reasons(dropped.verification, "cs") == ["má stejnou referenční odpověď jako otázka 2"]
    assert verification_reasons(dropped.verification, "uk_UA") == [
        "воно має ту саму еталонну відповідь, що й питання 2"
    ]


def test_a_figure_is_written_with_the_languages_decimal_mark() -> None:
    near = reason("near_repeat", question=1, cosine=0.9312, word_overlap=0.85)
    assert english(near) == "it nearly repeats question 1 (cosine 0.93, word overlap 0.85)"
    assert in_language(near, "de") == "sie wiederholt fast Frage 1 (Kosinus 0,93, Wortüberlappung 0,85)"
    stored = Verification(reasons=[english(near)], reason_keys=[near])
    again = Verification.model_validate_json(stored.model_dump_json())
    assert again.reason_keys == [near] and isinstance(again.reason_keys[0].values["question"], int)
    assert verification_reasons(again, "cs") == ["téměř opakuje otázku 1 (kosinus 0,93, překryv slov 0,85)"]


def test_reasons_an_earlier_version_stored_read_as_stored() -> None:
    old = json.dumps(
        {
            "reasons": ["it asks about the document or its author, not the subject", "two options say the same"],
            "checks": {},
        }
    )
    verification = Verification.model_validate_json(old)
    assert verification.reason_keys is None
    assert verification_reasons(verification, "cs") == verification.reasons
    assert json.loads(verification.model_dump_json()) == json.loads(old)


def test_a_key_this_version_does_not_know_or_values_that_do_not_fill_it_read_as_stored() -> None:
    verification = Verification(
        reasons=["a reason of a newer version", "it has the same key as question 4"],
        reason_keys=[Reason(key="a_newer_check", values={"x": 1}), Reason(key="same_key")],
    )
    assert verification_reasons(verification, "de") == verification.reasons
    uneven = Verification(reasons=["two options say the same", "it is not a question"], reason_keys=[])
    assert verification_reasons(uneven, "de") == uneven.reasons


def test_every_flag_reads_in_every_language() -> None:
    flags = {found.name for found in gates()} | set(FLAG_TEXT)
    translated = tables(FLAGS_FILE)
    assert translated["version"] == "1"
    for language in TRANSLATED:
        assert set(translated[language]) == flags, language
        texts = flag_texts(sorted(flags), f"{language}_XX")
        assert all(text and text != source for text, source in zip(texts, flag_texts(sorted(flags)))), language
    assert flag_texts(["off_topic"], "cs_CZ") == ["odpověď neodpovídá referenční odpovědi ani otázce"]
    assert flag_texts(["judge_disagrees"], "fr") == [FLAG_TEXT["judge_disagrees"]]
    assert flag_texts(["a_flag_of_another_version"], "de") == ["a_flag_of_another_version"]
