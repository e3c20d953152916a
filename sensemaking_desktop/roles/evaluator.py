"""The Evaluator: a hybrid grade of one free-text answer, 0-100, that adversarial input cannot raise.

What the answer says is measured without the language model (`grading_content`): against the
reference answer criterion by criterion (a teacher's rubric, or the reference's key points), for
contradictions of it, for words beyond the question's and the type of answer asked for. Without a
reference, the material's passage nearest the question stands in for one. A fitted model turns
these into a content estimate (`grading_combine`). The answer judge trained here (does the answer
mean what the reference means?) joins them only where model.json holds a combination fitted over
its reading (`grading_signals.grades_by_judge`): the one fitted so far ranked other courses'
answers no better than the word signals (docs/evaluator.md, "The answer judge").

An LLM also judges the answer on a 0-5 rubric (reason first, then the grade) with the reference
answer and teacher-graded examples of the same question when there are any, as SciEx found
both help. Before its grade counts, the judge is checked on the question itself: it must give
the reference answer a high grade and a wrong answer a low one (once per question and model).
Gates that do not depend on the model's size (fluency against shuffled words, closeness to the
reference, to the question and to the other questions, echoes of the question, contradiction,
support in the material) then cap the score, as documented in `grading_combine`. Sentences that
address the grader are removed before anything is judged, and the checks are taken on both the
answer as given and the cleaned one, keeping the lower, so injected instructions can only cost
points. Model calls that cannot change the score (the judge or the fluency check when a gate is
already shut) are skipped.
"""

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from pydantic import BaseModel, Field

from sensemaking_desktop.cancel import NEVER, CancelToken
from sensemaking_desktop.llm.backend import ChatBackend, Sampling
from sensemaking_desktop.llm.prompts import load_template
from sensemaking_desktop.llm.structured import structured
from sensemaking_desktop.quizzes.grading import REVIEW_THRESHOLD, GradedExample
from sensemaking_desktop.quizzes.model import Criterion
from sensemaking_desktop.roles.grading_checks import fluency, shuffled
from sensemaking_desktop.roles.grading_combine import combine
from sensemaking_desktop.roles.grading_content import (
    Content,
    Passage,
    content_signals,
    passage_of,
    passage_text,
    to_signals,
)
from sensemaking_desktop.roles.grading_gates import less_favourable
from sensemaking_desktop.roles.grading_reasons import Evidence, explain, render
from sensemaking_desktop.roles.grading_signals import Signals, fluency_ramp
from sensemaking_desktop.roles.injection import Injection, find_injection
from sensemaking_desktop.roles.question_memo import QuestionMemo
from sensemaking_desktop.text.cross_encoder import JUDGE_TEXT_VERSION, answer_judge
from sensemaking_desktop.text.embeddings import Embedder, default_embedder
from sensemaking_desktop.text.keypoints import Coverage, key_points

TEMPLATE = "evaluator_grade"
SAMPLING = Sampling(temperature=0.0, repeat_penalty=1.1, seed=5)
MAX_EXAMPLES = 4
MAX_ANSWER_CHARS = 4000
"""Longer answers are cut before the judge sees them; the checks use the whole text."""
SHORT_CRITERION = 60
"""Characters of a criterion quoted in the feedback."""


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
    criteria: list[dict[str, Any]] = field(default_factory=list)
    """Per criterion: its text, points possible and earned, coverage 0-1 and the evidence."""
    feedback: str = ""
    """What the student named and missed, in words a student can read."""
    details: list[str] = field(default_factory=list)
    """The figures behind the reason (closeness, checks, the judge), for whoever checks the grade."""
    said: list[dict[str, Any]] = field(default_factory=list)
    """The reason's sentences as keys of resources/grading/reasons.toml, to show it in another language."""
    read_by: dict[str, Any] = field(default_factory=dict)
    """The models besides the language model that read the answer (the answer judge), with their sha256."""

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
            "details": self.details,
            "said": self.said,
            "feedback": self.feedback,
            "criteria": self.criteria,
            "flags": self.flags,
            "confidence": self.confidence,
            "needs_review": self.needs_review,
            "signals": self.signals,
            "parts": self.parts,
            "provenance": self.provenance,
            "read_by": self.read_by,
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
    other_questions: Sequence[str] = (),
    rubric: Sequence[Criterion] = (),
    key_points: Sequence[str] | None = None,
    max_points: float | None = None,
    embedder: Embedder | None = None,
    memo: QuestionMemo | None = None,
    cancel: CancelToken = NEVER,
) -> Grade:
    """Grade `answer` to `question`; see the module docstring for how. `other_references` and
    `other_questions` belong to the other questions on the same material; `rubric` holds a
    teacher's criteria, and `key_points` the reference's stored key points (taken from the
    reference here when not given). A run that grades many answers passes one `memo`, so the
    judge's trust check, the question's fluency and the key points are computed once per
    question; without one, nothing is kept beyond this answer."""
    embedder = embedder or default_embedder()
    injection = find_injection(answer)
    cleaned = injection.cleaned
    if not cleaned.strip():
        signals = Signals(None, None, None, None, 0.0, None, None, None, None, bool(injection.removed), empty=True)
        return _grade(signals, None, {}, max_points)
    standard = reference or (" ".join(criterion.text for criterion in rubric) or None)
    others = tuple(other_references), tuple(other_questions)
    context = _Context(backend, embedder, question, material, standard, *others, cancel, memo or QuestionMemo())
    if not standard and material:
        context = replace(context, passage=passage_of(embedder, question, material))
    criteria = list(rubric) or [
        Criterion(text=text) for text in (key_points if key_points is not None else _points(context))
    ]
    found, signals = _measured(context, answer, injection, criteria, rubric=bool(rubric))
    if _settled(signals):
        return _grade(signals, None, {}, max_points, found)
    trusted, check_provenance = _judge_trusted(context) if standard or context.passage else (None, {})
    signals = replace(signals, judge_trusted=trusted)
    signals = _with_fluency(context, signals, cleaned, answer if injection.removed else None)
    if trusted is False or _settled(signals):
        return _grade(signals, None, check_provenance, max_points, found)
    reply = _judge(context, cleaned, examples)
    signals = replace(signals, judge=20.0 * reply.value.grade)
    return _grade(signals, reply.value.reason.strip(), reply.generation.provenance, max_points, found)


