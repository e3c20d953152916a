"""Whether the Student's "answerable" holds: signals the roles compute, combined by a fitted rule.

A small model says "answerable" to most questions that only look answerable (Qwen2.5-0.5B
refused 33% of SQuAD 2.0's unanswerable questions), so its word alone decides nothing.
An answer is kept only when the model says answerable and the rule agrees. The signals:
- evidence_found: the quoted evidence stands in the material (fuzzy match, evidence.py);
- answer_in_evidence: share of the answer's numbers and content words found in the
  evidence's sentence (an answer the evidence does not hold is not entailed by it);
- question_overlap: share of the question's content words in that sentence and its
  neighbours, and question_cosine, the embedding cosine of question and sentence (evidence
  that matches the question); question_in_material, the share of the question's content
  words anywhere in the material (an unanswerable question often names what is not there);
- type_fits: the answer's type fits the question (who: a name; when: a date; how many: a number);
- p_answerable: the model's own probability of "true" at the answerable field, from its
  token log-probabilities (0.5 where the backend gives none).

The rule is a logistic regression over these signals (WEIGHTS, BIAS), its weights kept
non-negative (each signal is built so that more means more likely answerable) with a small
L2 penalty, fitted on the 34 replies that SmolLM2-135M and Qwen2.5-Coder-0.5B called answerable
among 44 questions of the even-numbered passages of the SQuAD 2.0 dev slice in the shared
eval data (few, because two shared cores decode a reply in 20-100 s). THRESHOLD is the lowest
that refuses at least 85% of those passages' unanswerable questions (the model's own
refusals included) with the best ROUGE-L on the answerable ones. On this data the evidence
signals got no weight: the small models quote the passage for unanswerable questions as
readily as for answerable ones; what separates them is whether the question's words are in
the material, the answer's type and the model's own probability. The README reports the
rule on the odd-numbered passages and on other SQuAD paragraphs, which it never saw.
"""

import math
import re
from dataclasses import dataclass

from sensemaking_desktop.llm.backend import Generation
from sensemaking_desktop.roles.evidence import Located
from sensemaking_desktop.text.embeddings import Embedder
from sensemaking_desktop.text.sentences import sentence_bounds
from sensemaking_desktop.text.terms import content_words, number_tokens

SIGNALS = (
    "evidence_found",
    "answer_in_evidence",
    "question_overlap",
    "question_cosine",
    "question_in_material",
    "type_fits",
    "p_answerable",
)
WEIGHTS = (0.0, 0.0, 0.0, 0.0, 2.914, 2.058, 0.993)
BIAS = -5.111
THRESHOLD = 0.37
_WHO = re.compile(r"^\s*(who|whom|whose)\b", re.I)
_WHEN = re.compile(r"^\s*(when|what year|in what year|which year|what century|what date|what decade)\b", re.I)
_COUNT = re.compile(r"\bhow (many|much|long|old|far|large|big|tall|high)\b|\bwhat (percentage|percent|number)\b", re.I)
_TIME_WORDS = re.compile(
    r"\b(century|centuries|decade|year|years|january|february|march|april|may|june|july|august|september|"
    r"october|november|december|spring|summer|autumn|winter|bc|ad|ce|today|monday|tuesday|wednesday|thursday|"
    r"friday|saturday|sunday|morning|evening|night|age|era|period|war)\b",
    re.I,
)
_NUMBER_WORDS = re.compile(
    r"\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|hundred|"
    r"thousand|million|billion|dozen|half|several|many|few)\b",
    re.I,
)


@dataclass(frozen=True)
class Verdict:
    answerable: bool
    score: float
    signals: dict[str, float]


def signals(
    question: str,
    answer: str,
    located: list[Located],
    material: str,
    generation: Generation | None,
    embedder: Embedder,
) -> dict[str, float]:
    """The signals behind an "answerable" reply (see the module notes)."""
    window = evidence_window(located, material)
    answer_items = number_tokens(answer) + content_words(answer)
    window_items = set(number_tokens(window)) | set(content_words(window))
    asked = set(content_words(question))
    cosine = 0.0
    if window:
        vectors = embedder.encode([question, window])
        cosine = float(vectors[0] @ vectors[1])
    return {
        "evidence_found": 1.0 if located else 0.0,
        "answer_in_evidence": _share(answer_items, window_items),
        "question_overlap": _share(list(asked), set(content_words(window))) if window else 0.0,
        "question_cosine": round(cosine, 4),
        "question_in_material": _share(list(asked), set(content_words(material))),
        "type_fits": type_fits(question, answer),
        "p_answerable": p_answerable(generation) if generation is not None else 0.5,
    }


def decide(values: dict[str, float]) -> Verdict:
    """Whether an answer the model calls answerable stands: the fitted rule's probability reaches THRESHOLD."""
    score = 1 / (1 + math.exp(-(BIAS + sum(w * values[name] for w, name in zip(WEIGHTS, SIGNALS)))))
    return Verdict(score >= THRESHOLD, round(score, 4), values)


def evidence_window(located: list[Located], material: str) -> str:
    """The sentences holding the evidence, with one sentence either side (a name is often in the one before)."""
    if not located:
        return ""
    bounds = sentence_bounds(material)
    parts = []
    for found in located:
        inside = [i for i, (start, end) in enumerate(bounds) if start < found.end and found.start < end]
        if inside:
            first, last = max(0, inside[0] - 1), min(len(bounds) - 1, inside[-1] + 1)
            parts.append(material[bounds[first][0] : bounds[last][1]])
    return " ".join(parts)


def type_fits(question: str, answer: str) -> float:
    """1 when the answer has the type the question asks for, 0 when it plainly has not, 0.5 when unknown."""
    has_number = bool(number_tokens(answer)) or bool(_NUMBER_WORDS.search(answer))
    if _COUNT.search(question):
        return 1.0 if has_number else 0.0
    if _WHEN.search(question):
        return 1.0 if has_number or _TIME_WORDS.search(answer) else 0.0
    if _WHO.search(question):
        named = any(word[:1].isupper() for word in answer.split())
        return 1.0 if named else 0.0
    return 0.5


def p_answerable(generation: Generation) -> float:
    """The model's probability of "true" where it wrote the answerable field: the mass of the
    alternatives starting with t over those starting with t or f; 0.5 when not found."""
    written = ""
    for choice in generation.tokens:
        if re.search(r'"answerable"\s*:\s*$', written):
            true = sum(math.exp(lp) for text, lp in choice.top if text.strip().startswith("t"))
            false = sum(math.exp(lp) for text, lp in choice.top if text.strip().startswith("f"))
            if true + false > 0:
                return round(true / (true + false), 4)
            return 1.0 if choice.text.strip().startswith("t") else 0.0
        written += choice.text
    return 0.5


def _share(items: list[str], pool: set[str]) -> float:
    return sum(item in pool for item in items) / len(items) if items else 0.0
