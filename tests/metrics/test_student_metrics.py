"""Student metrics on hand-checked cases, in English, German, Czech and Ukrainian."""

import pytest
from rouge_score.rouge_scorer import RougeScorer
from rouge_score.tokenizers import DefaultTokenizer

from sensemaking_desktop.metrics.student import AnswerPair, StudentMetrics, answerable_accuracy, student_metrics
from sensemaking_desktop.text.rouge import UnicodeWords, rouge_l_recall


@pytest.mark.parametrize(
    ("reference", "answer", "expected"),
    [
        ("the cat sat on the mat", "the cat is on a mat", 4 / 6),  # longest common subsequence: the cat on mat
        ("Paris", "The capital of France is Paris.", 1.0),
        ("water evaporates and leaves the salt", "salt", 1 / 6),
        ("water evaporates", "", 0.0),
        ("Die Brücke über den Fluss", "über die Brücke", 2 / 5),  # die brücke
        ("Příliš žluťoučký kůň", "žluťoučký kůň", 2 / 3),
        ("Мама мила раму", "мама раму", 2 / 3),
    ],
)
def test_rouge_l_recall(reference: str, answer: str, expected: float) -> None:
    assert rouge_l_recall(reference, answer) == pytest.approx(expected)


def test_stock_tokenizer_loses_non_ascii_words_and_ours_keeps_them() -> None:
    stock = RougeScorer(["rougeL"])
    assert stock.score("Мама мила раму", "мама раму")["rougeL"].recall == 0.0
    assert UnicodeWords().tokenize("Über die BRÜCKE, 2 Mal!") == ["über", "die", "brücke", "2", "mal"]


@pytest.mark.parametrize(
    "text", ["Hello, World! It's 3.14 o'clock", "snake_case, CamelCase and e-mail: foo@bar.com", "  "]
)
def test_ascii_text_is_tokenised_as_rouge_score_does(text: str) -> None:
    assert UnicodeWords().tokenize(text) == DefaultTokenizer().tokenize(text)


def test_answerable_accuracy() -> None:
    assert answerable_accuracy([True, False, True], [True, True, True]) == pytest.approx(2 / 3)
    with pytest.raises(ValueError, match="2 predictions for 3 gold items"):
        answerable_accuracy([True, False], [True, True, True])
    with pytest.raises(ValueError, match="no items"):
        answerable_accuracy([], [])


def test_student_metrics() -> None:
    pairs = [
        AnswerPair(["Paris", "the city of Paris"], "Paris", answerable=True),  # best reference: 1.0
        AnswerPair(["the cat sat on the mat"], "the cat is on a mat", answerable=True),  # 4/6
        AnswerPair(["oxygen"], "oxygen is not in the material", answerable=False),  # refused: 0, wrong claim
        AnswerPair([], "not in the material", answerable=False),  # rightly refused
        AnswerPair([], "42", answerable=True),  # answered the unanswerable
    ]
    metrics = student_metrics(pairs)
    assert metrics.rouge_l_recall == pytest.approx((1 + 4 / 6 + 0) / 3)
    assert metrics.answerable_accuracy == pytest.approx(3 / 5)
    assert metrics.refused_unanswerable == pytest.approx(1 / 2)
    assert metrics.n == 5


def test_shares_without_items_of_their_kind_are_none() -> None:
    assert student_metrics([]) == StudentMetrics(None, None, None, 0)
    only_answerable = student_metrics([AnswerPair(["Paris"], "Paris", answerable=True)])
    assert only_answerable == StudentMetrics(1.0, 1.0, None, 1)
