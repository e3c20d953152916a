"""The floor's key terms and their distractors: the material's terms by kind, embedded once.

In English a term is a number, a name or a content phrase; elsewhere a whole noun phrase told
by lemmas (text/lexicon.py), a name, or a number with a unit or a year: a bare number is never
a key outside English (there it is mostly a page number). Key terms are ranked by salience: how
often the material uses them and how close their embedding lies to the material's centroid.

A distractor, or the term a false statement swaps in, is a real term of the same kind from the
same material (a number with the same unit, a name, a content phrase), the nearest to the key in
embedding space but never a synonym of it (cosine below Closeness.synonym, no shared folded word)
and never one that also fits the gap where the material says so. Outside English, which barely
inflects, it takes the key's inflection (its words end as the key's do, so "Zellen" is swapped for
"Antikörpern"'s kin "Erregern", not "Erreger").
"""

import math
import os
import re
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from sensemaking_desktop.roles.floor_sentences import Sentence, material_sentences, phrases_for, usable_sentences
from sensemaking_desktop.text.embeddings import Embedder
from sensemaking_desktop.text.lexicon import CAPITALISED_NOUNS, MORPHOLOGY, agrees, can_be_adverb
from sensemaking_desktop.text.terms import (
    Term,
    content_lemmas,
    fold,
    inflected_terms,
    names,
    numbers,
    phrases,
    reads_as_adjective,
    term_key,
)


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


_NAME_BEFORE = re.compile(r"(?<![\w-])[A-Z][\w-]*$")
_ACRONYM = re.compile(r"[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+|[A-Z][A-Z0-9]+")
ENGLISH_CLOSENESS = Closeness(synonym=0.8, related=0.2, swap=0.35)
MULTILINGUAL_CLOSENESS = Closeness(synonym=0.85, related=0.4, swap=0.5)
"""The multilingual encoder's cosines run higher: kin terms 0.5-0.76, unrelated ones about 0.3."""
LONG_WORD = 7
MIN_TOPIC_WORD = 4
TOPIC_SHARE = 0.8
_PLURALS = frozenset({"people", "children", "men", "women"})
ARTICLES = frozenset("the a an der die das den dem des ein eine einen einem einer".split())
GENERIC_NOUNS = frozenset(
    "place way part kind type sort number time thing area form lot case point fact example use result role level "
    "group side end amount deal variety range series set means matter issue aspect feature object direction".split()
)
"""English nouns too general to be a key: the gap is trivial or anything fits it."""
INFORMATIVE_WEIGHT = 1.3
"""How much a sentence that defines, explains, compares or counts is preferred to narrative."""
DISTRACTORS = 3
_POSSESSIVE = re.compile(r"(?:'s|s')$")
_COORDINATED_NAMES = re.compile(r"^[A-ZÀ-ÞА-ЯІЇЄҐ]\S*(?: \S+)* (?:and|und|a|і|та) [A-ZÀ-ÞА-ЯІЇЄҐ]\S*(?: \S+)+")


@dataclass(frozen=True)
class Candidate:
    """One gap: a key term in a sentence, with the salience that ranks it."""

    sentence: Sentence
    term: Term
    salience: float


class TermBank:
    """The material's distinct terms by kind, embedded once, for salience and distractors: the
    section's terms (`terms`), which are asked about, and the rest of the material's (`pool`),
    which are offered as options only, so a section of a long material offers options of the
    key's kind that the section alone lacks."""

    def __init__(
        self,
        terms: Sequence[Term],
        material_words: Counter[str],
        embedder: Embedder,
        centroid: np.ndarray,
        language: str = "en",
        pool: Sequence[Term] = (),
    ):
        self.language = language
        self.closeness = ENGLISH_CLOSENESS if language == "en" else MULTILINGUAL_CLOSENESS
        self.forms: dict[str, Counter[str]] = defaultdict(Counter)
        self.kind: dict[str, str] = {}
        for term in [*terms, *pool]:
            self.forms[term.key][term.text] += 1
            self.kind.setdefault(term.key, term.kind)
        self.text = {key: forms.most_common(1)[0][0] for key, forms in self.forms.items()}
        self.count = Counter(term.key for term in terms)
        self.keys = list(self.text)
        vectors = embedder.encode([self.text[key] for key in self.keys])
        self.vector = dict(zip(self.keys, vectors))
        self.salience = {key: self._salience(key, centroid, material_words) for key in self.count}

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
        related = self.closeness.swap if swap else self.closeness.related
        chosen: list[str] = []
        ranked = sorted(
            (other for other in self.keys if other != term.key and self.kind[other] == term.kind),
            key=lambda other: -float(self.vector[other] @ key_vector),
        )
        if self.language == "en":
            ranked = [other for other in ranked if _plural(self.text[other]) == _plural(term.text)]
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


