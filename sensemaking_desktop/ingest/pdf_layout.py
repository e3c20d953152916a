"""A PDF page's lines in reading order: list bullets, tables, running headers and columns.

Why our own layout pass rather than PyMuPDF's `get_text(sort=True)` or `pymupdf4llm`:
on the two-column FAA handbook page of the shared eval data, against docling's reference
text, `sort=True` interleaves the columns line by line (55 % of the reference's words in
order) at ~30-40 pages/s; `pymupdf4llm` 2.0 with its layout model puts a left-column
paragraph under a right-column heading (82 %) at ~0.8 s a page, and its legacy mode drops
the text below the figure. Cutting the page at its column gutters (an XY-cut on the
lines' boxes), then mending the paragraph the column break cut (pdf_paragraphs.py), reads
that page in the reference order (100 %) and runs at ~600-700 pages/s, since it only needs
`get_text("dict")`.

Coordinates are PDF points in the unrotated page, as `get_text("dict")` gives them.
"""

import re
from collections import Counter
from dataclasses import dataclass, replace

import pymupdf

from sensemaking_desktop.ingest.furniture import is_page_number, line_key

TEXT_FLAGS = pymupdf.TEXT_MEDIABOX_CLIP
"""No image data (a third faster), ligatures expanded, whitespace normalised."""
_MARGIN = 0.12
"""Running headers, footers and page numbers live in this top and bottom share of a page."""
_MIN_GUTTER = 4.0
MIN_COLUMN_SHARE = 0.2
"""A column is at least this share of the page width, so a list's labels are not read as a column."""
HEADING_RATIO = 1.15
"""Print this much larger than the body text is a heading, never a running header."""
_BOLD = 16
_ITALIC = 2
_LEADER_DOTS = re.compile(r"(\s?\.){3,}")
_BULLETS = "•◦▪▫‣⁃∙●○■□◆◇►▶➢➤✓✔·\uf000-\uf0ff"
"""Bullet glyphs, with the private-use range where Symbol and Wingdings bullets land (U+F0B7)."""
_ONLY_BULLETS = re.compile(f"[{_BULLETS}\\s]+")
_LEADING_BULLET = re.compile(f"[{_BULLETS}]\\s+(?=\\S)")
_BULLET_GAP = 40.0
"""A list item's text starts within this many points right of its bullet."""


@dataclass
class Line:
    x0: float
    y0: float
    x1: float
    y1: float
    text: str
    size: float
    """Font size of the line's longest span, rounded to half a point."""
    emphasised: bool
    """Every span is bold, or every span is italic."""
    upright: bool
    """Written left to right, not rotated."""
    item: bool = False
    """The line starts a list item (its bullet, dropped from the text, stood in front of it)."""
    bold: bool = False
    """Every span is bold."""


@dataclass
class Chunk:
    """Lines that read as one unit in one column (a paragraph or part of one), or a table."""

    lines: list[Line]
    table: str | None = None
    box: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)

    def __post_init__(self) -> None:
        if self.lines:
            self.box = (
                min(line.x0 for line in self.lines),
                min(line.y0 for line in self.lines),
                max(line.x1 for line in self.lines),
                max(line.y1 for line in self.lines),
            )


@dataclass
class Page:
    number: int
    width: float
    height: float
    chunks: list[Chunk]


def read_page(page: pymupdf.Page, textpage: pymupdf.TextPage | None) -> Page:
    data = page.get_text("dict", flags=TEXT_FLAGS, textpage=textpage)
    blocks = [
        [line for raw in block["lines"] if (line := _line(raw))] for block in data["blocks"] if block["type"] == 0
    ]
    blocks = _list_items(_horizontal_only(blocks))
    tables = _tables(page, [line for lines in blocks for line in lines])
    if tables:
        blocks = [[line for line in lines if not _inside_any(line, tables)] for lines in blocks]
    chunks = [chunk for lines in blocks for chunk in _split_block(lines)] + tables
    return Page(page.number + 1, data["width"], data["height"], chunks)


