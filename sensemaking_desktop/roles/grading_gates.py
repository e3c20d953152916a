"""The gates that cap a grade: one decorated function each, registered with all that names it.

A gate is a linear ramp from 0 to 1 over signals the Evaluator measured (`Signals`); the
combination multiplies the content estimate by the lowest gate that applies (`grading_combine`),
so a gate cannot raise a score. Declaring a gate here with `@gate(...)` is all it takes to add
one over a signal already measured:

- `gate_values` runs it, in the order gates are declared, and a grade keeps its value as
  `gate_<name>` among its parts;
- a grade whose gate is below one half is flagged with its name, and `flag_text` says what that
  means to a reader (flags that are no gate keep their text in `quizzes.grading.FLAG_TEXT`), in
  another language from resources/grading/flags.toml;
- the signals it reads are taken at their less favourable reading where an answer held
  instructions to the grader (`less_favourable`), so injected lines can only cost points;
- the reason names it with its `sentence`, a key of resources/grading/reasons.toml;
- its confidence role is its reliability fitted by name (`grading_combine.gate_reliability`,
  model.json `gates`), or the default penalty until `bench grading --fit-gates` measures it.

Registration happens when this module is imported, as llama-cpp-python registers its chat
formats; the registry is read-only after that.
"""

import tomllib
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, replace
from functools import cache
from typing import Any, Literal

from sensemaking_desktop import paths
from sensemaking_desktop.quizzes.grading import FLAG_TEXT
from sensemaking_desktop.roles.grading_signals import Signals, fluency_ramp, ramp

Worse = Literal["lower", "higher", "cleaned"]
"""Which of two readings of a signal is the less favourable: the lower, the higher, or neither
("cleaned": the reading of the answer cleaned of instructions stands)."""
Measure = Callable[[Signals], float | None]
FLAGS_FILE = ("grading", "flags.toml")

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

CONTENT_SIGNALS: Mapping[str, Worse] = {
    "reference_rouge": "lower",
    "key_point_coverage": "lower",
    "key_points_covered": "lower",
    "passage_precision": "lower",
    "rubric_score": "lower",
    "judged_right": "lower",
    "judged_contradicts": "higher",
}
"""Signals the content estimate reads, besides the gates', taken at their lower reading where an
answer held instructions. The token recall and the length ratio are not among them: the cleaned
answer's stand."""


@dataclass(frozen=True)
class Gate:
    """One registered gate: its name (the flag and the `gate_<name>` part), what it measures, the
    flag's text, the signals it reads with their less favourable direction, and the reason's
    sentence key in reasons.toml."""

    name: str
    measure: Measure
    text: str
    reads: Mapping[str, Worse]
    sentence: str


_GATES: dict[str, Gate] = {}


def gate(
    name: str, text: str, *, reads: Mapping[str, Worse], sentence: str | None = None
) -> Callable[[Measure], Measure]:
    """Register the decorated function as the gate `name`; `sentence` defaults to the name."""

    def register(measure: Measure) -> Measure:
        if name in _GATES:
            raise ValueError(f"The grading gate {name!r} is registered twice.")
        _GATES[name] = Gate(name, measure, text, dict(reads), sentence or name)
        return measure

    return register


def gates() -> Iterator[Gate]:
    """The registered gates, in the order they are declared."""
    return iter(_GATES.values())


def gate_values(signals: Signals) -> dict[str, float | None]:
    """Each gate's value, by name, in declaration order; None where a gate does not apply."""
    return {found.name: found.measure(signals) for found in gates()}


def flag_text(flag: str, language: str = "en") -> str:
    """What a flag means, for a reader: a gate's registered text, else the domain's text of a
    flag that is no gate, else the flag's own name; in `language` where flags.toml has it."""
    translated = _flag_texts().get(language.split("_")[0].casefold(), {}).get(flag)
    if translated is not None:
        return translated
    found = _GATES.get(flag)
    return found.text if found else FLAG_TEXT.get(flag, flag)


@cache
def _flag_texts() -> dict[str, Any]:
    return tomllib.loads(paths.resources_dir().joinpath(*FLAGS_FILE).read_text(encoding="utf-8"))


def sentence_of(name: str) -> str:
    """The reasons.toml key of the sentence that says gate `name` shut the score."""
    return _GATES[name].sentence


def directions() -> dict[str, Worse]:
    """Each signal the gates and the content estimate read, with its less favourable direction."""
    found = dict(CONTENT_SIGNALS)
    for registered in gates():
        for name, worse in registered.reads.items():
            if found.setdefault(name, worse) != worse:
                raise ValueError(f"The signal {name!r} is read as worse both {found[name]} and {worse}.")
    return found


def less_favourable(first: Signals, second: Signals) -> Signals:
    """`first` with each signal of `directions` at its less favourable value of the two
    readings: the answer cleaned of instructions (`first`) and as given (`second`)."""
    values = {}
    for name, worse in directions().items():
        if worse == "cleaned":
            continue
        pair = [value for value in (getattr(first, name), getattr(second, name)) if value is not None]
        values[name] = (min if worse == "lower" else max)(pair) if pair else None
    return replace(first, **values)