def _plural(text: str) -> bool:
    """Whether an English phrase's head, its last word, is plural: options agree with the key in
    number, or the odd one out gives itself away ("more complete and monetary policy were")."""
    last = text.split()[-1].casefold()
    return last in _PLURALS or fold(last) != last


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
        groups = (counted, [_without_adverb(term) for term in inflected_terms(text, language, sentence.start)])
    found: list[Term] = []
    for group in groups:
        for term in group:
            if not any(term.start < other.end and other.start < term.end for other in found):
                found.append(Term(term.text, term.kind, term.start, term.end, language))
    return [term for term in found if text.count(term.text) == 1 and term.key]


def _without_adverb(term: Term) -> Term:
    """The phrase without its first or last word where a morphological dictionary reads that word
    as an adverb too ("Найчастіше гострики вражають …": the key is "гострики", not "most often
    pinworms"; "У китоподібних добре розвинений слух": "китоподібних", not "китоподібних добре",
    final-6)."""
    if term.language not in MORPHOLOGY:
        return term
    first = re.match(r"\S+\s+", term.text)
    if first is not None and can_be_adverb(first.group().strip(), term.language):
        term = Term(term.text[first.end() :], term.kind, term.start + first.end(), term.end, term.language)
    last = re.search(r"\s+\S+$", term.text)
    if last is not None and can_be_adverb(last.group().strip(), term.language):
        term = Term(term.text[: last.start()], term.kind, term.start, term.start + last.start(), term.language)
    return term


def candidates(
    material: str, embedder: Embedder, language: str = "en", title: str | None = None, whole: str | None = None
) -> tuple[list[Candidate], TermBank]:
    """Every usable sentence's key terms, with the bank of the material's terms; none on the
    material's own topic (`title`, its most frequent word) unless the sentence defines it.
    `whole` is the whole material where `material` is one of its sections: its other terms are
    options too."""
    sentences = usable_sentences(material, language)
    topic = topic_words(material, title, language)
    lower_words = {word for word in re.findall(r"\b[a-z][\w'\-]*", material)}
    by_sentence = [(sentence, sentence_terms(sentence, lower_words, language)) for sentence in sentences]
    all_terms = [term for _, terms in by_sentence for term in terms]
    if not all_terms:
        return [], TermBank([], Counter(), embedder, np.zeros(1), language)
    centroid = embedder.encode([sentence.text for sentence in sentences]).mean(axis=0)
    centroid /= np.linalg.norm(centroid) or 1.0
    pool = _pool(whole, language) if whole and whole != material else []
    bank = TermBank(all_terms, Counter(content_lemmas(material, language)), embedder, centroid, language, pool)
    found = []
    for sentence, terms in by_sentence:
        terms = [
            term
            for term in terms
            if _key_worthy(term, bank)
            and not _ends_a_name(sentence, term)
            and (not (on_topic(term.text, topic) or _beside_topic(sentence, term, topic)) or _defined(sentence, term))
            and not given_away(sentence, term)
        ]
        worth = INFORMATIVE_WEIGHT if _informative(sentence, language) else 1.0
        found.extend(Candidate(sentence, term, bank.salience[term.key] * worth) for term in terms)
    return found, bank


def _pool(whole: str, language: str) -> list[Term]:
    """The terms of every usable sentence of the whole material."""
    lower_words = {word for word in re.findall(r"\b[a-z][\w'\-]*", whole)}
    return [
        term
        for sentence in material_sentences(whole, language)
        for term in sentence_terms(sentence, lower_words, language)
    ]