@dataclass(frozen=True)
class _Context:
    """What every part of one grade needs besides the answer. `standard` is the reference answer
    (or the rubric's criteria), `passage` the material's stand-in when there is neither."""

    backend: ChatBackend
    embedder: Embedder
    question: str
    material: str | None
    standard: str | None
    other_references: tuple[str, ...]
    other_questions: tuple[str, ...]
    cancel: CancelToken
    memo: QuestionMemo
    """The grading run's per-question results (judge trust, question fluency, key points)."""
    passage: tuple[Passage, ...] = ()


def _points(context: _Context) -> list[str]:
    standard = context.standard
    return context.memo.get(("points", standard), lambda: key_points(standard)) if standard else []


def _measured(
    context: _Context, answer: str, injection: Injection, criteria: Sequence[Criterion], *, rubric: bool
) -> tuple[Content, Signals]:
    """What the checks without the language model find in the answer cleaned of instructions, with
    each signal at its less favourable reading of the cleaned and the given answer where
    instructions were removed, so they can only cost points."""
    found = _content(context, injection.cleaned, criteria)
    signals = to_signals(found, rubric=rubric, injection=bool(injection.removed))
    if injection.removed:
        raw = to_signals(_content(context, answer, criteria), rubric=rubric, injection=True)
        signals = less_favourable(signals, raw)
    unread = fluency_ramp(signals.language) is None
    return found, replace(signals, no_logprobs=not context.backend.capabilities.logprobs, word_order_unread=unread)


def _content(context: _Context, answer: str, criteria: Sequence[Criterion]) -> Content:
    return content_signals(
        context.embedder,
        context.question,
        answer,
        reference=context.standard,
        material=context.material,
        criteria=criteria,
        other_references=context.other_references,
        other_questions=context.other_questions,
        passage=context.passage,
    )


def _settled(signals: Signals) -> bool:
    """Whether a gate is already shut, so that no model call can change the score from 0."""
    return combine(signals).parts["gate"] == 0.0


def _with_fluency(context: _Context, signals: Signals, answer: str, raw: str | None) -> Signals:
    """The fluency of the answer (the lower of the cleaned and the raw one) and of the question;
    none where the backend gives no log-probabilities or the model does not read the language's
    word order in answers (or, for the question, in questions)."""
    if signals.no_logprobs or signals.word_order_unread:
        return signals
    question_context = f"Question: {context.question}\nAnswer:"
    values = [fluency(context.backend, text, question_context, cancel=context.cancel) for text in (answer, raw) if text]
    known = [value for value in values if value is not None]
    question_fluency = (
        context.memo.get(
            ("fluency", _model_key(context), context.question),
            lambda: fluency(context.backend, context.question, cancel=context.cancel),
        )
        if fluency_ramp(signals.language, of="question")
        else None
    )
    return replace(signals, answer_fluency=min(known) if known else None, question_fluency=question_fluency)


