"""How the Evaluator's signals become one score, flags and a confidence.

The score is a content estimate multiplied by gates:

    content = fitted(content signals)                                  (reference or rubric)
    content = passage rule                                             (material, no reference)
    content = judge                                                    (nothing to compare with)
    content = JUDGE_WEIGHT * judge + (1 - JUDGE_WEIGHT) * content      (a trusted judge)
    score   = content * min(gates)

`fitted` is a logistic model of the chance that a person counts the answer correct (half the
scale or more) on three content signals of `grading_content` (key-point coverage, the
reference's token recall in the answer, and the share of the answer's words the question does
not hold; see CONTENT_FEATURES), mapped linearly so that its output LOW maps to 0 and
HIGH to 100. Its coefficients live in resources/grading/model.json, fitted by
`sensemaking bench grading --fit` on human-graded public data (the file says which), never at
run time. With a teacher's rubric the content is the rubric's own sum: each criterion's points
times how well the answer covers it.

Without a reference, the material's passage nearest the question stands in for one: the
answer's words that the question does not hold must come from it (`passage_precision`, ramped
from PASSAGE_LOW to PASSAGE_HIGH), and the answer must be close to it in meaning (the
`not_in_material` gate). The reason says that no reference was given.

`judge` is the LLM's 0-5 rubric grade ×20. It counts for a question only when the same model
grades the reference answer (or the passage) at least 4, both with it in the prompt and without,
and a wrong answer at most 1: a model too small to tell them apart (a 135M one usually cannot)
is not allowed to move the score. Each gate (a check such as fluency against shuffled words,
closeness to the reference or contradiction of it) is a linear ramp from 0 to 1 between two
thresholds, declared one function each, with its flag text, in `grading_gates`.

A gate cannot raise a score, so an LLM judge that is fooled by word salad, or talked into a
high grade, is overruled by checks that do not depend on the model's size. Flags name each
gate that closed (below one half), injected instructions, and a trusted judge that disagrees
with the content estimate.

Confidence estimates the chance that the grade is not a large error: that a person would grade
within `metrics.calibration.CLOSE` (50) points of it. It is a logistic model, fitted with the
content model, on the grade itself (its level, whether it sits at either end), how undecided
the content estimate is, how far its content signals disagree (reference match, key points,
token recall, cosine) and how short the answer is; on people's grades the large errors sit
where a grade is high on wording that matches while meaning does not, or low on a right answer
in other words, which these inputs tell. It is then lowered, never raised: by
what the lowest gate took away times how often that gate was wrong when it overruled a grade
(a gate that overrules the content estimate may be wrong, so that grade goes to a person; one
that was seldom wrong on the fitting data lowers it less), to how often such grades were right
where the material cannot tell which of two questions the answer belongs to (a passage margin
within PASSAGE_TIE of 0), by the disagreement of a trusted judge, by
INJECTION_CONFIDENCE when the answer tried to instruct the grader (flagged `tries_to_instruct_grader`,
also where nothing but such lines was given, which is no empty answer), and to fixed values where
nothing was fitted (no reference). Grades below
quizzes.grading.REVIEW_THRESHOLD go to a person. Where the backend gives no log-probabilities
the fluency gates cannot run: the grade is flagged `no_logprobs` and its confidence capped at
NO_LOGPROBS_CONFIDENCE, so a person looks at it; so is a grade in a language whose word order the
model does not read (`word_order_unread`, `grading_signals.fluency_ramp`).
"""

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sensemaking_desktop.roles.grading_gates import gate_values
from sensemaking_desktop.roles.grading_signals import Signals, fitted_for, model, ramp

JUDGE_WEIGHT = 0.5
PASSAGE_LOW, PASSAGE_HIGH = 0.5, 0.9
PASSAGE_TIE = 0.25
"""A passage margin nearer 0 than this: the answer's words are as much in another question's passage
as in its own, so the material cannot tell which question it answers. On the even half of the
SQuAD 2.0 slice such grades were right 61-65% of the time, the others 86-100%; their confidence
is capped at the share fitted by `bench grading --fit-gates` (model.json `gates.passage_tie`)."""
DISAGREEMENT_FLAG = 40.0
OVERRULE_PENALTY = 0.8
"""How much of the confidence a gate takes per unit it took from the score, for a gate with no
fitted reliability (the fluency gates, which `bench grading --fit-gates` cannot run): as if it
were right one time in five when it overrules. A fitted gate takes one minus its reliability
(model.json `gates`)."""
ONE_SOURCE_CONFIDENCE = 0.75
PASSAGE_CONFIDENCE = 0.7
INJECTION_CONFIDENCE = 0.5
NO_LOGPROBS_CONFIDENCE = 0.5
INJECTION_FLAG = "tries_to_instruct_grader"

