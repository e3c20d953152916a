"""What a self-test says to the person taking it, in the material's language, from one table
(resources/quizzes/selftest.toml), as quizzes/truth_words.py takes the true/false words: a German
quiz asks "Geben Sie die Antwort (wahr/falsch) ein" and answers "Richtig: wahr.", not English.
"""

import tomllib
from functools import cache

from sensemaking_desktop import paths

TEXTS_FILE = ("quizzes", "selftest.toml")
FALLBACK = "en"
"""The language of a quiz whose language is unknown, or one the table lacks."""


def say(language: str | None, key: str, **values: object) -> str:
    """The text `key` in `language` (English where the table lacks the language), filled with `values`."""
    table = _table()
    return table.get(language or FALLBACK, table[FALLBACK])[key].format(**values)


@cache
def _table() -> dict[str, dict[str, str]]:
    data = tomllib.loads(paths.resources_dir().joinpath(*TEXTS_FILE).read_text(encoding="utf-8"))
    return {language: texts for language, texts in data.items() if isinstance(texts, dict)}
