"""Page furniture out of the text: running headers and footers, bare page numbers, and words
hyphenated at line ends, for PDFs and plain text alike.

Left in, a running header glues itself into a sentence ("…картографічні методи..ПоВЕдінКа ТВаРин
44 Вроджена і набута поведінка…", the devset's Ukrainian book) and page numbers become the
answers of cloze questions; a word cut at a line end ("тіль-ки") is no term at all.
"""

import re
from collections import Counter
from collections.abc import Iterable, Sequence

PAGE_NUMBER = re.compile(
    r"(page|seite|strana|strona|сторінка|стр\.|p\.)?\s*([0-9]+|[ivxlcdm]+)([-–./][0-9]+)?"
    r"(\s*(/|of|von|z|ze|из|з)\s*[0-9]+)?",
    re.IGNORECASE,
)
"""A line that is only a page number: "44", "xii", "Page 3 of 12", "Seite 4/20", "- 7 -" once trimmed."""
EDGE_LINES = 2
"""Running headers and footers are among the first and last this many lines of a page."""
MIN_REPEATS = 3
"""A line is running when it stands at the edge of this many pages (all of them when fewer)."""
MIN_PAGE_LINES = 15
"""Lines repeating at a steadier interval than this in a text without form feeds mark its pages."""
_WORD = re.compile(r"\w+(?:[-‐]\w+)*")
_HYPHENATED_END = re.compile(r"(\w+)[-‐]$")
_FIRST_WORD = re.compile(r"\w+")
_SENTENCE_END = tuple(".!?…:;")
_CONJUNCTIONS = frozenset("und oder bzw and or to a i nebo či й і та або чи".split())
"""Words that follow a suspended hyphen ("Ein- und Ausgang", "pre- and post-war"): kept with a space."""
_INLINE_HEADER = re.compile(
    r"(?:(?<=[.!?…])|^)\s*((?:[^\W\d_][\w’'-]*\s+){2,6}?)(\d{1,4})(?=\s+[^\W\d_])", re.MULTILINE
)
"""A few words after a sentence end, a number and a word: where a header and page number sit
when a text lost its line breaks ("…методи..ПоВЕдінКа ТВаРин 44 Вроджена…")."""


def line_key(text: str) -> str:
    """What stays the same in a running line from page to page: letters in any case, digits masked
    ("Biology 7 — 44" and "BIOLOGY 7 — 45" are one line)."""
    return re.sub(r"\d+", "#", " ".join(text.casefold().split()))


def is_page_number(text: str) -> bool:
    return bool(PAGE_NUMBER.fullmatch(text.strip().strip("-–— ")))


def running_keys(edges: Sequence[Iterable[str]]) -> set[str]:
    """Keys of the lines that stand at the edge of MIN_REPEATS pages or more (of every page when
    there are fewer); `edges` holds each page's edge lines. One page has no running lines."""
    counts = Counter(key for page in edges for key in {line_key(line) for line in page if line.strip()})
    needed = min(MIN_REPEATS, len(edges))
    return {key for key, count in counts.items() if count >= needed} if len(edges) > 1 else set()


def strip_pages(pages: list[list[str]]) -> list[str]:
    """The pages' lines as one run of lines, without their running headers, footers and page
    numbers. A page's leading and trailing blank lines go too, so a paragraph that runs over a
    page break stays one paragraph; a page that ends a sentence is followed by a blank line.
    A single page is left as it is: its first or last line may be a number of the text's own."""
    if len(pages) == 1:
        return pages[0]
    running = running_keys([_edges(page) for page in pages])
    lines: list[str] = []
    for page in pages:
        body = _trim_blank(_without_furniture(page, running))
        if lines and body and lines[-1].rstrip().endswith(_SENTENCE_END):
            lines.append("")
        lines.extend(body)
    return lines


def text_pages(lines: list[str]) -> list[list[str]]:
    """A plain text's pages: cut at form feeds; without them, before each line that repeats at a
    steady interval (a running header or footer, a page number); else the whole text is one page."""
    if any("\f" in line for line in lines):
        return _form_feed_pages(lines)
    starts = _steady_repeats(lines)
    if not starts:
        return [lines]
    cuts = [0, *starts, len(lines)]
    return [lines[a:b] for a, b in zip(cuts, cuts[1:]) if b > a]


