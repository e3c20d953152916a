"""The quality floor: quiz items made from the material alone, with no language model.

A small model (the embedded SmolLM2-135M) writes almost no usable question: on a real
two-column PDF it kept none of 12 drafts. These items need no model, so every install
gets a usable quiz:
- cloze: a sentence of the material with one key term gapped;
- multiple choice: the same gap, with distractors that are real terms of the same kind
  from the same material (a number with the same unit, a name, a content phrase), the
  nearest to the key in embedding space but never a synonym of it (cosine below
  SYNONYM_COSINE, no shared folded word) and never one that also fits the gap where the
  material says so;
- true/false: the sentence itself, or a faithful contradiction of it: a number swapped
  for another of the same unit, a term swapped for one of the same kind, or the verb negated.

Key terms are ranked by salience: how often the material uses them and how close their
embedding lies to the material's centroid. Sentences are taken spread over the material,
one item per sentence and per key. Every item keeps the sentence's offsets as its span.
"""

import math
import random
import re
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from sensemaking_desktop.quizzes.model import GAP, Choice, Question, QuestionKind, Source
from sensemaking_desktop.roles.question_checks import option_problems
from sensemaking_desktop.text.embeddings import Embedder
from sensemaking_desktop.text.sentences import sentence_bounds
from sensemaking_desktop.text.terms import Term, content_words, names, numbers, phrases

FLOOR_TEMPLATE = "teacher_floor"
FLOOR_VERSION = "1"
FLOOR_KINDS = (QuestionKind.MULTIPLE_CHOICE, QuestionKind.CLOZE, QuestionKind.TRUE_FALSE)
SYNONYM_COSINE = 0.8
"""A distractor this close to the key may mean the same ("locknut" / "self-locking nut")."""
RELATED_COSINE = 0.2
"""A content phrase this far from the key is of another kind; MiniLM puts "threaded insert" and
"slotted keyway" at 0.24, "spring" and "locking section" at 0.09."""
SWAP_COSINE = 0.35
"""A false statement swaps in only a phrase this close, else it negates the verb: "seated against
a height" (0.25 from "solid surface") is false, but no one would believe it."""
MIN_WORDS, MAX_WORDS = 8, 45
"""Shorter sentences are headings or captions; longer ones are usually two run together by extraction."""
MIN_LETTER_SHARE = 0.7
DISTRACTORS = 3
_DANGLING_START = re.compile(r"^(it|its|this|these|that|those|they|their|he|she|his|her|such|both|here)\b", re.I)
_REFERENCE = re.compile(r"\b(figure|fig\.|table|chapter|see|shown|below|above|note)\b", re.I)
_ARTICLE_BEFORE = re.compile(r"\b(a|an)\s+$", re.I)
_NEGATIONS = (
    (r"\b(is|are|was|were|can|could|must|should|will|would|may|does|do|did|has|have) not\b", r"\1"),
    (r"\bcannot\b", "can"),
    (r"\b(is|are|was|were|must|should|will|would|may)\b", r"\1 not"),
    (r"\bcan\b", "cannot"),
)


@dataclass(frozen=True)
class Sentence:
    start: int
    end: int
    text: str


@dataclass(frozen=True)
class Candidate:
    """One gap: a key term in a sentence, with the salience that ranks it."""

    sentence: Sentence
    term: Term
    salience: float


