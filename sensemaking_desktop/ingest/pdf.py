"""PDF and EPUB text in reading order, without running headers, with headings and tables.

Why our own layout pass rather than PyMuPDF's `get_text(sort=True)` or `pymupdf4llm`:
on the two-column FAA handbook page of the shared eval data, against docling's reference
text, `sort=True` interleaves the columns line by line (55 % of the reference's words in
order) at ~30-40 pages/s; `pymupdf4llm` 2.0 with its layout model puts a left-column
paragraph under a right-column heading (82 %) at ~0.8 s a page, and its legacy mode drops
the text below the figure. Cutting the page at its column gutters (an XY-cut on the
lines' boxes), then mending the paragraph the column break cut, reads that page in the
reference order (100 %) and runs at ~600-700 pages/s, since it only needs
`get_text("dict")`.

Coordinates are PDF points in the unrotated page, as `get_text("dict")` gives them.
"""

import os
import re
import shutil
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path

import pymupdf

from sensemaking_desktop.budget import BUDGETS, check_pages
from sensemaking_desktop.cancel import NEVER, CancelToken
from sensemaking_desktop.ingest.errors import IngestError, PasswordRequired
from sensemaking_desktop.ingest.extracted import Block, Extracted
from sensemaking_desktop.ingest.furniture import Hyphenation, is_page_number, line_key
from sensemaking_desktop.ingest.headings import first_heading, material_title

# MuPDF's own warnings would print extra lines around our one-line error messages.
pymupdf.TOOLS.mupdf_display_errors(False)
pymupdf.TOOLS.mupdf_display_warnings(False)

Progress = Callable[[int, int], None]

_MUPDF_ERRORS = (RuntimeError, pymupdf.mupdf.FzErrorBase)
"""PyMuPDF raises its own errors as RuntimeError, MuPDF's C++ layer as FzErrorBase."""

_TEXT_FLAGS = pymupdf.TEXT_MEDIABOX_CLIP
"""No image data (a third faster), ligatures expanded, whitespace normalised."""
_OCR_DPI = 300
_MARGIN = 0.12
"""Running headers, footers and page numbers live in this top and bottom share of a page."""
_MIN_GUTTER = 4.0
_MIN_COLUMN_SHARE = 0.2
"""A column is at least this share of the page width, so a list's labels are not read as a column."""
_HEADING_RATIO = 1.15
_MAX_HEADING_CHARS = 200
_MAX_EMPHASIS_WORDS = 12
_BOLD = 16
_ITALIC = 2
_SENTENCE_END = tuple(".!?…:;")
_TRAILING_CLOSERS = "\"'”’»)]"
_LEADER_DOTS = re.compile(r"(\s?\.){3,}")
_BULLETS = "•◦▪▫‣⁃∙●○■□◆◇►▶➢➤✓✔·\uf000-\uf0ff"
"""Bullet glyphs, with the private-use range where Symbol and Wingdings bullets land (U+F0B7)."""
_ONLY_BULLETS = re.compile(f"[{_BULLETS}\\s]+")
_LEADING_BULLET = re.compile(f"[{_BULLETS}]\\s+(?=\\S)")
_BULLET_GAP = 40.0
"""A list item's text starts within this many points right of its bullet."""


@dataclass
class _Line:
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


@dataclass
class _Chunk:
    """Lines that read as one unit in one column (a paragraph or part of one), or a table."""

    lines: list[_Line]
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
class _Page:
    number: int
    width: float
    height: float
    chunks: list[_Chunk]


@dataclass
class _Paragraph:
    text: str
    level: int | None = None
    table: bool = False
    lines: int = 1
    size: float = 0.0


@dataclass
class _Typography:
    """What tells headings and small print from body text in this document. Headings come
    from the outline (TOC) when there is one, else from fonts."""

    body_size: float
    toc: dict[int, list[tuple[int, str]]] = field(default_factory=dict)
    """Page number → (level, title) entries of the outline."""
    size_levels: dict[float, int] = field(default_factory=dict)
    emphasis_level: int | None = None


def extract_pdf(
    path: Path,
    *,
    password: str | None = None,
    cancel: CancelToken = NEVER,
    on_progress: Progress | None = None,
    ocr_language: str = "eng",
) -> Extracted:
    """Read a PDF into blocks in reading order; `on_progress(pages_done, pages_total)`.

    Raises `PasswordRequired` for an encrypted PDF without the right password and
    `IngestError` for anything else the file itself prevents.
    """
    return _extract(path, "pdf", password, cancel, on_progress, ocr_language)


