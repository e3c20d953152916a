"""How well machine grades agree with human grades, both on 0–100.

Correlations say whether the grader orders answers as people do; RMSE and the mean scores
say whether it is calibrated; the kappas and the 3-class agreement say whether it would put
an answer in the same band (wrong / partly right / right) a teacher would.

Two quadratic weighted kappas are reported:
- `qwk` over 11 bins of 10 points (score / 10, rounded half up). The grader's rubric gives
  0–5 × 20, which lands on bin centres, and Mohler's gold grades (the mean of two graders on
  0–5, in half points) land on bin centres too; the rubric's 6 levels would put every half
  point (4.5 × 20 = 90) on a boundary between two levels, so their kappa would depend on a
  rounding convention rather than on the grades.
- `qwk_3class` over the 3 classes of the 3-class agreement.

Nothing here may be NaN: where a figure is undefined (constant grades, fewer than 2 pairs)
it is None, so the result is valid JSON.
"""

from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

import numpy as np

CLASS_BOUNDS = (33.0, 66.0)
"""[0, 33) wrong, [33, 66) partly right, [66, 100] right."""
BINS = 11


@dataclass(frozen=True)
class Agreement:
    """Agreement over `n` pairs of (human, machine) grades on 0–100."""

    n: int
    pearson: float | None
    spearman: float | None
    qwk: float | None
    """Quadratic weighted kappa over 11 bins of 10 points."""
    qwk_3class: float | None
    rmse: float | None
    class_accuracy: float | None
    """Share of pairs in the same class of [0,33), [33,66), [66,100]."""
    confusion: list[list[int]]
    """3×3 counts; rows are the human class, columns the machine class, low to high."""
    mean_human: float | None
    mean_machine: float | None

    def as_json(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class AgreementReport:
    """Agreement over all pairs, and over the pairs of each question."""

    overall: Agreement
    per_question: dict[str, Agreement]

    def as_json(self) -> dict[str, Any]:
        return {
            "overall": self.overall.as_json(),
            "per_question": {key: value.as_json() for key, value in self.per_question.items()},
        }


def agreement(human: Sequence[float], machine: Sequence[float]) -> Agreement:
    """Every agreement figure for paired grades on 0–100."""
    x, y = _paired(human, machine)
    classes_x, classes_y = score_classes(x), score_classes(y)
    confusion = np.zeros((3, 3), dtype=int)
    np.add.at(confusion, (classes_x, classes_y), 1)
    n = len(x)
    return Agreement(
        n=n,
        pearson=pearson(x, y),
        spearman=spearman(x, y),
        qwk=quadratic_weighted_kappa(score_bins(x), score_bins(y), BINS),
        qwk_3class=quadratic_weighted_kappa(classes_x, classes_y, 3),
        rmse=float(np.sqrt(np.mean((x - y) ** 2))) if n else None,
        class_accuracy=float(np.mean(classes_x == classes_y)) if n else None,
        confusion=confusion.tolist(),
        mean_human=float(x.mean()) if n else None,
        mean_machine=float(y.mean()) if n else None,
    )


def agreement_report(
    human: Sequence[float], machine: Sequence[float], questions: Sequence[str | None] | None = None
) -> AgreementReport:
    """Overall agreement, and per question key for pairs that have one (None: overall only).

    Per-question figures show which questions a grader fails on; a grader can correlate well
    overall merely by telling easy questions from hard ones.
    """
    x, y = _paired(human, machine)
    if questions is not None and len(questions) != len(x):
        raise ValueError(f"{len(questions)} question keys for {len(x)} grade pairs")
    groups: dict[str, list[int]] = {}
    for index, key in enumerate(questions or []):
        if key is not None:
            groups.setdefault(str(key), []).append(index)
    return AgreementReport(
        overall=agreement(x, y),
        per_question={key: agreement(x[indices], y[indices]) for key, indices in groups.items()},
    )


def pearson(x: Sequence[float], y: Sequence[float]) -> float | None:
    """Pearson's r; None with fewer than 2 pairs or when either side is constant."""
    a, b = _arrays(x, y)
    if len(a) < 2:
        return None
    a, b = a - a.mean(), b - b.mean()
    spread = float(np.sqrt((a * a).sum() * (b * b).sum()))
    if spread == 0.0:
        return None
    return float(np.clip((a * b).sum() / spread, -1.0, 1.0))


def spearman(x: Sequence[float], y: Sequence[float]) -> float | None:
    """Spearman's rho: Pearson's r of the ranks, tied values sharing their average rank."""
    a, b = _arrays(x, y)
    return pearson(average_ranks(a), average_ranks(b))


def average_ranks(values: Sequence[float]) -> np.ndarray:
    """Ranks from 1; equal values get the mean of the ranks they span (as scipy's rankdata)."""
    array = np.asarray(values, dtype=float)
    if not len(array):
        return array
    order = np.argsort(array, kind="stable")
    ordered = array[order]
    starts_group = np.r_[True, ordered[1:] != ordered[:-1]]
    group = np.cumsum(starts_group) - 1
    starts = np.flatnonzero(starts_group)
    ends = np.r_[starts[1:], len(array)]
    ranks = np.empty(len(array))
    ranks[order] = ((starts + 1 + ends) / 2)[group]
    return ranks


def quadratic_weighted_kappa(a: Sequence[int], b: Sequence[int], levels: int) -> float | None:
    """Cohen's kappa with (i - j)² / (levels - 1)² disagreement weights, on levels 0..levels-1.

    None with fewer than 2 pairs, or when chance disagreement is 0 (both raters always give
    the same single level), where kappa is 0/0.
    """
    first, second = np.asarray(a, dtype=int), np.asarray(b, dtype=int)
    if len(first) != len(second):
        raise ValueError(f"{len(first)} ratings against {len(second)}")
    if len(first) < 2:
        return None
    if min(first.min(), second.min()) < 0 or max(first.max(), second.max()) >= levels:
        raise ValueError(f"ratings must be levels 0 to {levels - 1}")
    observed = np.zeros((levels, levels))
    np.add.at(observed, (first, second), 1)
    expected = np.outer(np.bincount(first, minlength=levels), np.bincount(second, minlength=levels)) / len(first)
    steps = np.arange(levels)
    weights = (steps[:, None] - steps[None, :]) ** 2 / (levels - 1) ** 2
    chance = float((weights * expected).sum())
    if chance == 0.0:
        return None
    return float(1.0 - (weights * observed).sum() / chance)


def score_classes(scores: Sequence[float]) -> np.ndarray:
    """0, 1 or 2 for [0,33), [33,66), [66,100]."""
    return np.searchsorted(np.asarray(CLASS_BOUNDS), np.asarray(scores, dtype=float), side="right")


def score_bins(scores: Sequence[float]) -> np.ndarray:
    """0..10: the score in tens, rounded half up (95 → 10, 94.9 → 9)."""
    return np.floor(np.asarray(scores, dtype=float) / 10.0 + 0.5).astype(int)


def _paired(human: Sequence[float], machine: Sequence[float]) -> tuple[np.ndarray, np.ndarray]:
    """Grades as arrays, refused when they do not pair up or leave 0–100 (classes and bins assume it)."""
    if len(human) != len(machine):
        raise ValueError(f"{len(human)} human grades against {len(machine)} machine grades; they must pair up")
    x, y = _arrays(human, machine)
    for name, values in (("human", x), ("machine", y)):
        if len(values) and (values.min() < 0.0 or values.max() > 100.0):
            raise ValueError(f"{name} grades must lie in 0–100 (found {values.min():g} to {values.max():g})")
    return x, y


def _arrays(x: Sequence[float], y: Sequence[float]) -> tuple[np.ndarray, np.ndarray]:
    a, b = np.asarray(x, dtype=float).ravel(), np.asarray(y, dtype=float).ravel()
    if len(a) != len(b):
        raise ValueError(f"{len(a)} values against {len(b)}; they must pair up")
    if not (np.isfinite(a).all() and np.isfinite(b).all()):
        raise ValueError("a value is not a finite number")
    return a, b
