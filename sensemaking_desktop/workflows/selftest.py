"""Self-test: a person answers a quiz, closed questions are marked at once, open ones are graded
by the Evaluator as they are given (workflows/selftest_grading.py).

An attempt is an answer run of kind 'person' labelled with the person's name. Each answer
is written as soon as it is given, with the time it took, so an attempt stopped halfway
keeps what was answered (and shows as unfinished). Multiple-choice, true/false, cloze, numerical
and matching answers are decided by the key, so they are graded exactly here, as Moodle grades
them (a cloze answer the share its accepted answer earns, a number the share of the first range
that holds it, a matching answer the share of prompts matched right, a multiple-response answer
the ticked choices' shares summed, kept within 0–100), with the right answer as the reason. Open answers need
judgement: the Evaluator (or a teacher) attaches their grade with `attach_grade`; where it cannot
yet (a model server is down), `ungraded_answers` in store/answers.py lists what is waiting. What
the person reads (the reasons, the right answer) is in the quiz's language where `language` is given.
"""

import re
from dataclasses import dataclass, field
from typing import Any

from sensemaking_desktop.errors import SensemakingError
from sensemaking_desktop.quizzes.grading import first_matching_answer, needs_judgement, normalise_answer
from sensemaking_desktop.quizzes.key_grading import (
    grade_matching,
    grade_number,
    grade_ticks,
    matching_options,
    read_number,
)
from sensemaking_desktop.quizzes.model import Choice, Question, QuestionKind, QuestionStatus
from sensemaking_desktop.quizzes.truth_words import read_truth, truth_pairs
from sensemaking_desktop.store import Store
from sensemaking_desktop.store.answers import (
    EXACT_GRADER,
    GradeSource,
    RunSummary,
    add_answer,
    add_grade,
    add_run,
    finish_run,
    get_run,
    self_test_attempts,
)
from sensemaking_desktop.store.materials import get_material, get_section
from sensemaking_desktop.store.quizzes import get_quiz
from sensemaking_desktop.workflows.selftest_texts import say

ONE_BY_ONE = "one-by-one"
ALL_AT_ONCE = "all-at-once"
CLOSED = (
    QuestionKind.MULTIPLE_CHOICE,
    QuestionKind.TRUE_FALSE,
    QuestionKind.CLOZE,
    QuestionKind.NUMERICAL,
    QuestionKind.MATCHING,
)
MATCHED = " → "
"""Between a prompt and the answer picked for it, one pair a line, in a stored matching answer."""
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


@dataclass(frozen=True)
class Marked:
    """An answer as recorded; `score` and `reason` are set for closed questions only."""

    answer_id: int
    text: str
    score: float | None
    reason: str | None

    @property
    def correct(self) -> bool | None:
        return None if self.score is None else self.score == 100


@dataclass(frozen=True)
class QuestionTime:
    question_id: int
    position: int
    time_taken_s: float | None
    score: float | None


@dataclass(frozen=True)
class Attempt:
    """One attempt in a person's history, with the time and grade of each answer."""

    run: RunSummary
    answers: list[QuestionTime]


@dataclass(frozen=True)
class OpenAnswer:
    answer_id: int
    quiz_id: int
    question: Question
    text: str


@dataclass(frozen=True)
class Graded:
    """One open answer's grade, reported as soon as it is attached."""

    answer_id: int
    score: float
    reason: str
    flags: list[str]
    confidence: float
    said: list[dict[str, Any]] = field(default_factory=list)
    """The reason's sentences as keys, so it can be shown in the quiz's language (workflows.reasons)."""


def start_attempt(store: Store, quiz_id: int, name: str = "me", *, all_at_once: bool = False) -> int:
    """A new attempt on a quiz; returns its run id (internal: a person reads `attempt_number`)."""
    if not name.strip():
        raise SensemakingError("Give a name for the person taking the test.")
    if not attempt_questions(store, quiz_id):
        raise SensemakingError(f"Quiz {quiz_id} has no questions to answer.")
    with store.atomic() as db:
        return add_run(db, quiz_id, "person", name.strip(), ALL_AT_ONCE if all_at_once else ONE_BY_ONE)


def attempt_questions(store: Store, quiz_id: int) -> list[Question]:
    """The questions a test asks, in quiz order: all but the dropped ones."""
    return [q for q in get_quiz(store, quiz_id).questions if q.status != QuestionStatus.DROPPED]


def attempt_number(store: Store, run_id: int) -> int:
    """The attempt's number on its quiz: 1 for the quiz's first self-test attempt, whatever else the library holds."""
    number = get_run(store, run_id).run.attempt
    if number is None:
        raise SensemakingError(f"Answer run {run_id} is not a self-test attempt.")
    return number


def quiz_language(store: Store, quiz_id: int) -> str | None:
    """The language of the quiz's material, so a self-test asks in it ("wahr/falsch"); None when unknown."""
    material_id = get_quiz(store, quiz_id).material_id
    return None if material_id is None else get_material(store, material_id).language


