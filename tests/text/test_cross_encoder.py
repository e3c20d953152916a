"""The shipped int8 cross-encoders (models/), run as the app runs them: on onnxruntime, offline."""

import shutil
from pathlib import Path

import numpy as np
import pytest

from sensemaking_desktop.errors import SensemakingError
from sensemaking_desktop.text import cross_encoder
from sensemaking_desktop.text.cross_encoder import (
    NLI_LABELS,
    PAIR_LABELS,
    CrossEncoder,
    nli_model,
    pair_judge,
    pair_text,
    same_grade,
)

DEFINITION = "A stack is a LIFO structure."


def _label(premise: str, hypothesis: str) -> str:
    return nli_model().predict([(premise, hypothesis)])[0]


def test_nli_labels_are_in_training_order() -> None:
    assert nli_model().labels == NLI_LABELS
    assert pair_judge().labels == PAIR_LABELS


def test_a_negated_definition_contradicts_it() -> None:
    assert _label(DEFINITION, "A stack is not a LIFO structure.") == "contradiction"


@pytest.mark.xfail(
    strict=True,
    reason="the shipped model reads an acronym and its expansion as unrelated (neutral 0.49, "
    "contradiction 0.46, entailment 0.05; models/nli-minilm-l6/MODEL_CARD.md, Limits)",
)
def test_a_paraphrase_entails_the_definition() -> None:
    assert _label(DEFINITION, "A stack is a last-in, first-out structure.") == "entailment"


def test_an_unrelated_sentence_is_neutral() -> None:
    assert _label(DEFINITION, "Photosynthesis happens in leaves.") == "neutral"


def test_probabilities_keep_the_order_of_the_pairs_and_sum_to_one() -> None:
    pairs = [
        (DEFINITION, "Photosynthesis happens in leaves."),
        (DEFINITION, "A stack is not a LIFO structure."),
        ("A dog runs across a large green field chasing a ball. " * 4, "An animal is outside."),
    ]
    together = nli_model().probabilities(pairs, batch_size=2)
    alone = np.vstack([nli_model().probabilities([pair]) for pair in pairs])
    assert together.shape == (3, 3)
    np.testing.assert_allclose(together.sum(axis=1), 1.0, atol=1e-5)
    np.testing.assert_allclose(together, alone, atol=0.03)  # int8 activations are scaled per batch
    assert list(together.argmax(axis=1)) == [1, 2, 0]
    assert nli_model().probabilities([]).shape == (0, 3)


QUESTION = "What is the difference between a stack and a queue?"
RIGHT = "A stack removes the most recently added item first (LIFO), a queue removes the oldest item first (FIFO)."
PARAPHRASE = "In a stack the last element pushed is the first popped; a queue hands out elements in arrival order."
WRONG = "A stack removes the oldest item first and a queue removes the newest item first."
OTHER_WRONG = "Both are the same thing, they store items in a list."


def _same(graded: str, grade: float, answer: str) -> float:
    return float(pair_judge().probabilities([pair_text(QUESTION, graded, grade, answer)])[0, 1])


@pytest.mark.xfail(
    strict=True,
    reason="the shipped pair judge is near chance on held-out questions (AUC 0.56): 0.49 for the paraphrase, "
    "0.85 for the wrong answer (models/grade-pair-minilm-l6/MODEL_CARD.md)",
)
def test_a_paraphrase_of_a_right_answer_is_closer_to_its_grade_than_a_wrong_answer() -> None:
    assert _same(RIGHT, 100, PARAPHRASE) > _same(RIGHT, 100, WRONG)


def test_a_wrong_answer_deserves_the_grade_of_a_wrong_graded_answer() -> None:
    assert _same(OTHER_WRONG, 0, WRONG) > 0.5


def test_pair_text_puts_the_grade_and_the_graded_answer_first() -> None:
    first, second = pair_text(" Why? ", " Because. ", 87.6, " So. ")
    assert first == "[graded 88/100] Because. [question] Why?"
    assert second == "So."
    assert same_grade(80, 90) and not same_grade(80, 90.5)


def test_a_missing_model_folder_is_a_sensemaking_error(tmp_path: Path) -> None:
    with pytest.raises(SensemakingError, match="missing"):
        CrossEncoder(tmp_path / "nothing-here")


def test_a_damaged_model_is_a_sensemaking_error(tmp_path: Path) -> None:
    folder = tmp_path / "damaged"
    shutil.copytree(cross_encoder.shipped_model_dir(cross_encoder.NLI_MODEL), folder)
    (folder / "model.onnx").write_bytes(b"not an onnx model")
    with pytest.raises(SensemakingError, match="damaged") as caught:
        CrossEncoder(folder)
    assert "\n" not in str(caught.value)
