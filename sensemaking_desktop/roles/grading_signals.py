"""What the Evaluator measures of an answer (`Signals`) and the fitted model file that reads them.

It sits below both the gates (`grading_gates`) and the combination (`grading_combine`), which
read the same signals and the same fitted file, so that neither imports the other round a loop.
"""

import json
from dataclasses import asdict, dataclass
from functools import cache
from typing import Any

from sensemaking_desktop import paths

FLUENCY_LOW, FLUENCY_HIGH = 0.5, 1.25
MODEL_FILE = ("grading", "model.json")


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