CONTENT_FEATURES = ("key_point_coverage", "token_recall", "novelty")
"""How much of the reference the answer says, clause by clause and word piece by word piece,
and how much it says beyond the question. Fitted on one half of SAF, a model on eight signals
(ROUGE-L, sentence cosine, covered key points, contradiction, length and question cosine
besides) reached AUC 0.84 on that half but 0.64 on SAF's other half and 0.79 on Mohler 2011;
these three reach 0.76 and 0.85. The sentence cosine is left out: it ranks as well, but
against a two-word reference ("by reference.") it is low for every right answer, and given the
weight the fit gives it, such a question's right answers were graded 20-50. The other signals
still act, as gates."""
CONFIDENCE_FEATURES = (
    *("undecided", "middle", "spread", "short", "score", "score_middle", "high", "low"),
    *("token_recall", "cosine", "rouge", "key_points"),
)
"""Fitted on SAF's fitting half, they put 59% of the large errors of SAF's other half and 75% of
Mohler 2011's among the least confident fifth (`bench grading --no-model`); the first four
alone, fitted on a grade within 25 points, put 42% and 31% there (see docs/evaluator.md)."""


JUDGED_FEATURES = ("judged_right", "judged_contradicts", "key_point_coverage", "token_recall", "novelty")
"""The content model where the answer judge read the answer: its reading first (P(right) as
log-odds, P(contradicts)), with the word signals beside it, fitted by `bench grading --fit`
(model.json `judged`)."""
JUDGED_CONFIDENCE = (*CONFIDENCE_FEATURES, "judge_undecided", "judge_apart")
JUDGE_LOGIT_CLIP = 6.0
JUDGE_CONTRADICTS = 0.5
"""The answer judge's P(contradicts) at which a grade is flagged as contradicting the reference."""
CONTRADICTS_FLAG = "contradicts_reference"


@dataclass(frozen=True)
class Combined:
    score: float
    flags: list[str]
    confidence: float
    parts: dict[str, float | str | None]


def combine(signals: Signals) -> Combined:
    """The documented rule above, as code."""
    if signals.empty:
        return Combined(0.0, [INJECTION_FLAG if signals.injection else "empty"], 1.0, {"content": 0.0})
    estimate, source = _estimate(signals)
    judge_counts = _judge_counts(signals) and source != "judge"
    content = _content(signals, estimate, judge_counts)
    gates = gate_values(signals)
    deciding, gate = lowest_gate(gates)
    score = round(100 * content * gate, 1)
    flags = [name for name, value in gates.items() if value is not None and value < 0.5]
    if (signals.judged_contradicts or 0.0) >= JUDGE_CONTRADICTS and CONTRADICTS_FLAG not in flags:
        flags.append(CONTRADICTS_FLAG)
    if signals.injection:
        flags.append(INJECTION_FLAG)
    if judge_counts and estimate is not None and abs(signals.judge - 100 * estimate) >= DISAGREEMENT_FLAG:
        flags.append("judge_disagrees")
    if source == "passage":
        flags.append("no_reference")
    if signals.no_logprobs:
        flags.append("no_logprobs")
    if signals.word_order_unread:
        flags.append("word_order_unread")
    confidence = _confidence(signals, source, estimate, content, gate, judge_counts, deciding)
    parts = {
        "estimate": _scaled(estimate),
        "source": source,
        "content": round(100 * content, 1),
        "gate": round(gate, 3),
        "lowest_gate": deciding,
    }
    return Combined(score, flags, confidence, parts | {f"gate_{name}": value for name, value in gates.items()})


def content_features(signals: Signals, names: Sequence[str] | None = None) -> list[float]:
    """The fitted model's inputs, in the order of `names`, by default the model in use:
    JUDGED_FEATURES where the answer judge read the answer, else CONTENT_FEATURES. A missing key-point measure is taken
    from ROUGE-L, and a missing token recall from the cosine, the nearest of their kind."""
    rouge = signals.reference_rouge or 0.0
    cosine = signals.reference_cosine or 0.0
    values = {
        "key_point_coverage": rouge if signals.key_point_coverage is None else signals.key_point_coverage,
        "token_recall": cosine if signals.reference_token_recall is None else signals.reference_token_recall,
        "novelty": 1.0 if signals.novelty is None else signals.novelty,
        "judged_right": judge_logit(signals.judged_right),
        "judged_contradicts": signals.judged_contradicts or 0.0,
    }
    names = names or (JUDGED_FEATURES if judged(signals) else CONTENT_FEATURES)
    return [values[name] for name in names]


def judged(signals: Signals) -> bool:
    """Whether the answer judge read this answer and models fitted on its reading exist
    (model.json `judged`, written by `bench grading --fit` on answers the judge read)."""
    return signals.judged_right is not None and "judged" in model()


def judge_logit(probability: float | None) -> float:
    """The judge's P(right) as a log-odds scaled to -1..1 (clipped at JUDGE_LOGIT_CLIP): a logistic
    model over it recalibrates the judge rather than flattening its sure readings."""
    if probability is None:
        return 0.0
    p = min(max(probability, 1e-6), 1 - 1e-6)
    return max(-JUDGE_LOGIT_CLIP, min(JUDGE_LOGIT_CLIP, math.log(p / (1 - p)))) / JUDGE_LOGIT_CLIP


