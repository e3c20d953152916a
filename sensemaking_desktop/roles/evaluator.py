"""The Evaluator: a hybrid grade of one free-text answer, 0-100, that adversarial input cannot raise.

An LLM judges the answer on a 0-5 rubric (reason first, then the grade) with the reference
answer and teacher-graded examples of the same question when there are any, as SciEx found
both help. Its grade is then combined with checks that do not depend on the model's size
(fluency against shuffled words, closeness to the reference and the question, support in the
material) as documented in `grading_combine`. Sentences that address the grader are removed
before anything is judged, and the checks are taken on both the answer as given and the
cleaned one, keeping the lower, so injected instructions can only cost points.
"""

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from pydantic import BaseModel, Field

from sensemaking_desktop.cancel import NEVER, CancelToken
from sensemaking_desktop.llm.backend import ChatBackend, Sampling
from sensemaking_desktop.llm.prompts import load_template
from sensemaking_desktop.llm.structured import structured
from sensemaking_desktop.metrics.embeddings import Embedder, default_embedder
from sensemaking_desktop.roles.grading_checks import Similarity, find_injection, fluency, similarity
from sensemaking_desktop.roles.grading_combine import FLAG_TEXT, REVIEW_THRESHOLD, Signals, combine

TEMPLATE = "evaluator_grade"
SAMPLING = Sampling(temperature=0.0, repeat_penalty=1.1, seed=5)
MAX_EXAMPLES = 4
MAX_ANSWER_CHARS = 4000
"""Longer answers are cut before the judge sees them; the checks use the whole text."""


class JudgeReply(BaseModel):
    """Reason first, so the grade follows from it; the grade is one of six rubric levels."""

    reason: str = Field(max_length=200)
    grade: Literal[0, 1, 2, 3, 4, 5]


@dataclass(frozen=True)
class GradedExample:
    """A teacher's grade of another answer to the same question, shown to the judge."""

    answer: str
    score: float


@dataclass(frozen=True)
class Grade:
    score: float
    reason: str
    flags: list[str]
    confidence: float
    signals: dict[str, Any]
    parts: dict[str, Any]
    provenance: dict[str, Any] = field(default_factory=dict)
    max_points: float | None = None

    @property
    def needs_review(self) -> bool:
        return self.confidence < REVIEW_THRESHOLD

    @property
    def points(self) -> float | None:
        return None if self.max_points is None else round(self.score / 100 * self.max_points, 2)

    def as_json(self) -> dict[str, Any]:
        return {
            "score": self.score,
            "points": self.points,
            "max_points": self.max_points,
            "reason": self.reason,
            "flags": self.flags,
            "confidence": self.confidence,
            "needs_review": self.needs_review,
            "signals": self.signals,
            "parts": self.parts,
            "provenance": self.provenance,
        }


def grade(
    backend: ChatBackend,
    question: str,
    answer: str,
    *,
    material: str | None = None,
    reference: str | None = None,
    examples: Sequence[GradedExample] = (),
    max_points: float | None = None,
    embedder: Embedder | None = None,
    cancel: CancelToken = NEVER,
) -> Grade:
    """Grade `answer` to `question`; see the module docstring for how."""
    embedder = embedder or default_embedder()
    injection = find_injection(answer)
    cleaned = injection.cleaned
    if not cleaned.strip():
        signals = Signals(None, None, None, 0.0, None, None, None, bool(injection.removed), empty=True)
        reason = (
            "The answer is empty." if not injection.removed else "The answer only holds instructions to the grader."
        )
        return _grade(signals, reason, {}, max_points)
    reply = _judge(backend, question, cleaned, material, reference, examples, cancel)
    signals = _signals(backend, embedder, question, cleaned, material, reference, cancel)
    if injection.removed:
        as_given = _signals(backend, embedder, question, answer, material, reference, cancel)
        signals = _lower(signals, as_given)
    signals = replace(signals, judge=20.0 * reply.value.grade, injection=bool(injection.removed))
    return _grade(signals, reply.value.reason.strip(), reply.generation.provenance, max_points)


def _judge(
    backend: ChatBackend,
    question: str,
    answer: str,
    material: str | None,
    reference: str | None,
    examples: Sequence[GradedExample],
    cancel: CancelToken,
) -> Any:
    shown = [{"answer": example.answer, "grade": round(example.score / 20)} for example in examples[:MAX_EXAMPLES]]
    prompt = load_template(TEMPLATE).render(
        material=material or "",
        question=question,
        reference=reference or "",
        examples=shown,
        answer=answer[:MAX_ANSWER_CHARS],
    )
    return structured(backend, prompt, JudgeReply, sampling=SAMPLING, cancel=cancel)


def _signals(
    backend: ChatBackend,
    embedder: Embedder,
    question: str,
    answer: str,
    material: str | None,
    reference: str | None,
    cancel: CancelToken,
) -> Signals:
    close: Similarity = similarity(embedder, question, answer, reference, material)
    return Signals(
        judge=None,
        reference_cosine=close.reference,
        reference_rouge=close.reference_rouge,
        question_cosine=close.question,
        support=close.support,
        answer_fluency=fluency(backend, answer, f"Question: {question}\nAnswer:", cancel=cancel),
        question_fluency=fluency(backend, question, cancel=cancel),
        injection=False,
    )


def _lower(first: Signals, second: Signals) -> Signals:
    """Each check at its less favourable value of the two."""
    values = {}
    for name in ("reference_cosine", "reference_rouge", "question_cosine", "support", "answer_fluency"):
        pair = [value for value in (getattr(first, name), getattr(second, name)) if value is not None]
        values[name] = min(pair) if pair else None
    return replace(first, **values)


def _grade(signals: Signals, reason: str, provenance: dict[str, Any], max_points: float | None) -> Grade:
    combined = combine(signals)
    return Grade(
        score=combined.score,
        reason=_explained(reason, combined.flags),
        flags=combined.flags,
        confidence=combined.confidence,
        signals=signals.as_json(),
        parts=combined.parts,
        provenance=provenance,
        max_points=max_points,
    )


def _explained(reason: str, flags: list[str]) -> str:
    """The judge's reason, after what the checks found, so a lowered score never reads as praised."""
    found = [FLAG_TEXT[flag] for flag in flags if flag != "empty"]
    if not found:
        return reason
    checks = "; ".join(found)
    return f"Checks: {checks[0].upper()}{checks[1:]}. Model: {reason}" if reason else f"Checks: {checks}."
