"""The floor's true/false statements say something a reader can judge (issue 45 point 4): the
whole sentence, true as the material says it or false by one change a reader recognises (a
number, an opposite, the other of a pair the text contrasts), each read against its sentence by
the shipped NLI model; a change that breaks the grammar or leaves the statement true is refused.
Real sentences of the bundled samples and docs/data, the real models."""

import functools
import random
import re
from pathlib import Path

import pytest

from sensemaking_desktop.quizzes.model import Question, Source
from sensemaking_desktop.roles.floor_sentences import usable_sentences
from sensemaking_desktop.roles.floor_statements import (
    ABOVE_ITSELF,
    FALSE_HOLDS,
    NEARBY,
    TRUE_HOLDS,
    _english_noun_phrase,
    _fits,
    _numbers_changed,
    _opposites,
    contradicted,
    negate,
    true_or_false,
)
from sensemaking_desktop.roles.floor_terms import Candidate, TermBank, candidates
from sensemaking_desktop.samples import load_sample
from sensemaking_desktop.text.cross_encoder import nli_model
from sensemaking_desktop.text.embeddings import default_embedder
from sensemaking_desktop.text.multilingual import multilingual_embedder
from sensemaking_desktop.text.terms import Term, term_key

WINDY = "Warm, dry and windy weather makes evaporation faster."
FALSE_FIRST, TRUE_FIRST = 1, 0
"""Seeds whose first draw asks true_or_false for a false statement (0.13) or a true one (0.84)."""


@functools.cache
def _material(name: str) -> str:
    if name == "cs-obehova-soustava":
        return (Path(__file__).parents[2] / "docs" / "data" / f"{name}.txt").read_text(encoding="utf-8")
    return load_sample(name).text


@functools.cache
def _bank(name: str, language: str) -> TermBank:
    encoder = default_embedder() if language == "en" else multilingual_embedder()
    return candidates(_material(name), encoder, language)[1]


def _sentence(name: str, language: str, opening: str) -> str:
    material = _material(name)
    return next(each.text for each in usable_sentences(material, language) if each.text.startswith(opening))


def _statement(name: str, language: str, opening: str, key: str, seed: int = FALSE_FIRST) -> Question | None:
    """true_or_false on the material's sentence that opens with `opening`, with `key` as its key."""
    material, bank = _material(name), _bank(name, language)
    sentence = next(each for each in usable_sentences(material, language) if each.text.startswith(opening))
    at = sentence.start + sentence.text.index(key)
    term = Term(key, bank.kind[term_key(key, language)], at, at + len(key), language)
    source = Source(span_start=sentence.start, span_end=sentence.end, quote=sentence.text)
    return true_or_false(Candidate(sentence, term, 1.0), bank, material, random.Random(seed), source)


def _contradiction(question: Question) -> tuple[float, float]:
    """The NLI model's contradiction of the statement and of the sentence against itself."""
    sentence = " ".join(question.source.quote.split())
    verdicts = nli_model().probabilities([(sentence, question.text), (sentence, sentence)], batch_size=1)
    return float(verdicts[0, 2]), float(verdicts[1, 2])


def _only_change(question: Question) -> tuple[str, str]:
    """The one word or number the false statement changed, as (was, now)."""
    said = [word.strip(".,;:") for word in question.source.quote.split()]
    now = [word.strip(".,;:") for word in question.text.split()]
    changed = [(one, two) for one, two in zip(said, now) if one != two]
    assert len(said) == len(now) and len(changed) == 1, (said, now)
    return changed[0]


@pytest.mark.parametrize(
    ("name", "language", "opening", "key"),
    [
        ("water-cycle", "en", "About 97 percent", "salt water"),
        ("water-cycle-de", "de", "Etwa 97 Prozent", "Salzwasser"),
        ("cs-obehova-soustava", "cs", "Za jednu minutu", "tepen"),
    ],
)
def test_a_number_becomes_another_of_its_format_and_the_sentence_contradicts_it(
    name: str, language: str, opening: str, key: str
) -> None:
    question = _statement(name, language, opening, key)
    assert question is not None and question.reference_answer == "false"
    was, now = _only_change(question)
    assert was in ("97", "70") and re.fullmatch(r"[2-9]\d", now) and now != was
    contradiction, itself = _contradiction(question)
    assert contradiction >= FALSE_HOLDS[language] and contradiction - itself >= ABOVE_ITSELF


