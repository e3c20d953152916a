"""A grade's reason and flags for a reader, the reason in the reader's language: kept apart from
workflows.grading so that a window showing grades does not load the Evaluator to show one."""

from collections.abc import Iterable
from typing import Any

from sensemaking_desktop.roles.grading_gates import flag_text
from sensemaking_desktop.roles.grading_reasons import render


def reason_in_language(said: list[dict[str, Any]], reason: str | None, language: str) -> str:
    """A grade's reason in `language` where the grade kept its sentences as keys (`said`), else
    as stored (English, or a teacher's own words)."""
    return render(said, language) if said else reason or ""


def flag_texts(flags: Iterable[str]) -> list[str]:
    """What each of a grade's flags means, for a reader: a grading gate's text as it is declared
    (`roles.grading_gates`), another flag's from the grading vocabulary, else the flag's name."""
    return [flag_text(flag) for flag in flags]
