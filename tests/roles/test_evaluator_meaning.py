"""The new user's six short answers (issue 44), graded by the whole Evaluator on the embedded model:
three wrong answers that share the key's words, three right ones that do not. A teacher would
give the wrong ones at most 30 and the right ones at least 70. A plain right answer stands beside
them, so that a grader giving everything 0 fails here as one giving everything 100 does. The
shipped Evaluator does not yet: the cases it gets wrong are expected failures with what it gave
(issue 44 is blocked on them; the answer judge alone reads the first as wrong, P(right) 0.05, but
not the others)."""

import pytest

from sensemaking_desktop.roles.evaluator import grade

FLAKY = (
    "graded 0 in one run of two: the garbled_question gate reads this short question's word order at its "
    "threshold (SmolLM2 finds a shuffle of it nearly as probable), and passes it in the other"
)
WRONG = [
    pytest.param(
        "The lymph nodes, the spleen and the lymphatic vessels make up which part of the immune system?",
        "the peripheral immune system",
        "adaptive immune system",
        marks=pytest.mark.xfail(strict=True, reason="graded 91: the key's words are there"),
    ),
    pytest.param(
        "What kind of infection is thrush?",
        "a yeast infection",
        "bacterial infection",
        marks=pytest.mark.xfail(strict=True, reason="graded 95: the key's words are there"),
    ),
    (
        "Which part of the immune system responds first, within hours, to an infection?",
        "the innate immune system",
        "no part of the immune system at all",
    ),
]
RIGHT = [
    ("What kind of infection is thrush?", "a yeast infection", "Thrush is an infection caused by a yeast."),
    pytest.param(
        "What replaced typewriters in most offices?",
        "word processor",
        "word processors",
        marks=pytest.mark.xfail(strict=False, reason=FLAKY),
    ),
    pytest.param(
        "Which gas do plants take in for photosynthesis?",
        "carbon dioxide",
        "CO2",
        marks=pytest.mark.xfail(strict=False, reason=FLAKY),
    ),
    ("Welches Gas nehmen Pflanzen bei der Photosynthese auf?", "Kohlenstoffdioxid", "Kohlendioxid"),
]


@pytest.mark.parametrize(("question", "reference", "answer"), WRONG)
def test_a_wrong_answer_with_the_key_s_words_is_graded_low(engine, question, reference, answer):
    result = grade(engine, question, answer, reference=reference)
    assert result.score <= 30, (result.score, result.flags)


@pytest.mark.parametrize(("question", "reference", "answer"), RIGHT)
def test_a_right_answer_in_other_words_is_graded_high(engine, question, reference, answer):
    result = grade(engine, question, answer, reference=reference)
    assert result.score >= 70, (result.score, result.flags)
