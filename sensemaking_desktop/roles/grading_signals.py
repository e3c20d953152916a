"""What the Evaluator measures of an answer (`Signals`) and the fitted model file that reads them.

It sits below both the gates (`grading_gates`) and the combination (`grading_combine`), which
read the same signals and the same fitted file, so that neither imports the other round a loop.
"""

import json
import os
from dataclasses import asdict, dataclass
from functools import cache
from typing import Any, Literal

from sensemaking_desktop import paths
from sensemaking_desktop.text.cross_encoder import ANSWER_JUDGE_ENV
from sensemaking_desktop.text.lexicon import lemmatises

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
    word_order_unread: bool = False
    """The language model does not read word order in the answer's language (`fluency_ramp`),
    so the fluency checks did not run."""
    language: str | None = None
    """The question's language (ISO code): the content and confidence models fitted for it are used
    where model.json has them (`fitted_for`)."""
    judged_right: float | None = None
    """The answer judge's probability that the answer means what the reference says
    (`text.cross_encoder.answer_judge`); None without a reference or where the judge does not read
    the language (`reads_judge`)."""
    judged_contradicts: float | None = None
    """The answer judge's probability that the answer contradicts the reference."""

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


JUDGE_LANGUAGES = frozenset({"en"})
"""Languages the answer judge reads (MiniLM's English word pieces). Not German: on SAF's German
answers, never trained on, the judge alone ranks at AUC 0.73 where the lemma reading reaches 0.83."""


def reads_judge(language: str | None) -> bool:
    """Whether the answer judge reads answers in `language` (None: too short to tell, read as English)."""
    return language is None or language in JUDGE_LANGUAGES


def grades_by_judge() -> bool:
    """Whether the Evaluator reads answers through the answer judge: where model.json holds a
    combination fitted over its reading (`judged`, docs/scripts/fit_judged_out_of_fold.py), or
    where ANSWER_JUDGE_ENV names a judge to measure. The shipped model.json holds none: fitted on
    SemEval's held-out-question readings, that combination ranked SAF's and Mohler's answers no
    better than the word signals and graded their right answers about 50 (docs/evaluator.md,
    "The answer judge"); class grading and the Teacher's option check use the judge regardless."""
    return "judged" in model() or bool(os.environ.get(ANSWER_JUDGE_ENV))


def fitted_for(language: str | None, judged: bool = False) -> dict[str, Any]:
    """The content and confidence models (and fluency ramp) for answers in `language`; with
    `judged`, those fitted on the answer judge's reading (model.json `judged`). Otherwise what
    `bench grading --fit --language` fitted for it (model.json `languages`), over the models
    fitted with word overlap by lemmas (`by_lemmas`) where the answer is read that way, else
    over the English ones. The content signals stand on the English MiniLM, whose cosines run
    lower on other languages: fitted on English, a right German answer averaged 43
    (docs/evaluator.md)."""
    fitted = model()
    own = fitted.get("languages", {}).get(language or "")
    base = fitted | fitted["by_lemmas"] if reads_by_lemmas(language) and "by_lemmas" in fitted else fitted
    base = base | own if own else base
    return base | fitted["judged"] if judged and "judged" in fitted else base


def reads_by_lemmas(language: str | None) -> bool:
    """Whether an answer in `language` is matched with its reference word by word by dictionary
    form (`text.alignment.lemma_recall`) instead of by MiniLM's word pieces: every language but
    English that simplemma lemmatises. MiniLM is an English model; in Czech or Ukrainian its word
    pieces are letters and fragments (a wrong Ukrainian answer had token recall 0.60), and on
    SAF's held-out German questions lemmas measured better (AUC 0.846 against 0.831,
    docs/evaluator.md)."""
    return language is not None and language != "en" and lemmatises(language)


MEANING_LANGUAGES = frozenset({"en", "de"})
"""Languages whose sentences MiniLM's cosine compares usefully for key points: English, and German,
where key points by lemmas and meaning graded right answers 67 on SAF's held-out questions and by
lemmas alone 63 (docs/evaluator.md). Elsewhere any two sentences stand close (Ukrainian)."""


def reads_meaning(language: str | None) -> bool:
    """Whether a key point's coverage in `language` counts MiniLM's cosine besides the words."""
    return language is None or language in MEANING_LANGUAGES


def fluency_ramp(language: str | None, of: Literal["answer", "question"] = "answer") -> tuple[float, float] | None:
    """Where the fluency gates start and stop cutting, for an answer or a question in `language`;
    None where the language model's reading of word order in it was not measured or does not
    tell text from its shuffles. A small English model reads other languages' word order less
    surely: a right German answer stood 0.53 nats above its shuffles (median; English answers
    2-5), so English's ramp cut half of them as word salad; model.json
    `languages.<code>.fluency` holds the ramp measured for a language's answers and
    `question_fluency` for its questions. German questions, read with no answer before them,
    overlap their shuffles (a tenth of the shipped sample's questions and SAF's below -0.07, the
    shuffles' 90th percentile 0.17), so the question gate does not run in German; Czech and
    Ukrainian sentences of real text stood about as high as their shuffles (docs/evaluator.md)."""
    if language in (None, "en"):
        return FLUENCY_LOW, FLUENCY_HIGH
    fitted = fitted_for(language).get("fluency" if of == "answer" else "question_fluency") or {}
    return (fitted["low"], fitted["high"]) if "low" in fitted else None