@gate("garbled_answer", "the answer reads like shuffled or random words", reads={"answer_fluency": "lower"})
def garbled_answer(signals: Signals) -> float | None:
    """Answer fluency (nats per token above its own shuffled words): word salad scores near 0."""
    ramps = fluency_ramp(signals.language)
    return ramp(signals.answer_fluency, *ramps) if ramps else None


@gate("garbled_question", "the question reads like shuffled or random words", reads={"question_fluency": "lower"})
def garbled_question(signals: Signals) -> float | None:
    """Question fluency: a question whose words are shuffled cannot have a right answer."""
    ramps = fluency_ramp(signals.language, of="question")
    return ramp(signals.question_fluency, *ramps) if ramps else None


@gate(
    "off_topic",
    "the answer does not match the reference answer or the question",
    reads={key: "lower" for key in ("reference_cosine", "reference_rouge", "question_cosine", "passage_precision")},
)
def off_topic(signals: Signals) -> float | None:
    """Closeness to the reference (or, with neither a reference nor material, cosine with the
    question); with material and no reference, the passage decides instead. Terse right answers
    and keyword lists can fall below it, and then the confidence falls with what the gate took
    away, so they go to a person."""
    if signals.reference_cosine is not None:
        return ramp(max(signals.reference_cosine, signals.reference_rouge or 0.0), TOPIC_LOW, TOPIC_HIGH)
    if signals.passage_precision is None:
        return ramp(signals.question_cosine, RELEVANCE_LOW, RELEVANCE_HIGH)
    return None


@gate(
    "other_question",
    "the answer fits another question on this material better than this one",
    reads={"sibling_margin": "lower"},
)
def other_question(signals: Signals) -> float | None:
    """Cosine with its own reference minus the best with the other questions' references on the
    same material: an answer to a neighbouring question."""
    return ramp(signals.sibling_margin, SIBLING_LOW, SIBLING_HIGH)


@gate(
    "wrong_question",
    "the answer fits another question on this material better than the one asked",
    reads={"question_margin": "lower", "passage_margin": "cleaned", "reference_cosine": "lower"},
    sentence="other_question",
)
def wrong_question(signals: Signals) -> float | None:
    """The lower of the question margin and the passage margin; without a reference, the passage
    margin alone where there is one: the material, which then stands in for the reference, tells
    which question an answer belongs to, and the embeddings cannot. MiniLM puts "Water vapour
    escaping through tiny openings called stomata" nearer "What are the tiny openings in leaves
    called?" than "What is transpiration?", which the material's next words answer with it."""
    passage = ramp(signals.passage_margin, PASSAGE_MARGIN_LOW, PASSAGE_MARGIN_HIGH)
    if passage is not None and signals.reference_cosine is None:
        return passage
    question = ramp(signals.question_margin, QUESTION_LOW, QUESTION_HIGH)
    known = [value for value in (question, passage) if value is not None]
    return min(known) if known else None


@gate("echoes_question", "the answer only repeats the question", reads={"novelty": "lower"})
def echoes_question(signals: Signals) -> float | None:
    """The share of the answer's content words the question does not already hold."""
    return ramp(signals.novelty, NOVELTY_LOW, NOVELTY_HIGH)


@gate(
    "contradicts_reference",
    "the answer contradicts the reference answer (or the material)",
    reads={"contradiction": "higher"},
)
def contradicts_reference(signals: Signals) -> float | None:
    """One minus the share of the answer's clauses that contradict the reference (in English
    judged by the shipped NLI model together with the rule, `grading_content`)."""
    contradicted = None if signals.contradiction is None else 1 - signals.contradiction
    return ramp(contradicted, CONTRADICTION_LOW, CONTRADICTION_HIGH)


@gate(
    "wrong_answer_type",
    "the answer is not of the kind the question asks for (a number, a time, a person, a reason)",
    reads={"type_fit": "cleaned", "reference_cosine": "lower"},
)
def wrong_answer_type(signals: Signals) -> float | None:
    """Without a reference, a short answer of the wrong type ("Paris" to "When ...?") is shut
    out; with one, the comparison already tells (typed gates shut out right Mohler answers like
    "as many as you want" to "How many ...?")."""
    if signals.type_fit is None or signals.reference_cosine is not None:
        return None
    return float(signals.type_fit)


@gate(
    "not_in_material",
    "nothing in the material supports the answer",
    reads={"support": "lower", "reference_cosine": "lower"},
)
def not_in_material(signals: Signals) -> float | None:
    """With material and no reference, the answer must match its passage in meaning."""
    if signals.reference_cosine is not None:
        return None
    return ramp(signals.support, SUPPORT_LOW, SUPPORT_HIGH)
