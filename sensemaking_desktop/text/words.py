"""Words of a text: normalised for comparison, and reordered for controls of garbled text."""

import random
import re
import unicodedata

_WORD = re.compile(r"[\w']+")
MIN_ORDERED_WORDS = 4
"""Fewer distinct words than this in another order often still mean the same ("pop and push")."""


def normalise_words(text: str) -> list[str]:
    """Lower-case words without punctuation, so 'Country,' and 'country' count as one word."""
    folded = unicodedata.normalize("NFKC", text).casefold().replace("’", "'")
    return _WORD.findall(folded)


def word_order_matters(text: str) -> bool:
    """Whether `text` has enough distinct words for another order of them to be garbled."""
    return len({word.casefold() for word in text.split()}) >= MIN_ORDERED_WORDS


def shuffled_words(text: str, rng: random.Random) -> str | None:
    """The whitespace-separated words of `text` in another order; None with fewer than 2 distinct words."""
    words = text.split()
    if len(set(words)) < 2:
        return None
    shuffled = words[:]
    rng.shuffle(shuffled)
    if shuffled == words:
        shuffled = words[1:] + words[:1]
    return " ".join(shuffled)
