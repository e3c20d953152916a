"""Confidence intervals and paired tests for any metric computed over items.

A metric here is a statistic of per-item columns (arrays of equal length, one row per item:
a ROUGE-L recall, a human and a machine grade, a question's row of similarities), so the
same code bootstraps a mean, a correlation or a set-level measure such as ELOQUENT coverage.

- `bootstrap_ci`: percentile interval from resampling items with replacement. When items are
  nested (several answers to one question), whole clusters are resampled instead (cluster
  bootstrap), since answers to one question are not independent and resampling them singly
  gives intervals that are too narrow.
- `paired_difference`: the difference of a metric between two configurations run on the
  same items, with an interval from resampling the same items (clusters) for both.
- `permutation_p`: a paired permutation test. Under the null hypothesis the two
  configurations are exchangeable on every item, so each item's (cluster's) pair of results
  is swapped at random; for a mean this is exactly the sign-flip test of the per-item
  differences. Two-sided, with the +1 correction, so p is never 0.

A resample whose statistic is undefined (a correlation over constant values) is left out; the
interval is None when no resample gave a value. Nothing returned is NaN, so results are JSON.
"""

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any

import numpy as np

Columns = Mapping[str, np.ndarray]
Statistic = Callable[[Columns], float | None]
RESAMPLES = 1000
LEVEL = 0.95


@dataclass(frozen=True)
class Interval:
    """A metric's value on all items and its bootstrap interval; None where undefined."""

    value: float | None
    ci_low: float | None
    ci_high: float | None
    n: int

    def as_json(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class Difference:
    """first − second on the same items, its interval, and the paired permutation p-value."""

    value: float | None
    ci_low: float | None
    ci_high: float | None
    p_value: float | None
    n: int

    def as_json(self) -> dict[str, Any]:
        return asdict(self)


def bootstrap_ci(
    statistic: Statistic,
    columns: Columns,
    *,
    clusters: Sequence[Hashable] | None = None,
    resamples: int = RESAMPLES,
    level: float = LEVEL,
    seed: int = 0,
) -> Interval:
    """The statistic on all items and its percentile interval over resampled items (clusters)."""
    n = _length(columns)
    value = _defined(statistic(columns)) if n else None
    if n == 0:
        return Interval(None, None, None, 0)
    groups = _groups(n, clusters)
    rng = np.random.default_rng(seed)
    values = [_defined(statistic(_take(columns, _draw(groups, rng)))) for _ in range(resamples)]
    low, high = _percentiles(values, level)
    return Interval(value, low, high, n)


def paired_difference(
    statistic: Statistic,
    first: Columns,
    second: Columns,
    *,
    clusters: Sequence[Hashable] | None = None,
    resamples: int = RESAMPLES,
    level: float = LEVEL,
    seed: int = 0,
) -> Difference:
    """statistic(first) − statistic(second), both over the same resampled items (clusters)."""
    n = _length(first)
    if _length(second) != n:
        raise ValueError(f"{n} items against {_length(second)}; a paired difference needs the same items")
    if n == 0:
        return Difference(None, None, None, None, 0)
    value = _difference(statistic, first, second)
    groups = _groups(n, clusters)
    rng = np.random.default_rng(seed)
    values = []
    for _ in range(resamples):
        chosen = _draw(groups, rng)
        values.append(_difference(statistic, _take(first, chosen), _take(second, chosen)))
    low, high = _percentiles(values, level)
    p_value = permutation_p(statistic, first, second, clusters=clusters, permutations=resamples, seed=seed)
    return Difference(value, low, high, p_value, n)


def permutation_p(
    statistic: Statistic,
    first: Columns,
    second: Columns,
    *,
    clusters: Sequence[Hashable] | None = None,
    permutations: int = RESAMPLES,
    seed: int = 0,
) -> float | None:
    """Two-sided p of the observed difference when each item's (cluster's) pair is swapped at random."""
    observed = _difference(statistic, first, second)
    if observed is None:
        return None
    groups = _groups(_length(first), clusters)
    membership = np.empty(_length(first), dtype=int)
    for number, indices in enumerate(groups):
        membership[indices] = number
    rng = np.random.default_rng(seed)
    extreme, counted = 0, 0
    for _ in range(permutations):
        swap = rng.random(len(groups)) < 0.5
        mask = swap[membership]
        difference = _difference(statistic, _mix(first, second, mask), _mix(second, first, mask))
        if difference is None:
            continue
        counted += 1
        extreme += abs(difference) >= abs(observed) - 1e-12
    return (extreme + 1) / (counted + 1) if counted else None


def mean_of(column: str) -> Statistic:
    """The mean of one column, its NaN rows (items the metric does not apply to) left out."""

    def statistic(columns: Columns) -> float | None:
        values = np.asarray(columns[column], dtype=float)
        values = values[~np.isnan(values)]
        return float(values.mean()) if len(values) else None

    return statistic


def _difference(statistic: Statistic, first: Columns, second: Columns) -> float | None:
    a, b = _defined(statistic(first)), _defined(statistic(second))
    return None if a is None or b is None else a - b


def _defined(value: float | None) -> float | None:
    return None if value is None or not np.isfinite(value) else float(value)


def _length(columns: Columns) -> int:
    lengths = {len(values) for values in columns.values()}
    if len(lengths) > 1:
        raise ValueError(f"columns of different lengths: {sorted(lengths)}")
    return lengths.pop() if lengths else 0


def _groups(n: int, clusters: Sequence[Hashable] | None) -> list[np.ndarray]:
    """Item indices per cluster (each item its own cluster when there are none)."""
    if clusters is None:
        return [np.array([index]) for index in range(n)]
    if len(clusters) != n:
        raise ValueError(f"{len(clusters)} cluster keys for {n} items")
    found: dict[Hashable, list[int]] = {}
    for index, key in enumerate(clusters):
        found.setdefault(key, []).append(index)
    return [np.array(indices) for indices in found.values()]


def _draw(groups: list[np.ndarray], rng: np.random.Generator) -> np.ndarray:
    chosen = rng.integers(0, len(groups), size=len(groups))
    return np.concatenate([groups[number] for number in chosen])


def _take(columns: Columns, indices: np.ndarray) -> dict[str, np.ndarray]:
    return {name: np.asarray(values)[indices] for name, values in columns.items()}


def _mix(first: Columns, second: Columns, mask: np.ndarray) -> dict[str, np.ndarray]:
    """first's rows, with second's where mask is set."""
    mixed = {}
    for name, values in first.items():
        a, b = np.asarray(values), np.asarray(second[name])
        shape = (len(mask),) + (1,) * (a.ndim - 1)
        mixed[name] = np.where(mask.reshape(shape), b, a)
    return mixed


def _percentiles(values: list[float | None], level: float) -> tuple[float | None, float | None]:
    defined = np.array([value for value in values if value is not None], dtype=float)
    if not len(defined):
        return None, None
    tail = (1 - level) / 2 * 100
    low, high = np.percentile(defined, [tail, 100 - tail])
    return float(low), float(high)
