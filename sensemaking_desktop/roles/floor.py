"""The quality floor: quiz items made from the material alone, with no language model.

A small model (the embedded SmolLM2-135M) writes almost no usable question: on a real
two-column PDF it kept none of 12 drafts. These items need no model, so every install
gets a usable quiz:
- cloze: a sentence of the material that stands alone, with one key term gapped: a whole noun
  phrase, name, number or date, never the material's own topic;
- multiple choice: the same gap, with three distractors that are real terms of the same kind
  from the same material, near the key but never a synonym of it nor one that also fits the gap
  (a name only among names the material puts in the key's place); without three, a cloze;
- true/false: the sentence itself (entailed by it, as the shipped NLI model reads it), or a
  false one it contradicts: a number changed, an opposite, the other term of a pair the text
  around names, or the verb negated.

The floor works in steps, a module each: floor_sentences.py picks the sentences that stand
alone as quiz material and holds the floor's texts per language; floor_terms.py finds each
sentence's key terms, ranks them by salience and finds their distractors; floor_statements.py
makes the false statements. This module takes the candidates spread over the material, one
item per sentence and per key, and writes the items. Every item keeps the sentence's offsets
as its span.

Everything is in the material's language: sentences, terms, their inflection and negation
follow its rules, and the stems and feedback come from resources/floor/phrases.toml.
"""

import random
import re
from collections import Counter
from collections.abc import Sequence

from lemminflect import getAllLemmas

from sensemaking_desktop.quizzes.model import GAP, Choice, Question, QuestionKind, Source
from sensemaking_desktop.quizzes.verification import Verification
from sensemaking_desktop.roles.floor_sentences import floor_version, material_sentences, phrases_for
from sensemaking_desktop.roles.floor_statements import denies, true_or_false
from sensemaking_desktop.roles.floor_terms import DISTRACTORS, Candidate, TermBank, candidates, same_slot, spread
from sensemaking_desktop.roles.question_checks import also_right, option_problems
from sensemaking_desktop.text.embeddings import Embedder
from sensemaking_desktop.text.language import detect
from sensemaking_desktop.text.multilingual import multilingual_embedder
from sensemaking_desktop.text.terms import can_be_noun, only_verb, reads_as_adjective

SPARE_DISTRACTORS = 2
"""Terms asked for beyond the options shown, to stand in for any the answer judge reads as also right."""

FLOOR_TEMPLATE = "teacher_floor"
FLOOR_KINDS = (QuestionKind.MULTIPLE_CHOICE, QuestionKind.CLOZE, QuestionKind.TRUE_FALSE)
_ARTICLE_BEFORE = re.compile(r"\b(a|an)\s+$", re.I)


def gapped(candidate: Candidate) -> str:
    """The sentence with its key term replaced by GAP; in English "a"/"an" before the gap becomes
    "a(n)", so the article does not tell the key from the distractors."""
    text, term = candidate.sentence.text, candidate.term
    at = term.start - candidate.sentence.start
    before = text[:at]
    if term.language == "en":
        before = _ARTICLE_BEFORE.sub(lambda m: "A(n) " if m.group(1)[0].isupper() else "a(n) ", before)
    return " ".join(f"{before}{GAP}{text[at + len(term.text) :]}".split())


def floor_item(
    candidate: Candidate,
    kind: QuestionKind,
    bank: TermBank,
    material: str,
    rng: random.Random,
    section_id: int | None,
) -> Question | None:
    """One item of `kind` on the candidate, or None when the material gives no fair one."""
    sentence = candidate.sentence
    words = phrases_for(bank.language)
    source = Source(section_id=section_id, span_start=sentence.start, span_end=sentence.end, quote=sentence.text)
    provenance = {"template_name": FLOOR_TEMPLATE, "template_version": floor_version(), "language": words.language}
    key = candidate.term.text
    if kind == QuestionKind.CLOZE:
        question = Question(kind=kind, text=gapped(candidate), reference_answer=key, source=source)
    elif kind == QuestionKind.MULTIPLE_CHOICE:
        if denies(sentence.text, words):
            return None
        if _modifies(candidate):
            return None
        offered = bank.distractors(candidate.term, sentence.text, material, DISTRACTORS + SPARE_DISTRACTORS)
        if candidate.term.kind.startswith("name") or candidate.term.language != "en":
            offered = same_slot(candidate, offered, material)
        right = also_right(gapped(candidate), key, offered)
        distractors = [text for text in offered if text not in right][:DISTRACTORS]
        if len(distractors) < DISTRACTORS:
            return None
        choices = [Choice(text=key, correct=True), *(Choice(text=text) for text in distractors)]
        rng.shuffle(choices)
        text = f"{words.multiple_choice} {gapped(candidate)}"
        question = Question(kind=kind, text=text, reference_answer=key, choices=choices, source=source)
        if option_problems(question):
            return None
    else:
        question = true_or_false(candidate, bank, material, rng, source)
        if question is None:
            return None
    return question.model_copy(update={"verification": Verification(provenance=provenance)})


