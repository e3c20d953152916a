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
  for another of the same unit, a term swapped for one of the same kind, or the verb negated;
  in English the negation comes first and the shipped NLI model must find the change
  contradicted by the sentence.

Key terms are ranked by salience: how often the material uses them and how close their
embedding lies to the material's centroid. Sentences are taken spread over the material,
one item per sentence and per key. Every item keeps the sentence's offsets as its span.

Everything is in the material's language: sentences are cut by that language's rules, terms
are whole noun phrases told by lemmas (text/lexicon.py), a distractor or swapped term takes the
key's inflection (its words end as the key's do, so "Zellen" is swapped for "Antikörpern"'s
kin "Erregern", not "Erreger"), negation follows the language's grammar, and the stems and
feedback come from resources/floor/phrases.toml. A bare number is never a key outside English
(there it is mostly a page number), and sentences with page furniture glued in are not used.
"""

import functools
import math
import random
import re
import tomllib
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from lemminflect import getInflection

from sensemaking_desktop import paths
from sensemaking_desktop.quizzes.model import GAP, Choice, Question, QuestionKind, Source
from sensemaking_desktop.quizzes.verification import Verification
from sensemaking_desktop.roles.question_checks import NLI_LANGUAGES, STATEMENT_HOLDS, option_problems
from sensemaking_desktop.text.cross_encoder import nli_model
from sensemaking_desktop.text.embeddings import Embedder
from sensemaking_desktop.text.language import detect
from sensemaking_desktop.text.lexicon import CAPITALISED_NOUNS, agrees, is_verb, lemma, word_class
from sensemaking_desktop.text.multilingual import multilingual_embedder
from sensemaking_desktop.text.sentences import sentence_bounds
from sensemaking_desktop.text.terms import (
    Term,
    content_lemmas,
    inflected_terms,
    names,
    numbers,
    phrases,
    points_back,
    reads_as_adjective,
    term_key,
)

FLOOR_TEMPLATE = "teacher_floor"
_NAME_BEFORE = re.compile(r"(?<![\w-])[A-Z][\w-]*$")
_ACRONYM = re.compile(r"[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+|[A-Z][A-Z0-9]+")
FLOOR_KINDS = (QuestionKind.MULTIPLE_CHOICE, QuestionKind.CLOZE, QuestionKind.TRUE_FALSE)


@dataclass(frozen=True)
class Closeness:
    """Cosines that sort a candidate distractor, for one embedding model.

    synonym: at or above it a distractor may mean the same ("locknut" / "self-locking nut");
    related: below it a content phrase is of another kind (MiniLM puts "threaded insert" and
    "slotted keyway" at 0.24, "spring" and "locking section" at 0.09);
    swap: a false statement swaps in only a phrase this close, else it negates the verb
    ("seated against a height", 0.25 from "solid surface", is false, but no one would believe it).
    """

    synonym: float
    related: float
    swap: float


ENGLISH_CLOSENESS = Closeness(synonym=0.8, related=0.2, swap=0.35)
MULTILINGUAL_CLOSENESS = Closeness(synonym=0.85, related=0.4, swap=0.5)
"""The multilingual encoder's cosines run higher: kin terms 0.5-0.76, unrelated ones about 0.3."""
MIN_WORDS, MAX_WORDS = 8, 45
"""Shorter sentences are headings or captions; longer ones are usually two run together by extraction."""
MIN_LETTER_SHARE = 0.7
LONG_WORD = 7
DISTRACTORS = 3
_ARTICLE_BEFORE = re.compile(r"\b(a|an)\s+$", re.I)
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
_POSSESSIVE = re.compile(r"(?:'s|s')$")
_DO_NOT = re.compile(r"\b(do|does|did) not ([a-z]+)\b", re.IGNORECASE)
_GERMAN_NEGATIONS = (
    (r"\b(ist|sind|war|waren|wird|werden) nicht\b", r"\1"),
    (r"\b(ist|sind|war|waren|wird|werden) (ein|eine|einen|einem|einer|eines)\b", r"\1 k\2"),
    (r"\b(ist|sind|war|waren|wird|werden) k(ein|eine|einen|einem|einer|eines)\b", r"\1 \2"),
)
MAX_LABEL_WORDS = 6
_CONTACT = re.compile(
    r"https?:|www\.|@\w|\b\w+\.(?:com|org|gov|edu)\b|\(\d{3}\)|\b\d{3}[–-]\d{3}[–-]\d{4}\b|\bP\.\s?O\."
    r"|\b\d{2,5}(?: [A-Z0-9]\w*){1,3} (?:St|Street|Ave|Avenue|Blvd|Boulevard|Road|Rd|Way|Drive|Dr)\b"
)
"""Street addresses, phone numbers, e-mail and web addresses: how to reach someone, not what to learn."""
_CAPITALISED_RUN = re.compile(r"(?:\b[^\W\d_a-zа-яіїєґà-ÿ][^\W\d_]*\s+){3}[^\W\d_a-zа-яіїєґà-ÿ]")
_UKRAINIAN_PREDICATES = {"є": "не є", "можна": "не можна", "треба": "не треба"}
_GERMAN_FUNCTION_WORDS = frozenset(
    "der die das den dem des ein eine einer einem einen eines und oder aber wenn weil dass als wie auch "
    "nur noch schon sehr es er sie wir ihr ich du man sich nicht in im an am auf aus bei mit von zu zum zur".split()
)
"""Words German writes in lower case inside a sentence (its stopword list also holds nouns: "Teil", "Zeit")."""
_CZECH_BE = {"je": "není", "jsou": "nejsou", "není": "je", "nejsou": "jsou", "jsme": "nejsme", "byl": "nebyl"}
_PAGE_NUMBER = re.compile(r"(?<=[^\W\d_]) (\d{1,4}) (?=([^\W\d_])([^\W\d_]*))")
"""A bare number between a word and a capitalised word: a page number glued in by extraction."""
_ODD_CASE = re.compile(r"[^\W\d_]*(?:[a-zà-ÿа-яіїєґ][A-ZÀ-ÞА-ЯІЇЄҐ]){2}")
"""A word that changes from lower to upper case twice ("ПоВЕдінКа"): a running header set in small capitals."""


