"""How well machine grades separate right from wrong answers, and how much their confidence means.

- AUC: the chance that a randomly drawn human-correct answer gets a higher machine score
  than a randomly drawn human-wrong one (ties count half). "Correct" is a human grade of at
  least CORRECT_SHARE of the scale.
- ECE (expected calibration error): grades are put in CALIBRATION_BINS equal-width bins of
  confidence; in each, the mean confidence is compared with how often the grade was in fact
  close to the human's (less than CLOSE points apart on 0-100, i.e. not a large error); the
  gaps are averaged, weighted by the bin's size. A confidence of 0.8 should be right four
  times in five.
- Risk–coverage: answers sorted from least to most confident; at each share sent to a person,
  what share of the large errors (|machine − human| ≥ LARGE_ERROR) they hold, and the
  large-error rate of those kept.
"""

from collections.abc import Sequence

import numpy as np

CORRECT_SHARE = 0.5
CLOSE = 50.0
"""A machine grade less than this many points from the human's (0-100) counts as right for
calibration: the confidence is the chance that a grade is not a large error (LARGE_ERROR), the
error a person reviewing grades is there to catch."""
LARGE_ERROR = 50.0
CALIBRATION_BINS = 10
REVIEW_SHARES = (0.1, 0.2, 0.3, 0.5)


def auc(human: Sequence[float], machine: Sequence[float]) -> float | None:
    """AUC of machine scores for human-correct (≥ 50) against human-wrong answers; None without both."""
    human_array, machine_array = np.asarray(human, dtype=float), np.asarray(machine, dtype=float)
    right = machine_array[human_array >= 100 * CORRECT_SHARE]
    wrong = machine_array[human_array < 100 * CORRECT_SHARE]
    if not len(right) or not len(wrong):
        return None
    greater = (right[:, None] > wrong[None, :]).sum()
    ties = (right[:, None] == wrong[None, :]).sum()
    return float((greater + 0.5 * ties) / (len(right) * len(wrong)))


def close(human: Sequence[float], machine: Sequence[float]) -> np.ndarray:
    """Whether each machine grade lies within CLOSE points of the human one."""
    return np.abs(np.asarray(human, dtype=float) - np.asarray(machine, dtype=float)) < CLOSE


def ece(human: Sequence[float], machine: Sequence[float], confidence: Sequence[float]) -> float | None:
    """Expected calibration error of `confidence` as the chance of a grade within CLOSE points."""
    hits = close(human, machine).astype(float)
    stated = np.clip(np.asarray(confidence, dtype=float), 0.0, 1.0)
    if not len(stated):
        return None
    bins = np.minimum((stated * CALIBRATION_BINS).astype(int), CALIBRATION_BINS - 1)
    gap = 0.0
    for index in range(CALIBRATION_BINS):
        chosen = bins == index
        if chosen.any():
            gap += chosen.sum() * abs(stated[chosen].mean() - hits[chosen].mean())
    return float(gap / len(stated))


def large_errors_caught(
    human: Sequence[float], machine: Sequence[float], confidence: Sequence[float], share: float
) -> float | None:
    """Share of the large errors among the `share` least confident grades; None with no large error."""
    large = np.abs(np.asarray(human, dtype=float) - np.asarray(machine, dtype=float)) >= LARGE_ERROR
    if not large.any():
        return None
    order = np.argsort(np.asarray(confidence, dtype=float), kind="stable")
    reviewed = order[: int(round(share * len(order)))]
    return float(large[reviewed].sum() / large.sum())


def risk_coverage(
    human: Sequence[float],
    machine: Sequence[float],
    confidence: Sequence[float],
    shares: Sequence[float] = REVIEW_SHARES,
) -> list[dict[str, float | None]]:
    """For each share sent to a person: the large errors caught, and the large-error rate of the rest."""
    large = np.abs(np.asarray(human, dtype=float) - np.asarray(machine, dtype=float)) >= LARGE_ERROR
    order = np.argsort(np.asarray(confidence, dtype=float), kind="stable")
    rows = []
    for share in shares:
        cut = int(round(share * len(order)))
        kept = order[cut:]
        rows.append(
            {
                "reviewed_share": share,
                "large_errors_caught": large_errors_caught(human, machine, confidence, share),
                "large_error_rate_kept": float(large[kept].mean()) if len(kept) else None,
            }
        )
    return rows
