"""The material's passage that stands in for a missing reference answer."""

from sensemaking_desktop.roles.grading_content import best_passage, passage_texts
from sensemaking_desktop.text.embeddings import default_embedder

MATERIAL = (
    "## Evaporation and Transpiration\n\n"
    "Plants also put water into the air. They take it up through their roots and lose it through tiny "
    "openings called stomata on their leaves. Water vapour escapes through these openings in a process "
    "called transpiration.\n\n"
    "## Condensation\n\n"
    "In the sky, water vapour condenses around very small particles of dust."
)


def test_the_passage_is_made_of_sentences_not_headings() -> None:
    passage = best_passage(default_embedder(), "What is evaporation and transpiration?", MATERIAL)
    assert passage and not any(part.context.startswith("#") for part in passage)
    assert passage[0].sentence.startswith("Water vapour escapes"), "the sentence that names the term comes first"


RAIN = (
    "Plants also put water into the air. When water evaporates, the salt and dirt in it are left behind. "
    "Only pure water rises into the air. This is why rain is fresh water, even though most of it first "
    "evaporated from salty seawater. Clouds form when the vapour cools high above the ground."
)


def test_a_sentence_that_refers_back_comes_with_the_sentence_it_refers_to() -> None:
    (nearest, *others) = best_passage(default_embedder(), "Why is rain fresh water?", RAIN)
    assert nearest.sentence.startswith("This is why rain")
    assert nearest.context == "Only pure water rises into the air. " + nearest.sentence
    unbound = next(part for part in others if part.sentence.startswith("When water evaporates"))
    assert unbound.context == unbound.sentence, "a sentence that does not refer back stands alone"


def test_only_an_answer_that_explains_is_compared_with_the_bound_sentences() -> None:
    passage = best_passage(default_embedder(), "Why is rain fresh water?", RAIN)
    short = passage_texts(passage, "Pure water.")
    long = passage_texts(passage, "Only pure water rises into the air when it evaporates.")
    assert short[0] == passage[0].sentence and long[0] == passage[0].context
