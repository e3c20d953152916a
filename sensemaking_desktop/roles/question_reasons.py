"""Why a question was dropped, in words: each reason the checks give is a key of
resources/quizzes/reasons.toml with its values (`quizzes.verification.Reason`), written in English
for the question's stored `reasons` and in the interface's language for a front end
(`workflows.reasons.verification_reasons`), as a grade's reason is (`grading_reasons`).
"""

import tomllib
from functools import cache
from typing import Any

from sensemaking_desktop import paths
from sensemaking_desktop.quizzes.verification import Reason

REASONS_FILE = ("quizzes", "reasons.toml")
FORMAT_KEYS = frozenset({"decimal_mark"})
"""Entries of a language's table that are no reason: how its figures are written."""


def reason(key: str, **values: str | int | float) -> Reason:
    """A reason by its key in reasons.toml, with the values its sentence names."""
    return Reason(key=key, values=values or None)


def english(found: Reason) -> str:
    """The reason as the question stores it."""
    text = in_language(found, "en")
    if text is None:
        raise KeyError(f"No English sentence for the reason {found.key!r} with {found.values}.")
    return text


def in_language(found: Reason, language: str) -> str | None:
    """The reason in `language` (English where reasons.toml has no such language or lacks the
    sentence); None where no table knows its key or its values do not fill the sentence, as for a
    reason written by a newer version."""
    words = _table(language)
    sentence = words.get(found.key or "")
    if sentence is None or found.key in FORMAT_KEYS:
        return None
    values = {name: _written(value, words["decimal_mark"]) for name, value in (found.values or {}).items()}
    try:
        return sentence.format(**values)
    except (KeyError, IndexError, ValueError):
        return None


def reason_keys() -> frozenset[str]:
    """Every reason's key, as the English table has them."""
    return frozenset(_reasons()["en"]) - FORMAT_KEYS


def _written(value: str | int | float, decimal_mark: str) -> str:
    if isinstance(value, float):
        return f"{value:.2f}".replace(".", decimal_mark)
    return str(value)


def _table(language: str) -> dict[str, str]:
    return _reasons()["en"] | _reasons().get(language.split("_")[0].casefold(), {})


@cache
def _reasons() -> dict[str, Any]:
    return tomllib.loads(paths.resources_dir().joinpath(*REASONS_FILE).read_text(encoding="utf-8"))
