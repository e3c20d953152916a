"""The Student's reading of a closed item (multiple choice, true/false, cloze) in the material.

A small model cannot be trusted to choose: SmolLM2-135M quoted sentences instead of choosing
an option, and refused a true/false statement that stood in the material word for word. A
closed item whose stem comes from the material is answered more surely by reading it there,
so this is done first and without a model:

- cloze: the material's sentence that best aligns with the words around the gap, and the
  words of that sentence that stand where the gap is;
- multiple choice: with a gap, the option nearest those words; otherwise (or when no
  option is near them) the option that the sentence best matching the question holds;
- true/false: the sentence that best aligns with the statement; true when they say the same
  (the same words, or what `contradiction.agrees` counts as the same), false when the
  statement swaps a term of it, adds or drops a negation, or holds no sentence's words at all,
  since the material is all a student may go by.

Each reading says how sure it is (`sure`): a cloze whose gap aligns with no sentence, or an
item whose best sentence shares too little with it, is not sure, and the Student then asks
the model (when it writes well enough) and reads its reply as a choice or as true/false.
"""

import difflib
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sensemaking_desktop.quizzes.model import GAP, Question, QuestionKind
from sensemaking_desktop.roles.evidence import Located
from sensemaking_desktop.text.content import content_stems
from sensemaking_desktop.text.contradiction import NEGATIONS, agrees, conflict
from sensemaking_desktop.text.embeddings import Embedder
from sensemaking_desktop.text.sentences import sentence_bounds

CLOSED_KINDS = (QuestionKind.MULTIPLE_CHOICE, QuestionKind.TRUE_FALSE, QuestionKind.CLOZE)
READING_VERSION = "1"
MIN_ALIGNED = 0.6
"""Share of the words around a gap (or of a statement) that must stand in one sentence of the
material, in order, for the reading to be sure."""
STATEMENT_CANDIDATES = 3
"""Sentences (best aligned first) a true/false statement is checked against: the one that says
it may be shorter than one that shares more of its words ("Only about 3 percent is fresh water"
beside "About 97 percent of all the water on Earth is salt water")."""
MAX_GAP_WORDS = 8
"""A gap longer than this is no term: the alignment went astray."""
_TOKEN = re.compile(r"[^\W_]+(?:['’][^\W_]+)?")
_ARTICLE_CHOICE = re.compile(r"\b([Aa])\(n\)")
_LEAD_IN = re.compile(r"^.*\?\s+(?=[^?]*" + re.escape(GAP) + ")", re.S)
"""A question before the gapped sentence ("Which completes the sentence? The … _____ …")."""


@dataclass(frozen=True)
class Reading:
    """What the material says to a closed item, the sentence that says it, and how sure that is."""

    answer: str
    sentence: Located | None
    sure: bool
    checks: dict[str, Any]


@dataclass(frozen=True)
class _Token:
    word: str
    start: int
    end: int


def read_item(question: Question, material: str, embedder: Embedder) -> Reading:
    """The answer the material gives to a closed `question` (see the module docstring)."""
    sentences = material_sentences(material)
    if question.kind == QuestionKind.CLOZE:
        return read_cloze(question.text, sentences)
    if question.kind == QuestionKind.MULTIPLE_CHOICE:
        return read_choice(question.text, [choice.text for choice in question.choices], sentences, embedder)
    if question.kind == QuestionKind.TRUE_FALSE:
        return read_statement(question.text, sentences)
    raise ValueError(f"a {question.kind} question is not a closed item")


def material_sentences(material: str) -> list[Located]:
    """The material's sentences with their offsets, surrounding space left out."""
    found = []
    for start, end in sentence_bounds(material):
        text = material[start:end]
        stripped = text.strip()
        if stripped:
            first = start + text.index(stripped)
            found.append(Located(stripped, first, first + len(stripped), 100.0))
    return found


