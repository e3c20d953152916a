"""Token-level matching of an answer against a reference: BERTScore recall (Zhang et al., 2020).

Each content word piece of the reference is matched with the answer's piece nearest to it in
the embedding model's contextual space, and the matches are averaged. Unlike one cosine of two
sentence vectors, every point of the reference must find its counterpart somewhere in the
answer, and unlike ROUGE a paraphrase counts ("last in, first out" for "LIFO"). On answers
graded by people it was the best single content signal we measured (see docs/evaluator.md).
"""

from sensemaking_desktop.text.embeddings import Embedder


def token_recall(embedder: Embedder, text: str, reference: str) -> float:
    """Mean over the reference's content pieces of the best cosine with a piece of `text`."""
    return float((embedder.tokens(reference) @ embedder.tokens(text).T).max(axis=1).mean())