def record_answer(
    store: Store, run_id: int, question: Question, text: str, time_taken_s: float, *, language: str | None = None
) -> Marked:
    """Write one answer (a closed one with its exact grade, its reason in `language`) in one transaction."""
    if question.id is None:
        raise SensemakingError("Only a stored question can be answered in a self-test.")
    kept = read_closed(question, text) or text.strip()
    grade = exact_grade(question, text, language)
    with store.atomic() as db:
        answer_id = add_answer(db, run_id, question.id, kept, time_taken_s=round(time_taken_s, 2))
        if grade is not None:
            score, reason = grade
            add_grade(db, answer_id, source="machine", score=score, reason=reason, grader=EXACT_GRADER, confidence=1.0)
    return Marked(answer_id, kept, *(grade or (None, None)))


def finish_attempt(store: Store, run_id: int) -> RunSummary:
    with store.atomic() as db:
        finish_run(db, run_id)
    return get_run(store, run_id).run


def read_closed(question: Question, text: str) -> str | None:
    """A closed answer in its plain form (the choice's text, the ticked choices' texts a line each,
    "true" or "false", the filling, the number as typed, "prompt → answer" lines), or None when it
    cannot be read as one, so the asker can ask again."""
    if question.kind == QuestionKind.MULTIPLE_CHOICE and not question.picks_one:
        choices = ticked(question, text)
        return "\n".join(choice.text for choice in choices) if choices else None
    if question.kind == QuestionKind.MULTIPLE_CHOICE:
        choice = chosen(question, text)
        return choice.text if choice else None
    if question.kind == QuestionKind.TRUE_FALSE:
        return read_truth(text)
    if question.kind == QuestionKind.CLOZE:
        return text.strip() or None
    if question.kind == QuestionKind.NUMERICAL:
        return text.strip() if read_number(question, text) else None
    if question.kind == QuestionKind.MATCHING:
        picks = read_matches(question, text)
        return (
            None
            if picks is None
            else "\n".join(f"{pair.prompt}{MATCHED}{pick}" for pair, pick in zip(question.prompts, picks))
        )
    return None


def read_matches(question: Question, text: str) -> list[str] | None:
    """The answer picked for each prompt, in order: from "prompt → answer" lines (the stored form),
    else from one letter per prompt naming `matching_options` ("B A D", "B, A, D" or "BAD"); None
    unless every prompt has one."""
    options, prompts = matching_options(question), question.prompts
    picked = {}
    for line in text.splitlines():
        prompt, arrow, answer = line.strip().rpartition(MATCHED.strip())
        if arrow and answer.strip() in options:
            picked[prompt.strip()] = answer.strip()
    if all(pair.prompt in picked for pair in prompts):
        return [picked[pair.prompt] for pair in prompts]
    letters = re.sub(r"[\s,;]+", "", text.upper())
    if len(letters) != len(prompts) or any(letter not in LETTERS[: len(options)] for letter in letters):
        return None
    return [options[LETTERS.index(letter)] for letter in letters]


def ticked(question: Question, text: str) -> list[Choice] | None:
    """The choices a multiple-response answer ticks, in the question's order: named by their texts
    a line each (the stored form), else by letters ("A C", "A, C" or "AC") or a single choice."""
    lines = {_normalise(line) for line in text.splitlines() if line.strip()}
    by_text = [choice for choice in question.choices if _normalise(choice.text) in lines]
    if by_text and len(by_text) == len(lines):
        return by_text
    letters = re.sub(r"[\s,;]+", "", text.upper())
    known = LETTERS[: len(question.choices)]
    if letters and all(letter in known for letter in letters):
        return [choice for letter, choice in zip(known, question.choices) if letter in letters]
    single = chosen(question, text)
    return [single] if single else None


def chosen(question: Question, text: str) -> Choice | None:
    """The choice an answer names by its text, else by letter (B) or number (2)."""
    typed = text.strip()
    by_text = next((c for c in question.choices if _normalise(c.text) == _normalise(typed)), None)
    if by_text is not None or not typed:
        return by_text
    if len(typed) == 1 and typed.upper() in LETTERS:
        index = LETTERS.index(typed.upper())
    elif typed.isdigit():
        index = int(typed) - 1
    else:
        return None
    return question.choices[index] if 0 <= index < len(question.choices) else None


def exact_grade(question: Question, text: str, language: str | None = None) -> tuple[float, str] | None:
    """(score, reason) for a closed question; None for an open one, and for a cloze answer that no
    accepted answer matches (`needs_judgement`: it may say the key in other words, so the Evaluator
    grades it, not the key). A cloze answer earns the
    fraction of the first accepted answer it matches (Moodle's short answer: `*` is a wildcard, a
    0 % answer earns nothing); a picked choice its own fraction where it keeps one (a 50 % choice
    earns 50), else 100 when right; ticked choices of a multiple-response question the sum of their
    shares (negative ones cost), kept within 0–100; true/false 0 or 100; a number the fraction of the first range
    that holds it (less the unit penalty); a matching answer the share of prompts matched right.
    The feedback for the answer follows; the reason is in `language` (English where None)."""
    if question.kind not in CLOSED or needs_judgement(question, text):
        return None
    right = right_answer(question, language)
    given = read_closed(question, text)
    if given is None:
        return 0.0, say(language, "not_an_answer", typed=repr(text.strip()), right=right)
    score, feedback = _score(question, given)
    if score >= 100:
        reason = say(language, "right", right=right)
    elif score > 0:
        reason = say(language, "partly_right", percent=percent(score), right=right)
    else:
        reason = say(language, "wrong", right=right)
    return score, f"{reason} {feedback}" if feedback else reason