def read_cloze(stem: str, sentences: Sequence[Located]) -> Reading:
    """The words of the best-aligned sentence that stand where the gap is."""
    before, _, after = _ARTICLE_CHOICE.sub(r"\1", _LEAD_IN.sub("", stem)).partition(GAP)
    wanted_before, wanted_after = _words(before), _words(after)
    best: tuple[float, str, Located] | None = None
    for sentence in sentences:
        filled = _fill(wanted_before, wanted_after, sentence.quote)
        if filled is not None and (best is None or filled[0] > best[0]):
            best = (filled[0], filled[1], sentence)
    if best is None:
        return Reading("", None, False, {"aligned": 0.0})
    aligned, words, sentence = best
    return Reading(words, sentence, aligned >= MIN_ALIGNED, {"aligned": round(aligned, 3)})


def read_choice(stem: str, options: Sequence[str], sentences: Sequence[Located], embedder: Embedder) -> Reading:
    """The option nearest the gap's words in the material, else the one that the sentence best
    matching the question holds; ties go to the option that, put in the question, is closest in
    meaning to a sentence of the material."""
    if GAP in stem:
        gap = read_cloze(stem, sentences)
        nearness = [_overlap(_words(option), _words(gap.answer)) for option in options]
        if gap.sure and max(nearness) > 0:
            best = max(range(len(options)), key=nearness.__getitem__)
            return Reading(options[best], gap.sentence, True, gap.checks | {"nearness": _rounded(nearness)})
    question = set(content_stems(stem.replace(GAP, " ")))
    support = [_support(question, option, sentences) for option in options]
    scores = [value for value, _ in support]
    top = [index for index, score in enumerate(scores) if score == max(scores)]
    chosen = top[0] if len(top) == 1 else _nearest_in_meaning(embedder, stem, options, top, sentences)
    checks = {"support": _rounded(scores)}
    return Reading(options[chosen], support[chosen][1], len(top) == 1 and scores[chosen] >= MIN_ALIGNED, checks)


def read_statement(statement: str, sentences: Sequence[Located]) -> Reading:
    """ "true" when one of the STATEMENT_CANDIDATES best-aligned sentences says the same, else
    "false"; the sentence shown is the one that says it, or the best-aligned one."""
    wanted = _words(statement)
    ranked = sorted(
        range(len(sentences)), key=lambda index: _aligned(wanted, _words(sentences[index].quote))[0], reverse=True
    )
    if not ranked:
        return Reading("false", None, False, {"aligned": 0.0})
    changes = [(index, _change(statement, sentences, index)) for index in ranked[:STATEMENT_CANDIDATES]]
    saying = next((index for index, change in changes if change is None), None)
    best = sentences[ranked[0] if saying is None else saying]
    dice, found = _aligned(wanted, _words(best.quote))
    checks = {
        "aligned": round(dice, 3),
        "found": round(found, 3),
        "change": changes[0][1] if saying is None else "none",
    }
    return Reading("false" if saying is None else "true", best, found >= MIN_ALIGNED, checks)


def as_choice(reply: str, options: Sequence[str], embedder: Embedder) -> str:
    """A model's free reply read as one of the options, verbatim: the one sharing most words with
    it, the nearest in meaning when none shares any."""
    said = _words(reply)
    overlaps = [_overlap(_words(option), said) for option in options]
    if max(overlaps) > 0:
        return options[max(range(len(options)), key=overlaps.__getitem__)]
    vectors = embedder.encode([reply, *options])
    return options[int((vectors[1:] @ vectors[0]).argmax())]


def as_truth(reply: str) -> str:
    """A model's reply read as "true" or "false"; anything but a plain "true" reads as false,
    since a statement the material does not confirm is not to be called true."""
    said = {token.word for token in _tokens(reply)}
    return "true" if "true" in said and "false" not in said else "false"


def _fill(before: list[str], after: list[str], sentence: str) -> tuple[float, str] | None:
    """(share of the words around the gap found in order in the sentence, the sentence's words
    that stand between them), or None when the gap has no place there."""
    tokens = _tokens(sentence)
    words = [token.word for token in tokens]
    matcher = difflib.SequenceMatcher(None, [*before, "\0gap", *after], words, autojunk=False)
    left, right, matched = None if before else 0, None if after else len(words), 0
    for a, b, size in matcher.get_matching_blocks():
        matched += size
        for offset in range(size):
            if a + offset < len(before):
                left = b + offset + 1
            elif a + offset > len(before) and right is None:
                right = b + offset
    if left is None or right is None or not 0 < right - left <= MAX_GAP_WORDS:
        return None
    share = matched / max(1, len(before) + len(after))
    return share, sentence[tokens[left].start : tokens[right - 1].end]