@dataclass(frozen=True)
class Phrases:
    """What the floor writes in one language: the multiple-choice stem, the feedback of a false
    statement, the words that make a sentence lean on another, and figure and page references."""

    language: str
    multiple_choice: str
    false_feedback: str
    swapped: str
    negated: str
    dangling: re.Pattern[str] | None
    refers_back: re.Pattern[str] | None
    references: re.Pattern[str] | None
    about_text: re.Pattern[str] | None
    negation: re.Pattern[str] | None


@functools.cache
def phrases_for(language: str) -> Phrases:
    """The floor's texts in `language`, English where phrases.toml has none for it."""
    table = _phrase_table()
    entry = table.get(language) or table["en"]
    dangling, references, about = entry.get("dangling"), entry.get("references"), entry.get("about_text")
    return Phrases(
        language=language if language in table else "en",
        multiple_choice=entry["multiple_choice"],
        false_feedback=entry["false_feedback"],
        swapped=entry["swapped"],
        negated=entry["negated"],
        dangling=re.compile(rf"^(?:{dangling})(?!\w)", re.I) if dangling else None,
        refers_back=re.compile(rf"(?<!\w)(?:{entry['refers_back']})\s+\w", re.I) if entry.get("refers_back") else None,
        references=re.compile(rf"(?<!\w)(?:{references})(?!\w)", re.I) if references else None,
        about_text=re.compile(rf"(?<!\w)(?:{about})", re.I) if about else None,
        negation=re.compile(rf"(?<!\w)(?:{entry['negation']})(?!\w)", re.I) if entry.get("negation") else None,
    )


@functools.cache
def _phrase_table() -> dict:
    return tomllib.loads((paths.resources_dir() / "floor" / "phrases.toml").read_text(encoding="utf-8"))


