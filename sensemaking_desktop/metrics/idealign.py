"""IDEAlign triplet judgments: which texts on one source people (or a model) see as alike.

IDEAlign (2025) compares automated similarity measures of free-text interpretations with
experts' by an odd-one-out task: a judge sees three texts and picks the one least like the
other two. Our reading of the paper, as implemented here:

- Sampling (`sample_triplets`). Every pair of items should be seen together, and no pair
  far more often than another. Triplets are drawn greedily: take the pair seen least often
  so far (ties broken at random), add the third item whose two new pairs are seen least
  often, and count the three pairs; stop when every pair has been covered `per_pair` times
  or `budget` triplets are drawn. A triplet is never drawn twice while an unseen one fits.
- Aggregation (`pair_similarities`). The similarity of a pair is the share of the judgments
  of triplets holding both in which neither was the odd one out (so the pair was the one
  kept together). A pair never shown has no similarity.
- Agreement (`rank_agreement`): Spearman's rank correlation, over the pairs both sides
  scored, between people's similarities and an automated one (embedding cosine, ROUGE-L,
  a model's own triplet judgments).
"""

import itertools
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from sensemaking_desktop.metrics.agreement import spearman

Pair = tuple[int, int]
Triplet = tuple[int, int, int]


@dataclass(frozen=True)
class Judgment:
    """One odd-one-out choice: `odd` is the position (0, 1 or 2) in the triplet."""

    triplet: Triplet
    odd: int


def pair(first: int, second: int) -> Pair:
    return (first, second) if first < second else (second, first)


def sample_triplets(items: int, *, per_pair: int = 1, budget: int | None = None, seed: int = 0) -> list[Triplet]:
    """Triplets over items 0..items-1 by prioritised coverage of pairs (see the module docstring)."""
    if items < 3:
        raise ValueError("triplets need at least three items")
    rng = random.Random(seed)
    coverage = {pair(a, b): 0 for a, b in itertools.combinations(range(items), 2)}
    drawn: list[Triplet] = []
    seen: set[frozenset[int]] = set()
    while min(coverage.values()) < per_pair and (budget is None or len(drawn) < budget):
        low = min(coverage.values())
        first, second = rng.choice([key for key, count in coverage.items() if count == low])
        thirds = [item for item in range(items) if item not in (first, second)]
        fresh = [item for item in thirds if frozenset((first, second, item)) not in seen] or thirds
        rng.shuffle(fresh)
        third = min(fresh, key=lambda item: coverage[pair(first, item)] + coverage[pair(second, item)])
        triplet = (first, second, third)
        order = list(triplet)
        rng.shuffle(order)
        drawn.append((order[0], order[1], order[2]))
        seen.add(frozenset(triplet))
        for a, b in itertools.combinations(triplet, 2):
            coverage[pair(a, b)] += 1
    return drawn


def pair_similarities(judgments: Sequence[Judgment]) -> dict[Pair, float]:
    """Share of judgments holding both items where neither was the odd one out."""
    together: dict[Pair, int] = {}
    shown: dict[Pair, int] = {}
    for judgment in judgments:
        if judgment.odd not in (0, 1, 2):
            raise ValueError(f"the odd one out is position 0, 1 or 2, not {judgment.odd}")
        odd_item = judgment.triplet[judgment.odd]
        for a, b in itertools.combinations(judgment.triplet, 2):
            key = pair(a, b)
            shown[key] = shown.get(key, 0) + 1
            together[key] = together.get(key, 0) + (odd_item not in key)
    return {key: together[key] / count for key, count in shown.items()}


def rank_agreement(people: Mapping[Pair, float], automated: Mapping[Pair, float]) -> tuple[float | None, int]:
    """Spearman's rho over the pairs both scored, and how many pairs that was."""
    common = sorted(set(people) & set(automated))
    if len(common) < 2:
        return None, len(common)
    return spearman([people[key] for key in common], [automated[key] for key in common]), len(common)
