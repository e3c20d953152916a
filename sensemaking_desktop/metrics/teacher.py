"""Automatic Teacher metrics of ELOQUENT 2025 (§4.1): relevance, coverage and diversity of a
question set over one text, from sentence embeddings.

The text is cut into overlapping windows as the task defines them: one window begins at every
sentence start and runs over the next `window` words (punctuation not counted), on into the
following sentences; so the stride is one sentence and neighbouring windows share most words.
A window is embedded as that stretch of the original text, punctuation included. The default
of 50 words is about three sentences of prose and well under the model's 256-token limit.

For questions q and windows w, with sim(q, w) the cosine of their embeddings:

- r(q, w) = sim(q, w) + median_w if sim(q, w) > q95_w, else 0, where median_w and q95_w are
  the median and 95th percentile (numpy's linear interpolation) of window w's similarities to
  all the questions. With 21 questions or fewer only a window's single best question can be
  above its q95, so a lone question, or a question tied with its duplicate, scores 0 there.
  r is an unnormalised probability, so it is clipped at 0 (a window whose median is very
  negative could otherwise give its best question a negative r).
- p = r / Σ r;  relevance = Σ r.
- coverage = entropy in bits of the window marginal m(w) = Σ_q p(q, w).
- diversity = Σ over ordered question pairs of KL(p_q || p_q') in nats, where p_q is question
  q's row of p plus EPSILON, normalised. The smoothing keeps KL finite where a row is 0 (the
  task promises "some minimal value for all probabilities"); a question relevant to no window
  becomes uniform. The bases follow the task's worked example (coverage 1.48 bits, diversity 6.67).

Nothing relevant (no questions, no windows, or r all 0) gives 0 for all three, never NaN.
"""

import re
from bisect import bisect_left
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from sensemaking_desktop.text.embeddings import Embedder, default_embedder
from sensemaking_desktop.text.sentences import sentence_bounds

WINDOW_WORDS = 50
EPSILON = 1e-6
"""Added to every probability of a question's row before KL; small against any real probability."""
_WORD = re.compile(r"[^\W_]+")


@dataclass(frozen=True)
class TeacherMetrics:
    """The three measures for one question set over one text, with the counts they came from."""

    relevance: float
    coverage: float
    diversity: float
    questions: int
    windows: int


METRICS = ("relevance", "coverage", "diversity")
"""The measures ranked across systems; for each, higher is better (the task's own reading)."""


def teacher_metrics(
    text: str, questions: Sequence[str], embedder: Embedder | None = None, window: int = WINDOW_WORDS
) -> TeacherMetrics:
    """Relevance, coverage and diversity of `questions` over `text`; the shared embedder by default."""
    spans = windows(text, window)
    if not questions or not spans:
        return TeacherMetrics(0.0, 0.0, 0.0, len(questions), len(spans))
    embedder = embedder or default_embedder()
    vectors = embedder.encode([*questions, *spans])
    similarities = vectors[: len(questions)] @ vectors[len(questions) :].T
    relevance, coverage, diversity = metrics_from_similarities(similarities)
    return TeacherMetrics(relevance, coverage, diversity, len(questions), len(spans))


def windows(text: str, words: int = WINDOW_WORDS) -> list[str]:
    """From each sentence start, the text up to the end of its `words`-th word; sentences
    without a word start no window."""
    if words < 1:
        raise ValueError("a window needs at least one word")
    found = list(_WORD.finditer(text))
    starts = [match.start() for match in found]
    spans = []
    for sentence_start, _ in sentence_bounds(text):
        first = bisect_left(starts, sentence_start)
        if first < len(found) and (not spans or first != spans[-1][0]):
            last = found[min(first + words, len(found)) - 1]
            spans.append((first, text[found[first].start() : last.end()]))
    return [span for _, span in spans]


def metrics_from_similarities(similarities: np.ndarray) -> tuple[float, float, float]:
    """(relevance, coverage, diversity) from a questions × windows cosine matrix."""
    return metrics_from_relevance(relevance_matrix(similarities))


def relevance_matrix(similarities: np.ndarray) -> np.ndarray:
    """r(q, w): a question's similarity plus the window's median, where it is above the window's q95."""
    similarities = np.asarray(similarities, dtype=np.float64)
    if similarities.size == 0:
        return np.zeros_like(similarities)
    median = np.median(similarities, axis=0)
    q95 = np.quantile(similarities, 0.95, axis=0)
    return np.where(similarities > q95, np.maximum(similarities + median, 0.0), 0.0)


def metrics_from_relevance(relevance: np.ndarray) -> tuple[float, float, float]:
    """(Σ r, entropy of the window marginal in bits, Σ pairwise KL of the smoothed rows in nats).

    Σ_ij KL(i || j) = Q · Σ_i Σ_w p_i log p_i − Σ_ij Σ_w p_i log p_j, one matrix product for all pairs.
    """
    relevance = np.asarray(relevance, dtype=np.float64)
    total = float(relevance.sum())
    if total <= 0.0:
        return 0.0, 0.0, 0.0
    joint = relevance / total
    marginal = joint.sum(axis=0)
    present = marginal[marginal > 0]
    coverage = float((present * np.log2(1 / present)).sum())
    rows = joint + EPSILON
    rows /= rows.sum(axis=1, keepdims=True)
    logs = np.log(rows)
    own = (rows * logs).sum(axis=1)
    cross = rows @ logs.T
    diversity = float(len(rows) * own.sum() - cross.sum())
    return total, coverage, max(diversity, 0.0)  # identical rows can round to -1e-16


def rank_systems(per_document: Mapping[str, Mapping[str, TeacherMetrics]]) -> dict[str, dict[str, float]]:
    """Each system's mean rank per measure over the documents it has metrics for; 1 is best,
    ties share the mean of their ranks. Ranks, as the paper reports, because a measure's scale
    depends on the document (its number of windows), so raw values do not compare across documents."""
    ranks: dict[str, dict[str, list[float]]] = {}
    for systems in per_document.values():
        for metric in METRICS:
            scores = {system: getattr(values, metric) for system, values in systems.items()}
            for system, rank in _ranks(scores).items():
                ranks.setdefault(system, {name: [] for name in METRICS})[metric].append(rank)
    return {
        system: {metric: float(np.mean(values)) for metric, values in by_metric.items()}
        for system, by_metric in ranks.items()
    }


def _ranks(scores: Mapping[str, float]) -> dict[str, float]:
    """Rank 1 for the highest score; equal scores get the mean of the ranks they span."""
    ordered = sorted(scores.values(), reverse=True)
    first = {score: ordered.index(score) + 1 for score in ordered}
    count = {score: ordered.count(score) for score in ordered}
    return {system: first[score] + (count[score] - 1) / 2 for system, score in scores.items()}
