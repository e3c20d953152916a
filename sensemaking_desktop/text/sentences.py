"""Sentences of a text as offsets, so a question can point to the exact span it came from."""

import re

_SENTENCE_END = re.compile(r"[.!?…][\"'”’»)\]]*\s+|[。！？]\s*")
PARAGRAPH_BREAK = re.compile(r"\n[ \t]*\n\s*")


def sentence_bounds(text: str) -> list[tuple[int, int]]:
    """(start, end) of each sentence, cut after sentence ends and paragraph breaks; the
    Teacher uses the offsets to record where a question's answer lies."""
    cuts = sorted({0, *sentence_breaks(text), *breaks(text, PARAGRAPH_BREAK), len(text)})
    return list(zip(cuts, cuts[1:]))


def sentence_breaks(text: str) -> list[int]:
    """After a sentence end, unless a lower-case word follows ("e.g. this" goes on)."""
    return [cut for cut in breaks(text, _SENTENCE_END) if not text[cut].islower()]


def breaks(text: str, pattern: re.Pattern[str]) -> list[int]:
    """Positions just after each match, inside the text."""
    return [match.end() for match in pattern.finditer(text) if 0 < match.end() < len(text)]
