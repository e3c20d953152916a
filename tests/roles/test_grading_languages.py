"""Grading in German with the real Evaluator on the embedded model: a right answer high, a wrong
one low (issue 36). German questions use the content model fitted on German answers
(model.json `languages.de`); English ones keep the English model."""

import pytest

from sensemaking_desktop.roles.evaluator import grade
from sensemaking_desktop.roles.grading_checks import shuffled
from sensemaking_desktop.roles.grading_combine import fitted_for, model

QUESTION = "Warum ist die Erde für Lebewesen bewohnbar, und welche Rolle spielt dabei die Atmosphäre?"
REFERENCE = (
    "Die Atmosphäre enthält Sauerstoff zum Atmen, hält die Wärme der Sonne fest und schützt vor "
    "schädlicher UV-Strahlung; außerdem gibt es flüssiges Wasser."
)
RIGHT = (
    "Weil es flüssiges Wasser gibt und die Atmosphäre Sauerstoff zum Atmen liefert, die Wärme festhält "
    "und vor der UV-Strahlung der Sonne schützt."
)
WRONG = "Weil der Mond die Erde beleuchtet und die Planeten sich um die Erde drehen."


@pytest.fixture(scope="module")
def graded(engine) -> dict[str, float]:
    return {
        name: grade(engine, QUESTION, text, reference=REFERENCE).score
        for name, text in (("right", RIGHT), ("wrong", WRONG), ("salad", shuffled(RIGHT, 3)))
    }


def test_a_right_german_answer_scores_high_and_a_wrong_one_low(graded: dict[str, float]) -> None:
    assert graded["right"] >= 60, graded
    assert graded["wrong"] <= 30, graded
    assert graded["salad"] <= 30, graded


def test_german_has_its_own_content_model_and_other_languages_the_english_one() -> None:
    assert fitted_for("de")["content"] != model()["content"]
    assert fitted_for("en") is model() and fitted_for(None) is model() and fitted_for("cs") is model()
