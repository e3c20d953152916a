"""Whose grades answers have, in the words a teacher reads: `answers show` and the class export say
them alike, so a grade the key decided is never called the grading model's in one of them."""

from collections.abc import Mapping

WHOSE = {
    "teacher": "yours",
    "key": "checked against the key",
    "automatic": "automatic from your grades",
    "evaluator": "by the grading model",
    "ungraded": "ungraded",
}
"""Each group's name (as --json gives its count) and its words, in the order they are said."""


def whose_grades(counts: Mapping[str, object]) -> str:
    """ "1 yours, 2 checked against the key, ...": the count of each group in `counts`."""
    return ", ".join(f"{counts[whose]} {words}" for whose, words in WHOSE.items())
