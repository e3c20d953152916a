"""Token-level matching of an answer against a reference: BERTScore recall (Zhang et al., 2020).

Each content word piece of the reference is matched with the answer's piece nearest to it in
the embedding model's contextual space, and the matches are averaged. Unlike one cosine of two
sentence vectors, every point of the reference must find its counterpart somewhere in the
answer, and unlike ROUGE a paraphrase counts ("last in, first out" for "LIFO"). On answers
graded by people it was the best single content signal we measured (see docs/evaluator.md).

MiniLM reads English; in Czech or Ukrainian its word pieces are letters and fragments. There the
words are matched by dictionary form instead (`lemma_recall`, `lemma_vectors`: simplemma lemmas,
stopwords-iso function words).
"""

import re
from collections.abc import Sequence

import numpy as np

from sensemaking_desktop.text.embeddings import Embedder
from sensemaking_desktop.text.lexicon import fold_case, lemma, stopwords

_WORD = re.compile(r"[^\W_]+")


def token_recall(embedder: Embedder, text: str, reference: str) -> float:
    """Mean over the reference's content pieces of the best cosine with a piece of `text`."""
    return float((embedder.tokens(reference) @ embedder.tokens(text).T).max(axis=1).mean())


def lemma_recall(text: str, reference: str, language: str, given: str = "") -> float:
    """Share of the reference's content lemmas that `text` uses too, for languages the embedding
    model does not read: an inflected word matches by its dictionary form ("okysličená krev" and
    "okysličenou krev"); a function word does not count, nor a word `given` already holds (the
    question's) unless the reference has no other. 0 when the reference has no content word."""
    whole = content_lemmas(reference, language)
    wanted = whole - content_lemmas(given, language) or whole
    return len(wanted & content_lemmas(text, language)) / len(wanted) if wanted else 0.0


def content_lemmas(text: str, language: str) -> set[str]:
    """The dictionary forms of `text`'s words that are no function words, numbers kept."""
    ignored = stopwords(language)
    found = {lemma(word, language) for word in _WORD.findall(text) if fold_case(word) not in ignored}
    return {word for word in found if word not in ignored}


def lemma_vectors(texts: Sequence[str], language: str) -> np.ndarray:
    """Each text as its set of content lemmas, one unit-length row per text over their shared
    vocabulary, so that a dot product is the cosine of two texts' words by dictionary form (a text
    of function words only is all zeros)."""
    bags = [content_lemmas(text, language) for text in texts]
    vocabulary = {word: column for column, word in enumerate(sorted(set().union(*bags)))}
    rows = np.zeros((len(texts), len(vocabulary)), dtype=np.float32)
    for row, bag in enumerate(bags):
        rows[row, [vocabulary[word] for word in bag]] = 1.0
    lengths = np.linalg.norm(rows, axis=1, keepdims=True)
    return rows / np.where(lengths == 0, 1.0, lengths)