def floor_version() -> str:
    """The version of the floor's texts, recorded as the template version of every floor item."""
    return str(_phrase_table()["version"])


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

    def __init__(
        self,
        terms: Sequence[Term],
        material_words: Counter[str],
        embedder: Embedder,
        centroid: np.ndarray,
        language: str = "en",
    ):
        self.language = language
        self.closeness = ENGLISH_CLOSENESS if language == "en" else MULTILINGUAL_CLOSENESS
        self.forms: dict[str, Counter[str]] = defaultdict(Counter)
        self.kind: dict[str, str] = {}
        for term in terms:
            self.forms[term.key][term.text] += 1
            self.kind.setdefault(term.key, term.kind)
        self.text = {key: forms.most_common(1)[0][0] for key, forms in self.forms.items()}
        self.count = {key: sum(forms.values()) for key, forms in self.forms.items()}
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
        self, term: Term, sentence: str, material: str, count: int = DISTRACTORS, *, swap: bool = False
    ) -> list[str]:
        """Up to `count` terms of the same kind nearest the key, in the key's inflection, none a
        synonym of it or fitting the gap."""
        key_vector, key_words = self.vector[term.key], set(term.key.split())
        plural = term.text.endswith("s")
        related = self.closeness.swap if swap else self.closeness.related
        chosen: list[str] = []
        ranked = sorted(
            (other for other in self.keys if other != term.key and self.kind[other] == term.kind),
            key=lambda other: -float(self.vector[other] @ key_vector),
        )
        if self.language == "en":
            ranked.sort(key=lambda other: self.text[other].endswith("s") != plural)
        for other in ranked:
            text = self._form(other, term.text)
            cosine = float(self.vector[other] @ key_vector)
            if text is None or not _same_shape(term.text, text) or set(other.split()) & key_words:
                continue
            if _abbreviates(term.text, text) or _abbreviates(text, term.text):
                continue
            if self.language == "en" and _adjective_for_noun(term.text, text):
                continue
            if cosine >= self.closeness.synonym or (term.kind == "term" and cosine < related):
                continue
            if text.casefold() in sentence.casefold() or _fits_elsewhere(term, text, sentence, material):
                continue
            if any(set(other.split()) & set(term_key(mine, self.language).split()) for mine in chosen):
                continue
            chosen.append(text)
            if len(chosen) == count:
                break
        return chosen

    def _form(self, key: str, like: str) -> str | None:
        """The term's form inflected as `like` is (its last word, the noun, agrees with `like`'s),
        so it fits the gap's grammar; any form in English, which barely inflects."""
        if self.language == "en":
            return self.text[key]
        for form, _ in self.forms[key].most_common():
            pairs = [(like.split()[-1], form.split()[-1])]
            if " " in like and " " in form:
                pairs.append((like.split()[0], form.split()[0]))
            if all(agrees(mine, theirs, self.language) for mine, theirs in pairs):
                return form
        return None


def _abbreviates(short: str, long: str) -> bool:
    """Whether `short` holds the acronym of `long` ("The FAA" / "Federal Aviation Administration"):
    the same thing named twice is no distractor."""
    initials = "".join(word[0] for word in re.findall(r"[^\W\d_][\w'-]*", long) if word[0].isupper())
    return any(acronym == initials for acronym in re.findall(r"\b[A-Z]{2,}\b", short))


def _adjective_for_noun(key: str, other: str) -> bool:
    """Whether a one-word English option can be read as an adjective where the key cannot."""
    one_word = " " not in key and " " not in other
    return one_word and reads_as_adjective(other) and not reads_as_adjective(key)


def _same_shape(key: str, other: str) -> bool:
    """A distractor of about the key's length in words, possessive where the key is ("Agassiz's",
    not "Eliot"), so the key does not stand out by its form."""
    if bool(_POSSESSIVE.search(key)) != bool(_POSSESSIVE.search(other)):
        return False
    key_words, other_words = len(key.split()), len(other.split())
    return other_words == 1 if key_words == 1 else other_words > 1 and abs(key_words - other_words) <= 1


def _fits_elsewhere(term: Term, other: str, sentence: str, material: str) -> bool:
    """Whether the material says the sentence with `other` in the key's place (the distractor is also right)."""
    at = sentence.find(term.text)
    before = " ".join(sentence[:at].split()[-3:])
    after = " ".join(sentence[at + len(term.text) :].split()[:3])
    pattern = r"\s+".join(re.escape(part) for part in f"{before} {other} {after}".split())
    return re.search(pattern, material, re.IGNORECASE) is not None


def usable_sentences(material: str, language: str = "en") -> list[Sentence]:
    """Sentences that stand alone as quiz material: whole (no ellipsis, which marks a cut
    quotation), of prose, not captions, references
    or page furniture (a running header or a page number glued in by extraction)."""
    words = phrases_for(language)
    found = []
    for start, end in sentence_bounds(material, language):
        raw = material[start:end]
        text = " ".join(raw.split())
        lead = len(raw) - len(raw.lstrip())
        if not MIN_WORDS <= len(text.split()) <= MAX_WORDS or not text[:1].isupper() or not text.endswith((".", "!")):
            continue
        letters = sum(char.isalpha() or char.isspace() for char in text) / len(text)
        if letters < MIN_LETTER_SHARE or _leans_elsewhere(text, words) or _page_furniture(text, language):
            continue
        if "..." in text or "…" in text:
            continue
        if language == "en" and points_back(text):
            continue
        if _labelled(text) or _CONTACT.search(text):
            continue
        found.append(Sentence(start + lead, start + lead + len(raw.strip()), raw.strip()))
    return found


