"""Word error rate on hand-checked cases."""

import pytest

from sensemaking_desktop.metrics.wer import word_error_rate


@pytest.mark.parametrize(
    ("reference", "hypothesis", "expected"),
    [
        ("ask not what your country can do", "Ask not, what your country can do.", 0.0),
        ("the cat sat", "the cat sat down", 1 / 3),
        ("the cat sat", "the sat", 1 / 3),
        ("the cat sat", "a dog sat", 2 / 3),
        ("Über die Brücke", "über die brücke", 0.0),
        ("", "", 0.0),
        ("", "noise", 1.0),
    ],
)
def test_word_error_rate(reference: str, hypothesis: str, expected: float) -> None:
    assert word_error_rate(reference, hypothesis) == pytest.approx(expected)