def _informative(sentence: Sentence, language: str) -> bool:
    """Whether the sentence carries a definition, cause, comparison, number or step (phrases.toml's
    `informative`), which a quiz asks about before narrative."""
    pattern = phrases_for(language).informative
    return pattern is not None and pattern.search(sentence.text) is not None


def same_slot(candidate: Candidate, offered: Sequence[str], material: str) -> list[str]:
    """The terms the material also puts where the key stands, after the same word ("in Egypt",
    "in Afghanistan", "in London", but never "in Islam"): of the key's kind, where a name's own
    letters do not tell a people from a place or a person, or (outside English) no word list
    tells an animal from an organ ("тварини" / "трахеї"). A key
    opening its sentence has no such word, and so no distractor the material vouches for. After
    an article the word before it counts too: "sometimes the Seven Years' War" does not vouch for
    "the North American"."""
    before = re.findall(r"[^\W\d_]+", candidate.sentence.text[: candidate.term.start - candidate.sentence.start])
    if not before:
        return []
    words = before[-2:] if before[-1].casefold() in ARTICLES and len(before) > 1 else before[-1:]
    return [text for text in offered if written_after(" ".join(words), text, material)]


def written_after(before: str, other: str, material: str) -> bool:
    """Whether the material writes `other` right after the words `before`, case aside."""
    slot = r"\s+".join(re.escape(word) for word in before.split())
    return re.search(rf"(?<!\w){slot}\s+{re.escape(other)}(?!\w)", material, re.IGNORECASE) is not None


def topic_words(material: str, title: str | None, language: str) -> frozenset[str]:
    """What the material is about, so a gap does not ask for it: the words of its title and its
    most frequent content word ("imperialism", "Huguenot", "steam"), and the next one when it is
    nearly as frequent ("поведінка" and "тварина" in a chapter on animal behaviour), folded."""
    words = {word.casefold() for word in re.findall(r"[^\W\d_]{4,}", title or "")}
    counts = Counter(word for word in content_lemmas(material, language) if len(word) >= MIN_TOPIC_WORD)
    ranked = counts.most_common(2)
    words.update(word.casefold() for word, count in ranked if count >= TOPIC_SHARE * ranked[0][1])
    return frozenset(words)


def _beside_topic(sentence: Sentence, term: Term, topic: frozenset[str]) -> bool:
    """Whether the word right before the key is the topic's, so the gap completes the topic's
    own name ("Steam _____ can be said to …" → "engines" in a text on the steam engine, final-6)."""
    before = re.findall(r"[^\W\d_]+", sentence.text[: term.start - sentence.start])
    return (
        bool(before)
        and on_topic(before[-1], topic)
        and not sentence.text[: term.start - sentence.start].rstrip().endswith((",", ";"))
    )


def on_topic(text: str, topic: frozenset[str]) -> bool:
    """Whether a key names the material's topic: one of its words shares its stem with a topic
    word ("Islamists" with "Islamism", "Huguenot numbers" with "Huguenots"), inflection aside."""
    for word in re.findall(r"[^\W\d_]+", text.casefold()):
        for known in topic:
            shared = len(os.path.commonprefix([word, known]))
            if len(word) >= MIN_TOPIC_WORD and shared >= max(MIN_TOPIC_WORD, min(len(word), len(known)) - 3):
                return True
    return False


_DESCRIBED = re.compile(r"(?:noted|known|famous|remembered|considered|regarded|seen|thought|said|credited)\b")
"""After "is"/"are": what is said of the term, not what it is ("The Normans are noted for …", final-6)."""


def _defined(sentence: Sentence, term: Term) -> bool:
    """Whether the sentence defines the term: it opens the sentence and a defining verb follows
    ("Imperialism is a policy …"), the one question a gap on the topic asks fairly; "The Normans
    are noted for …" describes them."""
    at = term.start - sentence.start
    opening = sentence.text[:at].split()
    defines = phrases_for(term.language).defines
    after = sentence.text[at + len(term.text) :] + " "
    found = defines.match(after) if defines is not None else None
    if found is None or len(opening) > 1:
        return False
    return not (term.language == "en" and _DESCRIBED.match(after, found.end()))


