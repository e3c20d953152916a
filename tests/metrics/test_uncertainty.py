"""Bootstrap intervals and paired tests behave as their definitions promise on synthetic data."""

import numpy as np

from sensemaking_desktop.metrics.agreement import pearson
from sensemaking_desktop.metrics.uncertainty import bootstrap_ci, mean_of, paired_difference, permutation_p


def test_the_interval_of_a_mean_of_standard_normals_holds_zero_about_95_percent_of_the_time():
    held = 0
    for seed in range(100):
        values = np.random.default_rng(seed).normal(size=40)
        interval = bootstrap_ci(mean_of("x"), {"x": values}, resamples=300, seed=seed)
        held += interval.ci_low <= 0.0 <= interval.ci_high
    assert 85 <= held <= 100


def test_the_interval_holds_the_value_and_narrows_with_more_items():
    rng = np.random.default_rng(1)
    small = bootstrap_ci(mean_of("x"), {"x": rng.normal(size=20)}, resamples=300)
    large = bootstrap_ci(mean_of("x"), {"x": rng.normal(size=500)}, resamples=300)
    assert small.ci_low <= small.value <= small.ci_high
    assert large.ci_high - large.ci_low < small.ci_high - small.ci_low
    assert large.n == 500


def test_a_cluster_bootstrap_is_wider_when_items_of_a_cluster_move_together():
    rng = np.random.default_rng(2)
    offsets = rng.normal(size=10)
    values = np.repeat(offsets, 10) + rng.normal(scale=0.1, size=100)
    clusters = np.repeat(np.arange(10), 10).tolist()
    naive = bootstrap_ci(mean_of("x"), {"x": values}, resamples=400)
    nested = bootstrap_ci(mean_of("x"), {"x": values}, clusters=clusters, resamples=400)
    assert nested.ci_high - nested.ci_low > 2 * (naive.ci_high - naive.ci_low)


def test_any_statistic_of_several_columns_is_bootstrapped_and_undefined_values_are_none():
    rng = np.random.default_rng(3)
    x = rng.normal(size=60)
    columns = {"x": x, "y": x + rng.normal(scale=0.5, size=60)}
    interval = bootstrap_ci(lambda c: pearson(c["x"], c["y"]), columns, resamples=200)
    assert 0.6 < interval.ci_low < interval.value < interval.ci_high <= 1.0
    constant = bootstrap_ci(lambda c: pearson(c["x"], c["y"]), {"x": np.ones(5), "y": np.ones(5)}, resamples=50)
    assert constant.as_json() == {"value": None, "ci_low": None, "ci_high": None, "n": 5}


def test_a_true_paired_difference_gives_a_small_p_and_none_a_large_one():
    rng = np.random.default_rng(4)
    base = rng.normal(size=50)
    better = {"x": base + 0.5 + rng.normal(scale=0.3, size=50)}
    same = {"x": base + rng.normal(scale=0.3, size=50)}
    difference = paired_difference(mean_of("x"), better, {"x": base}, resamples=500)
    assert difference.value > 0.3 and difference.ci_low > 0 and difference.p_value < 0.01
    null = [
        permutation_p(mean_of("x"), {"x": base + rng.normal(scale=0.3, size=50)}, same, seed=s, permutations=300)
        for s in range(20)
    ]
    assert np.mean([p > 0.05 for p in null]) >= 0.8
