"""The shipped answer judge reads meaning, not shared words: a paraphrase, a synonym or another
form of the key read as right; another part of the same thing, a swapped order and an opposite
read as wrong or contradicting, in English and German.

Where the shipped model reads a case wrongly the case is marked as an expected failure with what
it gave (strict: a model that learns it makes the test fail until the mark goes); the model card's
Limits list the same cases."""

import pytest

from sensemaking_desktop.text.cross_encoder import ANSWER_LABELS, answer_judge, judge_text

RIGHT = ANSWER_LABELS.index("right")
CONTRADICTS = ANSWER_LABELS.index("contradicts")

SAME = [
    (
        "Why is rain fresh water even though much of it evaporated from the sea?",
        "When water evaporates, the salt stays behind, so only fresh water rises into the air.",
        "Because the salt stays behind when sea water evaporates, so the vapour that rises is fresh.",
    ),
    pytest.param(
        "Which gas do plants take in for photosynthesis?",
        "carbon dioxide",
        "CO2",
        marks=pytest.mark.xfail(strict=True, reason="the shipped judge does not know formulas: P(right) 0.06"),
    ),
    ("What replaced typewriters in most offices?", "word processors", "word processor"),
    ("What separates terminal 1 from the positive terminal?", "a gap", "There is a gap between them."),
    ("Welches Gas nehmen Pflanzen für die Photosynthese auf?", "Kohlenstoffdioxid", "Kohlendioxid"),
    (
        "Warum ist Regen Süßwasser?",
        "Beim Verdunsten bleibt das Salz im Meer zurück.",
        "Weil das Salz beim Verdunsten im Meer zurückbleibt.",
    ),
]
APART = [
    (
        "Which part of the immune system responds first to an infection?",
        "innate immune system",
        "adaptive immune system",
    ),
    pytest.param(
        "What causes thrush?",
        "a yeast infection",
        "a bacterial infection",
        marks=pytest.mark.xfail(strict=True, reason="another modifier reads as right: P(right) 0.97"),
    ),
    pytest.param(
        "Which way does heat flow between two objects?",
        "Heat flows from the hotter object to the colder object.",
        "Heat flows from the colder object to the hotter object.",
        marks=pytest.mark.xfail(strict=True, reason="a swapped order reads as right: P(right) 0.94"),
    ),
    (
        "Why does the bulb light?",
        "The bulb is in a closed path with the battery.",
        "The bulb is not in a closed path with the battery.",
    ),
    pytest.param(
        "Warum ist Regen Süßwasser?",
        "Beim Verdunsten bleibt das Salz im Meer zurück.",
        "Beim Verdunsten bleibt das Salz nicht im Meer zurück.",
        marks=pytest.mark.xfail(strict=True, reason="German negation reads as right: P(right) 0.98"),
    ),
]

YUAN = (
    "The Yuan dynasty, officially the Great Yuan, was founded by Kublai Khan. "
    "Its capital was Khanbaliq, and it ruled from 1271 to 1368."
)


def right(question: str, reference: str, answer: str) -> float:
    return float(answer_judge().probabilities([judge_text(question, answer, reference)])[0, RIGHT])


@pytest.mark.parametrize(("question", "reference", "answer"), SAME)
def test_an_answer_that_means_the_reference_reads_as_right(question, reference, answer):
    assert right(question, reference, answer) >= 0.5


@pytest.mark.parametrize(("question", "reference", "answer"), APART)
def test_an_answer_that_shares_the_words_but_not_the_meaning_reads_as_wrong(question, reference, answer):
    assert right(question, reference, answer) < 0.5


def test_an_opposite_reads_as_a_contradiction():
    question, reference, answer = APART[3]
    probabilities = answer_judge().probabilities([judge_text(question, answer, reference)])[0]
    assert probabilities[CONTRADICTS] > probabilities[RIGHT]


@pytest.mark.xfail(
    strict=True, reason="without a reference the shipped judge reads both as right (0.91 and 0.91): issue 44, blocked"
)
def test_without_a_reference_an_answer_to_another_question_reads_as_wrong():
    question = "What is the Yuan dynasty's official name?"
    texts = [judge_text(question, answer, passage=YUAN) for answer in ("the Great Yuan", "from 1271 to 1368")]
    own, other = answer_judge().probabilities(texts)[:, RIGHT]
    assert own >= 0.5 > other


def test_without_a_reference_an_answer_the_passage_does_not_hold_reads_as_wrong():
    question = "What is the Yuan dynasty's official name?"
    texts = [judge_text(question, answer, passage=YUAN) for answer in ("the Great Yuan", "10th and 11th centuries")]
    own, unsupported = answer_judge().probabilities(texts)[:, RIGHT]
    assert own >= 0.5 > unsupported


def test_the_judge_names_its_file_for_provenance():
    provenance = answer_judge().provenance
    assert provenance["model"] == "answer-judge-minilm-l6" and len(provenance["sha256"]) == 64