def given_away(sentence: Sentence, term: Term) -> bool:
    """Whether the sentence tells the key: other words of it hold every stem of the key ("the effects
    of _____" beside "Anti-inflammatory", but not "liquid _____" beside "water vapour"), or
    the key is the initials of the words just before it ("clonal selection theory (_____)"), or
    the words whose initials follow it ("_____ (CST)")."""
    at = term.start - sentence.start
    rest = f"{sentence.text[:at]} {sentence.text[at + len(term.text) :]}".casefold()
    words = re.findall(r"[^\W\d_]{5,}", term.text.casefold())
    if words and all(word[: max(5, len(word) - 3)] in rest for word in words):
        return True
    if _names_its_country(term.text, f"{sentence.text[:at]} {sentence.text[at + len(term.text) :]}"):
        return True
    if _ACRONYM.fullmatch(term.text.strip()):
        words = re.findall(r"[^\W\d_]+", sentence.text[:at])
        initials = "".join(word[0] for word in words[-len(term.text) :]).casefold()
        return initials == term.text.casefold()
    after = re.match(r"\s*\(([A-Z]{2,6})\)", sentence.text[at + len(term.text) :])
    initials = "".join(word[0] for word in re.findall(r"[^\W\d_]+", term.text)).casefold()
    return after is not None and after.group(1).casefold() == initials


_DEMONYM_END = re.compile(r"(?:ian|ese|ish|an)$")


def _names_its_country(key: str, rest: str) -> bool:
    """Whether a one-word demonym key is given by its country's name in the sentence ("Commission
    v Italy … a(n) _____ law" for "Italian", "Belgium" for "Belgian"): the same first four letters."""
    if " " in key or not key[:1].isupper() or not _DEMONYM_END.search(key):
        return False
    stem = _DEMONYM_END.sub("", key)[:4]
    return len(stem) == 4 and any(word.startswith(stem) for word in re.findall(r"\b[A-Z][^\W\d_]+", rest))


def _ends_a_name(sentence: Sentence, term: Term) -> bool:
    """Whether the term is the tail of a name the gap would split ("Y-S-T _____" for "engines",
    "the Boots _____" for "self-locking nut"): a capitalised word, not the sentence's first,
    stands right before it, and is not merely the sentence's first word, or is written as a name
    is ("Y-S-T", "NASA"); or a capitalised key right before another capitalised word, the first
    name of a person ("_____ Granger"). Where every noun is capitalised (German), any capitalised word right
    before a word key counts ("Der Kalte _____", "Labour-Kandidat Max _____"), a number aside
    ("im Jahre 1954")."""
    if term.language in CAPITALISED_NOUNS and term.kind.startswith("number"):
        return False
    after = sentence.text[term.end - sentence.start :]
    if sentence.text[: term.start - sentence.start].endswith("-") or after.startswith("-"):
        return True
    if term.text[:1].isupper() and re.match(r" (?:[A-ZÀ-ÞА-ЯІЇЄҐ][^\W\d_]|\d)", after):
        return True
    before = sentence.text[: term.start - sentence.start]
    name = _NAME_BEFORE.search(before.rstrip())
    if name is None or before == before.rstrip():
        return False
    return " " in before.strip() or _ACRONYM.fullmatch(name.group()) is not None


def _key_worthy(term: Term, bank: TermBank) -> bool:
    """A single word is a key when the material uses it again, or (outside English, where terms are
    nouns told by lemma or capital) when it is a long word, as compounds are ("Spaltöffnungen");
    never an English word so general any sentence could take it ("was a place of martyrdom"), nor
    two names joined by "and" ("William Johnson and New York's Governor Sir Charles Hardy"), too
    long to recall as one answer, nor a possessive ("all _____ water" for "Earth's", "the _____
    desk" for "Presiding Officers'"), which asks for a modifier whose answer without its "'s"
    would read as wrong."""
    if term.kind == "term" and term.language == "en" and term.key in GENERIC_NOUNS:
        return False
    if _COORDINATED_NAMES.search(term.text):
        return False
    if _POSSESSIVE.search(term.text):
        return False
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