def extract_epub(path: Path, *, cancel: CancelToken = NEVER, on_progress: Progress | None = None) -> Extracted:
    """Read an EPUB like a PDF; chapters from its table of contents become headings.

    Pages are MuPDF's layout of the reflowable book (A5-like), so `Block.page` locates
    text within this extraction rather than in any printed edition.
    """
    return _extract(path, "epub", None, cancel, on_progress, "eng")


def _extract(
    path: Path, kind: str, password: str | None, cancel: CancelToken, on_progress: Progress | None, ocr_language: str
) -> Extracted:
    with _open(path, kind, password) as doc:
        budget = BUDGETS.get(kind)
        if budget is not None:
            check_pages(doc.page_count, path, budget)
        extracted = read_document(doc, path, kind, cancel=cancel, on_progress=on_progress, ocr_language=ocr_language)
    if not extracted.blocks:
        raise IngestError(f"{path.name} contains no text.")
    return extracted


def read_document(
    doc: pymupdf.Document,
    path: Path,
    kind: str,
    *,
    cancel: CancelToken = NEVER,
    on_progress: Progress | None = None,
    ocr_language: str = "eng",
) -> Extracted:
    """Read an opened document like a PDF, perhaps into no blocks at all; pictures (kind
    "image") come here as a PDF made of them, so they share the OCR, the layout pass and the
    refusal when Tesseract is missing."""
    pages, ocr_used, blank = _read_pages(doc, path, cancel, on_progress, ocr_language)
    if kind == "pdf":
        _drop_running_lines(pages, _body_size(pages))
    typo = _typography(doc, pages)
    hyphenation = Hyphenation(line.text for page in pages for chunk in page.chunks for line in chunk.lines)
    blocks = [block for page in pages for block in _page_blocks(page, typo, hyphenation)]
    title = material_title(path, (doc.metadata or {}).get("title"), _cover_title(pages, typo), first_heading(blocks))
    meta = {"pages": len(pages), "toc_used": bool(typo.toc), "ocr": ocr_used, "pages_without_text": blank}
    return Extracted(title=title, kind=kind, blocks=blocks, meta=meta)


def _open(path: Path, kind: str, password: str | None) -> pymupdf.Document:
    """Open the document or say, in one line, why it cannot be read."""
    if not path.is_file():
        raise IngestError(f"{path} does not exist or is not a file.")
    if path.stat().st_size == 0:
        raise IngestError(f"{path.name} is empty.")
    try:
        doc = pymupdf.open(path, filetype=kind)
    except _MUPDF_ERRORS as error:
        message = f"{path.name} is not a readable {kind.upper()} file (damaged, or another format)."
        raise IngestError(message) from error
    try:
        _check_opened(doc, path, kind, password)
    except IngestError:
        doc.close()
        raise
    return doc


def _check_opened(doc: pymupdf.Document, path: Path, kind: str, password: str | None) -> None:
    if doc.needs_pass:
        if password is None:
            raise PasswordRequired(f"{path.name} is password-protected; enter its password to import it.")
        if not doc.authenticate(password):
            raise PasswordRequired(f"{path.name}: wrong password.")
    if kind == "pdf" and doc.is_repaired and not _has_end_marker(path):
        raise IngestError(f"{path.name} is incomplete (the file is cut off); copy or download it again.")
    try:
        pages = doc.page_count
    except _MUPDF_ERRORS as error:  # a page tree that claims an impossible count (2·10^9 pages)
        reason = str(error).split(":", 1)[-1].strip() or "no page count"
        raise IngestError(f"{path.name} is a damaged {kind.upper()} file ({reason}).") from error
    if pages == 0:
        raise IngestError(f"{path.name} has no pages.")


def _has_end_marker(path: Path) -> bool:
    """A PDF that MuPDF had to repair is only trusted when it still ends with %%EOF:
    repaired files with the marker had small faults, ones without it were cut off."""
    with path.open("rb") as file:
        file.seek(max(0, path.stat().st_size - 2048))
        return b"%%EOF" in file.read()