class TermBank:
    """The material's distinct terms by kind, embedded once, for salience and distractors."""

    def __init__(self, terms: Sequence[Term], material_words: Counter[str], embedder: Embedder, centroid: np.ndarray):
        surface: dict[str, Counter[str]] = defaultdict(Counter)
        self.kind: dict[str, str] = {}
        for term in terms:
            surface[term.key][term.text] += 1
            self.kind.setdefault(term.key, term.kind)
        self.text = {key: forms.most_common(1)[0][0] for key, forms in surface.items()}
        self.count = {key: sum(forms.values()) for key, forms in surface.items()}
        self.keys = list(self.text)
        vectors = embedder.encode([self.text[key] for key in self.keys])
        self.vector = dict(zip(self.keys, vectors))
        self.salience = {key: self._salience(key, centroid, material_words) for key in self.keys}

    def _salience(self, key: str, centroid: np.ndarray, material_words: Counter[str]) -> float:
        """Closeness to the material's centroid, raised by how often the material uses the term's words."""
        frequency = self.count[key] + sum(material_words[word] for word in key.split()) / max(1, len(key.split()))
        closeness = max(0.05, float(self.vector[key] @ centroid))
        return closeness * (1 + math.log1p(frequency))

    def distractors(
        self, term: Term, sentence: str, material: str, count: int = DISTRACTORS, related: float = RELATED_COSINE
    ) -> list[str]:
        """Up to `count` terms of the same kind nearest the key, none a synonym of it or fitting the gap."""
        key_vector, key_words = self.vector[term.key], set(term.key.split())
        plural = term.text.endswith("s")
        chosen: list[str] = []
        ranked = sorted(
            (other for other in self.keys if other != term.key and self.kind[other] == term.kind),
            key=lambda other: -float(self.vector[other] @ key_vector),
        )
        for other in sorted(ranked, key=lambda other: self.text[other].endswith("s") != plural):
            text = self.text[other]
            cosine = float(self.vector[other] @ key_vector)
            if not _same_shape(term.text, text) or set(other.split()) & key_words or cosine >= SYNONYM_COSINE:
                continue
            if term.kind == "term" and cosine < related:
                continue
            if text.casefold() in sentence.casefold() or _fits_elsewhere(term, text, sentence, material):
                continue
            if any(set(other.split()) & set(self_key.split()) for self_key in map(_key_of, chosen)):
                continue
            chosen.append(text)
            if len(chosen) == count:
                break
        return chosen


def _same_shape(key: str, other: str) -> bool:
    """A distractor of about the key's length in words, so the key does not stand out by its form."""
    key_words, other_words = len(key.split()), len(other.split())
    return other_words == 1 if key_words == 1 else abs(key_words - other_words) <= 1


def _key_of(text: str) -> str:
    return " ".join(content_words(text))


def _fits_elsewhere(term: Term, other: str, sentence: str, material: str) -> bool:
    """Whether the material says the sentence with `other` in the key's place (the distractor is also right)."""
    at = sentence.find(term.text)
    before = " ".join(sentence[:at].split()[-3:])
    after = " ".join(sentence[at + len(term.text) :].split()[:3])
    pattern = r"\s+".join(re.escape(part) for part in f"{before} {other} {after}".split())
    return re.search(pattern, material, re.IGNORECASE) is not None


def usable_sentences(material: str) -> list[Sentence]:
    """Sentences that stand alone as quiz material: whole, of prose, not captions or references."""
    found = []
    for start, end in sentence_bounds(material):
        raw = material[start:end]
        text = " ".join(raw.split())
        lead = len(raw) - len(raw.lstrip())
        words = text.split()
        if not MIN_WORDS <= len(words) <= MAX_WORDS or not text[:1].isupper() or not text.endswith((".", "!")):
            continue
        letters = sum(char.isalpha() or char.isspace() for char in text) / len(text)
        if letters < MIN_LETTER_SHARE or _DANGLING_START.match(text) or _REFERENCE.search(text):
            continue
        found.append(Sentence(start + lead, start + lead + len(raw.strip()), raw.strip()))
    return found


def sentence_terms(sentence: Sentence, lower_words: set[str]) -> list[Term]:
    """The terms of one sentence, numbers first, then names, then phrases; none overlapping."""
    found: list[Term] = []
    text = sentence.text
    for group in (
        numbers(text, sentence.start),
        names(text, {0}, lower_words, sentence.start),
        phrases(text, sentence.start),
    ):
        for term in group:
            if not any(term.start < other.end and other.start < term.end for other in found):
                found.append(term)
    return [term for term in found if text.count(term.text) == 1 and term.key]


def candidates(material: str, embedder: Embedder) -> tuple[list[Candidate], TermBank]:
    """Every usable sentence's most salient key term, with the bank of the material's terms."""
    sentences = usable_sentences(material)
    lower_words = {word for word in re.findall(r"\b[a-z][\w'\-]*", material)}
    by_sentence = [(sentence, sentence_terms(sentence, lower_words)) for sentence in sentences]
    all_terms = [term for _, terms in by_sentence for term in terms]
    if not all_terms:
        return [], TermBank([], Counter(), embedder, np.zeros(1))
    centroid = embedder.encode([sentence.text for sentence in sentences]).mean(axis=0)
    centroid /= np.linalg.norm(centroid) or 1.0
    bank = TermBank(all_terms, Counter(content_words(material)), embedder, centroid)
    found = []
    for sentence, terms in by_sentence:
        terms = [term for term in terms if term.kind != "term" or " " in term.text or bank.count[term.key] > 1]
        if terms:
            best = max(terms, key=lambda term: bank.salience[term.key])
            found.append(Candidate(sentence, best, bank.salience[best.key]))
    return found, bank


