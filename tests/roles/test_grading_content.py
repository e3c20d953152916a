"""The material's passage that stands in for a missing reference answer."""

from sensemaking_desktop.roles.grading_content import best_passage
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
    assert passage and not any(sentence.startswith("#") for sentence in passage)
    assert passage[0].startswith("Water vapour escapes"), "the sentence that names the term comes first"
