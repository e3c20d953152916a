"""Grading the questions whose key decides, without a model, as Moodle grades them: a numerical
answer by the first accepted number it lies within the tolerance of (units converted, a missing or
unknown unit penalised where units count), a matching answer per prompt, and a multiple-response
answer by the sum of the ticked choices' shares.

It sits beside `grading` (short answers) so that the Self-test, the study deck and the grade job
grade these kinds alike through `workflows.selftest.exact_grade`.
"""

import re
from dataclasses import dataclass

from sensemaking_desktop.quizzes.model import Choice, Numerical, NumericAnswer, Question

_NUMBER = re.compile(r"\s*([+-]?(?:\d[\d.,]*|[.,]\d+)(?:[eE][+-]?\d+)?)\s*(.*?)\s*", re.S)


@dataclass(frozen=True)
class NumberGiven:
    """A typed numerical answer read: the number in the key's unit, and whether its unit counts
    as right (no units in the key, or a unit the key knows)."""

    value: float
    unit_right: bool


def read_number(question: Question, typed: str) -> NumberGiven | None:
    """The number in a typed answer ("3.5", "2,5 m", "300 cm", "1e3"), converted to the key's unit;
    None when it is no number, or carries words where the key has no units. A comma is the decimal
    mark unless a point is there too (then commas separate thousands)."""
    numerical = question.numerical
    match = _NUMBER.fullmatch(typed)
    if numerical is None or match is None:
        return None
    digits, unit = match[1], match[2]
    digits = digits.replace(",", "") if "." in digits else digits.replace(",", ".")
    try:
        number = float(digits)
    except ValueError:
        return None
    if not unit:
        return NumberGiven(number, not numerical.units)
    known = _unit(numerical, unit)
    if known is not None:
        return NumberGiven(number / known, True)
    return NumberGiven(number, False) if numerical.units else None


def _unit(numerical: Numerical, typed: str) -> float | None:
    """The multiplier of the unit a student typed: as written, else ignoring case."""
    for same in (lambda unit: unit.name == typed, lambda unit: unit.name.casefold() == typed.casefold()):
        found = next((unit for unit in numerical.units if same(unit)), None)
        if found is not None:
            return found.multiplier
    return None


def grade_number(question: Question, given: NumberGiven) -> tuple[float, NumericAnswer | None]:
    """The share of the points (0–100) and the accepted number that earned it: the first answer
    whose range holds the number; a wrong or missing unit costs the penalty where units count."""
    numerical = question.numerical
    if numerical is None:
        return 0.0, None
    answer = next((answer for answer in numerical.answers if answer.accepts(given.value)), None)
    fraction = answer.fraction if answer else 0.0
    if not given.unit_right and numerical.units:
        if numerical.unit_grading == "response":
            fraction -= numerical.unit_penalty * fraction
        elif numerical.unit_grading == "question":
            fraction -= numerical.unit_penalty * 100
    return max(0.0, fraction), answer


def matching_options(question: Question) -> list[str]:
    """The answers a student matches the prompts with: each once, in alphabetical order, so that
    their order gives nothing of the key away."""
    return sorted(dict.fromkeys(pair.answer for pair in question.pairs), key=lambda answer: (answer.casefold(), answer))


def grade_matching(question: Question, picks: list[str | None]) -> float:
    """The share of the prompts matched right (Moodle's matching: every prompt weighs the same)."""
    prompts = question.prompts
    right = sum(pick == pair.answer for pair, pick in zip(prompts, picks, strict=True))
    return 100 * right / len(prompts)


def split_fractions(correct: list[bool]) -> list[float]:
    """The shares the exports give choices that keep none: 100 and 0 with one correct choice;
    with several, 100/n to each correct and -100/m to each wrong one, so ticking all earns nothing."""
    right = sum(correct)
    wrong = len(correct) - right
    if right == 1:
        return [100.0 if flag else 0.0 for flag in correct]
    return [100 / right if flag else -100 / wrong for flag in correct]


def choice_fractions(question: Question) -> list[float]:
    """Each choice's share: its own where every choice keeps one, else the split above."""
    if question.choices and all(choice.fraction is not None for choice in question.choices):
        return [float(choice.fraction or 0) for choice in question.choices]
    return split_fractions([choice.correct for choice in question.choices])


def grade_ticks(question: Question, ticked: list[Choice]) -> float:
    """A multiple-response answer: the ticked choices' shares summed, kept within 0–100 (Moodle)."""
    shares = dict(zip((id(choice) for choice in question.choices), choice_fractions(question), strict=True))
    return min(100.0, max(0.0, sum(shares[id(choice)] for choice in ticked)))