def _labelled(text: str) -> bool:
    """Whether the sentence opens with a label, every word before its colon capitalised: "SUMMARY:",
    "Education:", "FOR FURTHER INFORMATION CONTACT:" (a list item or form field, not a sentence),
    where "Srdce má čtyři oddíly:" is a sentence."""
    head, colon, _ = text.partition(":")
    words = head.split()
    return bool(colon) and 0 < len(words) <= MAX_LABEL_WORDS and all(word[:1].isupper() for word in words)


def _leans_elsewhere(text: str, words: Phrases) -> bool:
    """Whether the sentence opens with a word pointing to another sentence or points back to one
    anywhere ("this problem"), refers to a figure or page, or speaks about the lesson rather than
    its subject ("in this chapter you will learn")."""
    patterns = (
        (words.dangling, text[:40]),
        (words.refers_back, text),
        (words.references, text),
        (words.about_text, text),
    )
    return any(pattern is not None and pattern.search(part) for pattern, part in patterns)


def _page_furniture(text: str, language: str) -> bool:
    """A header in odd capitals, or a page number between a word and the capitalised word opening
    the next page's sentence (in German, where nouns are capitalised, only before a function word)."""
    if _ODD_CASE.search(text) or (language != "en" and _glued_caption(text, language)):
        return True
    for match in _PAGE_NUMBER.finditer(text):
        following = match.group(2) + match.group(3)
        if match.group(2).isupper() and (language != "de" or word_class(following, language) == "other"):
            return True
    return False


def _glued_caption(text: str, language: str) -> bool:
    """A capitalised word inside the sentence that is no name (an adjective, verb or function word)
    with no punctuation before it, or a run of four capitalised words: a caption, heading or
    table run into the sentence ("…роду Дятел Схожі види…", "Тип Клас Ряд Родина Рід Вид").
    German capitalises nouns, so there only a capitalised function word counts."""
    if language not in CAPITALISED_NOUNS and _CAPITALISED_RUN.search(text):
        return True
    for index, match in enumerate(re.finditer(r"[^\W\d_]+", text)):
        word = match.group()
        before = text[: match.start()].rstrip()[-1:]
        if index == 0 or not word[:1].isupper() or word.isupper() or before in ".:;!?—–-\"'«„“(":
            continue
        if language in CAPITALISED_NOUNS:
            if word.casefold() in _GERMAN_FUNCTION_WORDS:
                return True
        elif word_class(word.casefold(), language) != "noun":
            return True
    return False


def sentence_terms(sentence: Sentence, lower_words: set[str], language: str = "en") -> list[Term]:
    """The terms of one sentence, numbers first, then names, then phrases; none overlapping.
    Outside English a number needs a unit or must be a year: a bare one is mostly a page number."""
    text = sentence.text
    if language == "en":
        groups = (
            numbers(text, sentence.start),
            names(text, {0}, lower_words, sentence.start),
            phrases(text, sentence.start),
        )
    else:
        counted = [term for term in numbers(text, sentence.start) if term.kind != "number:"]
        groups = (counted, inflected_terms(text, language, sentence.start))
    found: list[Term] = []
    for group in groups:
        for term in group:
            if not any(term.start < other.end and other.start < term.end for other in found):
                found.append(Term(term.text, term.kind, term.start, term.end, language))
    return [term for term in found if text.count(term.text) == 1 and term.key]


def candidates(material: str, embedder: Embedder, language: str = "en") -> tuple[list[Candidate], TermBank]:
    """Every usable sentence's key terms, with the bank of the material's terms."""
    sentences = usable_sentences(material, language)
    lower_words = {word for word in re.findall(r"\b[a-z][\w'\-]*", material)}
    by_sentence = [(sentence, sentence_terms(sentence, lower_words, language)) for sentence in sentences]
    all_terms = [term for _, terms in by_sentence for term in terms]
    if not all_terms:
        return [], TermBank([], Counter(), embedder, np.zeros(1), language)
    centroid = embedder.encode([sentence.text for sentence in sentences]).mean(axis=0)
    centroid /= np.linalg.norm(centroid) or 1.0
    bank = TermBank(all_terms, Counter(content_lemmas(material, language)), embedder, centroid, language)
    found = []
    for sentence, terms in by_sentence:
        terms = [term for term in terms if _key_worthy(term, bank) and not _ends_a_name(sentence.text, term)]
        found.extend(Candidate(sentence, term, bank.salience[term.key]) for term in terms)
    return found, bank


