"""The words for true and false a self-test answer may be, in the material's language, from one
table (resources/quizzes/truth_words.toml): a German quiz takes "wahr" or "nein" as readily as an
English one takes "true" or "no", and its prompt shows the German words.
"""

import tomllib
from functools import cache

from sensemaking_desktop import paths
from sensemaking_desktop.quizzes.grading import normalise_answer

WORDS_FILE = ("quizzes", "truth_words.toml")
FALLBACK = "en"
"""The language whose words a quiz of no known language, or of one the table lacks, shows."""


def truth_pairs(language: str | None) -> list[tuple[str, str]]:
    """The (true, false) word pairs of a language, the one to show first; English where the table lacks it."""
    table = _table()
    return [(true, false) for true, false in table.get(language or FALLBACK, table[FALLBACK])["pairs"]]


def truth_word(reading: str, language: str | None) -> str:
    """ "true" or "false" as the quiz's language shows it ("wahr", "falsch"): the first pair's word."""
    true, false = truth_pairs(language)[0]
    return true if reading == "true" else false if reading == "false" else reading


def read_truth(text: str) -> str | None:
    """ "true" or "false" for a word of any language's table (case and surrounding punctuation do not
    count); None for any other text, and for a word one language reads as true and another as false,
    since the answer would then depend on a guess."""
    word = normalise_answer(text)
    return _readings().get(word)


@cache
def _readings() -> dict[str, str]:
    """Each known word with its reading, the ambiguous ones left out."""
    seen: dict[str, set[str]] = {}
    for language in _table().values():
        for true, false in language["pairs"]:
            seen.setdefault(normalise_answer(true), set()).add("true")
            seen.setdefault(normalise_answer(false), set()).add("false")
    return {word: readings.pop() for word, readings in seen.items() if len(readings) == 1}


@cache
def _table() -> dict[str, dict[str, list[list[str]]]]:
    data = tomllib.loads(paths.resources_dir().joinpath(*WORDS_FILE).read_text(encoding="utf-8"))
    return {language: words for language, words in data.items() if isinstance(words, dict)}