def _support(question: set[str], option: str, sentences: Sequence[Located]) -> tuple[float, Located | None]:
    """How well the best sentence holds the option (its words beyond the question's) where it
    also matches the question, and that sentence."""
    own = set(content_stems(option)) - question or set(content_stems(option)) or set(_words(option))
    best: tuple[float, Located | None] = (0.0, None)
    for sentence in sentences:
        stems = set(content_stems(sentence.quote)) | set(_words(sentence.quote))
        held = len(own & stems) / len(own) if own else 0.0
        matched = len(question & stems) / len(question) if question else 1.0
        if held * (0.5 + 0.5 * matched) > best[0]:
            best = (held * (0.5 + 0.5 * matched), sentence)
    return best


def _nearest_in_meaning(
    embedder: Embedder, stem: str, options: Sequence[str], candidates: list[int], sentences: Sequence[Located]
) -> int:
    """The candidate option that, put in the question, lies nearest a sentence of the material."""
    filled = [stem.replace(GAP, options[index]) if GAP in stem else f"{stem} {options[index]}" for index in candidates]
    if not sentences:
        return candidates[0]
    vectors = embedder.encode([*filled, *(sentence.quote for sentence in sentences)])
    nearest = (vectors[: len(filled)] @ vectors[len(filled) :].T).max(axis=1)
    return candidates[int(nearest.argmax())]


def _change(statement: str, sentences: Sequence[Located], index: int) -> str | None:
    """How the statement departs from sentence `index`: "negation", a term replaced ("swap"),
    what `conflict` finds, "unsaid" when it holds words found neither there nor in the sentences
    either side, or the sentence does not hold most of it; None when it says the same (the same
    words, or fewer, or a few more taken from around the sentence)."""
    sentence = sentences[index].quote
    said, source = _words(statement), _words(sentence)
    if said == source:
        return None
    differing = set(said) ^ set(source)
    if differing & NEGATIONS or any(word.endswith("n't") for word in differing):
        return "negation"
    found = conflict(statement, sentence)
    if found is not None:
        return found.why
    matcher = difflib.SequenceMatcher(None, said, source, autojunk=False)
    for operation, a1, a2, b1, b2 in matcher.get_opcodes():
        added = content_stems(" ".join(said[a1:a2]))
        if operation == "replace" and added and added != content_stems(" ".join(source[b1:b2])):
            return "swap"
    around = " ".join(found.quote for found in sentences[max(0, index - 1) : index + 2])
    if not set(content_stems(statement)) <= set(content_stems(around)):
        return "unsaid"
    return None if set(said) <= set(source) or agrees(statement, sentence) else "unsaid"


def _aligned(wanted: list[str], words: list[str]) -> tuple[float, float]:
    """(Dice share of the words the two have in common in order, share of `wanted` found): the
    first picks the sentence a statement was taken from over a longer one that merely holds its
    words; the second says whether the statement's words stand there at all."""
    if not wanted or not words:
        return 0.0, 0.0
    matcher = difflib.SequenceMatcher(None, wanted, words, autojunk=False)
    matched = sum(size for *_, size in matcher.get_matching_blocks())
    return 2 * matched / (len(wanted) + len(words)), matched / len(wanted)


def _overlap(first: list[str], second: list[str]) -> float:
    """F1 of the two word lists (as multisets)."""
    common = sum((Counter(first) & Counter(second)).values())
    return 2 * common / (len(first) + len(second)) if common else 0.0


def _tokens(text: str) -> list[_Token]:
    return [
        _Token("a" if word == "an" else word, match.start(), match.end())
        for match in _TOKEN.finditer(text)
        for word in [match.group().casefold().replace("’", "'")]
    ]


def _words(text: str) -> list[str]:
    return [token.word for token in _tokens(text)]


def _rounded(values: list[float]) -> list[float]:
    return [round(value, 3) for value in values]
