import pytest

from sensemaking_desktop.metrics.calibration import auc, ece, large_errors_caught, risk_coverage


def test_auc_is_the_chance_a_right_answer_outscores_a_wrong_one():
    human = [100, 80, 20, 0]
    assert auc(human, [90, 70, 30, 10]) == 1.0
    assert auc(human, [10, 30, 70, 90]) == 0.0
    assert auc(human, [50, 50, 50, 50]) == 0.5
    assert auc([100, 100], [1, 2]) is None


def test_ece_is_zero_for_honest_confidence_and_large_for_overconfidence():
    human = [100, 100, 0, 0]
    machine = [100, 0, 0, 100]  # two right, two wrong
    assert ece(human, machine, [0.5, 0.5, 0.5, 0.5]) == pytest.approx(0.0)
    assert ece(human, machine, [1.0, 1.0, 1.0, 1.0]) == pytest.approx(0.5)


def test_confidence_is_the_chance_of_no_large_error():
    """A grade 30 points off is not a large error: full confidence in it is honest; 60 off is one."""
    assert ece([100], [70], [1.0]) == pytest.approx(0.0)
    assert ece([100], [40], [1.0]) == pytest.approx(1.0)


def test_reviewing_the_least_confident_catches_the_large_errors_there():
    human = [100, 100, 100, 100, 0]
    machine = [100, 100, 100, 100, 100]
    assert large_errors_caught(human, machine, [0.9, 0.9, 0.9, 0.9, 0.1], 0.2) == 1.0
    assert large_errors_caught(human, machine, [0.1, 0.9, 0.9, 0.9, 0.9], 0.2) == 0.0
    assert large_errors_caught(human, human, [0.5] * 5, 0.2) is None
    rows = risk_coverage(human, machine, [0.9, 0.9, 0.9, 0.9, 0.1], shares=(0.2,))
    assert rows == [{"reviewed_share": 0.2, "large_errors_caught": 1.0, "large_error_rate_kept": 0.0}]