def strip_inline_headers(texts: list[str]) -> list[str]:
    """A text that lost its line breaks keeps its header glued between sentences: two to six words
    after a sentence end, then a page number and a capitalised word, three times or more with the
    number rising. Those words, in their exact spelling after a sentence end, and a number after
    them are removed."""
    runs: dict[str, list[int]] = {}
    for text in texts:
        for found in _INLINE_HEADER.finditer(text):
            if text[found.end() :].lstrip()[:1].isupper():
                runs.setdefault(" ".join(found.group(1).split()), []).append(int(found.group(2)))
    headers = [words for words, numbers in runs.items() if _rising_page_numbers(numbers)]
    if not headers:
        return texts
    glued = "|".join(re.escape(words).replace(r"\ ", r"\s+") for words in headers)
    pattern = re.compile(rf"(?:(?<=[.!?…])|^)(\s*)(?:{glued})(?:\s+\d{{1,4}})?(?=\s+\w)", re.MULTILINE)
    return [pattern.sub(r"\1", text) for text in texts]


class Hyphenation:
    """Mends words cut at line ends, judged against the words of the whole document.

    Measured on the line-end hyphens of the shared eval PDFs (the Ukrainian devset book, the
    Federal Register notice): a cut word whose joined form occurs elsewhere is joined (76), one
    whose hyphenated form occurs is kept (10: "ціп-ціп", "non-normal"), one before a capital or
    digit is kept (2, in a URL and an e-mail address); of the 55 with neither form elsewhere, 53
    were cut words and 2 compounds ("будь-якої", "науково-популярних"), so those are joined: 141
    of 143 right, where the reader before was right on 10 (docs/multilingual.md).
    """

    def __init__(self, texts: Iterable[str]) -> None:
        self.words = {word.casefold() for text in texts for word in _WORD.findall(text)}

    def join(self, lines: Sequence[str]) -> str:
        """A paragraph's lines as one line: a cut word mended, other lines joined with a space."""
        text = lines[0]
        for line in lines[1:]:
            text = self._glue(text, line)
        return text

    def mend(self, text: str) -> str:
        """`text` with its words cut at line ends mended and its other line breaks kept."""
        lines = text.split("\n")
        merged = [lines[0]]
        for line in lines[1:]:
            if _HYPHENATED_END.search(merged[-1]) or merged[-1].endswith("\u00ad"):
                merged[-1] = self._glue(merged[-1], line.lstrip())
            else:
                merged.append(line)
        return "\n".join(merged)

    def _glue(self, before: str, after: str) -> str:
        if before.endswith("\u00ad"):
            return before[:-1] + after
        cut, first = _HYPHENATED_END.search(before), _FIRST_WORD.match(after)
        if cut is None or first is None:
            return f"{before} {after}"
        head, tail = cut.group(1), first.group(0)
        joined, hyphenated = (head + tail).casefold(), f"{head}-{tail}".casefold()
        if not (head[-1].isalpha() and tail[0].islower()) or (hyphenated in self.words and joined not in self.words):
            return before + after
        if tail.casefold() in _CONJUNCTIONS and joined not in self.words:
            return f"{before} {after}"
        return before[:-1] + after


def _edges(page: list[str]) -> list[str]:
    filled = [line for line in page if line.strip()]
    return filled[:EDGE_LINES] + filled[-EDGE_LINES:]


def _without_furniture(page: list[str], running: set[str]) -> list[str]:
    edges = set(_edges(page))
    return [line for line in page if line not in edges or not (line_key(line) in running or is_page_number(line))]


def _trim_blank(lines: list[str]) -> list[str]:
    filled = [index for index, line in enumerate(lines) if line.strip()]
    return lines[filled[0] : filled[-1] + 1] if filled else []


def _form_feed_pages(lines: list[str]) -> list[list[str]]:
    pages: list[list[str]] = [[]]
    for line in lines:
        first, *rest = line.split("\f")
        pages[-1].append(first)
        pages.extend([part] for part in rest)
    return pages


def _steady_repeats(lines: list[str]) -> list[int]:
    """Where pages start in a text without form feeds: the lines of the one short line (digits
    masked) that recurs three times or more, never closer than MIN_PAGE_LINES and at most twice
    as far apart at one place as at another."""
    places: dict[str, list[int]] = {}
    for index, line in enumerate(lines):
        if line.strip() and len(line) <= 80:
            places.setdefault(line_key(line), []).append(index)
    steady = [
        indexes
        for indexes in places.values()
        if len(indexes) >= MIN_REPEATS
        and min(gaps := [b - a for a, b in zip(indexes, indexes[1:])]) >= MIN_PAGE_LINES
        and max(gaps) <= 2 * min(gaps)
    ]
    return max(steady, key=len, default=[])


def _rising_page_numbers(numbers: list[int]) -> bool:
    """Three or more numbers, each a little above the one before, as pages are."""
    return len(numbers) >= MIN_REPEATS and all(0 < b - a <= 5 for a, b in zip(numbers, numbers[1:]))