def spread(found: Sequence[Candidate], count: int, length: int) -> list[Candidate]:
    """The best candidate of each of `count` equal stretches of the material first, then the others by salience;
    one item per key."""
    stretches: dict[int, list[Candidate]] = defaultdict(list)
    for candidate in found:
        stretches[min(count - 1, candidate.sentence.start * count // max(1, length))].append(candidate)
    firsts = [max(group, key=lambda c: c.salience) for _, group in sorted(stretches.items())]
    rest = sorted((c for c in found if c not in firsts), key=lambda c: -c.salience)
    ordered, keys = [], set()
    for candidate in firsts + rest:
        if candidate.term.key not in keys:
            keys.add(candidate.term.key)
            ordered.append(candidate)
    return ordered


def gapped(candidate: Candidate) -> str:
    """The sentence with its key term replaced by GAP; "a"/"an" before the gap becomes "a(n)", so
    the article does not tell the key from the distractors."""
    text, term = candidate.sentence.text, candidate.term
    at = term.start - candidate.sentence.start
    before = _ARTICLE_BEFORE.sub(lambda m: "A(n) " if m.group(1)[0].isupper() else "a(n) ", text[:at])
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
    source = Source(section_id=section_id, span_start=sentence.start, span_end=sentence.end, quote=sentence.text)
    verification = {"provenance": {"template_name": FLOOR_TEMPLATE, "template_version": FLOOR_VERSION}}
    key = candidate.term.text
    if kind == QuestionKind.CLOZE:
        question = Question(kind=kind, text=gapped(candidate), reference_answer=key, source=source)
    elif kind == QuestionKind.MULTIPLE_CHOICE:
        distractors = bank.distractors(candidate.term, sentence.text, material)
        if len(distractors) < 2:
            return None
        choices = [Choice(text=key, correct=True), *(Choice(text=text) for text in distractors)]
        rng.shuffle(choices)
        text = f"Which completes the sentence? {gapped(candidate)}"
        question = Question(kind=kind, text=text, reference_answer=key, choices=choices, source=source)
        if option_problems(question):
            return None
    else:
        question = _statement(candidate, bank, material, rng, source)
    return question.model_copy(update={"verification": verification})


def _statement(candidate: Candidate, bank: TermBank, material: str, rng: random.Random, source: Source) -> Question:
    """The sentence as a true statement, or (half the time, when a faithful change exists) a false one."""
    text = " ".join(candidate.sentence.text.split())
    if rng.random() < 0.5:
        changed = _contradiction(candidate, bank, material)
        if changed is not None:
            statement, how = changed
            feedback = f"False: the material says \u201c{text}\u201d ({how})."
            return Question(
                kind=QuestionKind.TRUE_FALSE, text=statement, reference_answer="false", feedback=feedback, source=source
            )
    return Question(kind=QuestionKind.TRUE_FALSE, text=text, reference_answer="true", source=source)


def _contradiction(candidate: Candidate, bank: TermBank, material: str) -> tuple[str, str] | None:
    """The sentence made false: its key swapped for a term of the same kind, else its verb negated."""
    text = " ".join(candidate.sentence.text.split())
    key = candidate.term.text
    swaps = bank.distractors(candidate.term, text, material, count=1, related=SWAP_COSINE)
    if swaps:
        return text.replace(key, swaps[0], 1), f"{swaps[0]} in place of {key}"
    for pattern, replacement in _NEGATIONS:
        negated, changed = re.subn(pattern, replacement, text, count=1)
        if changed:
            return negated, "the verb negated"
    return None


def floor_items(
    material: str,
    kinds: Sequence[QuestionKind],
    count: int,
    embedder: Embedder,
    *,
    seed: int = 11,
    section_id: int | None = None,
) -> list[Question]:
    """Up to `count` items over `material`, kinds taken in turn; an open kind is replaced by the floor's kinds."""
    closed = [kind for kind in kinds if kind in FLOOR_KINDS] or list(FLOOR_KINDS)
    found, bank = candidates(material, embedder)
    rng = random.Random(seed)
    items: list[Question] = []
    for candidate in spread(found, count, len(material)):
        if len(items) >= count:
            break
        kind = closed[len(items) % len(closed)]
        item = floor_item(candidate, kind, bank, material, rng, section_id)
        if item is None and kind == QuestionKind.MULTIPLE_CHOICE:
            item = floor_item(candidate, QuestionKind.CLOZE, bank, material, rng, section_id)
        if item is not None:
            items.append(item)
    return items
