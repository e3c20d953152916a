"""The agreement guarantee: exact binomial bounds and the threshold they allow."""

import math

import pytest

from sensemaking_desktop.metrics.guarantee import (
    binomial_tail,
    choose_threshold,
    fewest_needed,
    lower_bound,
    more_needed,
)


def test_a_perfect_record_bound_is_the_closed_form() -> None:
    # k = n: P(X >= n) = p^n, so the bound is risk^(1/n).
    assert lower_bound(59, 59, 0.05) == pytest.approx(0.05 ** (1 / 59), abs=1e-9)
    assert lower_bound(10, 10, 0.05) == pytest.approx(0.05 ** (1 / 10), abs=1e-9)


@pytest.mark.parametrize(("k", "n"), [(45, 50), (190, 200), (3, 10), (1, 1)])
def test_the_bound_is_where_the_exact_binomial_tail_equals_the_risk(k: int, n: int) -> None:
    bound = lower_bound(k, n, 0.05)
    exact = sum(math.comb(n, i) * bound**i * (1 - bound) ** (n - i) for i in range(k, n + 1))
    assert exact == pytest.approx(0.05, abs=1e-7)
    assert binomial_tail(k, n, bound) == pytest.approx(exact, abs=1e-12)
    assert 0 < bound < k / n


def test_no_successes_or_no_trials_bound_nothing() -> None:
    assert lower_bound(0, 20) == 0.0 and lower_bound(0, 0) == 0.0


def test_fewest_needed_is_the_smallest_perfect_record_that_reaches_the_target() -> None:
    needed = fewest_needed(0.95, 0.05)
    assert needed == 59
    assert lower_bound(needed, needed) >= 0.95 > lower_bound(needed - 1, needed - 1)
    assert more_needed(20) == 39 and more_needed(80) == 0


def test_the_threshold_stops_at_the_first_confidence_whose_bound_fails() -> None:
    confident = [0.9 + i / 10_000 for i in range(120)]  # all agree
    unsure = [0.5 + i / 10_000 for i in range(60)]  # none agrees
    threshold = choose_threshold(confident + unsure, [True] * 120 + [False] * 60)
    # One disagreement still keeps the bound (120 of 121), a second does not (120 of 122).
    assert lower_bound(120, 121) >= 0.95 > lower_bound(120, 122)
    assert threshold.holds and threshold.confidence == pytest.approx(0.5059)
    assert (threshold.held_out, threshold.agreed) == (121, 120) and threshold.bound >= 0.95


def test_too_few_held_out_grades_accept_nothing_even_when_all_agree() -> None:
    threshold = choose_threshold([0.99] * 40, [True] * 40)
    assert not threshold.holds and threshold.held_out == 40


def test_predictions_that_often_disagree_accept_nothing() -> None:
    threshold = choose_threshold([0.95 - i / 1000 for i in range(300)], [i % 4 != 0 for i in range(300)])
    assert not threshold.holds and threshold.agreed == 225
