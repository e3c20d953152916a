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
- injection: sentences that speak to the grader are found and removed before grading.
"""

import random
import re
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

_HIGH_GRADE = (
    r"(\b100\b|\bfull (marks?|points?|score|credit)|\bmaximum (grade|score|points|marks?)|\b5\s*/\s*5\b"
    r"|\b5 out of 5\b|\btop (score|grade|marks?)|\bperfect (score|grade|marks?)|\ban a\b|\ba\+)"
)
_INJECTION_PATTERNS = [
    r"\b(ignore|disregard|forget|override)\b.{0,60}\b(instructions?|above|previous|prior|rubric|rules|prompt)\b",
    r"\b(give|award|assign)\b.{0,20}\b(me|this( answer)?|the (student|answer)|it|him|her)\b.{0,30}" + _HIGH_GRADE,
    r"\b(grade|score|rate|mark)\b (this|me|it|my answer)\b.{0,30}" + _HIGH_GRADE,
    r"\b(this|my) answer (is|should be) (graded|scored|rated|marked)\b",
    r"\b(the )?(correct|right|appropriate) (grade|score|mark) (is|would be|for this)\b",
    r"\byou (are|must|should|will) (now )?(an? )?(grader|evaluator|assistant|ai|model|give|grade|award|score)\b",
    r"\bas an? (ai|language model|grader|evaluator)\b",
    r"^\s*(system|assistant)\s*:",
    r"<\|[a-z_]+\|>|\[/?inst\]|<</?sys>>|<start_of_turn>|<end_of_turn>",
    r"\b(grader|evaluator|examiner|marker)s?\b.{0,40}\b(should|must|please|need to)\b",
    r"\banswer>>>|<<<answer\b",
    r"\b(gib|gebt|geben sie|vergib|vergeben sie)\b.{0,40}\b(volle|maximale|höchste|beste|100)\b",
    r"\b(volle|maximale) punkt(zahl|e)\b|\bbestnote\b|\bhöchstpunktzahl\b",
    r"\b(ignorier\w*|vergiss|vergessen sie)\b.{0,60}\b(anweisung\w*|vorgaben|regeln|oben)\b",
    r"\b(bewerte|benote|bewerten sie|benoten sie)\b.{0,40}\b(100|5\s*/\s*5|voll\w*|sehr gut)\b",
]
_INJECTION = re.compile("|".join(f"(?:{pattern})" for pattern in _INJECTION_PATTERNS), re.IGNORECASE)
_SENTENCE = re.compile(r"[^.!?\n]+(?:[.!?]+|\n|$)")


@dataclass(frozen=True)
class Injection:
    """The answer with any sentences addressed to the grader removed, and those sentences."""

    cleaned: str
    removed: list[str]


def find_injection(answer: str) -> Injection:
    """Split off the sentences that try to instruct the grader; the rest is what gets graded."""
    kept, removed = [], []
    for match in _SENTENCE.finditer(answer):
        sentence = match.group()
        (removed if _INJECTION.search(sentence) else kept).append(sentence)
    return Injection(cleaned=re.sub(r"\s+", " ", "".join(kept)).strip(), removed=[s.strip() for s in removed])


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
