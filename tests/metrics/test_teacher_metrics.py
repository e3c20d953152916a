"""ELOQUENT Teacher metrics: the formulas on hand-made matrices, their behaviour on a real text."""

import math
from pathlib import Path

import numpy as np
import pytest

from sensemaking_desktop.metrics.teacher import (
    EPSILON,
    TeacherMetrics,
    metrics_from_relevance,
    metrics_from_similarities,
    rank_systems,
    relevance_matrix,
    teacher_metrics,
    windows,
)
from sensemaking_desktop.text.embeddings import Embedder

TEXT = """\
The water cycle moves water between the oceans, the air and the land. The sun heats the sea and \
water evaporates, leaving the salt behind. The vapour cools as it rises and condenses into clouds.

Photosynthesis lets plants make sugar from light. Chlorophyll in the leaves absorbs sunlight. The \
plant joins carbon dioxide and water into glucose and releases oxygen.

Volcanoes form where magma reaches the surface of the Earth. Many of them lie along the edges of \
tectonic plates. An eruption can throw out ash, gas and lava.

The Roman Empire was ruled from Rome for centuries. Its roads connected distant provinces. Latin, \
the language of the Romans, became the root of French, Spanish and Italian.
"""
SPREAD = [
    "Why does water that evaporates from the sea leave its salt behind?",
    "What do plants release when they make glucose in photosynthesis?",
    "Where on Earth are volcanoes usually found?",
    "Which modern languages grew out of Latin?",
]
FIRST_PARAGRAPH = [
    "What happens to the salt when sea water evaporates?",
    "How are clouds formed from water vapour?",
    "Between which places does the water cycle move water?",
    "What heats the sea so that water evaporates?",
]
PARAPHRASES = [
    SPREAD[0],
    "Why is the salt left behind when sea water evaporates?",
    "What happens to the salt of the sea when its water evaporates?",
    "Why does evaporated sea water contain no salt?",
]
OFF_TOPIC = [
    "Who won the football world cup in 1998?",
    "How long should pasta be boiled?",
    "What is the price of a train ticket to Paris?",
    "Which chess opening starts with the king's pawn?",
]
WINDOW = 20


@pytest.fixture(scope="module")
def embedder(tmp_path_factory: pytest.TempPathFactory) -> Embedder:
    cache_dir: Path = tmp_path_factory.getbasetemp() / "embedding-cache"
    return Embedder("onnx", cache_dir=cache_dir)


def test_windows_follow_the_task_example() -> None:
    assert windows("Jane likes Bob. Jane hates Stephen. Jane is new in town.", 6) == [
        "Jane likes Bob. Jane hates Stephen",
        "Jane hates Stephen. Jane is new",
        "Jane is new in town",
    ]


def test_windows_start_at_every_sentence_and_skip_sentences_without_words() -> None:
    assert windows("Один два три. … Чотири п'ять!", 3) == ["Один два три", "Чотири п'ять"]
    assert windows("", 3) == []


def test_the_task_example_distribution_gives_its_numbers() -> None:
    """The task page's worked example: p over 2 questions × 3 windows, coverage 1.48 bits, diversity 6.67."""
    relevance, coverage, diversity = metrics_from_relevance(np.array([[0.29, 0.19, 0.01], [0.01, 0.01, 0.49]]))
    assert relevance == pytest.approx(1.0)
    assert coverage == pytest.approx(1.4855, abs=1e-4)
    assert diversity == pytest.approx(6.6706, abs=1e-3)


def test_the_formula_on_a_hand_made_similarity_matrix() -> None:
    similarities = np.array([[0.9, 0.1, 0.2], [0.3, 0.8, 0.1], [0.2, 0.3, 0.7]])
    # Window 0 holds 0.9, 0.3, 0.2: median 0.3, q95 = 0.3 + 0.9 * (0.9 - 0.3) = 0.84 < 0.9, so r = 0.9 + 0.3.
    # Likewise r = 0.8 + 0.3 for window 1 and 0.7 + 0.2 for window 2; every other pair is below its q95.
    assert relevance_matrix(similarities) == pytest.approx(np.diag([1.2, 1.1, 0.9]))
    relevance, coverage, diversity = metrics_from_similarities(similarities)
    assert relevance == pytest.approx(3.2)
    marginal = [1.2 / 3.2, 1.1 / 3.2, 0.9 / 3.2]
    assert coverage == pytest.approx(-sum(m * math.log2(m) for m in marginal))
    # Question i's smoothed row: (m_i + ε) on its own window, ε on the other two, over m_i + 3ε.
    own = [(m + EPSILON) / (m + 3 * EPSILON) for m in marginal]
    other = [EPSILON / (m + 3 * EPSILON) for m in marginal]
    expected = 0.0
    for i in range(3):
        for j in range(3):
            if i != j:
                expected += own[i] * math.log(own[i] / other[j])  # window i: q_i's own, q_j's floor
                expected += other[i] * math.log(other[i] / own[j])  # window j
                expected += other[i] * math.log(other[i] / other[j])  # the third window
    assert diversity == pytest.approx(expected)


