"""A PDF's pages as blocks: headings from the outline or the fonts, paragraphs and list items,
and paragraphs a column break cut joined again."""

from dataclasses import dataclass, field

import pymupdf

from sensemaking_desktop.ingest.extracted import Block
from sensemaking_desktop.ingest.furniture import Hyphenation
from sensemaking_desktop.ingest.pdf_layout import (
    HEADING_RATIO,
    MIN_COLUMN_SHARE,
    Chunk,
    Line,
    Page,
    body_size,
    reading_order,
)

_MAX_HEADING_CHARS = 200
_MAX_EMPHASIS_WORDS = 12
_SENTENCE_END = tuple(".!?…:;")
_TRAILING_CLOSERS = "\"'”’»)]"


@dataclass
class _Paragraph:
    text: str
    level: int | None = None
    table: bool = False
    lines: int = 1
    size: float = 0.0


@dataclass
class Typography:
    """What tells headings and small print from body text in this document. Headings come
    from the outline (TOC) when there is one, else from fonts."""

    body_size: float
    toc: dict[int, list[tuple[int, str]]] = field(default_factory=dict)
    """Page number → (level, title) entries of the outline."""
    size_levels: dict[float, int] = field(default_factory=dict)
    emphasis_level: int | None = None
    bold_lines: bool = False
    """A bold line in a chunk of its own may be a heading: the body text is not set in bold."""


def typography(doc: pymupdf.Document, pages: list[Page]) -> Typography:
    """Use the outline when the document has one. Otherwise lines set clearly larger than
    the body text are headings, larger sizes higher, and a bold or italic line that opens
    a paragraph (a run-in heading, as in the FAA handbook) comes one level below the
    smallest such size, as does a short bold line standing alone (a heading set in bold body
    type, as in the Federal Register) unless the body itself is bold; levels stop at 3."""
    toc: dict[int, list[tuple[int, str]]] = {}
    for level, title, page in doc.get_toc(simple=True):
        if 1 <= page <= len(pages) and title.strip():
            toc.setdefault(page, []).append((min(level, 3), " ".join(title.split())))
    body = body_size(pages)
    if toc:
        return Typography(body, toc=toc)
    threshold = body * HEADING_RATIO
    large = {
        chunk.lines[start].size
        for page in pages
        for chunk in page.chunks
        for start, _ in _large_runs(chunk.lines, threshold)
    }
    levels = {size: min(rank + 1, 3) for rank, size in enumerate(sorted(large, reverse=True))}
    emphasis = min(len(set(levels.values())) + 1, 3)
    return Typography(body, size_levels=levels, emphasis_level=emphasis, bold_lines=not _bold_body(pages, body))


def _bold_body(pages: list[Page], body: float) -> bool:
    """Most of the text in the body size is bold."""
    lines = [line for page in pages for chunk in page.chunks for line in chunk.lines if line.size == body]
    return sum(len(line.text) for line in lines if line.bold) * 2 > sum(len(line.text) for line in lines)


def cover_title(pages: list[Page], typo: Typography) -> str | None:
    """The largest print on the first page with text, when it is set clearly larger than the
    body and short enough for a title: what a reader takes for the title when the metadata
    has none (a word processor's Title style is often left out of the outline)."""
    first = next((page for page in pages if page.chunks), None)
    lines = [line for chunk in first.chunks for line in chunk.lines] if first else []
    if not lines:
        return None
    size = max(line.size for line in lines)
    if size < typo.body_size * HEADING_RATIO:
        return None
    text = " ".join(line.text for line in lines if line.size == size)
    readable = sum(character.isalpha() for character in text) >= 3  # not a drop cap or a big "1"
    return text if readable and _could_be_heading(text) else None


def page_blocks(page: Page, typo: Typography, hyphenation: Hyphenation) -> list[Block]:
    paragraphs: list[_Paragraph] = []
    for chunk in reading_order(page.chunks, page.width * MIN_COLUMN_SHARE):
        if chunk.table:
            paragraphs.append(_Paragraph(chunk.table, table=True, lines=chunk.table.count("\n") + 1))
        else:
            paragraphs.extend(_chunk_paragraphs(chunk, typo, page.number, hyphenation))
    paragraphs = _add_unmatched_toc(paragraphs, typo.toc.get(page.number, []))
    rejoined = _rejoin_split(paragraphs, typo.body_size, hyphenation)
    return [Block(p.text, page=page.number, heading_level=p.level) for p in rejoined]


def _chunk_paragraphs(chunk: Chunk, typo: Typography, page: int, hyphenation: Hyphenation) -> list[_Paragraph]:
    """Split a chunk into its heading lines and the body text between them."""
    lines = chunk.lines
    marks = _toc_marks(lines, typo.toc.get(page, [])) if typo.toc else _font_marks(lines, typo)
    paragraphs: list[_Paragraph] = []
    position = 0
    for start, end, level in [*marks, (len(lines), len(lines), None)]:
        if start > position:
            paragraphs.append(_paragraph(lines[position:start], None, hyphenation))
        if end > start:
            paragraphs.append(_paragraph(lines[start:end], level, hyphenation))
        position = end
    return paragraphs


def _paragraph(lines: list[Line], level: int | None, hyphenation: Hyphenation) -> _Paragraph:
    """The lines joined into one text; a list's items each on a line of their own, as "- item"."""
    size = max(lines, key=lambda line: len(line.text)).size
    runs: list[list[Line]] = []
    for line in lines:
        if line.item or not runs:
            runs.append([line])
        else:
            runs[-1].append(line)
    text = "\n".join(("- " if run[0].item else "") + hyphenation.join([line.text for line in run]) for run in runs)
    return _Paragraph(text, level, lines=len(lines), size=size)


