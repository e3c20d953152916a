"""Student metrics: ROUGE-L recall of answers against reference answers (rouge-score), and
whether the Student told answerable questions from those the material does not answer.
ROUGE-L itself, with words in any script, is `text.rouge`.
"""

from collections.abc import Sequence
from dataclasses import dataclass

from sensemaking_desktop.text.rouge import rouge_l_recall


@dataclass(frozen=True)
class AnswerPair:
    """A Student's answer next to its gold item. No references means the material does not
    hold the answer, and refusing (`answerable` False) is the right reply."""

    references: Sequence[str]
    answer: str
    answerable: bool


@dataclass(frozen=True)
class StudentMetrics:
    """Means over `n` answers; a share is None when no item of its kind was scored."""

    rouge_l_recall: float | None
    """Over gold-answerable items; a refusal scores 0 there, whatever its wording."""
    answerable_accuracy: float | None
    """Share of items where the Student's answerable claim agrees with the gold item."""
    refused_unanswerable: float | None
    """Share of unanswerable items the Student refused."""
    n: int


def answerable_accuracy(predicted: Sequence[bool], gold: Sequence[bool]) -> float:
    """Share of items whose predicted answerability is the gold one."""
    if len(predicted) != len(gold):
        raise ValueError(f"{len(predicted)} predictions for {len(gold)} gold items")
    if not gold:
        raise ValueError("no items to score")
    return sum(bool(p) == bool(g) for p, g in zip(predicted, gold)) / len(gold)


def student_metrics(pairs: Sequence[AnswerPair]) -> StudentMetrics:
    """The three Student measures over a set of answers; a pair with several references
    scores against the one its answer recalls best, as SQuAD does."""
    answerable = [pair for pair in pairs if pair.references]
    unanswerable = [pair for pair in pairs if not pair.references]
    recalls = [best_recall(pair) for pair in answerable]
    return StudentMetrics(
        rouge_l_recall=_mean(recalls),
        answerable_accuracy=_mean([pair.answerable == bool(pair.references) for pair in pairs]),
        refused_unanswerable=_mean([not pair.answerable for pair in unanswerable]),
        n=len(pairs),
    )


def best_recall(pair: AnswerPair) -> float:
    """ROUGE-L recall of the reference the answer recalls best; 0 for a refusal."""
    if not pair.answerable:
        return 0.0
    return max(rouge_l_recall(reference, pair.answer) for reference in pair.references)


def _mean(values: Sequence[float]) -> float | None:
    return sum(values) / len(values) if values else None
