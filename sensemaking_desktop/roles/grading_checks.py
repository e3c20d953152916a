"""The Evaluator's checks that do not depend on how large the model is.

ELOQUENT 2025 showed LLM judges giving high grades to shuffled words, random text and answers
to other questions. Each check here catches one of those with something a judge cannot be
talked out of:

- fluency: an answer is compared with its own words shuffled. Any language model, even a
  135M one, finds real sentences far more probable than the same words in random order; an
  answer that is no more probable than its shuffles is word salad, whatever a judge says.
  Comparing with the shuffles (not with a fixed perplexity) makes the check independent of
  the model, the subject and the student's style.
- similarity: embedding cosine and ROUGE-L recall against the reference answer, and cosine
  against the question, catch answers to other questions; the margin over the references of
  the other questions on the same material catches answers to a neighbouring question, which
  share the subject and its words.
- support: the best embedding match between the answer and windows of the material.

Instructions to the grader hidden in an answer are found in `roles.injection`.
"""

import random
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from sensemaking_desktop.cancel import NEVER, CancelToken
from sensemaking_desktop.llm.backend import ChatBackend
from sensemaking_desktop.text.embeddings import Embedder
from sensemaking_desktop.text.rouge import rouge_l_recall
from sensemaking_desktop.text.words import shuffled_words, word_order_matters

FLUENCY_WORDS = 80
"""Enough words to judge word order; keeps each log-probability call short."""
SHUFFLES = 3
SUPPORT_WINDOW_WORDS = 60


def shuffled(text: str, seed: int) -> str:
    """The words of `text` in another order, the same for the same text and seed."""
    return shuffled_words(text, random.Random(f"{seed}/{text}")) or text


def fluency(backend: ChatBackend, text: str, context: str = "", *, cancel: CancelToken = NEVER) -> float | None:
    """Mean log-probability per token of `text` minus that of the most probable of its shuffles, in nats.

    Written answers score well above 0 (about 2-5 nats with a 135M model); word salad scores
    near 0 or below, as some shuffle of it is about as probable as it is. None when the text is
    too short for word order to tell anything.
    """
    if not word_order_matters(text):
        return None
    text = " ".join(text.split()[:FLUENCY_WORDS])
    own = backend.logprobs(context, " " + text, cancel=cancel).mean_logprob
    others = [
        backend.logprobs(context, " " + shuffled(text, seed), cancel=cancel).mean_logprob for seed in range(SHUFFLES)
    ]
    return own - max(others)


@dataclass(frozen=True)
class Similarity:
    """How the answer relates to the question, the reference and the material (None: not given)."""

    question: float
    reference: float | None
    reference_rouge: float | None
    sibling_margin: float | None
    support: float | None


def similarity(
    embedder: Embedder,
    question: str,
    answer: str,
    reference: str | None,
    material: str | None,
    other_references: Sequence[str] = (),
) -> Similarity:
    others = [text for text in dict.fromkeys(other_references) if text and text != reference] if reference else []
    vectors = embedder.encode([question, answer, *([reference] if reference else []), *others])
    to_reference = float(vectors[1] @ vectors[2]) if reference else None
    margin = to_reference - float(np.max(vectors[3:] @ vectors[1])) if others else None
    return Similarity(
        question=float(vectors[0] @ vectors[1]),
        reference=to_reference,
        reference_rouge=rouge_l_recall(reference, answer) if reference else None,
        sibling_margin=margin,
        support=_support(embedder, answer, material) if material else None,
    )


def _support(embedder: Embedder, answer: str, material: str) -> float:
    """Best cosine between the answer and overlapping windows of the material."""
    words = material.split()
    step = SUPPORT_WINDOW_WORDS // 2
    windows = [
        " ".join(words[start : start + SUPPORT_WINDOW_WORDS]) for start in range(0, max(len(words) - step, 1), step)
    ]
    vectors = embedder.encode([answer, *windows])
    return float(np.max(vectors[1:] @ vectors[0]))
