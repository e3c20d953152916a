"""Key points of a reference answer, and how well an answer covers each criterion of a rubric.

Key points are taken from the reference deterministically: its clauses (`content.clauses`),
the shortest neighbours merged until at most MAX_KEY_POINTS remain. A model is not asked: the
embedded 135M one cannot list the points of a text reliably, and a rule gives the same points
every time, so a teacher can read and correct them.

A criterion counts as covered by the larger of two measures, each 0-1:
- words: the share of the criterion's content stems that the answer uses, leaving out stems
  the question already holds (repeating the question earns nothing);
- meaning: the embedding cosine between the criterion and the answer, mapped linearly from
  MEANING_LOW (0) to MEANING_HIGH (1).
The answer clause that shares most words with the criterion is kept as the evidence. In a
language read by lemmas (`lemmas_of`), words are dictionary forms; and where the English
embedding model does not read the language (`meaning=False`) meaning is not measured, as its
cosines say nothing there (any two Ukrainian sentences stand close).
"""

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sensemaking_desktop.text.alignment import content_lemmas, lemma_recall
from sensemaking_desktop.text.content import clauses, content_stems, recall
from sensemaking_desktop.text.embeddings import Embedder

MAX_KEY_POINTS = 6
MEANING_LOW, MEANING_HIGH = 0.45, 0.8
COVERED = 0.5
"""A criterion at least this well covered counts as named in the feedback."""


def key_points(reference: str, limit: int = MAX_KEY_POINTS) -> list[str]:
    """The reference's clauses, the shortest adjacent pair joined while there are more than `limit`."""
    points = clauses(reference) or ([reference.strip()] if reference.strip() else [])
    while len(points) > limit:
        sizes = [len(points[index]) + len(points[index + 1]) for index in range(len(points) - 1)]
        join = sizes.index(min(sizes))
        points[join : join + 2] = [f"{points[join]}; {points[join + 1]}"]
    return points


@dataclass(frozen=True)
class Coverage:
    """How well one criterion is covered: `value` 0-1 and the answer text that covers it."""

    criterion: str
    value: float
    words: float | None
    meaning: float
    evidence: str

    @property
    def covered(self) -> bool:
        return self.value >= COVERED


def coverage(
    embedder: Embedder,
    criteria: Sequence[str],
    answer: str,
    question: str = "",
    *,
    lemmas_of: str | None = None,
    meaning: bool = True,
) -> list[Coverage]:
    """Each criterion's coverage by `answer` (see the module docstring). The answer is embedded
    whole, once; the clause sharing most words with a criterion is its evidence. `lemmas_of`:
    the language whose dictionary forms are compared instead of stems; `meaning`: whether the
    embedding cosine counts too."""
    if not criteria:
        return []
    similarity = _cosines(embedder, criteria, answer) if meaning else None
    found = []
    for index, criterion in enumerate(criteria):
        words, evidence = _words(criterion, answer, question, lemmas_of)
        cosine = float(similarity[index]) if similarity is not None else 0.0
        value = max(words or 0.0, _ramp(cosine, MEANING_LOW, MEANING_HIGH) if meaning else 0.0)
        found.append(Coverage(criterion, round(value, 3), words, round(cosine, 3), evidence))
    return found


def _cosines(embedder: Embedder, criteria: Sequence[str], answer: str) -> Any:
    vectors = embedder.encode([*criteria, answer])
    return vectors[:-1] @ vectors[-1]


def _words(criterion: str, answer: str, question: str, lemmas_of: str | None) -> tuple[float | None, str]:
    """The share of the criterion's words (stems, or `lemmas_of`'s dictionary forms) the answer
    uses, those the question holds left out, and the answer clause sharing most of them."""
    if lemmas_of:
        wanted = content_lemmas(criterion, lemmas_of)
        share: float | None = lemma_recall(answer, criterion, lemmas_of, given=question)
        words_of = functools.partial(content_lemmas, language=lemmas_of)
    else:
        stems, asked = content_stems(criterion), set(content_stems(question))
        wanted = {item for item in stems if item not in asked} or set(stems)
        share = recall(list(wanted), set(content_stems(answer)))
        words_of = content_stems
    return share, max(clauses(answer) or [answer], key=lambda piece: len(set(words_of(piece)) & wanted))


def _ramp(value: float, low: float, high: float) -> float:
    return min(1.0, max(0.0, (value - low) / (high - low)))