def _ends_a_name(sentence: str, term: Term) -> bool:
    """Whether the term is the tail of a name the gap would split ("Y-S-T _____" for "engines",
    "the Boots _____" for "self-locking nut"): a capitalised word, not the sentence's first,
    stands right before it, and is not merely the sentence's first word, or is written as a name
    is ("Y-S-T", "NASA"). Not where every noun is capitalised (German)."""
    if term.language in CAPITALISED_NOUNS:
        return False
    before = sentence[: term.start]
    name = _NAME_BEFORE.search(before.rstrip())
    if name is None or before == before.rstrip():
        return False
    return " " in before.strip() or _ACRONYM.fullmatch(name.group()) is not None


def _key_worthy(term: Term, bank: TermBank) -> bool:
    """A single word is a key when the material uses it again, or (outside English, where terms are
    nouns told by lemma or capital) when it is a long word, as compounds are ("Spaltöffnungen")."""
    if term.kind != "term" or " " in term.text or bank.count[term.key] > 1:
        return True
    return term.language != "en" and len(term.text) >= LONG_WORD


def spread(found: Sequence[Candidate], count: int, length: int) -> list[Candidate]:
    """The best candidate of each of `count` equal stretches of the material first, then the others by salience;
    one item per key and per sentence, so a sentence whose best key is taken offers its next one."""
    stretches: dict[int, list[Candidate]] = defaultdict(list)
    for candidate in found:
        stretches[min(count - 1, candidate.sentence.start * count // max(1, length))].append(candidate)
    firsts = [max(group, key=lambda c: c.salience) for _, group in sorted(stretches.items())]
    rest = sorted((c for c in found if c not in firsts), key=lambda c: -c.salience)
    ordered, keys, sentences = [], set(), set()
    for candidate in firsts + rest:
        if candidate.term.key not in keys and candidate.sentence not in sentences:
            keys.add(candidate.term.key)
            sentences.add(candidate.sentence)
            ordered.append(candidate)
    return ordered


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
        if _negated(sentence.text, words):
            return None
        distractors = bank.distractors(candidate.term, sentence.text, material)
        if len(distractors) < 2:
            return None
        choices = [Choice(text=key, correct=True), *(Choice(text=text) for text in distractors)]
        rng.shuffle(choices)
        text = f"{words.multiple_choice} {gapped(candidate)}"
        question = Question(kind=kind, text=text, reference_answer=key, choices=choices, source=source)
        if option_problems(question):
            return None
    else:
        question = _statement(candidate, bank, material, rng, source)
    return question.model_copy(update={"verification": Verification(provenance=provenance)})


def _statement(candidate: Candidate, bank: TermBank, material: str, rng: random.Random, source: Source) -> Question:
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
    swaps = [] if _negated(text, words) else bank.distractors(candidate.term, text, material, count=1, swap=True)
    if swaps:
        swapped = text.replace(key, " ".join(swaps[0].split()), 1)
        if swapped != text:
            changes.append((swapped, words.swapped.format(new=swaps[0], old=key)))
    negated = negate(text, bank.language)
    if negated not in (None, text):
        changes.append((negated, words.negated))
    return changes


def _negated(text: str, words: Phrases) -> bool:
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


def floor_items(
    material: str,
    kinds: Sequence[QuestionKind],
    count: int,
    embedder: Embedder,
    *,
    seed: int = 11,
    section_id: int | None = None,
    language: str | None = None,
) -> list[Question]:
    """Up to `count` items over `material`, kinds taken in turn, in the material's `language`
    (detected when None); an open kind is replaced by the floor's kinds."""
    language = language or detect(material) or "en"
    encoder = embedder if language == "en" else multilingual_embedder()
    closed = [kind for kind in kinds if kind in FLOOR_KINDS] or list(FLOOR_KINDS)
    found, bank = candidates(material, encoder, language)
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
