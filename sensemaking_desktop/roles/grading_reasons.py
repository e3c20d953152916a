"""A grade's reason in words a teacher reads, and the figures behind it as details.

A teacher asked why an answer got 20 wants "Says the opposite of the model answer.", not
"closeness 0.45" or which gate closed. So a reason is one or two sentences about the answer:
first what decided the grade (the check that shut the score, else what the answer names of the
model answer), then at most one more (an attempt to instruct the grader, a language model that
judged otherwise, or that model's own reason where it counted). The sentences are kept as keys
with their values (`Said`), so a front end can show them in its own language from
resources/grading/reasons.toml (English, German, Czech, Ukrainian); the stored reason is
English. The figures (closeness, key points, gates, the judge's grade and why it was or was not
asked, the confidence) go to `details`, in English, for whoever wants to check the grade.
"""

import tomllib
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from sensemaking_desktop import paths
from sensemaking_desktop.roles.grading_combine import Combined
from sensemaking_desktop.roles.grading_gates import flag_text, sentence_of
from sensemaking_desktop.roles.grading_signals import Signals, reads_meaning

REASONS_FILE = ("grading", "reasons.toml")
SHORT_POINT = 60
"""Characters of a point of the model answer quoted in a reason."""
MOST, SOME = 0.65, 0.35
"""Closeness to the model answer (or share of words in the passage) read as "most" and "some"."""
HIGH, LOW = 90.0, 30.0
"""Scores from which a reason may not say the answer misses the model answer's points (HIGH and
above: full marks), or says much of it (below LOW): the score is the fitted reading of every
signal, and a reason read from one of them ("Names X but not Y" at 99.6, "Says some of it" at
14) would contradict it. Between them a missed point is said, as partial credit is."""
NOT_ASKED_UNTRUSTED = (
    "The language model was not asked: on this question it could not tell the reference answer from a wrong one."
)
NOT_ASKED_SETTLED = "The language model was not asked: a check had already settled the grade."


@dataclass(frozen=True)
class Sentence:
    """One sentence of a reason: its key in reasons.toml and the values it names; `text` is a
    language model's own words, shown as written."""

    key: str
    values: dict[str, list[str]] = field(default_factory=dict)
    text: str | None = None

    def as_json(self) -> dict[str, Any]:
        return {"key": self.key, "values": self.values, "text": self.text}


@dataclass(frozen=True)
class Explained:
    """What a grade says: its sentences (render them with `render`) and the figures behind them."""

    said: list[Sentence]
    details: list[str]


@dataclass(frozen=True)
class Evidence:
    """What a grade was made from, besides its signals and combined score."""

    named: list[str]
    missed: list[str]
    judge_reason: str | None = None


def explain(signals: Signals, combined: Combined, evidence: Evidence) -> Explained:
    """The reason's sentences and the details, for a grade combined from `signals`."""
    if signals.empty:
        return Explained([Sentence("only_instructions" if signals.injection else "empty")], _details(signals, combined))
    first = _deciding(signals, combined)
    said = [first or _content(signals, evidence, combined.score)]
    extra = _extra(signals, combined, evidence, judged=first is None)
    if extra is not None:
        said.append(extra)
    return Explained(said, _details(signals, combined, evidence))


def render(said: list[Sentence] | list[dict[str, Any]], language: str = "en") -> str:
    """The sentences in `language` (English where reasons.toml has none, or lacks a sentence)."""
    sentences = [Sentence(**item) if isinstance(item, dict) else item for item in said]
    words = _table(language)
    return " ".join(_sentence(sentence, words) for sentence in sentences)


def _sentence(sentence: Sentence, words: dict[str, str]) -> str:
    if sentence.text is not None:
        return sentence.text
    joiner = words["and"]
    values = {name: _listed(items, joiner) for name, items in sentence.values.items()}
    return words[sentence.key].format(**values)


def _deciding(signals: Signals, combined: Combined) -> Sentence | None:
    """The sentence for the check that shut the score, if one did."""
    lowest = combined.parts.get("lowest_gate")
    gate = combined.parts.get(f"gate_{lowest}")
    if not isinstance(lowest, str) or not isinstance(gate, float) or gate >= 0.5:
        return None
    if lowest == "off_topic" and signals.reference_cosine is None:
        return Sentence("off_topic_question")
    return Sentence(sentence_of(lowest))


