"""The Evaluator: a hybrid grade of one free-text answer, 0-100, that adversarial input cannot raise.

An LLM judges the answer on a 0-5 rubric (reason first, then the grade) with the reference
answer and teacher-graded examples of the same question when there are any, as SciEx found
both help. Before its grade counts, the judge is checked on the question itself: it must give
the reference answer a high grade and a wrong answer a low one (once per question and model).
Its grade is then combined with checks that do not depend on the model's size (fluency
against shuffled words, closeness to the reference, to the question and to the other
questions' references, support in the material) as documented in `grading_combine`.
Sentences that address the grader are removed before anything is judged, and the checks are
taken on both the answer as given and the cleaned one, keeping the lower, so injected
instructions can only cost points.
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from pydantic import BaseModel, Field

from sensemaking_desktop.cancel import NEVER, CancelToken
from sensemaking_desktop.llm.backend import ChatBackend, Sampling
from sensemaking_desktop.llm.prompts import load_template
from sensemaking_desktop.llm.structured import structured
from sensemaking_desktop.quizzes.grading import FLAG_TEXT, REVIEW_THRESHOLD, GradedExample
from sensemaking_desktop.roles.grading_checks import Similarity, find_injection, fluency, shuffled, similarity
from sensemaking_desktop.roles.grading_combine import Signals, combine
from sensemaking_desktop.text.embeddings import Embedder, default_embedder

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
    other_references: Sequence[str] = (),
    max_points: float | None = None,
    embedder: Embedder | None = None,
    cancel: CancelToken = NEVER,
) -> Grade:
    """Grade `answer` to `question`; see the module docstring for how. `other_references` are
    the reference answers of the other questions on the same material."""
    embedder = embedder or default_embedder()
    injection = find_injection(answer)
    cleaned = injection.cleaned
    if not cleaned.strip():
        signals = Signals(None, None, None, None, 0.0, None, None, None, None, bool(injection.removed), empty=True)
        reason = (
            "The answer is empty." if not injection.removed else "The answer only holds instructions to the grader."
        )
        return _grade(signals, reason, {}, max_points)
    context = _Context(backend, embedder, question, material, reference, tuple(other_references), cancel)
    trusted, check_provenance = _judge_trusted(context) if reference else (None, {})
    signals = _signals(context, cleaned)
    if injection.removed:
        signals = _lower(signals, _signals(context, answer))
    signals = replace(signals, judge_trusted=trusted, injection=bool(injection.removed))
    if trusted is False:
        return _grade(signals, _checks_reason(signals), check_provenance, max_points)
    reply = _judge(context, cleaned, examples)
    signals = replace(signals, judge=20.0 * reply.value.grade)
    return _grade(signals, reply.value.reason.strip(), reply.generation.provenance, max_points)


@dataclass(frozen=True)
class _Context:
    """What every part of one grade needs besides the answer."""

    backend: ChatBackend
    embedder: Embedder
    question: str
    material: str | None
    reference: str | None
    other_references: tuple[str, ...]
    cancel: CancelToken


_MEMO: dict[tuple[str, ...], Any] = {}
_MEMO_LIMIT = 10_000


def _memo(key: tuple[str, ...], compute: Callable[[], Any]) -> Any:
    """Per-question results (judge trust, question fluency) computed once per model and question,
    since a class's answers to one question share them."""
    if key not in _MEMO:
        if len(_MEMO) >= _MEMO_LIMIT:
            _MEMO.clear()
        _MEMO[key] = compute()
    return _MEMO[key]


def _judge_trusted(context: _Context) -> tuple[bool, dict[str, Any]]:
    """Whether the judge grades the reference answer 4 or 5, both beside itself in the prompt and
    with no reference shown, and a wrong answer 0 or 1, with the provenance of that check.

    The first alone is string matching: a 135M model gives the reference full marks when it
    sees it twice and 0 to everything else, genuine answers included. An untrusted judge is not
    asked about the answer at all: its grade could not count, so the call would only cost time.
    """
    wrong = next((text for text in context.other_references if text != context.reference), None)
    wrong = wrong or shuffled(context.reference or "", 0)
    reference = context.reference or ""
    trials = ((context, reference, True), (replace(context, reference=None), reference, True), (context, wrong, False))

    def check() -> tuple[bool, dict[str, Any]]:
        provenance: dict[str, Any] = {}
        for asked, answer, right in trials:
            reply = _judge(asked, answer, ())
            provenance = reply.generation.provenance
            passed = reply.value.grade >= 4 if right else reply.value.grade <= 1
            if not passed:
                return False, provenance
        return True, provenance

    key = (
        "trust",
        _model_key(context),
        context.question,
        context.reference or "",
        context.material or "",
        wrong,
    )
    return _memo(key, check)


def _judge(context: _Context, answer: str, examples: Sequence[GradedExample]) -> Any:
    shown = [{"answer": example.answer, "grade": round(example.score / 20)} for example in examples[:MAX_EXAMPLES]]
    prompt = load_template(TEMPLATE).render(
        material=context.material or "",
        question=context.question,
        reference=context.reference or "",
        examples=shown,
        answer=answer[:MAX_ANSWER_CHARS],
    )
    return structured(context.backend, prompt, JudgeReply, sampling=SAMPLING, cancel=context.cancel)


def _signals(context: _Context, answer: str) -> Signals:
    close: Similarity = similarity(
        context.embedder, context.question, answer, context.reference, context.material, context.other_references
    )
    question_context = f"Question: {context.question}\nAnswer:"
    scores = context.backend.capabilities.logprobs
    return Signals(
        judge=None,
        judge_trusted=None,
        reference_cosine=close.reference,
        reference_rouge=close.reference_rouge,
        question_cosine=close.question,
        sibling_margin=close.sibling_margin,
        support=close.support,
        answer_fluency=fluency(context.backend, answer, question_context, cancel=context.cancel) if scores else None,
        question_fluency=_memo(
            ("fluency", _model_key(context), context.question),
            lambda: fluency(context.backend, context.question, cancel=context.cancel),
        )
        if scores
        else None,
        injection=False,
        no_logprobs=not scores,
    )


def _model_key(context: _Context) -> str:
    """The model in memo keys: its sha256, or its server and id for a server that reports none."""
    identity = context.backend.identity
    return identity.sha256 or f"{identity.server_url}#{identity.file}"


def _lower(first: Signals, second: Signals) -> Signals:
    """Each check at its less favourable value of the two."""
    values = {}
    for name in (
        "reference_cosine",
        "reference_rouge",
        "question_cosine",
        "sibling_margin",
        "support",
        "answer_fluency",
    ):
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


def _checks_reason(signals: Signals) -> str:
    """A reason from the checks, for when the judge's own cannot be trusted."""
    closeness = max(signals.reference_cosine or 0.0, signals.reference_rouge or 0.0)
    amount = "most" if closeness >= 0.65 else "some" if closeness >= 0.35 else "little"
    return (
        f"The answer says {amount} of what the reference answer says (closeness {closeness:.2f}). "
        "The model was not asked: on this question it could not tell the reference answer from a wrong one."
    )


def _explained(reason: str, flags: list[str]) -> str:
    """The judge's reason, after what the checks found, so a lowered score never reads as praised."""
    found = [FLAG_TEXT[flag] for flag in flags if flag != "empty"]
    if not found:
        return reason
    checks = "; ".join(found)
    return f"Checks: {checks[0].upper()}{checks[1:]}. Model: {reason}" if reason else f"Checks: {checks}."