def test_a_negative_relevance_is_clipped_to_zero() -> None:
    # Best question -0.2 is above q95 = -0.205, but -0.2 + median (-0.25) would be a negative probability.
    assert relevance_matrix(np.array([[-0.3], [-0.2]])).tolist() == [[0.0], [0.0]]


@pytest.mark.parametrize(
    ("similarities", "expected"),
    [
        (np.zeros((0, 4)), (0.0, 0.0, 0.0)),  # no questions
        (np.array([[0.6, 0.4, 0.5]]), (0.0, 0.0, 0.0)),  # one question is never above its own q95
        (np.array([[0.2], [0.5], [0.1]]), (0.7, 0.0, 0.0)),  # one window: all mass on it
        (np.array([[0.5, 0.4], [0.5, 0.4]]), (0.0, 0.0, 0.0)),  # tied duplicates
    ],
)
def test_degenerate_sets_give_defined_numbers(similarities: np.ndarray, expected: tuple[float, ...]) -> None:
    result = metrics_from_similarities(similarities)
    assert result == pytest.approx(expected)
    assert not any(math.isnan(value) or math.copysign(1, value) < 0 for value in result)


def test_questions_over_the_whole_text_cover_it_better(embedder: Embedder) -> None:
    spread = teacher_metrics(TEXT, SPREAD, embedder, window=WINDOW)
    first = teacher_metrics(TEXT, FIRST_PARAGRAPH, embedder, window=WINDOW)
    assert spread.coverage > first.coverage
    assert (spread.questions, spread.windows) == (4, 12)


def test_duplicated_questions_are_less_diverse(embedder: Embedder) -> None:
    distinct = teacher_metrics(TEXT, SPREAD, embedder, window=WINDOW)
    duplicated = teacher_metrics(TEXT, [SPREAD[0]] * 4, embedder, window=WINDOW)
    paraphrased = teacher_metrics(TEXT, PARAPHRASES, embedder, window=WINDOW)
    assert duplicated.diversity < paraphrased.diversity < distinct.diversity


def test_off_topic_questions_are_less_relevant(embedder: Embedder) -> None:
    on_topic = teacher_metrics(TEXT, SPREAD, embedder, window=WINDOW)
    off_topic = teacher_metrics(TEXT, OFF_TOPIC, embedder, window=WINDOW)
    assert off_topic.relevance < on_topic.relevance


def test_no_questions_or_no_text_need_no_model() -> None:
    assert teacher_metrics(TEXT, [], embedder=None) == TeacherMetrics(0.0, 0.0, 0.0, 0, 12)
    assert teacher_metrics("", SPREAD, embedder=None) == TeacherMetrics(0.0, 0.0, 0.0, 4, 0)


def test_systems_are_ranked_per_document_and_ranks_averaged() -> None:
    def metrics(relevance: float, coverage: float, diversity: float) -> TeacherMetrics:
        return TeacherMetrics(relevance, coverage, diversity, questions=5, windows=10)

    ranks = rank_systems(
        {
            "lecture": {"ours": metrics(3.0, 2.0, 9.0), "baseline": metrics(1.0, 2.0, 4.0)},
            "textbook": {"ours": metrics(1.0, 4.0, 1.0), "baseline": metrics(0.5, 1.0, 2.0), "other": metrics(5, 5, 5)},
        }
    )
    assert ranks == {
        "ours": {"relevance": 1.5, "coverage": 1.75, "diversity": 2.0},
        "baseline": {"relevance": 2.5, "coverage": 2.25, "diversity": 2.0},
        "other": {"relevance": 1.0, "coverage": 1.0, "diversity": 1.0},
    }