def _read_by(signals: Signals) -> dict[str, Any]:
    """The answer judge's model file, sha256 and input layout where it read the answer: a grade's
    provenance names every model that decided it, not only the language model's call."""
    if signals.judged_right is None:
        return {}
    return {"answer_judge": answer_judge().provenance | {"judge_text_version": JUDGE_TEXT_VERSION}}


def _judge_trusted(context: _Context) -> tuple[bool, dict[str, Any]]:
    """Whether the judge grades the reference answer (or the passage) 4 or 5, both beside itself
    in the prompt and with none shown, and a wrong answer 0 or 1, with the provenance of that check.

    The first alone is string matching: a 135M model gives the reference full marks when it
    sees it twice and 0 to everything else, genuine answers included. An untrusted judge is not
    asked about the answer at all: its grade could not count, so the call would only cost time.
    """
    right = context.standard or passage_text(context.passage)
    wrong = next((text for text in context.other_references if text != context.standard), None)
    wrong = wrong or shuffled(right, 0)
    unseen = replace(context, standard=None, passage=())
    trials = ((context, right, True), (unseen, right, True), (context, wrong, False))

    def check() -> tuple[bool, dict[str, Any]]:
        provenance: dict[str, Any] = {}
        for asked, answer, passes in trials:
            reply = _judge(asked, answer, ())
            provenance = reply.generation.provenance
            passed = reply.value.grade >= 4 if passes else reply.value.grade <= 1
            if not passed:
                return False, provenance
        return True, provenance

    version = load_template(TEMPLATE).version
    key = ("trust", _model_key(context), version, context.question, right, context.material or "", wrong)
    return context.memo.get(key, check)


def _judge(context: _Context, answer: str, examples: Sequence[GradedExample]) -> Any:
    shown = [{"answer": example.answer, "grade": round(example.score / 20)} for example in examples[:MAX_EXAMPLES]]
    prompt = load_template(TEMPLATE).render(
        material=context.material or "",
        question=context.question,
        reference=context.standard or "",
        passage=passage_text(context.passage),
        examples=shown,
        answer=answer[:MAX_ANSWER_CHARS],
    )
    return structured(context.backend, prompt, JudgeReply, sampling=SAMPLING, cancel=context.cancel)


def _model_key(context: _Context) -> str:
    """The model in memo keys: its sha256, or its server and id for a server that reports none."""
    identity = context.backend.identity
    return identity.sha256 or f"{identity.server_url}#{identity.file}"


def _grade(
    signals: Signals,
    judge_reason: str | None,
    provenance: dict[str, Any],
    max_points: float | None,
    found: Content | None = None,
) -> Grade:
    """The grade with its reason in plain words and the figures as details (grading_reasons)."""
    combined = combine(signals)
    criteria = found.criteria if found else []
    named = [item.criterion for item in criteria if item.covered]
    missed = [item.criterion for item in criteria if not item.covered]
    explained = explain(signals, combined, Evidence(named, missed, judge_reason or None))
    return Grade(
        score=combined.score,
        reason=render(explained.said),
        details=explained.details,
        said=[sentence.as_json() for sentence in explained.said],
        flags=combined.flags,
        confidence=combined.confidence,
        signals=signals.as_json(),
        parts=combined.parts,
        provenance=provenance,
        max_points=max_points,
        criteria=[_criterion(item) for item in criteria],
        feedback=_feedback(found) if found else "",
        read_by=_read_by(signals),
    )


def _criterion(item: Coverage) -> dict[str, Any]:
    return {
        "criterion": item.criterion,
        "coverage": item.value,
        "covered": item.covered,
        "evidence": item.evidence if item.covered else None,
    }


def _feedback(found: Content) -> str:
    """ "You named X but not Y", and any claim that contradicts the reference."""
    named = [_short(item.criterion) for item in found.criteria if item.covered]
    missed = [_short(item.criterion) for item in found.criteria if not item.covered]
    parts = []
    if named and missed:
        parts.append(f"You named {_listed(named)} but not {_listed(missed)}.")
    elif named:
        parts.append(f"You named {_listed(named)}.")
    elif missed:
        parts.append(f"Your answer does not say {_listed(missed)}.")
    parts.extend(
        f'You wrote "{_short(item.claim)}", but {_short(item.statement)!r} ({item.why}).' for item in found.conflicts
    )
    return " ".join(parts)


def _short(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= SHORT_CRITERION else text[: SHORT_CRITERION - 1].rstrip() + "…"


def _listed(items: list[str]) -> str:
    quoted = [f'"{item}"' for item in items]
    return quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " and " + quoted[-1]
