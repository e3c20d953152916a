"""The floor's true/false items: the sentence itself, or a faithful contradiction of it.

A false statement swaps the key for a term of the same kind (a number for another of the same
unit) or negates the verb as the language does it: English and German by their auxiliaries,
Czech and Slovak by the prefix "ne", Ukrainian by the particle "не"; other languages are not
negated. In English the negation comes first and the shipped NLI model must find the change
contradicted by the sentence. A sentence that already denies something gets no swap, and no
multiple choice: a swapped term or a distractor would be as true as the key.
"""

import random
import re

from lemminflect import getInflection

from sensemaking_desktop.quizzes.model import Question, QuestionKind, Source
from sensemaking_desktop.roles.floor_sentences import Phrases, phrases_for
from sensemaking_desktop.roles.floor_terms import Candidate, TermBank
from sensemaking_desktop.roles.question_checks import NLI_LANGUAGES, STATEMENT_HOLDS
from sensemaking_desktop.text.cross_encoder import nli_model
from sensemaking_desktop.text.lexicon import is_verb, lemma

_NEGATIONS = (
    (r"\b(is|are|was|were|can|could|must|should|will|would|does|do|did|has|have) not\b", r"\1"),
    (r"\bcannot\b", "can"),
    (r"\b(is|are|was|were|must|should|will|would)\b", r"\1 not"),
    (r"\bcan\b", "cannot"),
)
"""English negations and their reversal; not "may": "the running time may not depend on the
instance" does not contradict "the running time may depend on the instance"."""
_SOME = re.compile(r"(?:some|many|several|few|much|most|part)\b", re.IGNORECASE)
"""An English sentence about some of a thing: "Some of the income was not dispensed as aid" does
not contradict "Some of the income was dispensed as aid", so no false statement is made by negation."""
_DO_NOT = re.compile(r"\b(do|does|did) not ([a-z]+)\b", re.IGNORECASE)
_GERMAN_NEGATIONS = (
    (r"\b(ist|sind|war|waren|wird|werden) nicht\b", r"\1"),
    (r"\b(ist|sind|war|waren|wird|werden) (ein|eine|einen|einem|einer|eines)\b", r"\1 k\2"),
    (r"\b(ist|sind|war|waren|wird|werden) k(ein|eine|einen|einem|einer|eines)\b", r"\1 \2"),
)
_UKRAINIAN_PREDICATES = {"є": "не є", "можна": "не можна", "треба": "не треба"}
_CZECH_BE = {"je": "není", "jsou": "nejsou", "není": "je", "nejsou": "jsou", "jsme": "nejsme", "byl": "nebyl"}


def true_or_false(candidate: Candidate, bank: TermBank, material: str, rng: random.Random, source: Source) -> Question:
    """The sentence as a true statement, or (half the time, when a faithful change exists) a false one."""
    text = " ".join(candidate.sentence.text.split())
    if rng.random() < 0.5:
        changed = _contradiction(candidate, bank, material)
        if changed is not None:
            statement, how = changed
            feedback = phrases_for(bank.language).false_feedback.format(text=text, how=how)
            return Question(
                kind=QuestionKind.TRUE_FALSE, text=statement, reference_answer="false", feedback=feedback, source=source
            )
    return Question(kind=QuestionKind.TRUE_FALSE, text=text, reference_answer="true", source=source)


def _contradiction(candidate: Candidate, bank: TermBank, material: str) -> tuple[str, str] | None:
    """The sentence made false: its key swapped for a term of the same kind and inflection, or
    its verb negated as the language does it; never the sentence itself (a key broken over a line
    by the PDF is compared with its spaces collapsed, as the sentence is). Where the NLI model
    knows the language, the negation comes first and a change counts only when the sentence
    contradicts it (a swapped term often leaves the statement true: "liquid" for "water")."""
    text = " ".join(candidate.sentence.text.split())
    changes = _changes(candidate, bank, material, text)
    if not changes or bank.language not in NLI_LANGUAGES:
        return changes[0] if changes else None
    negation_first = changes[::-1]
    verdicts = nli_model().probabilities([(text, statement) for statement, _ in negation_first])
    return next((change for change, verdict in zip(negation_first, verdicts) if verdict[2] >= STATEMENT_HOLDS), None)