def _content(signals: Signals, evidence: Evidence, score: float) -> Sentence:
    """What the answer says of the model answer, in the direction of its score: the points it
    names and misses where the model answer makes more than one, else how much of it the answer
    says; a high score never reads as missing points, a low one never as saying much."""
    named, missed = [_short(text) for text in evidence.named], [_short(text) for text in evidence.missed]
    if len(named) + len(missed) < 2:
        named, missed = [], []
    passage = signals.reference_cosine is None and signals.passage_precision is not None
    closeness = _closeness(signals)
    if score >= HIGH and missed:
        return Sentence("passage_most" if passage else "says_most" if closeness >= MOST else "other_words")
    if score < LOW and not passage and (closeness >= SOME or (named and not missed)):
        return Sentence("shares_words")
    if named and missed:
        return Sentence("names_some", {"named": named, "missed": missed})
    if named:
        return Sentence("names_all", {"named": named})
    if passage:
        return Sentence("passage_" + _amount(signals.passage_precision))
    if missed and (signals.reference_cosine is None or closeness < SOME):
        return Sentence("names_none", {"missed": missed})
    if score >= HIGH and closeness < MOST:
        return Sentence("other_words")
    return Sentence("says_" + _amount(closeness))


def _extra(signals: Signals, combined: Combined, evidence: Evidence, *, judged: bool) -> Sentence | None:
    """The second sentence, if any: an injection attempt first; then, where no check decided
    the grade, a judge that disagrees or the judge's own reason."""
    if signals.injection:
        return Sentence("tries_to_instruct")
    if not judged:
        return None
    if "judge_disagrees" in combined.flags:
        return Sentence("judge_disagrees")
    judged = signals.judge is not None and signals.judge_trusted is not False and evidence.judge_reason
    return Sentence("judge", text=_first_sentence(evidence.judge_reason or "")) if judged else None


def _details(signals: Signals, combined: Combined, evidence: Evidence | None = None) -> list[str]:
    """The figures behind the reason, one line each."""
    lines = []
    if signals.reference_cosine is not None:
        lines.append(
            f"Closeness to the reference answer {_closeness(signals):.2f} "
            f"(cosine {signals.reference_cosine:.2f}, ROUGE-L {signals.reference_rouge or 0.0:.2f})."
        )
    if evidence is not None and (evidence.named or evidence.missed):
        lines.append(f"Key points covered: {len(evidence.named)} of {len(evidence.named) + len(evidence.missed)}.")
    if signals.passage_precision is not None:
        lines.append(f"{signals.passage_precision:.0%} of the answer's own words are in the material's passage.")
    lines.extend(_score_lines(combined))
    lines.append(_judge_line(signals, evidence))
    lines.extend(f"Flag {flag}: {flag_text(flag)}." for flag in combined.flags)
    lines.append(f"Confidence {combined.confidence:.2f}.")
    return [line for line in lines if line]


def _score_lines(combined: Combined) -> list[str]:
    parts = combined.parts
    if "estimate" not in parts:
        return []
    line = f"Content {parts['content']} (estimate {parts['estimate']} from the {parts['source']})"
    lowest = parts.get("lowest_gate")
    if lowest and parts["gate"] < 1:
        line += f"; the check {lowest} left {parts['gate']:.2f} of it"
    return [line + "."]


def _judge_line(signals: Signals, evidence: Evidence | None) -> str:
    if signals.judge_trusted is False:
        return NOT_ASKED_UNTRUSTED
    if signals.judge is None:
        return NOT_ASKED_SETTLED if not signals.empty else ""
    reason = f": {evidence.judge_reason}" if evidence and evidence.judge_reason else "."
    return f"The language model graded it {signals.judge:.0f}/100{reason}"


def _closeness(signals: Signals) -> float:
    """How much of the model answer the answer says: the sentence cosine or ROUGE-L, or where
    MiniLM does not read the language (`reads_meaning`) the words matched by dictionary form."""
    near = signals.reference_cosine if reads_meaning(signals.language) else signals.reference_token_recall
    return max(near or 0.0, signals.reference_rouge or 0.0)


def _amount(value: float) -> str:
    return "most" if value >= MOST else "some" if value >= SOME else "little"


def _short(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= SHORT_POINT else text[: SHORT_POINT - 1].rstrip() + "…"


def _listed(items: list[str], joiner: str) -> str:
    quoted = [f"“{item}”" for item in items]
    return quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + joiner + quoted[-1]


def _first_sentence(text: str) -> str:
    text = " ".join(text.split())
    for end in (". ", "! ", "? "):
        if end in text:
            return text[: text.index(end) + 1]
    return text


def _table(language: str) -> dict[str, str]:
    english = _reasons()["en"]
    return english | _reasons().get(language.split("_")[0].casefold(), {})


@cache
def _reasons() -> dict[str, Any]:
    return tomllib.loads(paths.resources_dir().joinpath(*REASONS_FILE).read_text(encoding="utf-8"))
