"""Agreement of machine with human grades: figures checked against values worked out by hand."""

import json
import math

import numpy as np
import pytest

from sensemaking_desktop.metrics.agreement import (
    agreement,
    agreement_report,
    average_ranks,
    pearson,
    quadratic_weighted_kappa,
    score_bins,
    score_classes,
    spearman,
)

HUMAN = [10, 20, 30, 40, 50]
MACHINE = [20, 40, 50, 40, 50]
# Deviations from the means 30 and 40: (-2,-1,0,1,2)·10 and (-2,0,1,0,1)·10, so
# r = 6 / sqrt(10 · 6). Ranks of MACHINE with ties averaged: 1, 2.5, 4.5, 2.5, 4.5,
# so rho = 7 / sqrt(10 · 9).
HAND_PEARSON = 6 / math.sqrt(60)
HAND_SPEARMAN = 7 / math.sqrt(90)


def test_pearson_and_spearman_match_hand_computed_values() -> None:
    assert pearson(HUMAN, MACHINE) == pytest.approx(HAND_PEARSON)
    assert spearman(HUMAN, MACHINE) == pytest.approx(HAND_SPEARMAN)


def test_tied_values_share_their_average_rank() -> None:
    assert average_ranks([30, 10, 20, 20]).tolist() == [4.0, 1.0, 2.5, 2.5]
    assert average_ranks([5, 5, 5]).tolist() == [2.0, 2.0, 2.0]
    assert average_ranks([]).tolist() == []


def test_spearman_is_1_for_any_increasing_relation() -> None:
    assert spearman([1, 2, 3, 4], [1, 8, 27, 64]) == pytest.approx(1.0)
    assert spearman([1, 2, 3, 4], [4, 3, 2, 1]) == pytest.approx(-1.0)


def test_quadratic_weighted_kappa_matches_hand_computed_value() -> None:
    # Observed disagreement: one pair one level apart, weight 1/4. Chance disagreement with
    # marginals (1,1,1) and (1,0,2), weighted: 2/3 + 1/4 + 1/3 = 5/4. Kappa = 1 - (1/4)/(5/4).
    assert quadratic_weighted_kappa([0, 1, 2], [0, 2, 2], 3) == pytest.approx(0.8)
    assert quadratic_weighted_kappa([0, 1, 2, 2], [0, 1, 2, 2], 3) == pytest.approx(1.0)
    assert quadratic_weighted_kappa([0, 2], [2, 0], 3) == pytest.approx(-1.0)


def test_kappa_is_undefined_when_both_raters_give_one_same_level() -> None:
    assert quadratic_weighted_kappa([1, 1, 1], [1, 1, 1], 3) is None
    assert quadratic_weighted_kappa([1], [1], 3) is None
    with pytest.raises(ValueError, match="levels 0 to 2"):
        quadratic_weighted_kappa([0, 3], [0, 1], 3)


def test_classes_and_bins_at_their_boundaries() -> None:
    assert score_classes([0, 32.9, 33, 65.9, 66, 100]).tolist() == [0, 0, 1, 1, 2, 2]
    assert score_bins([0, 4.9, 5, 90, 94.9, 95, 100]).tolist() == [0, 0, 1, 9, 9, 10, 10]


def test_agreement_gathers_every_figure() -> None:
    result = agreement([10, 50, 90, 90], [20, 80, 90, 40])
    assert result.n == 4
    assert result.confusion == [[1, 0, 0], [0, 0, 1], [0, 1, 1]]
    assert result.class_accuracy == 0.5
    assert result.rmse == pytest.approx(math.sqrt((10**2 + 30**2 + 0 + 50**2) / 4))
    assert result.mean_human == 60 and result.mean_machine == 57.5
    assert result.qwk_3class == pytest.approx(quadratic_weighted_kappa([0, 1, 2, 2], [0, 2, 2, 1], 3))
    assert result.qwk == pytest.approx(quadratic_weighted_kappa([1, 5, 9, 9], [2, 8, 9, 4], 11))
    assert agreement(HUMAN, MACHINE).pearson == pytest.approx(HAND_PEARSON)


def test_perfect_agreement() -> None:
    grades = [0, 20, 40, 60, 80, 100]
    result = agreement(grades, grades)
    assert (result.pearson, result.spearman, result.qwk, result.qwk_3class) == pytest.approx((1, 1, 1, 1))
    assert result.rmse == 0 and result.class_accuracy == 1


def test_constant_grades_give_none_not_nan_and_valid_json() -> None:
    result = agreement([50, 50, 50], [10, 60, 90])
    assert result.pearson is None and result.spearman is None
    assert result.qwk == 0.0
    json.dumps(result.as_json(), allow_nan=False)
    both_constant = agreement([70, 70], [70, 70])
    assert both_constant.qwk is None and both_constant.qwk_3class is None and both_constant.rmse == 0


def test_fewer_than_two_pairs() -> None:
    one = agreement([40], [80])
    assert (one.n, one.pearson, one.spearman, one.qwk) == (1, None, None, None)
    assert one.rmse == 40 and one.confusion[1][2] == 1
    none = agreement([], [])
    assert none.n == 0 and none.rmse is None and none.class_accuracy is None
    json.dumps(none.as_json(), allow_nan=False)


def test_mismatched_or_bad_grades_are_refused_with_a_clear_error() -> None:
    with pytest.raises(ValueError, match="3 human grades against 2 machine grades"):
        agreement([1, 2, 3], [1, 2])
    with pytest.raises(ValueError, match="0–100"):
        agreement([0, 120], [0, 50])
    with pytest.raises(ValueError, match="not a finite number"):
        agreement([0, float("nan")], [0, 50])
    with pytest.raises(ValueError, match="pair up"):
        pearson([1, 2], [1])


def test_report_per_question() -> None:
    human = [10, 50, 90, 20, 80, 60]
    machine = [20, 40, 80, 90, 10, 60]
    report = agreement_report(human, machine, ["q1", "q1", "q1", "q2", "q2", None])
    assert report.overall.n == 6
    assert set(report.per_question) == {"q1", "q2"}
    assert report.per_question["q1"].n == 3 and report.per_question["q1"].spearman == pytest.approx(1.0)
    assert report.per_question["q2"].pearson == pytest.approx(-1.0)
    data = json.loads(json.dumps(report.as_json(), allow_nan=False))
    assert set(data) == {"overall", "per_question"}
    assert set(data["overall"]) == {
        "n",
        "pearson",
        "spearman",
        "qwk",
        "qwk_3class",
        "rmse",
        "class_accuracy",
        "confusion",
        "mean_human",
        "mean_machine",
    }
    assert agreement_report(human, machine).per_question == {}
    with pytest.raises(ValueError, match="question keys"):
        agreement_report(human, machine, ["q1"])


def test_matches_scipy_on_random_grades_with_ties() -> None:
    stats = pytest.importorskip("scipy.stats")
    rng = np.random.default_rng(7)
    for _ in range(50):
        human = rng.integers(0, 11, 30) * 10.0
        machine = np.clip(human + rng.normal(0, 25, 30), 0, 100).round(-1)
        assert pearson(human, machine) == pytest.approx(stats.pearsonr(human, machine)[0])
        assert spearman(human, machine) == pytest.approx(stats.spearmanr(human, machine)[0])