def _modifies(candidate: Candidate) -> bool:
    """Whether an English key is asked as a cloze rather than with options: a one-word common noun
    (its nearest terms may be right too: "the decline of the dynasty / court / bureaucracy"), a
    word that reads as an adjective, or a key of any length that stands right before a noun it
    modifies ("Anglo-French", "the reformist pole", "on a hot summer day": "a warm air day" is
    no option; not "Prussia, where …"), whose options would be of another part of speech."""
    key, sentence = candidate.term.text, candidate.sentence
    if candidate.term.language != "en":
        return False
    after = re.findall(r"^\s+([^\W\d_][\w'-]*)", sentence.text[candidate.term.end - sentence.start :])[:1]
    before_noun = bool(after) and after[0].islower() and can_be_noun(after[0]) and not only_verb(after[0])
    if " " in key:
        return before_noun
    if candidate.term.kind == "term":
        return True
    return before_noun or reads_as_adjective(key) or "ADJ" in getAllLemmas(key.casefold()) or "-" in key


REPEAT_OVERLAP = 0.7
"""Share of words two sentences have in common (of those either has) from which one repeats the
other: a textbook's summary says again what its sections said ("Серед молюсків є рослиноїдні,
хижаки …" and "… рослиноїдні організми, хижаки …"), and a quiz asks it once."""


def _sentences_before(whole: str | None, material: str, language: str) -> list[set[str]]:
    """The word sets of the whole material's sentences before the section `material`."""
    start = whole.find(material) if whole else -1
    if not whole or start <= 0:
        return []
    return [_words(sentence.text) for sentence in material_sentences(whole, language) if sentence.end <= start]


def _repeats(sentence: str, before: list[set[str]]) -> bool:
    mine = _words(sentence)
    return any(len(mine & other) >= REPEAT_OVERLAP * len(mine | other) for other in before if other)


def _words(text: str) -> set[str]:
    return {word.casefold() for word in re.findall(r"[^\W\d_]{3,}", text)}


def floor_items(
    material: str,
    kinds: Sequence[QuestionKind],
    count: int,
    embedder: Embedder,
    *,
    seed: int = 11,
    section_id: int | None = None,
    language: str | None = None,
    title: str | None = None,
    whole: str | None = None,
) -> list[Question]:
    """Up to `count` items over `material`, in the material's `language` (detected when None); an
    open kind is replaced by the floor's kinds. Each candidate is asked as the kind made least so
    far (ties in the order asked), else as the next: a multiple choice that a sentence cannot give
    (too few distractors of the key's kind) is owed to the next sentence rather than dropped, and a
    sentence that gives no true/false statement is still asked as another kind; where multiple
    choice is asked without cloze, a cloze stands in for the one a sentence cannot give. No gap
    asks for the material's topic (its `title`, its most frequent word) unless its sentence
    defines it. Where `material` is a section of `whole`, options come from the whole material
    and are checked against all of it (a distractor it says in the key's place is also right)."""
    language = language or detect(material) or "en"
    encoder = embedder if language == "en" else multilingual_embedder()
    closed = [kind for kind in kinds if kind in FLOOR_KINDS] or list(FLOOR_KINDS)
    found, bank = candidates(material, encoder, language, title, whole)
    context = whole or material
    rng = random.Random(seed)
    items: list[Question] = []
    made: Counter[QuestionKind] = Counter()
    fallback = (
        [QuestionKind.CLOZE] if QuestionKind.MULTIPLE_CHOICE in closed and QuestionKind.CLOZE not in closed else []
    )
    said_before = _sentences_before(whole, material, language)
    for candidate in spread(found, count, len(material)):
        if len(items) >= count:
            break
        if _repeats(candidate.sentence.text, said_before):
            continue
        for kind in [*sorted(closed, key=lambda kind: (made[kind], closed.index(kind))), *fallback]:
            item = floor_item(candidate, kind, bank, context, rng, section_id)
            if item is not None:
                items.append(item)
                made[kind] += 1
                said_before.append(_words(candidate.sentence.text))
                break
    return items
