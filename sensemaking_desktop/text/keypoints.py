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
The answer clause that shares most words with the criterion is kept as the evidence.
"""

from collections.abc import Sequence
from dataclasses import dataclass

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


def coverage(embedder: Embedder, criteria: Sequence[str], answer: str, question: str = "") -> list[Coverage]:
    """Each criterion's coverage by `answer` (see the module docstring). The answer is embedded
    whole, once; the clause sharing most words with a criterion is its evidence."""
    if not criteria:
        return []
    vectors = embedder.encode([*criteria, answer])
    similarity = vectors[:-1] @ vectors[-1]
    answer_stems = set(content_stems(answer))
    pieces = [(piece, set(content_stems(piece))) for piece in clauses(answer)] or [(answer, answer_stems)]
    asked = set(content_stems(question))
    found = []
    for index, criterion in enumerate(criteria):
        stems = content_stems(criterion)
        new = [item for item in stems if item not in asked] or stems
        lexical = recall(new, answer_stems)
        meaning = float(similarity[index])
        value = max(lexical or 0.0, _ramp(meaning, MEANING_LOW, MEANING_HIGH))
        evidence = max(pieces, key=lambda piece: len(piece[1] & set(new)))[0]
        found.append(Coverage(criterion, round(value, 3), lexical, round(meaning, 3), evidence))
    return found


def _ramp(value: float, low: float, high: float) -> float:
    return min(1.0, max(0.0, (value - low) / (high - low)))
