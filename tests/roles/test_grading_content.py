"""The material's passage that stands in for a missing reference answer, and the clauses of an
answer that contradict the reference: found by the NLI model in English, by the rule elsewhere."""

from sensemaking_desktop.roles.grading_content import MODEL_FINDS, Content, best_passage, content_signals, passage_texts
from sensemaking_desktop.text.content import clauses
from sensemaking_desktop.text.contradiction import conflict
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


STACK_QUESTION = "What kind of structure is a stack?"
STACK = "A stack is a LIFO structure."


def _content(question: str, answer: str, reference: str) -> Content:
    return content_signals(default_embedder(), question, answer, reference=reference, material=None)


def test_in_english_the_nli_model_finds_a_negated_definition() -> None:
    found = _content(STACK_QUESTION, "A stack is not a LIFO structure.", STACK)
    assert found.language == "en" and found.contradiction == 1.0
    assert [item.why for item in found.conflicts] == [MODEL_FINDS], "the model decides in English, not the rule"


def test_in_english_the_model_overrules_a_false_alarm_of_the_rule() -> None:
    """ "Not having a base case" says what "a base case that is not included" says; the rule reads
    the two negations as denying each other (such false alarms shut right answers on Mohler 2011)."""
    reference = "A wrong recursion step, or a base case that is not included."
    answer = "Not having a base case."
    assert any(conflict(answer, statement) for statement in clauses(reference)), "the rule calls it a contradiction"
    found = _content("What can cause infinite recursion?", answer, reference)
    assert found.language == "en" and found.contradiction == 0.0 and not found.conflicts


def test_a_german_answer_is_judged_by_the_rule_only() -> None:
    """The NLI model was trained on SNLI, which is English (question_checks.NLI_LANGUAGES)."""
    found = _content("Was ist ein Stapel?", "Ein Stapel ist keine LIFO-Struktur.", "Ein Stapel ist eine LIFO-Struktur.")
    assert found.language == "de" and found.contradiction == 1.0
    assert [item.why for item in found.conflicts] == ["one says the opposite of the other (negation)"]