def _score(question: Question, given: str) -> tuple[float, str | None]:
    """The share of the points a read closed answer earns, and the feedback that goes with it."""
    if question.kind == QuestionKind.MULTIPLE_CHOICE and not question.picks_one:
        return grade_ticks(question, ticked(question, given) or []), _tick_feedback(question, given)
    if question.kind == QuestionKind.MULTIPLE_CHOICE:
        picked = next((choice for choice in question.choices if choice.text == given), None)
        if picked is not None and picked.fraction is not None:
            return max(0.0, picked.fraction), None
        return (100.0 if picked is not None and picked.correct else 0.0), None
    if question.kind == QuestionKind.TRUE_FALSE:
        right = given == question.reference_answer
        return (100.0, question.right_feedback) if right else (0.0, question.wrong_feedback)
    if question.kind == QuestionKind.NUMERICAL:
        return _number_score(question, given)
    if question.kind == QuestionKind.MATCHING:
        return grade_matching(question, read_matches(question, given) or []), None
    answer = first_matching_answer(question, given)
    return (answer.fraction, answer.feedback) if answer else (0.0, None)


def _tick_feedback(question: Question, given: str) -> str | None:
    """The feedback of each ticked choice that has one, in the question's order."""
    notes = [choice.feedback for choice in ticked(question, given) or [] if choice.feedback]
    return " ".join(notes) or None


def _number_score(question: Question, given: str) -> tuple[float, str | None]:
    number = read_number(question, given)
    if number is None or question.numerical is None:
        return 0.0, None
    score, answer = grade_number(question, number)
    notes = [answer.feedback if answer else None]
    units = question.numerical.units
    if not number.unit_right and units and question.numerical.unit_grading != "optional":
        notes.append("The unit is missing or not one of " + ", ".join(unit.name for unit in units) + ".")
    return score, " ".join(note for note in notes if note) or None


def right_answer(question: Question, language: str | None = None) -> str:
    """The right answer as a person should read it, in `language` (English where None): a
    true/false answer in its words ("wahr"), a cloze question's further answers that earn points
    with their share, when it is not all."""
    if question.kind == QuestionKind.MULTIPLE_CHOICE:
        return say(language, "or" if question.picks_one else "and").join(
            f"{LETTERS[index]}) {choice.text}" for index, choice in enumerate(question.choices) if choice.correct
        )
    if question.kind == QuestionKind.TRUE_FALSE and question.reference_answer in ("true", "false"):
        true, false = truth_pairs(language)[0]
        return true if question.reference_answer == "true" else false
    others = [
        answer.text if answer.fraction >= 100 else f"{answer.text} ({percent(answer.fraction)} %)"
        for answer in question.accepted
        if answer.fraction > 0
    ]
    if question.kind == QuestionKind.CLOZE and others:
        return say(language, "also_accepted", answer=question.reference_answer, others=", ".join(others))
    return question.reference_answer or say(language, "not_given")


def percent(value: float) -> str:
    """50.0 as "50", 33.333333 as "33.33"."""
    return f"{value:.2f}".rstrip("0").rstrip(".")


def answer_passage(store: Store, question: Question) -> str | None:
    """The passage of the material that holds the answer: the question's span in its section,
    else the quote it keeps; None when the question records neither."""
    source = question.source
    if source.section_id is not None and source.span_start is not None and source.span_end is not None:
        try:
            text = get_section(store, source.section_id).text
        except SensemakingError:
            return source.quote
        return text[source.span_start : source.span_end].strip() or source.quote
    return source.quote


def attach_grade(
    store: Store,
    answer_id: int,
    *,
    score: float,
    reason: str,
    grader: str,
    source: GradeSource = "machine",
    **details: Any,
) -> int:
    """Where a later grade of an open answer is attached (the Evaluator's, or a teacher's with
    source "human"); `details` are add_grade's flags, confidence, signals and generation_id."""
    with store.atomic() as db:
        return add_grade(db, answer_id, source=source, score=score, reason=reason, grader=grader, **details)


def history(store: Store, material_id: int | None = None) -> list[Attempt]:
    """Self-test attempts on a material's quizzes (every material when None), oldest first; a
    class's imported answers are not a self-test, so they are not here."""
    attempts = []
    for run in self_test_attempts(store, material_id):
        answers = get_run(store, run.id).answers
        times = [
            QuestionTime(a.question_id, a.question_position + 1, a.time_taken_s, a.grade.score if a.grade else None)
            for a in answers
        ]
        attempts.append(Attempt(run, times))
    return attempts


def _normalise(text: str) -> str:
    """Case, accents' composition, surrounding punctuation and inner spacing do not count."""
    return normalise_answer(text)
