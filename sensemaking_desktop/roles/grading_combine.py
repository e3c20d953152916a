"""How the Evaluator's signals become one score, flags and a confidence.

The score is a content estimate multiplied by gates:

    content = JUDGE_WEIGHT * judge + (1 - JUDGE_WEIGHT) * match     (reference, trusted judge)
    content = match                                                  (reference, untrusted judge)
    content = judge                                                  (no reference)
    score   = content * min(gates)

`judge` is the LLM's 0-5 rubric grade ×20. It is trusted for a question only when the same
model grades the reference answer at least 4, both beside the reference in the prompt and with
none shown, and a wrong answer to that question at most 1: a model too small to tell them apart
(a 135M one usually cannot) is not allowed to move the score. `match` maps the answer's closeness to the
reference (the larger of embedding cosine and ROUGE-L recall) linearly from MATCH_LOW (0) to
MATCH_HIGH (100). Each gate is a linear ramp from 0 to 1 between two thresholds:

- answer fluency (nats per token above its own shuffled words): word salad scores near 0;
- question fluency: a question whose words are shuffled cannot have a right answer;
- on topic: closeness to the reference (or, without one, cosine with the question); an answer
  to another question is far from both;
- this question, not a neighbour: the answer's cosine with its own reference minus its best
  cosine with the references of the other questions on the same material; an answer to a
  neighbouring question is closer to that question's reference than to its own;
- support: with material and no reference, the answer must match some part of it.

A gate cannot raise a score, so an LLM judge that is fooled by word salad, or talked into a
high grade, is overruled by checks that do not depend on the model's size. Flags name each
gate that closed (below one half), injected instructions, and a trusted judge that disagrees
with the reference match.

Confidence is the product of (a) agreement of the gated judge and the gated match (a fixed
ONE_SOURCE_CONFIDENCE or REFERENCE_ONLY_CONFIDENCE where only one of them counts), (b) how
decisively each gate is open or shut (a gate half-way is a coin toss), (c) a penalty when
there was nothing to compare with (no reference, no material) or when the answer tried to
instruct the grader. Grades below quizzes.grading.REVIEW_THRESHOLD go to a person. Where the
backend gives no log-probabilities the fluency gates cannot run: the grade is flagged
`no_logprobs` and its confidence capped at NO_LOGPROBS_CONFIDENCE, so a person looks at it.
"""

from dataclasses import asdict, dataclass
from typing import Any

JUDGE_WEIGHT = 0.5
MATCH_LOW, MATCH_HIGH = 0.35, 0.5
FLUENCY_LOW, FLUENCY_HIGH = 0.5, 1.25
TOPIC_LOW, TOPIC_HIGH = 0.25, 0.35
SIBLING_LOW, SIBLING_HIGH = -0.2, 0.05
RELEVANCE_LOW, RELEVANCE_HIGH = 0.1, 0.3
SUPPORT_LOW, SUPPORT_HIGH = 0.25, 0.45
DISAGREEMENT_FLAG = 40.0
ONE_SOURCE_CONFIDENCE = 0.75
REFERENCE_ONLY_CONFIDENCE = 0.85
INJECTION_CONFIDENCE = 0.5
NO_LOGPROBS_CONFIDENCE = 0.5


@dataclass(frozen=True)
class Signals:
    """Each check's raw value; None where the check did not apply."""

    judge: float | None
    judge_trusted: bool | None
    """Whether the judge told this question's reference answer from a wrong one; None: no reference."""
    reference_cosine: float | None
    reference_rouge: float | None
    question_cosine: float
    sibling_margin: float | None
    support: float | None
    answer_fluency: float | None
    question_fluency: float | None
    injection: bool
    empty: bool = False
    no_logprobs: bool = False
    """The backend gives no log-probabilities, so the fluency checks did not run."""

    def as_json(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class Combined:
    score: float
    flags: list[str]
    confidence: float
    parts: dict[str, float | None]


def ramp(value: float | None, low: float, high: float) -> float | None:
    """0 at or below `low`, 1 at or above `high`, linear between; None stays None."""
    if value is None:
        return None
    return min(1.0, max(0.0, (value - low) / (high - low)))


def combine(signals: Signals) -> Combined:
    """The documented rule above, as code."""
    if signals.empty:
        return Combined(0.0, ["empty"], 1.0, {"content": 0.0})
    match = _match(signals)
    gates = _gates(signals)
    content = _content(signals.judge if _judge_counts(signals) else None, match)
    gate = min((value for value in gates.values() if value is not None), default=1.0)
    score = round(100 * content * gate, 1)
    flags = [name for name, value in gates.items() if value is not None and value < 0.5]
    if signals.injection:
        flags.append("instructions_to_grader")
    if signals.no_logprobs:
        flags.append("no_logprobs")
    if _judge_counts(signals) and match is not None and abs(signals.judge - 100 * match) >= DISAGREEMENT_FLAG:
        flags.append("judge_disagrees")
    confidence = _confidence(signals, match, gates, gate)
    parts = {"match": _scaled(match), "content": round(100 * content, 1), "gate": round(gate, 3)}
    return Combined(score, flags, confidence, parts | {f"gate_{name}": value for name, value in gates.items()})


def _match(signals: Signals) -> float | None:
    closeness = [value for value in (signals.reference_cosine, signals.reference_rouge) if value is not None]
    return ramp(max(closeness), MATCH_LOW, MATCH_HIGH) if closeness else None


def _gates(signals: Signals) -> dict[str, float | None]:
    if signals.reference_cosine is not None:
        topic = ramp(max(signals.reference_cosine, signals.reference_rouge or 0.0), TOPIC_LOW, TOPIC_HIGH)
    else:
        topic = ramp(signals.question_cosine, RELEVANCE_LOW, RELEVANCE_HIGH)
    unsupported = signals.reference_cosine is None and signals.support is not None
    return {
        "garbled_answer": ramp(signals.answer_fluency, FLUENCY_LOW, FLUENCY_HIGH),
        "garbled_question": ramp(signals.question_fluency, FLUENCY_LOW, FLUENCY_HIGH),
        "off_topic": topic,
        "other_question": ramp(signals.sibling_margin, SIBLING_LOW, SIBLING_HIGH),
        "not_in_material": ramp(signals.support, SUPPORT_LOW, SUPPORT_HIGH) if unsupported else None,
    }


def _judge_counts(signals: Signals) -> bool:
    return signals.judge is not None and signals.judge_trusted is not False


def _content(judge: float | None, match: float | None) -> float:
    if judge is None:
        return match if match is not None else 0.0
    if match is None:
        return judge / 100
    return JUDGE_WEIGHT * judge / 100 + (1 - JUDGE_WEIGHT) * match


def _confidence(signals: Signals, match: float | None, gates: dict[str, float | None], gate: float) -> float:
    if _judge_counts(signals) and match is not None:
        agreement = 1 - gate * abs(signals.judge / 100 - match)
    elif match is not None:
        agreement = REFERENCE_ONLY_CONFIDENCE
    else:
        agreement = ONE_SOURCE_CONFIDENCE if signals.support is None else REFERENCE_ONLY_CONFIDENCE
    decisiveness = min((0.5 + abs(value - 0.5) for value in gates.values() if value is not None), default=1.0)
    penalty = INJECTION_CONFIDENCE if signals.injection else 1.0
    confidence = agreement * decisiveness * penalty
    return round(min(confidence, NO_LOGPROBS_CONFIDENCE) if signals.no_logprobs else confidence, 3)


def _scaled(value: float | None) -> float | None:
    return None if value is None else round(100 * value, 1)
