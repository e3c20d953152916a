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
is not allowed to move the score. Each gate is a linear ramp from 0 to 1 between two thresholds:

- answer fluency (nats per token above its own shuffled words): word salad scores near 0;
- question fluency: a question whose words are shuffled cannot have a right answer;
- on topic: closeness to the reference (or, with neither a reference nor material, cosine with
  the question); terse right answers and keyword lists can fall below it, and then the
  confidence falls with what the gate took away, so they go to a person;
- this question, not a neighbour: cosine with its own reference minus the best with the other
  questions' references on the same material (`other_question`), and cosine with its own
  question minus the best with the other questions, or, where there is material, the answer's
  words found in its question's passage minus those found in another question's
  (`wrong_question`, the lower of the two; without a reference, the passage's alone);
- echo: the share of the answer's content words the question does not already hold;
- contradiction: one minus the share of the answer's clauses that contradict the reference (in
  English judged by the shipped NLI model together with the rule, `grading_content`);
- answer type: without a reference, a short answer of the wrong type ("Paris" to "When ...?")
  is shut out (with one, the comparison already tells; typed gates shut out right Mohler
  answers like "as many as you want" to "How many ...?");
- support: with material and no reference, the answer must match its passage.

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
NO_LOGPROBS_CONFIDENCE, so a person looks at it.
"""

import json
import math
from dataclasses import asdict, dataclass
from functools import cache
from typing import Any

from sensemaking_desktop import paths

JUDGE_WEIGHT = 0.5
FLUENCY_LOW, FLUENCY_HIGH = 0.5, 1.25
TOPIC_LOW, TOPIC_HIGH = 0.25, 0.35
SIBLING_LOW, SIBLING_HIGH = -0.45, -0.3
QUESTION_LOW, QUESTION_HIGH = -0.35, -0.2
"""An answer to a neighbouring question sits far nearer that question's reference (or the
question itself) than its own: -0.5 and below. Right answers on a material whose questions are
alike sit anywhere from -0.4 up (Mohler's 10th percentile is -0.15), so the ramps start below
where most of them lie; at -0.25/-0.1 they shut 13% of Mohler's right answers."""
PASSAGE_MARGIN_LOW, PASSAGE_MARGIN_HIGH = -0.5, -0.25
"""An answer to a neighbouring question is found in that question's passage of the material and
hardly in this one's: a margin near -1 for a short answer, -0.4 to -0.6 for a sentence."""
RELEVANCE_LOW, RELEVANCE_HIGH = 0.1, 0.3
SUPPORT_LOW, SUPPORT_HIGH = 0.25, 0.45
NOVELTY_LOW, NOVELTY_HIGH = 0.1, 0.35
CONTRADICTION_LOW, CONTRADICTION_HIGH = 0.5, 0.9
"""Ramp of one minus the contradicted share: one clause of two contradicted shuts the gate (an
answer that denies half of what it says is wrong, however close its words), one of three leaves
0.42 of the score, one of five 0.75. At 0.25/0.75 the reference with one of its two clauses
negated got 50; the steeper ramp moved `bench grading --no-model` on SAF's fitting half from
AUC 0.800 to 0.788 (wrong answers at 80 or more 28% to 26%), on SAF's held-out half from 0.723
to 0.748 (24% to 17%) and on Mohler 2011 from 0.832 to 0.828 (10.5% both)."""
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
MODEL_FILE = ("grading", "model.json")
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


@dataclass(frozen=True)
class Signals:
    """Each check's raw value; None where the check did not apply."""

    judge: float | None
    judge_trusted: bool | None
    """Whether the judge told this question's reference answer from a wrong one; None: not checked."""
    reference_cosine: float | None
    reference_rouge: float | None
    question_cosine: float
    sibling_margin: float | None
    support: float | None
    answer_fluency: float | None
    question_fluency: float | None
    injection: bool
    empty: bool = False
    key_point_coverage: float | None = None
    key_points_covered: float | None = None
    contradiction: float | None = None
    novelty: float | None = None
    type_fit: bool | None = None
    length_ratio: float | None = None
    question_margin: float | None = None
    passage_precision: float | None = None
    passage_margin: float | None = None
    """The answer's fit to the material's passage for this question minus that for the best other one."""
    reference_token_recall: float | None = None
    """BERTScore recall of the reference in the answer (`text.alignment`)."""
    rubric_score: float | None = None
    """A teacher's rubric: points earned over points possible, 0-1."""
    no_logprobs: bool = False
    """The backend gives no log-probabilities, so the fluency checks did not run."""
    language: str | None = None
    """The question's language (ISO code): the content and confidence models fitted for it are used
    where model.json has them (`fitted_for`)."""

    def as_json(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class Combined:
    score: float
    flags: list[str]
    confidence: float
    parts: dict[str, float | str | None]


def ramp(value: float | None, low: float, high: float) -> float | None:
    """0 at or below `low`, 1 at or above `high`, linear between; None stays None."""
    if value is None:
        return None
    return min(1.0, max(0.0, (value - low) / (high - low)))


@cache
def model() -> dict[str, Any]:
    """The fitted coefficients (resources/grading/model.json), read once."""
    return json.loads(paths.resources_dir().joinpath(*MODEL_FILE).read_text(encoding="utf-8"))


def fitted_for(language: str | None) -> dict[str, Any]:
    """The content and confidence models for answers in `language`: those `bench grading --fit
    --language` fitted for it (model.json `languages`), else the English ones. The content
    signals stand on the English MiniLM, whose cosines run lower on other languages: fitted on
    English, a right German answer averaged 43 (docs/evaluator.md)."""
    fitted = model()
    return fitted.get("languages", {}).get(language or "", fitted)


def fluency_ramp(language: str | None) -> tuple[float, float]:
    """Where the fluency gates start and stop cutting, for text in `language`. A small English
    model reads other languages' word order less surely: a right German answer stood 0.53 nats
    above its shuffles (median; English answers 2-5), so English's ramp cut half of them as word
    salad; model.json `languages.<code>.fluency` holds the ramp measured for a language."""
    fitted = fitted_for(language).get("fluency") if language else None
    return (fitted["low"], fitted["high"]) if fitted else (FLUENCY_LOW, FLUENCY_HIGH)


def combine(signals: Signals) -> Combined:
    """The documented rule above, as code."""
    if signals.empty:
        return Combined(0.0, [INJECTION_FLAG if signals.injection else "empty"], 1.0, {"content": 0.0})
    estimate, source = _estimate(signals)
    judge_counts = _judge_counts(signals) and source != "judge"
    content = _content(signals, estimate, judge_counts)
    gates = _gates(signals)
    deciding, gate = lowest_gate(gates)
    score = round(100 * content * gate, 1)
    flags = [name for name, value in gates.items() if value is not None and value < 0.5]
    if signals.injection:
        flags.append(INJECTION_FLAG)
    if judge_counts and estimate is not None and abs(signals.judge - 100 * estimate) >= DISAGREEMENT_FLAG:
        flags.append("judge_disagrees")
    if source == "passage":
        flags.append("no_reference")
    if signals.no_logprobs:
        flags.append("no_logprobs")
    confidence = _confidence(signals, source, estimate, content, gate, judge_counts, deciding)
    parts = {
        "estimate": _scaled(estimate),
        "source": source,
        "content": round(100 * content, 1),
        "gate": round(gate, 3),
        "lowest_gate": deciding,
    }
    return Combined(score, flags, confidence, parts | {f"gate_{name}": value for name, value in gates.items()})


def content_features(signals: Signals) -> list[float]:
    """The fitted model's inputs, in CONTENT_FEATURES order; a missing key-point measure is
    taken from ROUGE-L, and a missing token recall from the cosine, the nearest of their kind."""
    rouge = signals.reference_rouge or 0.0
    cosine = signals.reference_cosine or 0.0
    values = {
        "key_point_coverage": rouge if signals.key_point_coverage is None else signals.key_point_coverage,
        "token_recall": cosine if signals.reference_token_recall is None else signals.reference_token_recall,
        "novelty": 1.0 if signals.novelty is None else signals.novelty,
    }
    return [values[name] for name in CONTENT_FEATURES]


def fitted_estimate(signals: Signals) -> tuple[float, float]:
    """(p, content): the content model's probability and its mapping onto 0-1."""
    fitted = fitted_for(signals.language)["content"]
    z = fitted["intercept"] + sum(
        weight * value for weight, value in zip(fitted["weights"], content_features(signals), strict=True)
    )
    p = 1.0 / (1.0 + math.exp(-z))
    return p, ramp(p, fitted["low"], fitted["high"]) or 0.0


def confidence_features(signals: Signals, p: float, content: float, gate: float) -> list[float]:
    """The confidence model's inputs, in CONFIDENCE_FEATURES order; each lies in 0-1."""
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
    ]


def gate_of(signals: Signals) -> float:
    """What the gates leave of the content estimate: the lowest gate that applies (1 when none does)."""
    return lowest_gate(_gates(signals))[1]


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


def _gates(signals: Signals) -> dict[str, float | None]:
    if signals.reference_cosine is not None:
        topic = ramp(max(signals.reference_cosine, signals.reference_rouge or 0.0), TOPIC_LOW, TOPIC_HIGH)
    elif signals.passage_precision is None:
        topic = ramp(signals.question_cosine, RELEVANCE_LOW, RELEVANCE_HIGH)
    else:
        topic = None
    referenced = signals.reference_cosine is not None
    unsupported = not referenced and signals.support is not None
    contradicted = None if signals.contradiction is None else 1 - signals.contradiction
    low, high = fluency_ramp(signals.language)
    return {
        "garbled_answer": ramp(signals.answer_fluency, low, high),
        "garbled_question": ramp(signals.question_fluency, low, high),
        "off_topic": topic,
        "other_question": ramp(signals.sibling_margin, SIBLING_LOW, SIBLING_HIGH),
        "wrong_question": _wrong_question(signals),
        "echoes_question": ramp(signals.novelty, NOVELTY_LOW, NOVELTY_HIGH),
        "contradicts_reference": ramp(contradicted, CONTRADICTION_LOW, CONTRADICTION_HIGH),
        "wrong_answer_type": None if signals.type_fit is None or referenced else float(signals.type_fit),
        "not_in_material": ramp(signals.support, SUPPORT_LOW, SUPPORT_HIGH) if unsupported else None,
    }


def _wrong_question(signals: Signals) -> float | None:
    """The lower of the question margin and the passage margin; without a reference, the passage
    margin alone where there is one: the material, which then stands in for the reference, tells
    which question an answer belongs to, and the embeddings cannot. MiniLM puts "Water vapour
    escaping through tiny openings called stomata" nearer "What are the tiny openings in leaves
    called?" than "What is transpiration?", which the material's next words answer with it."""
    passage = ramp(signals.passage_margin, PASSAGE_MARGIN_LOW, PASSAGE_MARGIN_HIGH)
    if passage is not None and signals.reference_cosine is None:
        return passage
    return _lowest_of(ramp(signals.question_margin, QUESTION_LOW, QUESTION_HIGH), passage)


def _lowest_of(*values: float | None) -> float | None:
    known = [value for value in values if value is not None]
    return min(known) if known else None


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
        fitted = fitted_for(signals.language)["confidence"]
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
    return round(min(confidence, NO_LOGPROBS_CONFIDENCE) if signals.no_logprobs else confidence, 3)


def _scaled(value: float | None) -> float | None:
    return None if value is None else round(100 * value, 1)
