"""A grade's reason for a reader, in the reader's language: kept apart from workflows.grading
so that a window showing grades does not load the Evaluator to show one."""

from typing import Any

from sensemaking_desktop.roles.grading_reasons import render


def reason_in_language(said: list[dict[str, Any]], reason: str | None, language: str) -> str:
    """A grade's reason in `language` where the grade kept its sentences as keys (`said`), else
    as stored (English, or a teacher's own words)."""
    return render(said, language) if said else reason or ""
