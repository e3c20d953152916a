"""Answer groups: a question's answers that say the same thing, so a teacher grades them in one action.

Answers that are the same after normalising (case, punctuation, spacing) are one unit; units
then merge by average linkage on sentence-embedding cosine distance while the average stays
within `DISTANCE` (Powergrading, Basu et al. 2013, clusters the same way). Two units that
contradict each other (a negation, an opposite word) or give different numbers never share a
group, whatever their closeness: "is connected" and "is not connected" sit next to each other in
embedding space and deserve opposite grades. In a language the English embedding model does not
read, the units are compared by their words' dictionary forms instead (`answer_vectors`).
"""

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from sensemaking_desktop.roles.grading_signals import reads_by_lemmas, reads_meaning
from sensemaking_desktop.text.alignment import lemma_vectors
from sensemaking_desktop.text.contradiction import conflict
from sensemaking_desktop.text.embeddings import Embedder, default_embedder

DISTANCE = 0.3
"""Average cosine distance within which units merge; simulated on Mohler and SAF, the share of
teacher actions per answer was lowest near 0.3 (DESIGN.md)."""
_SPACE = re.compile(r"\s+")
_PUNCTUATION = re.compile(r"[^\w\s]")
_NUMBER = re.compile(r"\d+(?:[.,]\d+)?")


@dataclass(frozen=True)
class AnswerGroup:
    """Indices into the question's answers, the one to show for the group, and how far apart they are."""

    members: tuple[int, ...]
    representative: int
    spread: float
    """Largest cosine distance of a member from the representative (0 for duplicates)."""

    @property
    def size(self) -> int:
        return len(self.members)


def normalise(text: str) -> str:
    """What two answers must share to count as duplicates."""
    folded = unicodedata.normalize("NFKC", text).casefold()
    return _SPACE.sub(" ", _PUNCTUATION.sub(" ", folded)).strip()


def kept_apart(first: str, second: str) -> bool:
    """Whether two answers must never share a group: one contradicts the other, or their numbers differ."""
    if not (_may_clash(first) or _may_clash(second)):
        return False
    numbers_first, numbers_second = _numbers(first), _numbers(second)
    if numbers_first != numbers_second and (numbers_first or numbers_second):
        return True
    return conflict(first, second) is not None or conflict(second, first) is not None


def _numbers(text: str) -> frozenset[str]:
    return frozenset(number.replace(",", ".") for number in _NUMBER.findall(text))


def answer_vectors(texts: Sequence[str], language: str | None, embedder: Embedder | None = None) -> np.ndarray:
    """Unit vectors of a question's answers for grouping them and finding their graded neighbours:
    MiniLM's where it reads `language` (`reads_meaning`), else the answers' words by dictionary
    form. MiniLM put nine of ten Ukrainian answers to "Що таке вид?", right and wrong, in one
    group; by lemmas the four right ones formed a group and each wrong one stood alone."""
    if language is not None and not reads_meaning(language) and reads_by_lemmas(language):
        return lemma_vectors(texts, language)
    return (embedder or default_embedder()).encode(list(texts))


def group_answers(texts: Sequence[str], vectors: np.ndarray, *, distance: float = DISTANCE) -> list[AnswerGroup]:
    """The answers in groups, largest first; `vectors` are their L2-normalised embeddings."""
    units = _duplicates(texts)
    if not units:
        return []
    heads = [unit[0] for unit in units]
    unit_vectors = vectors[heads]
    apart = _apart_matrix([texts[head] for head in heads])
    clusters = _average_linkage(unit_vectors, [len(unit) for unit in units], apart, distance)
    groups = [_group([member for unit in cluster for member in units[unit]], vectors) for cluster in clusters]
    return sorted(groups, key=lambda group: (-group.size, group.members[0]))


def _duplicates(texts: Sequence[str]) -> list[list[int]]:
    units: dict[str, list[int]] = {}
    for index, text in enumerate(texts):
        units.setdefault(normalise(text), []).append(index)
    return list(units.values())


def _apart_matrix(texts: list[str]) -> np.ndarray:
    """Pairs of units that may not merge. Only texts with a negation or a number can clash, so
    the pairwise rule runs on few pairs."""
    size = len(texts)
    apart = np.zeros((size, size), dtype=bool)
    marked = [index for index, text in enumerate(texts) if _may_clash(text)]
    for index in marked:
        for other in range(size):
            if other != index and not apart[index, other] and kept_apart(texts[index], texts[other]):
                apart[index, other] = apart[other, index] = True
    return apart


_CLASH_WORDS = re.compile(
    r"\b(not|no|never|none|nothing|neither|nor|cannot|without|nicht|kein\w*|nie|niemals|ohne|weder)\b|n't\b|\d",
    re.IGNORECASE,
)


def _may_clash(text: str) -> bool:
    """A negation word or a digit: what every clash needs on at least one side (opposite words
    aside, which the embedding keeps far enough apart often enough)."""
    return _CLASH_WORDS.search(text) is not None


def _average_linkage(vectors: np.ndarray, sizes: list[int], apart: np.ndarray, distance: float) -> list[list[int]]:
    """Agglomerative clustering by average linkage, never merging across a clash."""
    count = len(sizes)
    gaps = 1.0 - vectors @ vectors.T
    np.fill_diagonal(gaps, np.inf)
    gaps[apart] = np.inf
    weight = np.array(sizes, dtype=float)
    clusters: dict[int, list[int]] = {index: [index] for index in range(count)}
    blocked = apart.copy()
    while len(clusters) > 1:
        flat = int(np.argmin(gaps))
        first, second = divmod(flat, count)
        if not gaps[first, second] <= distance:
            break
        total = weight[first] + weight[second]
        merged = (weight[first] * gaps[first] + weight[second] * gaps[second]) / total
        blocked[first] |= blocked[second]
        blocked[:, first] = blocked[first]
        merged[blocked[first]] = np.inf
        merged[first] = np.inf
        gaps[first], gaps[:, first] = merged, merged
        gaps[second], gaps[:, second] = np.inf, np.inf
        weight[first] = total
        clusters[first].extend(clusters.pop(second))
    return list(clusters.values())


def _group(members: list[int], vectors: np.ndarray) -> AnswerGroup:
    """The member closest on average to the others represents the group (its medoid)."""
    members = sorted(members)
    block = vectors[members]
    closeness = block @ block.T
    representative = members[int(np.argmax(closeness.sum(axis=1)))]
    spread = float(np.max(1.0 - block @ vectors[representative])) if len(members) > 1 else 0.0
    return AnswerGroup(tuple(members), representative, max(0.0, spread))
