"""Grading in German, Czech and Ukrainian with the real Evaluator on the embedded model: a right
answer high, a wrong one low (issue 36). German questions use the content model fitted on German
answers (model.json `languages.de`); Czech and Ukrainian ones are read by lemmas (`by_lemmas`),
without the fluency checks, which the embedded model cannot do in them; English keeps its own."""

import pytest

from sensemaking_desktop.roles.evaluator import grade
from sensemaking_desktop.roles.grading_checks import shuffled
from sensemaking_desktop.roles.grading_combine import fitted_for, model
from sensemaking_desktop.roles.grading_signals import fluency_ramp, reads_by_lemmas

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


RAIN = "Warum ist Regen Süßwasser, obwohl ein großer Teil davon aus Meerwasser verdunstet ist?"
"""A question of the shipped German sample whose right answers the question gate shut to 0: the
embedded model finds a shuffle of it as probable as it (model.json `languages.de.question_fluency`).
A wrong answer sharing none of the reference's words still gets 46 from German's content model,
which a key point's cosine lifts, so it goes to a person rather than being marked wrong."""
RAIN_REFERENCE = "Wenn Wasser verdunstet, bleibt das Salz zurück; nur reines Wasser steigt auf."


def test_a_well_formed_german_question_is_not_read_as_shuffled(engine) -> None:
    right = grade(
        engine,
        RAIN,
        "Beim Verdunsten bleibt das Salz im Meer zurück, nur reines Wasser steigt auf.",
        reference=RAIN_REFERENCE,
    )
    wrong = grade(engine, RAIN, "Weil der Regen in den Wolken durch Blitze gereinigt wird.", reference=RAIN_REFERENCE)
    assert "garbled_question" not in right.flags and right.score >= 60, (right.score, right.flags)
    assert wrong.score < 50 and wrong.needs_review, (wrong.score, wrong.confidence)


def test_german_has_its_own_models_czech_and_ukrainian_the_lemma_ones_and_english_its_own() -> None:
    assert fitted_for("de")["content"] != model()["content"] != model()["by_lemmas"]["content"]
    assert fitted_for("en") is model() and fitted_for(None) is model()
    assert fitted_for("cs")["content"] == fitted_for("uk")["content"] == model()["by_lemmas"]["content"]
    assert reads_by_lemmas("de") and reads_by_lemmas("cs") and reads_by_lemmas("uk")
    assert not reads_by_lemmas("en") and not reads_by_lemmas(None)


def test_fluency_is_checked_only_where_it_was_measured() -> None:
    assert fluency_ramp("en") and fluency_ramp(None) and fluency_ramp("de")
    assert fluency_ramp("cs") is None and fluency_ramp("uk") is None and fluency_ramp("fr") is None
    assert fluency_ramp("en", of="question") and fluency_ramp("de", of="question") is None


SLAVIC = {
    "cs": (
        "Proč je krev v plicním oběhu důležitá a co se v plicích s krví děje?",
        "V plicích se krev zbavuje oxidu uhličitého a přijímá kyslík; okysličená krev pak proudí do levé "
        "předsíně a odtud do celého těla.",
        "Krev v plicích odevzdává oxid uhličitý a nabírá kyslík, potom jde okysličená do levé předsíně a do "
        "celého těla.",
        "Protože v plicích se tvoří žluč, která tráví tuky v žaludku.",
    ),
    "uk": (
        "Що таке вид і навіщо тварин поділяють на види?",
        "Вид — це група тварин, схожих за будовою, які можуть схрещуватися між собою і давати плідне "
        "потомство; класифікація допомагає розібратися в різноманітності тварин.",
        "Вид — це тварини, подібні за будовою, що схрещуються між собою і мають плідне потомство, а поділ "
        "на види допомагає зрозуміти різноманітність тварин.",
        "Тому що всі тварини живуть у воді і їдять тільки траву.",
    ),
}


@pytest.fixture(scope="module")
def slavic(engine) -> dict[tuple[str, str], object]:
    return {
        (language, name): grade(engine, question, text, reference=reference)
        for language, (question, reference, right, wrong) in SLAVIC.items()
        for name, text in (("right", right), ("wrong", wrong), ("salad", shuffled(right, 3)))
    }


@pytest.mark.parametrize("language", ["cs", "uk"])
def test_a_right_czech_or_ukrainian_answer_scores_high_and_a_wrong_one_low(slavic: dict, language: str) -> None:
    right, wrong = slavic[language, "right"], slavic[language, "wrong"]
    assert right.score >= 60 and wrong.score <= 30, (right.score, wrong.score)


@pytest.mark.parametrize("language", ["cs", "uk"])
def test_word_salad_in_czech_or_ukrainian_goes_to_a_person(slavic: dict, language: str) -> None:
    """The embedded model cannot tell it from a sentence there, so it says so instead of passing it."""
    for name in ("right", "wrong", "salad"):
        graded = slavic[language, name]
        assert "word_order_unread" in graded.flags and graded.needs_review, (name, graded.flags)
