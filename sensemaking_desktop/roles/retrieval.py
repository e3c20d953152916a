"""Retrieval for sections too long for the model's context: the passages nearest the question.

The section is cut into overlapping passages of whole sentences (overlapping, so a fact that
straddles a cut is whole in one of them). The question and the passages are embedded; the
best passages are taken while they fit the token budget and are given to the model in
document order, so it reads the text as it was written. Offsets are kept throughout, so
evidence and the passages used can be shown in the section itself.
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from sensemaking_desktop.errors import SensemakingError
from sensemaking_desktop.text.embeddings import Embedder
from sensemaking_desktop.text.sentences import sentence_bounds

TokenCounter = Callable[[str], int]

PASSAGE_TOKENS = 200
"""Short enough for the embedding model, which reads at most 256 of its own tokens."""
OVERLAP = 0.25
"""Share of a passage that the next one repeats."""
MIN_BUDGET = 32
SEPARATOR = "\n\n[…]\n\n"
"""Between passages that are not next to each other, so the model sees that text was left out."""


@dataclass(frozen=True)
class Passage:
    start: int
    end: int
    text: str


@dataclass(frozen=True)
class Retrieved:
    """What the model reads (`excerpt`) and where its parts lie in the section."""

    excerpt: str
    passages: list[Passage]


def split_passages(
    text: str, count_tokens: TokenCounter, max_tokens: int = PASSAGE_TOKENS, overlap: float = OVERLAP
) -> list[Passage]:
    """Runs of whole sentences of up to `max_tokens`, each repeating about `overlap` of the one before."""
    pieces = _pieces(text, count_tokens, max_tokens)
    costs = [count_tokens(text[start:end]) for start, end in pieces]
    passages: list[Passage] = []
    first = 0
    while first < len(pieces):
        last, total = first, costs[first]
        while last + 1 < len(pieces) and total + costs[last + 1] <= max_tokens:
            last += 1
            total += costs[last]
        passages.append(_passage(text, pieces[first][0], pieces[last][1]))
        if last == len(pieces) - 1:
            break
        following, carried = last + 1, 0
        while following - 1 > first and carried + costs[following - 1] <= overlap * max_tokens:
            following -= 1
            carried += costs[following]
        first = following
    return passages


def retrieve(question: str, text: str, budget: int, count_tokens: TokenCounter, embedder: Embedder) -> Retrieved:
    """The passages of `text` most similar to `question` that fit in `budget` tokens, in document order."""
    if budget < MIN_BUDGET:
        raise SensemakingError(
            f"The model's context leaves only {max(budget, 0)} tokens for the material after the question "
            "and the answer; raise the context size in the settings or use a model with a larger context."
        )
    passages = split_passages(text, count_tokens, min(PASSAGE_TOKENS, budget // 2))
    vectors = embedder.encode([question, *(passage.text for passage in passages)])
    similarities = vectors[1:] @ vectors[0]
    chosen: list[Passage] = []
    for index in np.argsort(-similarities, kind="stable"):
        trial = merge([*chosen, passages[index]])
        if count_tokens(excerpt(text, trial)) <= budget:
            chosen = trial
    return Retrieved(excerpt(text, chosen), chosen)


def merge(passages: Sequence[Passage]) -> list[Passage]:
    """The passages in document order, overlapping or touching ones joined into one."""
    merged: list[Passage] = []
    for passage in sorted(passages, key=lambda p: p.start):
        if merged and passage.start <= merged[-1].end:
            last = merged[-1]
            end = max(last.end, passage.end)
            text = last.text + passage.text[last.end - passage.start :] if end > last.end else last.text
            merged[-1] = Passage(last.start, end, text)
        else:
            merged.append(passage)
    return merged


def excerpt(text: str, passages: Sequence[Passage]) -> str:
    """The passages' text as the model reads it; a gap between two is marked by SEPARATOR."""
    parts: list[str] = []
    for previous, passage in zip([None, *passages], passages, strict=False):
        if previous is not None:
            between = text[previous.end : passage.start]
            parts.append(between if not between.strip() else SEPARATOR)
        parts.append(passage.text)
    return "".join(parts)


def _pieces(text: str, count_tokens: TokenCounter, max_tokens: int) -> list[tuple[int, int]]:
    """Sentences (without surrounding space); one longer than `max_tokens` is cut between words."""
    pieces = []
    for start, end in sentence_bounds(text):
        chunk = text[start:end]
        if not chunk.strip():
            continue
        start += len(chunk) - len(chunk.lstrip())
        end -= len(chunk) - len(chunk.rstrip())
        pieces.extend(_cut_long(text, start, end, count_tokens, max_tokens))
    return pieces


def _cut_long(text: str, start: int, end: int, count_tokens: TokenCounter, max_tokens: int) -> list[tuple[int, int]]:
    """`text[start:end]` whole when it fits `max_tokens`, else halved at the space nearest its
    middle (at its middle when it has none, as in Chinese), again until each part fits."""
    if end - start < 2 or count_tokens(text[start:end]) <= max_tokens:
        return [(start, end)]
    middle = (start + end) // 2
    spaces = [index for index in (text.rfind(" ", start + 1, middle + 1), text.find(" ", middle, end - 1)) if index > 0]
    cut = min(spaces, key=lambda index: abs(index - middle)) if spaces else middle
    after = cut + 1 if text[cut] == " " else cut
    return _cut_long(text, start, cut, count_tokens, max_tokens) + _cut_long(text, after, end, count_tokens, max_tokens)


def _passage(text: str, start: int, end: int) -> Passage:
    return Passage(start, end, text[start:end])
