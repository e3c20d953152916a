"""BERTScore recall of a reference in an answer, on the packaged MiniLM model."""

import pytest

from sensemaking_desktop.text.alignment import lemma_recall, token_recall
from sensemaking_desktop.text.embeddings import Embedder, default_embedder

REFERENCE = "A stack is a last-in, first-out structure: the element pushed last is popped first."


@pytest.fixture(scope="module")
def embedder() -> Embedder:
    return default_embedder()


def test_the_reference_recalls_itself_fully(embedder: Embedder) -> None:
    assert token_recall(embedder, REFERENCE, REFERENCE) == pytest.approx(1.0, abs=1e-4)


def test_a_paraphrase_recalls_more_than_an_answer_on_something_else(embedder: Embedder) -> None:
    paraphrase = token_recall(embedder, "Stacks are LIFO: whatever you push last comes off first.", REFERENCE)
    other = token_recall(embedder, "A queue lets customers wait in the order they arrived at the bank.", REFERENCE)
    unrelated = token_recall(embedder, "Photosynthesis turns light, water and carbon dioxide into sugar.", REFERENCE)
    assert paraphrase > other > unrelated
    assert paraphrase > 0.5 > unrelated


def test_half_an_answer_recalls_less_than_the_whole(embedder: Embedder) -> None:
    half = token_recall(embedder, "A stack is last-in, first-out.", REFERENCE)
    whole = token_recall(embedder, "A stack is last-in, first-out: what is pushed last is popped first.", REFERENCE)
    assert whole > half


CZECH_REFERENCE = "V plicích se krev zbavuje oxidu uhličitého a přijímá kyslík."
UKRAINIAN_REFERENCE = "Вид — це група тварин, схожих за будовою, які дають плідне потомство."


def test_lemma_recall_matches_inflected_words_and_ignores_function_words() -> None:
    inflected = lemma_recall("Krev v plicích odevzdává oxid uhličitý a přijímá kyslík.", CZECH_REFERENCE, "cs")
    other = lemma_recall("V žaludku se tráví tuky a bílkoviny.", CZECH_REFERENCE, "cs")
    assert inflected >= 0.6 > 0.2 >= other
    assert lemma_recall("a se v", CZECH_REFERENCE, "cs") == 0.0


def test_lemma_recall_reads_ukrainian_inflections() -> None:
    right = lemma_recall("Види — це групи схожих за будовою тварин з плідним потомством.", UKRAINIAN_REFERENCE, "uk")
    wrong = lemma_recall("Тому що всі тварини живуть у воді і їдять траву.", UKRAINIAN_REFERENCE, "uk")
    assert right >= 0.6 > 0.2 >= wrong
    assert lemma_recall(UKRAINIAN_REFERENCE, UKRAINIAN_REFERENCE, "uk") == 1.0