class _Ocr:
    """Tesseract through PyMuPDF, looked up once, and only when an image-only page needs it."""

    def __init__(self, language: str, path: Path) -> None:
        self.language = language
        self.path = path
        self.used = False
        self._tessdata: str | None = None
        self._looked_up = False

    def textpage(self, page: pymupdf.Page) -> pymupdf.TextPage | None:
        if not self._looked_up:
            self._tessdata = tessdata()
            self._looked_up = True
        if self._tessdata is None:
            return None
        self.used = True
        try:
            return page.get_textpage_ocr(_TEXT_FLAGS, self.language, _OCR_DPI, True, self._tessdata)
        except _MUPDF_ERRORS as error:
            where = f"{self.path.name}, page {page.number + 1}"
            raise IngestError(f"{where}: OCR failed (is Tesseract's '{self.language}' language installed?).") from error


def tessdata() -> str | None:
    """Tesseract's language folder, or None when Tesseract OCR is not installed."""
    if not shutil.which("tesseract") and not os.environ.get("TESSDATA_PREFIX"):
        return None
    try:
        return pymupdf.get_tessdata()
    except RuntimeError:
        return None


def needs_ocr(path: Path) -> IngestError:
    """The refusal for a file whose text is only in pictures while Tesseract is not installed."""
    return IngestError(f"{path.name} has no text layer (scanned?); install Tesseract OCR to import it.")


def _read_pages(
    doc: pymupdf.Document, path: Path, cancel: CancelToken, on_progress: Progress | None, ocr_language: str
) -> tuple[list[_Page], bool, list[int]]:
    """Lines and tables of every page; image-only pages go through OCR when Tesseract is installed."""
    ocr = _Ocr(ocr_language, path)
    pages: list[_Page] = []
    blank: list[int] = []
    scanned = 0
    total = doc.page_count
    for index in range(total):
        cancel.raise_if_cancelled()
        read, image_only = _page_at(doc, index, path, ocr)
        scanned += image_only
        if not read.chunks:
            blank.append(index + 1)
        pages.append(read)
        if on_progress:
            on_progress(index + 1, total)
    if scanned and len(blank) == total and not ocr.used:
        raise needs_ocr(path)
    return pages, ocr.used, blank


def _page_at(doc: pymupdf.Document, index: int, path: Path, ocr: _Ocr) -> tuple[_Page, bool]:
    """One page's lines, and whether it is a picture without text (then read by OCR if possible)."""
    try:
        page = doc.load_page(index)
        read = _read_page(page, None)
        image_only = not read.chunks and bool(page.get_images())
    except _MUPDF_ERRORS as error:
        raise IngestError(f"{path.name} is damaged: page {index + 1} cannot be read.") from error
    if image_only and (textpage := ocr.textpage(page)):
        read = _read_page(page, textpage)
    return read, image_only


def _read_page(page: pymupdf.Page, textpage: pymupdf.TextPage | None) -> _Page:
    data = page.get_text("dict", flags=_TEXT_FLAGS, textpage=textpage)
    blocks = [
        [line for raw in block["lines"] if (line := _line(raw))] for block in data["blocks"] if block["type"] == 0
    ]
    blocks = _list_items(_horizontal_only(blocks))
    tables = _tables(page, [line for lines in blocks for line in lines])
    if tables:
        blocks = [[line for line in lines if not _inside_any(line, tables)] for lines in blocks]
    chunks = [chunk for lines in blocks for chunk in _split_block(lines)] + tables
    return _Page(page.number + 1, data["width"], data["height"], chunks)


def _line(raw: dict) -> _Line | None:
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
    return _Line(x0, y0, x1, y1, text, round(longest["size"] * 2) / 2, bold or italic, upright, item)


def _list_items(blocks: list[list[_Line]]) -> list[list[_Line]]:
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


def _beside(bullet: _Line, line: _Line) -> bool:
    middle = (bullet.y0 + bullet.y1) / 2
    return line.y0 <= middle <= line.y1 and 0 <= line.x0 - bullet.x1 <= _BULLET_GAP


def _horizontal_only(blocks: list[list[_Line]]) -> list[list[_Line]]:
    """Drop rotated text (margin stamps, axis labels) unless the page has nothing else."""
    upright = [[line for line in lines if line.upright] for lines in blocks]
    return upright if any(upright) else blocks


