"""A grade's reason and flags, and why a question was dropped, for a reader in the reader's
language: kept apart from workflows.grading so that a window showing grades does not load the
Evaluator to show one."""

from collections.abc import Iterable
from typing import Any

from sensemaking_desktop.quizzes.verification import Verification
from sensemaking_desktop.roles.grading_gates import flag_text
from sensemaking_desktop.roles.grading_reasons import render
from sensemaking_desktop.roles.question_reasons import in_language


def reason_in_language(said: list[dict[str, Any]], reason: str | None, language: str) -> str:
    """A grade's reason in `language` where the grade kept its sentences as keys (`said`), else
    as stored (English, or a teacher's own words)."""
    return render(said, language) if said else reason or ""


def flag_texts(flags: Iterable[str], language: str = "en") -> list[str]:
    """What each of a grade's flags means, for a reader, in `language` where
    resources/grading/flags.toml has it: a grading gate's text as it is declared
    (`roles.grading_gates`), another flag's from the grading vocabulary, else the flag's name."""
    return [flag_text(flag, language) for flag in flags]


def verification_reasons(verification: Verification, language: str) -> list[str]:
    """Why the Teacher's checks dropped a question, in `language` where the question kept its
    reasons as keys (resources/quizzes/reasons.toml); as stored (English) where it did not (a
    question checked by an earlier version), and for a key this version does not know."""
    stored = verification.reasons or []
    keyed = verification.reason_keys or []
    if len(keyed) != len(stored):
        return list(stored)
    return [in_language(found, language) or text for found, text in zip(keyed, stored, strict=True)]
