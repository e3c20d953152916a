"""Finding a quoted piece of evidence in the material, allowing for small differences.

Small models rarely quote exactly: they change case, spacing, punctuation or a word. A
quote counts as found when a fuzzy alignment scores at least MIN_SCORE; its place in the
material is kept so the app can show the passage.
"""

import re
from dataclasses import dataclass

from rapidfuzz import fuzz

MIN_SCORE = 85.0
MIN_QUOTE_CHARS = 8
"""Shorter quotes ("yes", a number) are found almost anywhere and prove nothing."""


@dataclass(frozen=True)
class Located:
    quote: str
    start: int
    end: int
    score: float


def locate(quote: str, material: str) -> Located | None:
    """Where `quote` stands in `material` (character offsets), or None when it is not there."""
    needle = _normalise(quote)
    if len(needle) < MIN_QUOTE_CHARS:
        return None
    haystack, offsets = _normalise_with_offsets(material)
    alignment = fuzz.partial_ratio_alignment(needle, haystack)
    if alignment is None or alignment.score < MIN_SCORE:
        return None
    start = offsets[alignment.dest_start]
    end = offsets[max(alignment.dest_end - 1, alignment.dest_start)] + 1
    return Located(quote=quote, start=start, end=end, score=alignment.score)


def _normalise(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip().casefold()


def _normalise_with_offsets(text: str) -> tuple[str, list[int]]:
    """Whitespace runs folded to one space and case folded, with each character's original offset."""
    chars: list[str] = []
    offsets: list[int] = []
    for match in re.finditer(r"\s+|\S", text):
        piece = " " if match.group().isspace() else match.group().casefold()
        if piece == " " and (not chars or chars[-1] == " "):
            continue
        for char in piece:
            chars.append(char)
            offsets.append(match.start())
    return "".join(chars), offsets