def _split_block(lines: list[_Line]) -> list[_Chunk]:
    """MuPDF sometimes puts side-by-side lines (two captions, a column's last line and the
    next column's first) into one block; keep lines together only where they overlap in x."""
    groups: list[list[_Line]] = []
    for line in lines:
        for group in groups:
            if min(group[-1].x1, line.x1) > max(group[-1].x0, line.x0):
                group.append(line)
                break
        else:
            groups.append([line])
    return [_Chunk(group) for group in groups if group]


def _tables(page: pymupdf.Page, lines: list[_Line]) -> list[_Chunk]:
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
            chunks.append(_Chunk([], table=text, box=tuple(table.bbox)))
    return chunks


def _row_text(cells: list[tuple[float, float, float, float] | None], lines: list[_Line]) -> str:
    """Cells filled from our own lines: `Table.extract()` loses spaces and mixes up lines that
    sit close together (measured on the Federal Register's cost table). Leader dots go."""
    texts = []
    for cell in cells:
        if cell is not None:
            text = " ".join(line.text for line in lines if _centre_inside(line, cell))
            texts.append(" ".join(_LEADER_DOTS.sub(" ", text).split()))
    return " | ".join(texts)


def _looks_tabular(lines: list[_Line]) -> bool:
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


def _inside_any(line: _Line, tables: list[_Chunk]) -> bool:
    return any(_centre_inside(line, table.box) for table in tables)


def _centre_inside(line: _Line, box: tuple[float, float, float, float]) -> bool:
    x, y = (line.x0 + line.x1) / 2, (line.y0 + line.y1) / 2
    return box[0] <= x <= box[2] and box[1] <= y <= box[3]


def _body_size(pages: list[_Page]) -> float:
    """The font size most characters are set in."""
    sizes: Counter[float] = Counter()
    for page in pages:
        for chunk in page.chunks:
            for line in chunk.lines:
                sizes[line.size] += len(line.text)
    return sizes.most_common(1)[0][0] if sizes else 0.0


def _drop_running_lines(pages: list[_Page], body_size: float) -> None:
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
                kept.append(chunk if chunk.table or len(lines) == len(chunk.lines) else _Chunk(lines))
        page.chunks = kept


def _margin_key(line: _Line, page: _Page) -> tuple[str, int] | None:
    if page.height * _MARGIN < line.y1 and line.y0 < page.height * (1 - _MARGIN):
        return None
    return line_key(line.text), round(line.y0 / 2)


def _is_running(line: _Line, page: _Page, repeated: set[tuple[str, int]], body_size: float) -> bool:
    key = _margin_key(line, page)
    if key is None:
        return False
    if is_page_number(line.text):
        return True
    return key in repeated and line.size <= body_size * _HEADING_RATIO


def _typography(doc: pymupdf.Document, pages: list[_Page]) -> _Typography:
    """Use the outline when the document has one. Otherwise lines set clearly larger than
    the body text are headings, larger sizes higher, and a bold or italic line that opens
    a paragraph (a run-in heading, as in the FAA handbook) comes one level below the
    smallest such size; levels stop at 3."""
    toc: dict[int, list[tuple[int, str]]] = {}
    for level, title, page in doc.get_toc(simple=True):
        if 1 <= page <= len(pages) and title.strip():
            toc.setdefault(page, []).append((min(level, 3), " ".join(title.split())))
    body = _body_size(pages)
    if toc:
        return _Typography(body, toc=toc)
    threshold = body * _HEADING_RATIO
    large = {
        chunk.lines[start].size
        for page in pages
        for chunk in page.chunks
        for start, _ in _large_runs(chunk.lines, threshold)
    }
    levels = {size: min(rank + 1, 3) for rank, size in enumerate(sorted(large, reverse=True))}
    return _Typography(body, size_levels=levels, emphasis_level=min(len(set(levels.values())) + 1, 3))


def _cover_title(pages: list[_Page], typo: _Typography) -> str | None:
    """The largest print on the first page with text, when it is set clearly larger than the
    body and short enough for a title: what a reader takes for the title when the metadata
    has none (a word processor's Title style is often left out of the outline)."""
    first = next((page for page in pages if page.chunks), None)
    lines = [line for chunk in first.chunks for line in chunk.lines] if first else []
    if not lines:
        return None
    size = max(line.size for line in lines)
    if size < typo.body_size * _HEADING_RATIO:
        return None
    text = " ".join(line.text for line in lines if line.size == size)
    readable = sum(character.isalpha() for character in text) >= 3  # not a drop cap or a big "1"
    return text if readable and len(text) <= _MAX_HEADING_CHARS else None


