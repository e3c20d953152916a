"""The key of a numerical or matching question as lines a teacher types, in the window's editor
and `sensemaking quizzes add`: one plain-text notation for both, read back exactly.

Numerical, one accepted number a line, matched in order, then the units:
    3 ± 2 # Good!            3 within 2 (also "3 +- 2", "3:2", or a range "1..5"), full points
    50 % 3 ± 4 # Close       a share of the points
    0 % * # Completely wrong  any other number
    unit: m                  the key's own unit
    unit: cm = 100           another unit: the key's value times 100

Matching, one pair a line, prompt and answer:
    Forum -> An activity supporting asynchronous discussions.   ("→" also)
    -> Chat                  an extra answer that matches no prompt
"""

import re

from sensemaking_desktop.quizzes.model import Numerical, NumericAnswer, Pair, Unit, short_number

_SHARE = re.compile(r"\s*(-?[\d.]+)\s*%:?\s*(.*)", re.S)
_UNIT = re.compile(r"unit:\s*(.+?)\s*(?:=\s*(\S+))?\s*", re.I)
_ARROW = re.compile(r"\s*(?:->|→)\s*")


def numerical_text(numerical: Numerical) -> str:
    """The key as the lines above."""
    lines = [_answer_line(answer) for answer in numerical.answers]
    for unit in numerical.units:
        factor = "" if unit.multiplier == 1 else f" = {short_number(unit.multiplier)}"
        lines.append(f"unit: {unit.name}{factor}")
    return "\n".join(lines)


def _answer_line(answer: NumericAnswer) -> str:
    share = "" if answer.fraction >= 100 else f"{short_number(answer.fraction)} % "
    value = "*" if answer.value is None else short_number(answer.value)
    tolerance = f" ± {short_number(answer.tolerance)}" if answer.tolerance and answer.value is not None else ""
    feedback = f" # {answer.feedback}" if answer.feedback else ""
    return f"{share}{value}{tolerance}{feedback}"


def parse_numerical(text: str, before: Numerical | None = None) -> Numerical:
    """The lines as a numerical key; how units are graded stays as `before` had it. Raises
    ValueError naming the line that is not one."""
    answers, units = [], []
    for number, line in enumerate((line.strip() for line in text.splitlines()), start=1):
        if not line:
            continue
        unit = _UNIT.fullmatch(line)
        try:
            if unit:
                units.append(Unit(name=unit[1], multiplier=float(unit[2] or 1)))
            else:
                answers.append(_read_answer(line))
        except ValueError as error:
            raise ValueError(f"line {number} ({line!r}) is not a number with its tolerance: {error}") from None
    if not answers:
        raise ValueError("give at least one number, such as 3 ± 0.5")
    grading = before.model_dump(include={"unit_grading", "unit_penalty"}) if before else {}
    return Numerical(answers=answers, units=units, **grading)


def _read_answer(line: str) -> NumericAnswer:
    fraction = 100.0
    share = _SHARE.fullmatch(line)
    if share:
        fraction, line = float(share[1]), share[2]
    spec, _, feedback = line.partition("#")
    value, tolerance = read_range(spec.strip())
    return NumericAnswer(value=value, tolerance=tolerance, fraction=fraction, feedback=feedback.strip() or None)


def read_range(spec: str) -> tuple[float | None, float]:
    """A number with its tolerance as "3 ± 2", "3 +- 2", "3:2" (GIFT), "1..5" (a range) or "3";
    "*" is any number. Raises ValueError when it is none of these."""
    if spec == "*":
        return None, 0.0
    if ".." in spec:
        low, high = (float(part) for part in spec.split("..", 1))
        return (low + high) / 2, abs(high - low) / 2
    for mark in ("±", "+-", ":"):
        if mark in spec:
            value, tolerance = spec.split(mark, 1)
            return float(value), abs(float(tolerance))
    return float(spec), 0.0


def pairs_text(pairs: list[Pair]) -> str:
    """The pairs as "prompt -> answer" lines; an extra answer as "-> answer"."""
    return "\n".join(f"{pair.prompt} -> {pair.answer}".strip() for pair in pairs)


def parse_pairs(text: str) -> list[Pair]:
    """The lines as pairs. Raises ValueError naming a line without an arrow or an answer."""
    pairs = []
    for number, line in enumerate((line.strip() for line in text.splitlines()), start=1):
        if not line:
            continue
        parts = _ARROW.split(line, maxsplit=1)
        if len(parts) != 2 or not parts[1].strip():
            raise ValueError(f"line {number} ({line!r}) needs a prompt, an arrow -> and its answer")
        pairs.append(Pair(prompt=parts[0].strip(), answer=parts[1].strip()))
    return pairs
