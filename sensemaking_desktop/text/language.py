"""The language a text is written in, from the text alone: for materials and their sections at
import, and for a student's answer when it is graded.

py3langid (langid.py's model, 4.5 MB) was chosen over lingua-language-detector (a 96 MB wheel)
by measurement (docs/multilingual.md): both limited to LANGUAGE_NAMES were right on every devset
section and paragraph and on 99.9 % of SAF's German answers, and traded blows on three-word
snippets; py3langid loads in 0.4 s instead of 2.6 s, holds about 120 MB instead of 490 MB and
takes 0.03 ms a short answer instead of 0.3 ms.
"""

import functools
import re
from typing import Any

LANGUAGE_NAMES: dict[str, str] = {
    "en": "English",
    "de": "German",
    "cs": "Czech",
    "sk": "Slovak",
    "pl": "Polish",
    "uk": "Ukrainian",
    "ru": "Russian",
    "fr": "French",
    "es": "Spanish",
    "it": "Italian",
    "pt": "Portuguese",
    "nl": "Dutch",
    "sv": "Swedish",
    "da": "Danish",
    "hu": "Hungarian",
    "sl": "Slovenian",
    "hr": "Croatian",
}
"""The languages detect() chooses among, by ISO 639-1 code. Close neighbours (Slovak beside
Czech, Russian beside Ukrainian) are here so that their texts are not taken for the other."""

MIN_LETTERS = 4
"""Fewer letters than this (a number, an IP address, "ok") say nothing about a language."""
MIN_PROBABILITY = 0.5
"""Below this probability the text is unclear: on SAF's answers cut to three words, 0.5 kept
wrong guesses to 2 % where accepting every guess gave 15 % (English) and left 40 % unknown."""
_LETTER = re.compile(r"[^\W\d_]")
_OWN_LETTERS = {"uk": set("іїєґ"), "ru": set("ыэёъ"), "cs": set("ěřů"), "sk": set("äľĺŕô")}
"""Letters one language of a close pair has and the other lacks."""
_NEIGHBOUR = {"uk": "ru", "ru": "uk", "cs": "sk", "sk": "cs"}


def detect(text: str) -> str | None:
    """The ISO 639-1 code of the language `text` is written in, or None when the text is too
    short or too mixed to tell; callers then fall back to what they know (the material's language)."""
    if len(_LETTER.findall(text)) < MIN_LETTERS:
        return None
    language, probability = _identifier().classify(text)
    if language in _NEIGHBOUR and _only_letters_of(_NEIGHBOUR[language], text.lower()):
        return _NEIGHBOUR[language]
    return language if probability >= MIN_PROBABILITY else None


def _only_letters_of(language: str, text: str) -> bool:
    """Whether `text` has letters that `language` writes and its close neighbour lacks, and none
    the other way round: the model alone took 51 of 654 three-word snippets of the Ukrainian
    devset book for Russian, some with an і or є that Russian lacks."""
    letters = set(text)
    return bool(letters & _OWN_LETTERS[language]) and not letters & _OWN_LETTERS[_NEIGHBOUR[language]]


def language_name(code: str | None) -> str:
    """ "German" for "de"; a code the app does not know is shown as it is, None as "unknown"."""
    if not code:
        return "unknown"
    return LANGUAGE_NAMES.get(code, code)


@functools.cache
def _identifier() -> Any:
    """Built once, on first use: importing and unpacking the model takes about 0.4 s."""
    from py3langid.langid import MODEL_FILE, LanguageIdentifier

    identifier = LanguageIdentifier.from_model_file(MODEL_FILE, norm_probs=True)
    identifier.set_languages(list(LANGUAGE_NAMES))
    return identifier