def fitted_estimate(signals: Signals) -> tuple[float, float]:
    """(p, content): the content model's probability and its mapping onto 0-1."""
    fitted = fitted_for(signals.language, judged(signals))["content"]
    features = content_features(signals)
    z = fitted["intercept"] + sum(weight * value for weight, value in zip(fitted["weights"], features, strict=True))
    p = 1.0 / (1.0 + math.exp(-z))
    return p, ramp(p, fitted["low"], fitted["high"]) or 0.0


def confidence_features(
    signals: Signals, p: float, content: float, gate: float, read: bool | None = None
) -> list[float]:
    """The confidence model's inputs, in CONFIDENCE_FEATURES order, then JUDGED_CONFIDENCE's two
    where the answer judge read the answer (`read`, by default `judged`: how undecided it is, and how
    far the grade stands from it); each lies in 0-1."""
    rouge = signals.reference_rouge or 0.0
    points = rouge if signals.key_point_coverage is None else signals.key_point_coverage
    score = content * gate
    return [
        4 * p * (1 - p),
        1 - abs(2 * content - 1),
        abs(points - rouge),
        float((signals.length_ratio or 0.0) <= -2.0),
        score,
        4 * score * (1 - score),
        float(score > 0.8),
        float(score < 0.2),
        signals.reference_token_recall or 0.0,
        signals.reference_cosine or 0.0,
        rouge,
        points,
    ] + (judge_confidence_features(signals, score) if (judged(signals) if read is None else read) else [])


def judge_confidence_features(signals: Signals, score: float) -> list[float]:
    right = signals.judged_right or 0.0
    return [4 * right * (1 - right), abs(right - score)]


def gate_of(signals: Signals) -> float:
    """What the gates leave of the content estimate: the lowest gate that applies (1 when none does)."""
    return lowest_gate(gate_values(signals))[1]


def lowest_gate(gates: dict[str, float | None]) -> tuple[str | None, float]:
    """The gate that caps the score and its value; (None, 1.0) when no gate applies."""
    known = {name: value for name, value in gates.items() if value is not None}
    if not known:
        return None, 1.0
    name = min(known, key=known.__getitem__)
    return name, known[name]


def gate_reliability(name: str | None) -> float:
    """How often a grade that this gate overruled was within CLOSE points of a person's on the
    fitting data (model.json `gates`), or 1 - OVERRULE_PENALTY where none was fitted."""
    fitted = _fitted_gates().get("reliability", {})
    return float(fitted.get(name, 1 - OVERRULE_PENALTY)) if name else 1.0


def in_passage_tie(signals: Signals) -> bool:
    """Whether the material cannot tell which question the answer belongs to (PASSAGE_TIE)."""
    return signals.passage_margin is not None and abs(signals.passage_margin) < PASSAGE_TIE


def _fitted_gates() -> dict[str, Any]:
    """What `bench grading --fit-gates` measured (model.json `gates`); empty where nothing was."""
    return model().get("gates", {})


def _estimate(signals: Signals) -> tuple[float | None, str]:
    """The content estimate before any judge, and where it came from."""
    if signals.rubric_score is not None:
        return signals.rubric_score, "rubric"
    if signals.reference_cosine is not None or signals.reference_rouge is not None:
        return fitted_estimate(signals)[1], "reference"
    if signals.passage_precision is not None:
        return ramp(signals.passage_precision, PASSAGE_LOW, PASSAGE_HIGH), "passage"
    return None, "judge"


def _content(signals: Signals, estimate: float | None, judge_counts: bool) -> float:
    if estimate is None:
        return signals.judge / 100 if signals.judge is not None and signals.judge_trusted is not False else 0.0
    if judge_counts:
        return JUDGE_WEIGHT * signals.judge / 100 + (1 - JUDGE_WEIGHT) * estimate
    return estimate


def _judge_counts(signals: Signals) -> bool:
    return signals.judge is not None and signals.judge_trusted is not False


def _confidence(
    signals: Signals,
    source: str,
    estimate: float | None,
    content: float,
    gate: float,
    judge_counts: bool,
    deciding: str | None,
) -> float:
    if source == "reference":
        p = fitted_estimate(signals)[0]
        fitted = fitted_for(signals.language, judged(signals))["confidence"]
        z = fitted["intercept"] + sum(
            weight * value
            for weight, value in zip(fitted["weights"], confidence_features(signals, p, content, gate), strict=True)
        )
        base = 1.0 / (1.0 + math.exp(-z))
    elif source == "passage":
        base = PASSAGE_CONFIDENCE
    else:
        base = ONE_SOURCE_CONFIDENCE
    overruled = content * (1 - gate)
    agreement = 1 - abs(signals.judge / 100 - estimate) if judge_counts and estimate is not None else 1.0
    penalty = INJECTION_CONFIDENCE if signals.injection else 1.0
    confidence = base * (1 - (1 - gate_reliability(deciding)) * overruled) * agreement * penalty
    if in_passage_tie(signals):
        confidence = min(confidence, _fitted_gates().get("passage_tie", 1.0))
    unchecked = signals.no_logprobs or signals.word_order_unread
    return round(min(confidence, NO_LOGPROBS_CONFIDENCE) if unchecked else confidence, 3)


def _scaled(value: float | None) -> float | None:
    return None if value is None else round(100 * value, 1)
