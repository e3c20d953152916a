"""IDEAlign triplets: prioritised pair coverage, similarities from odd-one-out choices, rank agreement."""

import itertools

import pytest

from sensemaking_desktop.metrics.idealign import Judgment, pair, pair_similarities, rank_agreement, sample_triplets


def test_sampling_covers_every_pair_evenly():
    triplets = sample_triplets(8, per_pair=2, seed=3)
    counts = {pair(a, b): 0 for a, b in itertools.combinations(range(8), 2)}
    for triplet in triplets:
        assert len(set(triplet)) == 3
        for a, b in itertools.combinations(triplet, 2):
            counts[pair(a, b)] += 1
    assert min(counts.values()) >= 2
    assert max(counts.values()) <= 4
    assert len(triplets) <= 2 * len(counts)  # each triplet covers three pairs, so far fewer than one per pair


def test_a_budget_caps_the_triplets_and_three_items_are_needed():
    assert len(sample_triplets(10, per_pair=3, budget=5)) == 5
    with pytest.raises(ValueError):
        sample_triplets(2)


def test_a_pair_is_similar_in_the_share_of_its_triplets_where_neither_was_odd():
    judgments = [Judgment((0, 1, 2), odd=2), Judgment((0, 1, 3), odd=1), Judgment((2, 1, 0), odd=0)]
    similarity = pair_similarities(judgments)
    assert similarity[(0, 1)] == pytest.approx(2 / 3)
    assert similarity[(0, 2)] == 0.0 and similarity[(1, 2)] == 0.0
    assert similarity[(0, 3)] == 1.0 and similarity[(1, 3)] == 0.0
    assert (2, 3) not in similarity


def test_people_and_a_judge_that_see_the_same_groups_agree_in_rank():
    """Two groups of items; a person picks the item from the other group as odd; a noisy judge mostly does."""
    group = {item: item % 2 for item in range(8)}
    triplets = sample_triplets(8, per_pair=2, seed=1)

    def odd_one(triplet):
        for position, item in enumerate(triplet):
            if sum(group[other] == group[item] for other in triplet) == 1:
                return position
        return 0

    people = pair_similarities([Judgment(t, odd_one(t)) for t in triplets])
    noisy = pair_similarities(
        [Judgment(t, odd_one(t) if n % 4 else (odd_one(t) + 1) % 3) for n, t in enumerate(triplets)]
    )
    rho, pairs = rank_agreement(people, noisy)
    assert pairs == 28
    assert rho > 0.5
    assert rank_agreement(people, {})[0] is None