def _large_runs(lines: list[Line], threshold: float) -> list[tuple[int, int]]:
    """Runs of consecutive lines in one size at or above `threshold`, short enough for a heading."""
    runs = []
    index = 0
    while index < len(lines):
        end = index + 1
        if lines[index].size >= threshold:
            while end < len(lines) and lines[end].size == lines[index].size:
                end += 1
            if _could_be_heading(" ".join(line.text for line in lines[index:end])):
                runs.append((index, end))
        index = end
    return runs


def _could_be_heading(text: str) -> bool:
    """Short enough for a heading, and not a sentence: a large-print lead paragraph ends in a full stop."""
    return len(text) <= _MAX_HEADING_CHARS and not text.endswith(".")


def _font_marks(lines: list[Line], typo: Typography) -> list[tuple[int, int, int]]:
    threshold = min(typo.size_levels, default=float("inf"))
    marks = [(start, end, typo.size_levels[lines[start].size]) for start, end in _large_runs(lines, threshold)]
    if not marks and typo.emphasis_level and typo.bold_lines and _bold_alone(lines, typo.body_size):
        return [(0, len(lines), typo.emphasis_level)]
    if typo.emphasis_level:
        taken = {index for start, end, _ in marks for index in range(start, end)}
        for index in range(len(lines) - 1):
            if index not in taken and index + 1 not in taken and _emphasis_heading(lines, index):
                marks.append((index, index + 1, typo.emphasis_level))
    return sorted(marks)


def _emphasis_heading(lines: list[Line], index: int) -> bool:
    """A bold or italic line of a few words, without closing punctuation, that starts a new
    sentence and has body text right under it in the same chunk (a run-in heading).
    A lone bold line is not taken: figure labels look just like that."""
    line = lines[index]
    after_sentence = index == 0 or lines[index - 1].text.rstrip(_TRAILING_CLOSERS).endswith(_SENTENCE_END)
    return (
        line.emphasised
        and after_sentence
        and not lines[index + 1].emphasised
        and len(line.text.split()) <= _MAX_EMPHASIS_WORDS
        and not line.text.endswith((".", ",", ";", ":"))
    )


def _bold_alone(lines: list[Line], body_size: float) -> bool:
    """A chunk of one to three bold lines, a few words at body size or larger, without closing
    punctuation: a heading on a line of its own. Bold print smaller than the body is a figure
    label (the FAA handbook's "Tightened nut"), a bare number a page or figure number."""
    text = " ".join(line.text for line in lines)
    return (
        len(lines) <= 3
        and all(line.bold for line in lines)
        and min(line.size for line in lines) >= body_size
        and len(text.split()) <= _MAX_EMPHASIS_WORDS
        and not text.endswith((".", ",", ";", ":"))
        and sum(character.isalpha() for character in text) >= 3
    )


def _toc_marks(lines: list[Line], entries: list[tuple[int, str]]) -> list[tuple[int, int, int]]:
    """The lines that spell an outline title of this page; a title may wrap over four lines."""
    wanted = {_normal(title): level for level, title in entries}
    marks = []
    start = 0
    while start < len(lines):
        text = ""
        end = start
        matched = None
        while end < min(start + 4, len(lines)):
            text = _normal(f"{text} {lines[end].text}")
            end += 1
            if text in wanted:
                matched = (start, end, wanted[text])
                break
            if not any(title.startswith(text) for title in wanted):
                break
        if matched:
            marks.append(matched)
            start = matched[1]
        else:
            start += 1
    return marks


def _normal(text: str) -> str:
    return " ".join(text.casefold().split())


def _add_unmatched_toc(paragraphs: list[_Paragraph], entries: list[tuple[int, str]]) -> list[_Paragraph]:
    """Outline titles not found in the page's text still start a section, at the page's top."""
    found = {_normal(p.text) for p in paragraphs if p.level is not None}
    missing = [_Paragraph(title, level) for level, title in entries if _normal(title) not in found]
    return missing + paragraphs


def _rejoin_split(paragraphs: list[_Paragraph], body_size: float, hyphenation: Hyphenation) -> list[_Paragraph]:
    """A paragraph cut by a column break ends without a full stop and goes on in lower case
    in the next column, perhaps after figure labels or a caption; join the two halves and
    put what stood between them after the paragraph."""
    result = list(paragraphs)
    index = 0
    while index < len(result):
        if _open_ended(result[index]):
            follow = index + 1
            while follow < len(result) and follow - index <= 10 and _is_aside(result[follow], body_size):
                follow += 1
            if follow < len(result) and _continues(result[follow]):
                joined = hyphenation.join([result[index].text, result[follow].text])
                merged = _Paragraph(joined, lines=result[index].lines + result[follow].lines, size=result[index].size)
                result[index : follow + 1] = [merged, *result[index + 1 : follow]]
                continue
        index += 1
    return result


def _open_ended(paragraph: _Paragraph) -> bool:
    text = paragraph.text.rstrip(_TRAILING_CLOSERS)
    return paragraph.level is None and not paragraph.table and bool(text) and not text.endswith(_SENTENCE_END)


def _is_aside(paragraph: _Paragraph, body_size: float) -> bool:
    """Tables, footnotes (small print), figure labels and captions (one short line)."""
    if paragraph.table:
        return True
    short = paragraph.lines == 1 and len(paragraph.text.split()) <= 12
    return paragraph.level is None and (short or paragraph.size < body_size)


def _continues(paragraph: _Paragraph) -> bool:
    return paragraph.level is None and not paragraph.table and paragraph.text[:1].islower()