def _changes(candidate: Candidate, bank: TermBank, material: str, text: str) -> list[tuple[str, str]]:
    """The false statements the sentence allows, with how each was made: the swapped key first."""
    key = " ".join(candidate.term.text.split())
    words = phrases_for(bank.language)
    changes = []
    swaps = [] if denies(text, words) else bank.distractors(candidate.term, text, material, count=1, swap=True)
    if swaps:
        swapped = text.replace(key, " ".join(swaps[0].split()), 1)
        if swapped != text:
            changes.append((swapped, words.swapped.format(new=swaps[0], old=key)))
    negated = negate(text, bank.language)
    if negated not in (None, text):
        changes.append((negated, words.negated))
    return changes


def denies(text: str, words: Phrases) -> bool:
    """Whether the sentence denies something: then a distractor in the gap ("breeds are not
    _____": "predators") or a swapped term is as true as the key, so neither is offered."""
    return words.negation is not None and words.negation.search(text) is not None


def negate(text: str, language: str) -> str | None:
    """`text` with its first verb negated, or an existing negation removed; None where the
    language's rules here find no verb to negate (then no false statement is made)."""
    if language == "en" and _SOME.match(text):
        return None
    if language == "en" and (affirmed := _affirm_english(text)):
        return affirmed
    if language in ("en", "de"):
        for pattern, replacement in _NEGATIONS if language == "en" else _GERMAN_NEGATIONS:
            negated, changed = re.subn(pattern, replacement, text, count=1)
            if changed:
                return negated
        return None
    if language in ("cs", "sk"):
        return _negate_by_prefix(text, language)
    if language == "uk":
        return _negate_by_particle(text, language)
    return None


def _affirm_english(text: str) -> str | None:
    """An English "does not define any" as "defines some": dropping "not" alone leaves "does
    define any", which no one writes; None where the sentence has no "do not" to drop."""
    match = _DO_NOT.search(text)
    if match is None:
        return None
    tag = {"do": "VBP", "does": "VBZ", "did": "VBD"}[match.group(1).casefold()]
    forms = getInflection(match.group(2), tag=tag)
    if not forms:
        return None
    rest = re.sub(r"\bany\b", "some", text[match.end() :], count=1)
    return text[: match.start()] + forms[0] + rest


def _first_verb(text: str, language: str, also: frozenset[str] = frozenset()) -> re.Match[str] | None:
    """The first lower-case word that is a verb or in `also`: predicates the lexicon may not call
    verbs ("je", "можна") but that are negated as verbs are."""
    for match in re.finditer(r"[^\W\d_]+", text):
        word = match.group()
        if word.islower() and (word in also or is_verb(word, language)):
            return match
    return None


def _negate_by_prefix(text: str, language: str) -> str | None:
    """Czech and Slovak write "ne" as part of the verb: "řídí" / "neřídí", "je" / "není"."""
    verb = _first_verb(text, language, frozenset(_CZECH_BE))
    if verb is None:
        return None
    word = verb.group()
    if word in _CZECH_BE:
        changed = _CZECH_BE[word]
    elif word.startswith("ne") and not lemma(word, language).startswith("ne"):
        changed = word[2:]
    else:
        changed = "ne" + word
    return text[: verb.start()] + changed + text[verb.end() :]


def _negate_by_particle(text: str, language: str) -> str | None:
    """Ukrainian puts "не" before the verb: "вивчає" / "не вивчає", "є" / "не є"."""
    verb = _first_verb(text, language, frozenset(_UKRAINIAN_PREDICATES))
    if verb is None:
        return None
    before = text[: verb.start()]
    if verb.group() in _UKRAINIAN_PREDICATES and not before.rstrip().casefold().endswith(" не"):
        return before + _UKRAINIAN_PREDICATES[verb.group()] + text[verb.end() :]
    if before.rstrip().casefold().endswith(" не"):
        return before.rstrip()[:-3] + " " + text[verb.start() :]
    return f"{before}не {text[verb.start() :]}"