def _line(raw: dict) -> Line | None:
    spans = [span for span in raw["spans"] if span["text"].strip()]
    if not spans:
        return None
    text = " ".join("".join(span["text"] for span in raw["spans"]).split())
    item = bool(_LEADING_BULLET.match(text))
    text = _LEADING_BULLET.sub("", text, count=1)
    longest = max(spans, key=lambda span: len(span["text"]))
    bold = all(span["flags"] & _BOLD or "bold" in span["font"].lower() for span in spans)
    italic = all(span["flags"] & _ITALIC for span in spans)
    x0, y0, x1, y1 = raw["bbox"]
    upright = raw["dir"][0] > 0.9
    return Line(x0, y0, x1, y1, text, round(longest["size"] * 2) / 2, bold or italic, upright, item, bold)


def _list_items(blocks: list[list[Line]]) -> list[list[Line]]:
    """Drop lines that are only bullet glyphs (a list's bullets often come as a block of their
    own, which read as a stray "• • •" paragraph) and mark the line each stood beside as the
    start of a list item."""
    bullets = [line for lines in blocks for line in lines if _ONLY_BULLETS.fullmatch(line.text)]
    if not bullets:
        return blocks
    kept = [
        [replace(line, item=line.item or any(_beside(bullet, line) for bullet in bullets)) for line in lines]
        for lines in blocks
    ]
    return [[line for line in lines if not _ONLY_BULLETS.fullmatch(line.text)] for lines in kept]


def _beside(bullet: Line, line: Line) -> bool:
    middle = (bullet.y0 + bullet.y1) / 2
    return line.y0 <= middle <= line.y1 and 0 <= line.x0 - bullet.x1 <= _BULLET_GAP


def _horizontal_only(blocks: list[list[Line]]) -> list[list[Line]]:
    """Drop rotated text (margin stamps, axis labels) unless the page has nothing else."""
    upright = [[line for line in lines if line.upright] for lines in blocks]
    return upright if any(upright) else blocks


def _split_block(lines: list[Line]) -> list[Chunk]:
    """MuPDF sometimes puts side-by-side lines (two captions, a column's last line and the
    next column's first) into one block; keep lines together only where they overlap in x."""
    groups: list[list[Line]] = []
    for line in lines:
        for group in groups:
            if min(group[-1].x1, line.x1) > max(group[-1].x0, line.x0):
                group.append(line)
                break
        else:
            groups.append([line])
    return [Chunk(group) for group in groups if group]


def _tables(page: pymupdf.Page, lines: list[Line]) -> list[Chunk]:
    """Ruled tables as text, rows of cells joined with " | ".

    `find_tables` costs ~80 ms a page (~500 ms with PyMuPDF's layout model, which we
    switch off), so it only runs where the text sits in rows of three or more cells and
    the page draws enough straight rules to hold a table.
    """
    if not _looks_tabular(lines) or not _has_rules(page):
        return []
    chunks = []
    for table in page.find_tables(use_layout=False).tables:
        rows = [_row_text(row.cells, lines) for row in table.rows]
        text = "\n".join(row for row in rows if row.strip(" |"))
        if text:
            chunks.append(Chunk([], table=text, box=tuple(table.bbox)))
    return chunks


def _row_text(cells: list[tuple[float, float, float, float] | None], lines: list[Line]) -> str:
    """Cells filled from our own lines: `Table.extract()` loses spaces and mixes up lines that
    sit close together (measured on the Federal Register's cost table). Leader dots go."""
    texts = []
    for cell in cells:
        if cell is not None:
            text = " ".join(line.text for line in lines if _centre_inside(line, cell))
            texts.append(" ".join(_LEADER_DOTS.sub(" ", text).split()))
    return " | ".join(texts)


def _looks_tabular(lines: list[Line]) -> bool:
    rows = Counter(round((line.y0 + line.y1) / 4) for line in lines)
    return sum(1 for cells in rows.values() if cells >= 3) >= 3


def _has_rules(page: pymupdf.Page) -> bool:
    rules = 0
    for path in page.get_cdrawings():
        for item in path["items"]:
            if item[0] == "re":
                rules += 4
            elif item[0] == "l" and (abs(item[1][0] - item[2][0]) < 1 or abs(item[1][1] - item[2][1]) < 1):
                rules += 1
    return rules >= 8


def _inside_any(line: Line, tables: list[Chunk]) -> bool:
    return any(_centre_inside(line, table.box) for table in tables)


def _centre_inside(line: Line, box: tuple[float, float, float, float]) -> bool:
    x, y = (line.x0 + line.x1) / 2, (line.y0 + line.y1) / 2
    return box[0] <= x <= box[2] and box[1] <= y <= box[3]


