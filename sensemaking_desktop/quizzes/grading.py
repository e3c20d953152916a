"""The grading vocabulary shared by the Evaluator, the library and the front ends, and the
matching of short answers that grades a cloze question without a model.

It lives below the store so that reading the review list (plain SQL) does not load the
Evaluator; the store keeps a grade's flags by name, and what a flag means is read above it.
"""

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass

from sensemaking_desktop.quizzes.model import Answer, Question, QuestionKind

REVIEW_THRESHOLD = 0.6
"""Machine grades less confident than this wait on the review list for a person."""

FLAG_TEXT = {
    "empty": "the answer is empty",
    "tries_to_instruct_grader": "the answer tries to instruct the grader (those lines were removed before grading)",
    "judge_disagrees": "the model's grade and the match with the reference disagree",
    "no_reference": "no reference answer: graded against the material's passage nearest the question",
    "no_logprobs": "the fluency checks against word salad could not run: the model server gives no log-probabilities",
    "word_order_unread": "the fluency checks against word salad did not run: the language model does not read word "
    "order in this language well enough",
}
"""What a flag that is no grading gate means to a reader; a gate's flag is explained where the gate
is declared (`roles.grading_gates`), which the front ends read through `workflows.reasons`."""
RENAMED_FLAGS = {"instructions_to_grader": "tries_to_instruct_grader"}
"""Flags stored under an earlier name in libraries graded before it changed, by their name now."""


def current_flags(stored: Iterable[str]) -> list[str]:
    """Flags as stored in a library, each by its name now (RENAMED_FLAGS)."""
    return [RENAMED_FLAGS.get(flag, flag) for flag in stored]


@dataclass(frozen=True)
class GradedExample:
    """A teacher's grade of another answer to the same question, shown to the judge."""

    answer: str
    score: float


# --- short answers ----------------------------------------------------------------------------


def normalise_answer(text: str, *, case_sensitive: bool = False) -> str:
    """What counts in a typed answer: not case (unless it should), accents' composition,
    surrounding punctuation or inner spacing."""
    folded = unicodedata.normalize("NFKC", text).strip()
    folded = folded if case_sensitive else folded.casefold()
    return re.sub(r"\s+", " ", folded.strip(".,;:!?\"'()[] "))


_ARTICLES = frozenset({"a", "an", "the"})
_HYPHENS = re.compile(r"[-‐‑‒–—_/]+")


def answer_key(text: str) -> str:
    """What a short answer says, for comparing it with an accepted one: `normalise_answer`, and
    besides hyphens read as spaces, English articles dropped and each word's plural "s"/"es"/"ies"
    taken off, so "word processors", "word-processor" and "the Word Processor" are one answer."""
    words = _HYPHENS.sub(" ", normalise_answer(text)).split()
    return " ".join(_singular(word.strip(".,;:!?\"'()[]")) for word in words if word not in _ARTICLES)


def _singular(word: str) -> str:
    """A crude singular, the same for both sides of a comparison: "ies" → "y", "es" after a
    hissing sound and "s" (not "ss", "us" or "is") taken off words of four letters or more."""
    if len(word) < 4:
        return word
    if word.endswith("ies"):
        return word[:-3] + "y"
    if word.endswith(("sses", "xes", "zes", "ches", "shes")):
        return word[:-2]
    return word[:-1] if word.endswith("s") and not word.endswith(("ss", "us", "is")) else word


def matches_answer(given: str, pattern: str, *, case_sensitive: bool = False) -> bool:
    """Whether a typed answer matches an accepted one. Without a wildcard the two are compared
    after `answer_key` (after `normalise_answer` alone when `case_sensitive`: a teacher who makes
    case count wants the answer as written); in a pattern with `*` (any characters, Moodle's
    wildcard; `\\*` is a star) the whole answer must match, its case aside unless `case_sensitive`,
    as Moodle does."""
    bits = re.split(r"(?<!\\)\*+", pattern)
    if len(bits) == 1:
        literal = pattern.replace("\\*", "*")
        if not case_sensitive:
            return answer_key(given) == answer_key(literal)
        return normalise_answer(given, case_sensitive=True) == normalise_answer(literal, case_sensitive=True)
    regex = ".*".join(re.escape(unicodedata.normalize("NFKC", bit.replace("\\*", "*"))) for bit in bits)
    flags = re.S if case_sensitive else re.S | re.I
    return re.fullmatch(regex, unicodedata.normalize("NFKC", given).strip(), flags) is not None


def is_pattern(text: str) -> bool:
    """An accepted answer with a wildcard `*`, which formats that compare literally cannot carry."""
    return re.search(r"(?<!\\)\*", text) is not None


def literal(text: str) -> str:
    """An accepted answer without wildcards as the text it stands for (`\\*` is a star)."""
    return text.replace("\\*", "*")


def first_matching_answer(question: Question, given: str) -> Answer | None:
    """The first of a cloze question's answers (the reference answer first) that `given` matches:
    its fraction is the grade, as in Moodle's short answer."""
    return next(
        (
            answer
            for answer in question.short_answers
            if matches_answer(given, answer.text, case_sensitive=question.case_sensitive)
        ),
        None,
    )


def needs_judgement(question: Question, given: str) -> bool:
    """Whether a cloze answer matches none of the question's answers even after `answer_key`:
    then it may still say the right thing in other words, so the Evaluator grades it instead of
    the key giving it 0. Not where the question makes case count: its teacher wants the answer
    exactly as written, which no judge of meaning would hold to."""
    if question.kind != QuestionKind.CLOZE or question.case_sensitive:
        return False
    return first_matching_answer(question, given) is None
