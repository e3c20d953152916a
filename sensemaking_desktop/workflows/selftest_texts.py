"""What a self-test says to the person taking it, in the material's language, from one table
(resources/quizzes/selftest.toml), as quizzes/truth_words.py takes the true/false words: a German
quiz asks "Geben Sie die Antwort (wahr/falsch) ein" and answers "Richtig: wahr.", not English.
"""

import re
import tomllib
from functools import cache

from sensemaking_desktop import paths

TEXTS_FILE = ("quizzes", "selftest.toml")
FALLBACK = "en"
"""The language of a quiz whose language is unknown, or one the table lacks."""


COUNTED = re.compile(r"\{(\w+):([^{}]*\|[^{}]*)\}")
"""A word with its forms for a number, {count:question|questions}: "1 question", never "question(s)"."""


def say(language: str | None, key: str, **values: object) -> str:
    """The text `key` in `language` (English where the table lacks the language), filled with `values`,
    each counted word in the form its number takes in that language."""
    table = _table()
    spoken = language if language in table else FALLBACK

    def form(counted: re.Match[str]) -> str:
        forms = counted[2].split("|")
        return forms[min(plural_form(spoken, int(values[counted[1]])), len(forms) - 1)]

    return COUNTED.sub(form, table[spoken][key]).format(**values)


def plural_form(language: str, count: int) -> int:
    """Which of a word's forms goes with `count` (0 one, 1 few or other, 2 many), by the CLDR plural
    rules: Czech says 1 otázka, 2-4 otázky, 5 otázek; Ukrainian goes by the last digits (21 питання
    is "one", 12-14 питань "many"); English and German have one form for 1 and one for the rest."""
    if language == "uk":
        units, tens = count % 10, count % 100
        return 0 if units == 1 and tens != 11 else 1 if 2 <= units <= 4 and not 12 <= tens <= 14 else 2
    if language == "cs":
        return 0 if count == 1 else 1 if 2 <= count <= 4 else 2
    return 0 if count == 1 else 1


@cache
def _table() -> dict[str, dict[str, str]]:
    data = tomllib.loads(paths.resources_dir().joinpath(*TEXTS_FILE).read_text(encoding="utf-8"))
    return {language: texts for language, texts in data.items() if isinstance(texts, dict)}
