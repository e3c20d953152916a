"""The agreement guarantee behind automatic grades: exact binomial bounds and the threshold they allow.

A machine grade is accepted without a person only where the teacher's own grades show that
grades at least that confident agree with the teacher often enough. Each teacher-graded answer
is predicted from the others (held out in turn); the share of those predictions that agree is
a binomial proportion, and its one-sided Clopper-Pearson lower bound is what must reach the
target. Thresholds are tested from the most confident down and the search stops at the first
that fails (fixed-sequence testing, as in Learn-then-Test and "Trust or Escalate"), so trying
many thresholds does not spend the guarantee's error budget more than once. A threshold that
too few held-out grades reach is not tested at all: which thresholds are tested depends on the
confidences only, never on whether the predictions agreed.
"""

import math
from collections.abc import Sequence
from dataclasses import dataclass

DEFAULT_TARGET = 0.95
"""Share of automatic grades that must agree with the teacher (within the tolerance)."""
DEFAULT_RISK = 0.05
"""Chance allowed that the bound is wrong: the guarantee holds with probability 1 - this."""
TOLERANCE = 10.0
"""Points on 0-100 within which a machine grade agrees with the teacher's."""


def binomial_tail(k: int, n: int, p: float) -> float:
    """P(X >= k) for X ~ Binomial(n, p), summed in log space so large n stays exact enough."""
    if k <= 0:
        return 1.0
    if k > n:
        return 0.0
    if p <= 0.0:
        return 0.0
    if p >= 1.0:
        return 1.0
    log_p, log_q = math.log(p), math.log1p(-p)
    terms = [
        math.lgamma(n + 1) - math.lgamma(i + 1) - math.lgamma(n - i + 1) + i * log_p + (n - i) * log_q
        for i in range(k, n + 1)
    ]
    top = max(terms)
    return min(1.0, math.exp(top) * sum(math.exp(term - top) for term in terms))


def lower_bound(k: int, n: int, risk: float = DEFAULT_RISK) -> float:
    """One-sided Clopper-Pearson lower bound on a proportion seen as k successes in n: the
    smallest p for which k or more successes are at least `risk` likely (0 when n is 0)."""
    if n <= 0 or k <= 0:
        return 0.0
    low, high = 0.0, 1.0
    for _ in range(60):
        middle = (low + high) / 2
        if binomial_tail(k, n, middle) < risk:
            low = middle
        else:
            high = middle
    return low


def fewest_needed(target: float = DEFAULT_TARGET, risk: float = DEFAULT_RISK) -> int:
    """The fewest held-out grades that can support the target even when every one agrees."""
    return math.ceil(math.log(risk) / math.log(target))


@dataclass(frozen=True)
class Threshold:
    """The confidence from which machine grades are automatic, and what it rests on."""

    confidence: float | None
    """None: no threshold supports the target, so nothing is automatic."""
    held_out: int
    """Held-out teacher grades at or above the threshold (all of them when there is none)."""
    agreed: int
    bound: float
    """Lower bound on the agreement of grades at or above the threshold."""
    target: float
    risk: float

    @property
    def holds(self) -> bool:
        return self.confidence is not None


def choose_threshold(
    confidences: Sequence[float],
    agreed: Sequence[bool],
    *,
    target: float = DEFAULT_TARGET,
    risk: float = DEFAULT_RISK,
) -> Threshold:
    """The lowest confidence at which held-out predictions provably agree at `target`, tested
    from the highest down and stopping at the first failure."""
    pairs = sorted(zip(confidences, agreed), key=lambda pair: -pair[0])
    needed = fewest_needed(target, risk)
    best = Threshold(None, 0, 0, 0.0, target, risk)
    count = correct = 0
    index = 0
    while index < len(pairs):
        value = pairs[index][0]
        while index < len(pairs) and pairs[index][0] == value:
            count += 1
            correct += pairs[index][1]
            index += 1
        if count < needed:
            continue
        bound = lower_bound(correct, count, risk)
        if bound < target:
            break
        best = Threshold(value, count, correct, bound, target, risk)
    if best.confidence is None and pairs:
        agreed_all = sum(flag for _, flag in pairs)
        best = Threshold(None, len(pairs), agreed_all, lower_bound(agreed_all, len(pairs), risk), target, risk)
    return best


def more_needed(held_out: int, target: float = DEFAULT_TARGET, risk: float = DEFAULT_RISK) -> int:
    """How many more teacher grades would let a perfect record support the target."""
    return max(0, fewest_needed(target, risk) - held_out)