def _page_blocks(page: _Page, typo: _Typography, hyphenation: Hyphenation) -> list[Block]:
    paragraphs: list[_Paragraph] = []
    for chunk in _reading_order(page.chunks, page.width * _MIN_COLUMN_SHARE):
        if chunk.table:
            paragraphs.append(_Paragraph(chunk.table, table=True, lines=chunk.table.count("\n") + 1))
        else:
            paragraphs.extend(_chunk_paragraphs(chunk, typo, page.number, hyphenation))
    paragraphs = _add_unmatched_toc(paragraphs, typo.toc.get(page.number, []))
    rejoined = _rejoin_split(paragraphs, typo.body_size, hyphenation)
    return [Block(p.text, page=page.number, heading_level=p.level) for p in rejoined]


def _reading_order(chunks: list[_Chunk], min_column: float) -> list[_Chunk]:
    """XY-cut: columns left to right where a gutter runs through the whole region, else
    horizontal bands (a full-width title or figure ends a band), each read the same way."""
    if len(chunks) <= 1:
        return chunks
    columns = _columns(chunks, min_column)
    if len(columns) > 1:
        return [chunk for column in columns for chunk in _reading_order(column, min_column)]
    bands = _bands(chunks, min_column)
    if len(bands) > 1:
        return [chunk for band in bands for chunk in _reading_order(band, min_column)]
    return sorted(chunks, key=lambda chunk: (chunk.box[1], chunk.box[0]))


def _column_cuts(chunks: list[_Chunk], min_column: float) -> list[float]:
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


def _columns(chunks: list[_Chunk], min_column: float) -> list[list[_Chunk]]:
    cuts = _column_cuts(chunks, min_column)
    columns: list[list[_Chunk]] = [[] for _ in range(len(cuts) + 1)]
    for chunk in chunks:
        columns[sum(1 for cut in cuts if chunk.box[0] > cut)].append(chunk)
    return [column for column in columns if column]


def _bands(chunks: list[_Chunk], min_column: float) -> list[list[_Chunk]]:
    """Cut at every height no chunk crosses, then join neighbouring strips again while they
    share a gutter, so a two-column stretch stays one band however its paragraphs align."""
    strips: list[list[_Chunk]] = []
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


def _chunk_paragraphs(chunk: _Chunk, typo: _Typography, page: int, hyphenation: Hyphenation) -> list[_Paragraph]:
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


def _paragraph(lines: list[_Line], level: int | None, hyphenation: Hyphenation) -> _Paragraph:
    """The lines joined into one text; a list's items each on a line of their own, as "- item"."""
    size = max(lines, key=lambda line: len(line.text)).size
    runs: list[list[_Line]] = []
    for line in lines:
        if line.item or not runs:
            runs.append([line])
        else:
            runs[-1].append(line)
    text = "\n".join(("- " if run[0].item else "") + hyphenation.join([line.text for line in run]) for run in runs)
    return _Paragraph(text, level, lines=len(lines), size=size)


def _large_runs(lines: list[_Line], threshold: float) -> list[tuple[int, int]]:
    """Runs of consecutive lines in one size at or above `threshold`, short enough for a heading."""
    runs = []
    index = 0
    while index < len(lines):
        end = index + 1
        if lines[index].size >= threshold:
            while end < len(lines) and lines[end].size == lines[index].size:
                end += 1
            if sum(len(line.text) for line in lines[index:end]) <= _MAX_HEADING_CHARS:
                runs.append((index, end))
        index = end
    return runs


def _font_marks(lines: list[_Line], typo: _Typography) -> list[tuple[int, int, int]]:
    threshold = min(typo.size_levels, default=float("inf"))
    marks = [(start, end, typo.size_levels[lines[start].size]) for start, end in _large_runs(lines, threshold)]
    if typo.emphasis_level:
        taken = {index for start, end, _ in marks for index in range(start, end)}
        for index in range(len(lines) - 1):
            if index not in taken and index + 1 not in taken and _emphasis_heading(lines, index):
                marks.append((index, index + 1, typo.emphasis_level))
    return sorted(marks)


def _emphasis_heading(lines: list[_Line], index: int) -> bool:
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


def _toc_marks(lines: list[_Line], entries: list[tuple[int, str]]) -> list[tuple[int, int, int]]:
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