def test_a_number_word_becomes_a_near_one_where_it_takes_no_ending() -> None:
    sentence = (  # SQuAD 2.0 dev, "Huguenot"
        "Huguenot numbers peaked near an estimated two million by 1562, concentrated mainly in the southern and "
        "central parts of France, about one-eighth the number of French Catholics."
    )
    words = [(statement, new) for statement, new, old in _numbers_changed(sentence, "en") if old == "two"]
    assert len(words) == 1 and words[0][1] in ("three", "four", "five")
    itself = tuple(float(p) for p in nli_model().probabilities([(sentence, sentence)])[0])
    assert contradicted(sentence, words[0][0], "en", itself)
    assert not any(old == "one" for _, _, old in _numbers_changed(sentence, "en"))
    # Czech number words follow their noun's gender and case ("dvě předsíně", "dva oddíly"): left alone
    assert _numbers_changed("Srdce má čtyři oddíly: dvě předsíně a dvě komory.", "cs") == []


@pytest.mark.parametrize(
    ("name", "language", "opening", "key", "was", "now"),
    [
        ("water-cycle", "en", "Farming uses more", "fresh water", "more", "less"),
        ("water-cycle-de", "de", "Sonnenlicht erwärmt", "Wasser", "erwärmt", "kühlt"),
        ("water-cycle-cs", "cs", "Zemědělství spotřebuje", "sladké vody", "více", "méně"),
    ],
)
def test_a_word_becomes_its_opposite_and_the_sentence_contradicts_it(
    name: str, language: str, opening: str, key: str, was: str, now: str
) -> None:
    question = _statement(name, language, opening, key)
    assert question is not None and question.reference_answer == "false"
    assert _only_change(question) == (was, now)
    contradiction, itself = _contradiction(question)
    assert contradiction >= FALSE_HOLDS[language] and contradiction - itself >= ABOVE_ITSELF


def test_both_words_of_an_opposite_pair_in_one_sentence_are_exchanged() -> None:
    question = _statement("water-cycle", "en", "Hard, dry or frozen ground", "runoff")
    assert question is not None and question.reference_answer == "false"
    assert question.text == "Hard, dry or frozen ground lets much more water in, so less of it becomes runoff."
    contradiction, itself = _contradiction(question)
    assert contradiction >= FALSE_HOLDS["en"] and contradiction - itself >= ABOVE_ITSELF


@pytest.mark.parametrize(
    ("name", "language", "opening", "key", "other"),
    [
        ("water-cycle", "en", "In cold places, snow", "glaciers", "rivers"),
        ("water-cycle-de", "de", "Die Tröpfchen in einer Wolke", "Tröpfchen", "Tropfen"),
        ("cs-obehova-soustava", "cs", "Vlásečnice jsou", "Vlásečnice", "Srdečnice"),
    ],
)
def test_a_term_becomes_the_other_of_a_pair_the_text_around_it_names(
    name: str, language: str, opening: str, key: str, other: str
) -> None:
    question = _statement(name, language, opening, key)
    assert question is not None and question.reference_answer == "false"
    assert _only_change(question) == (key, other)
    material = _material(name)
    start = material.index(opening)
    end = material.index(".", start)
    assert other.casefold() in f"{material[max(0, start - NEARBY) : start]} {material[end : end + NEARBY]}".casefold()
    contradiction, itself = _contradiction(question)
    assert contradiction >= FALSE_HOLDS[language] and contradiction - itself >= ABOVE_ITSELF


@pytest.mark.parametrize(
    ("name", "language", "opening", "key"),
    [
        ("water-cycle", "en", "About 97 percent", "salt water"),
        ("water-cycle-de", "de", "Etwa 97 Prozent", "Salzwasser"),
        ("cs-obehova-soustava", "cs", "Za jednu minutu", "tepen"),
    ],
)
def test_a_true_statement_is_its_whole_sentence_and_entailed_by_it(
    name: str, language: str, opening: str, key: str
) -> None:
    question = _statement(name, language, opening, key, seed=TRUE_FIRST)
    assert question is not None and question.reference_answer == "true"
    assert question.text == " ".join(_sentence(name, language, opening).split())
    assert nli_model().probabilities([(question.source.quote, question.text)])[0, 0] >= TRUE_HOLDS[language]


def test_a_sentence_the_model_does_not_read_as_entailing_itself_is_no_true_statement() -> None:
    """The model reads "Warm, dry and windy weather makes evaporation faster." as entailing itself
    at 0.45 only: below the cut, so the item is not made and the floor moves on."""
    opening = "Warm, dry and windy weather"
    assert nli_model().probabilities([(WINDY, WINDY)])[0, 0] < TRUE_HOLDS["en"]
    assert _statement("water-cycle", "en", opening, "evaporation", seed=TRUE_FIRST) is None
    kept = _statement("water-cycle", "en", "About 97 percent", "salt water", seed=TRUE_FIRST)
    assert kept is not None and kept.reference_answer == "true"


