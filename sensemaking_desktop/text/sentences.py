"""Sentences of a text as offsets, so a question can point to the exact span it came from.

English keeps the rule measured on the English materials (a sentence end followed by anything
but a lower-case word). Other languages are cut by sentencex (Wikimedia's segmenter, about 300
languages), which knows each language's abbreviations and ordinals ("z. B.", "3. Mai", "např.",
"19 ст."), where the English rule cut "Am 3." from "Mai"; paragraph breaks cut in both.
"""

import re

from sentencex import get_sentence_boundaries

_SENTENCE_END = re.compile(r"[.!?…][\"'”’»)\]]*\s+|[。！？]\s*")
PARAGRAPH_BREAK = re.compile(r"\n[ \t]*\n\s*")
_ABBREVIATION_BEFORE = re.compile(
    r"(?<![\w.])(?:Mt|St|Ste|Dr|Mr|Mrs|Ms|Prof|Sr|Jr|Gen|Gov|Sen|Rep|Rev|Capt|Lt|Col|Sgt|Fig|Figs|No|Nos|Vol|"
    r"Inc|Ltd|Co|Corp|Dept|Univ|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec|approx|ca|cf|vs|U\.S|P\.O|e\.g|i\.e)"
    r"\.\s+$"
)
"""English titles and abbreviations whose full stop is no sentence end when a capital follows."""
_END_BEFORE_NUMBER = re.compile(r"(?<=[^\W\d_]{3})[.!?]\s+(?=\d)")
"""A word of three letters or more, a full stop, then a number: sentencex reads the number as
going on ("…an Encephalitis. 2.500 Kinder…"); an ordinal ("3. Mai") has its digit before the stop."""


def sentence_bounds(text: str, language: str | None = None) -> list[tuple[int, int]]:
    """(start, end) of each sentence, cut after sentence ends and paragraph breaks; the
    Teacher uses the offsets to record where a question's answer lies."""
    ends = sentence_breaks(text) if language in (None, "en") else _segmented(text, language)
    cuts = sorted({0, *ends, *breaks(text, PARAGRAPH_BREAK), len(text)})
    return list(zip(cuts, cuts[1:]))


def sentence_breaks(text: str) -> list[int]:
    """After a sentence end, unless a lower-case word follows ("e.g. this" goes on) or the stop
    ends a title or abbreviation that a name follows ("Mount St. Helens", "Dr. Smith")."""
    return [
        cut
        for cut in breaks(text, _SENTENCE_END)
        if not text[cut].islower() and not _ABBREVIATION_BEFORE.search(text, 0, cut)
    ]


def _segmented(text: str, language: str) -> list[int]:
    """Sentence starts as sentencex finds them in `language`, the space before each kept with
    the sentence before it, as the English rule does."""
    starts = []
    for found in get_sentence_boundaries(language, text):
        start = found["start_index"]
        while start < len(text) and text[start].isspace():
            start += 1
        if 0 < start < len(text):
            starts.append(start)
    return [*starts, *breaks(text, _END_BEFORE_NUMBER)]


def breaks(text: str, pattern: re.Pattern[str]) -> list[int]:
    """Positions just after each match, inside the text."""
    return [match.end() for match in pattern.finditer(text) if 0 < match.end() < len(text)]