def body_size(pages: list[Page]) -> float:
    """The font size most characters are set in."""
    sizes: Counter[float] = Counter()
    for page in pages:
        for chunk in page.chunks:
            for line in chunk.lines:
                sizes[line.size] += len(line.text)
    return sizes.most_common(1)[0][0] if sizes else 0.0


def drop_running_lines(pages: list[Page], body_size: float) -> None:
    """Remove running headers and footers (the same line at the same height on three or more
    pages, digits ignored, not set larger than body text) and bare page numbers in the margins."""
    keys_by_page = [{_margin_key(line, page) for chunk in page.chunks for line in chunk.lines} for page in pages]
    counts = Counter(key for keys in keys_by_page for key in keys if key)
    needed = min(3, len(pages))
    repeated = {key for key, count in counts.items() if count >= needed} if len(pages) > 1 else set()
    for page in pages:
        kept = []
        for chunk in page.chunks:
            lines = [line for line in chunk.lines if not _is_running(line, page, repeated, body_size)]
            if chunk.table or lines:
                kept.append(chunk if chunk.table or len(lines) == len(chunk.lines) else Chunk(lines))
        page.chunks = kept


def _margin_key(line: Line, page: Page) -> tuple[str, int] | None:
    if page.height * _MARGIN < line.y1 and line.y0 < page.height * (1 - _MARGIN):
        return None
    return line_key(line.text), round(line.y0 / 2)


def _is_running(line: Line, page: Page, repeated: set[tuple[str, int]], body_size: float) -> bool:
    key = _margin_key(line, page)
    if key is None:
        return False
    if is_page_number(line.text):
        return True
    return key in repeated and line.size <= body_size * HEADING_RATIO


def reading_order(chunks: list[Chunk], min_column: float) -> list[Chunk]:
    """XY-cut: columns left to right where a gutter runs through the whole region, else
    horizontal bands (a full-width title or figure ends a band), each read the same way."""
    if len(chunks) <= 1:
        return chunks
    columns = _columns(chunks, min_column)
    if len(columns) > 1:
        return [chunk for column in columns for chunk in reading_order(column, min_column)]
    bands = _bands(chunks, min_column)
    if len(bands) > 1:
        return [chunk for band in bands for chunk in reading_order(band, min_column)]
    return sorted(chunks, key=lambda chunk: (chunk.box[1], chunk.box[0]))


def _column_cuts(chunks: list[Chunk], min_column: float) -> list[float]:
    """x positions of gutters no chunk crosses, keeping only those that leave every column wide."""
    spans = sorted((chunk.box[0], chunk.box[2]) for chunk in chunks)
    left, reach = spans[0]
    right = max(x1 for _, x1 in spans)
    gaps = []
    for x0, x1 in spans[1:]:
        if x0 - reach >= _MIN_GUTTER:
            gaps.append((reach + x0) / 2)
        reach = max(reach, x1)
    cuts: list[float] = []
    for gap in gaps:
        if gap - (cuts[-1] if cuts else left) >= min_column and right - gap >= min_column:
            cuts.append(gap)
    return cuts


def _columns(chunks: list[Chunk], min_column: float) -> list[list[Chunk]]:
    cuts = _column_cuts(chunks, min_column)
    columns: list[list[Chunk]] = [[] for _ in range(len(cuts) + 1)]
    for chunk in chunks:
        columns[sum(1 for cut in cuts if chunk.box[0] > cut)].append(chunk)
    return [column for column in columns if column]


def _bands(chunks: list[Chunk], min_column: float) -> list[list[Chunk]]:
    """Cut at every height no chunk crosses, then join neighbouring strips again while they
    share a gutter, so a two-column stretch stays one band however its paragraphs align."""
    strips: list[list[Chunk]] = []
    bottom = float("-inf")
    for chunk in sorted(chunks, key=lambda chunk: chunk.box[1]):
        if strips and chunk.box[1] < bottom - 1.0:
            strips[-1].append(chunk)
            bottom = max(bottom, chunk.box[3])
        else:
            strips.append([chunk])
            bottom = chunk.box[3]
    bands = [strips[0]]
    for strip in strips[1:]:
        if _column_cuts(bands[-1] + strip, min_column):
            bands[-1] = bands[-1] + strip
        else:
            bands.append(strip)
    return bands