def test_a_change_that_leaves_the_statement_true_is_refused() -> None:
    """Rivers for streams leaves the sentence true (entailed 0.96): not made; glaciers, named two
    sentences before, makes it false."""
    sentence = _sentence("water-cycle", "en", "Lakes, rivers, soil moisture")
    itself = tuple(float(p) for p in nli_model().probabilities([(sentence, sentence)])[0])
    assert not contradicted(sentence, sentence.replace("rivers", "streams"), "en", itself)
    assert contradicted(sentence, sentence.replace("rivers", "glaciers"), "en", itself)
    question = _statement("water-cycle", "en", "Lakes, rivers, soil moisture", "rivers")
    assert question is not None and question.text.startswith("Lakes, glaciers,")


def test_a_term_that_breaks_the_sentence_is_never_swapped_in() -> None:
    # "gravity pulls them" holds the verb: a swap left "tiny droplets them down to Earth" (contradiction 0.91)
    assert not _english_noun_phrase("gravity pulls", " them down to Earth.")
    assert not _english_noun_phrase("vapour turns back")
    assert _english_noun_phrase("tiny droplets", " of liquid water.")
    # a word before the noun it modifies took a noun: "treaty with the Italy crown" (read 0.83 contradicted)
    assert not _english_noun_phrase("French", " crown, was a great fief of medieval France.")
    assert _english_noun_phrase("Geneva", ", Hugues, though Catholic, was a leader.")
    assert not _english_noun_phrase("villes de")  # cut from "villes de sûreté": "A villes de was built"
    # a plural key takes a plural term: "The two positive manner of self-locking nuts" was read 0.99 contradicted
    assert not _fits("The two ", "general types", "positive manner", "", "en")
    assert _fits("The two ", "general types", "spring styles", "", "en")
    german = _material("water-cycle-de")
    assert not _fits("Das ", "Abholzen", "Boden", german, "de")
    assert _fits("Die ", "Tröpfchen", "Tropfen", german, "de")
    assert not _fits("Der ", "Abfluss", "Oberflächenabfluss", german, "de")  # a kind of runoff: still true
    czech = _material("cs-obehova-soustava")
    assert not _fits("Srdce má čtyři oddíly: dvě ", "předsíně", "stěně", czech, "cs")
    assert _fits("Srdce má čtyři oddíly: dvě ", "předsíně", "komory", czech, "cs")


def test_a_german_term_whose_article_does_not_fit_is_not_swapped_in() -> None:
    """ "Das Boden von Wäldern ..." was read 0.90 contradicted: the article, not the fact, was wrong."""
    question = _statement("water-cycle-de", "de", "Das Abholzen von Wäldern", "Abholzen")
    assert question is not None and not question.text.startswith("Das Boden")


def test_an_opposite_keeps_the_preposition_its_first_letter_asks_for() -> None:
    statements = [statement for statement, _, _ in _opposites("Přehrady shromažďují vodu ve velkých nádržích.", "cs")]
    assert statements == []
    assert [s for s, _, _ in _opposites("Vltava je nejdelší řekou v zemi.", "cs")] == [
        "Vltava je nejkratší řekou v zemi."
    ]


def test_a_negation_is_not_made_where_it_would_read_wrong() -> None:
    sentence = "One of the roles of complexity theory is to determine what computers can and cannot do."
    assert negate(sentence, "en") is None
    assert negate("Lékař je může zaznamenat přístrojem.", "cs") == "Lékař je nemůže zaznamenat přístrojem."


ICE = "Невелика кількість льоду й снігу {}може також перетворюватися на водяну пару одразу, без попереднього танення."


@pytest.mark.parametrize(
    ("sentence", "negated"),
    [
        (ICE.format(""), ICE.format("не ")),  # "кількість" looks like a verb by its "-ть" but is a noun
        (
            "Одне велике дерево спекотного літнього дня може віддати сотні літрів води.",
            "Одне велике дерево спекотного літнього дня не може віддати сотні літрів води.",
        ),
        ("Кругообіг води не має справжнього початку й кінця.", None),  # "має справжнього початку" is no Ukrainian
        ("У листках є крихітні отвори, які називають продихами.", None),  # its denial is "немає отворів"
    ],
)
def test_ukrainian_is_negated_at_its_verb_and_never_twice(sentence: str, negated: str | None) -> None:
    assert sentence in _material("water-cycle-uk")
    assert negate(sentence, "uk") == negated
