"""PDF and EPUB text in reading order, without running headers, with headings and tables.

This module opens the document, says in one line why one cannot be read, and runs OCR on
pages that are pictures; pdf_layout.py reads each page's lines in reading order and
pdf_paragraphs.py turns them into headings and paragraphs.
"""

import os
import shutil
from itertools import takewhile
from pathlib import Path

import pymupdf

from sensemaking_desktop.budget import BUDGETS, check_pages
from sensemaking_desktop.cancel import NEVER, CancelToken
from sensemaking_desktop.ingest.errors import IngestError, PasswordRequired
from sensemaking_desktop.ingest.extracted import Extracted, Progress
from sensemaking_desktop.ingest.furniture import Hyphenation
from sensemaking_desktop.ingest.headings import first_heading, material_title
from sensemaking_desktop.ingest.pdf_layout import TEXT_FLAGS, Page, body_size, drop_running_lines, read_page
from sensemaking_desktop.ingest.pdf_paragraphs import cover_title, page_blocks, typography

# MuPDF's own warnings would print extra lines around our one-line error messages.
pymupdf.TOOLS.mupdf_display_errors(False)
pymupdf.TOOLS.mupdf_display_warnings(False)


_MUPDF_ERRORS = (RuntimeError, pymupdf.mupdf.FzErrorBase)
"""PyMuPDF raises its own errors as RuntimeError, MuPDF's C++ layer as FzErrorBase."""

_OCR_DPI = 300


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
    refusal when Tesseract is missing. The title is the metadata's, else the largest print of
    the first page, else a heading the document opens with (a bold title in body type); a
    heading after some text names a section, not the material."""
    pages, ocr_used, blank = _read_pages(doc, path, cancel, on_progress, ocr_language)
    if kind == "pdf":
        drop_running_lines(pages, body_size(pages))
    typo = typography(doc, pages)
    hyphenation = Hyphenation(line.text for page in pages for chunk in page.chunks for line in chunk.lines)
    blocks = [block for page in pages for block in page_blocks(page, typo, hyphenation)]
    opening = takewhile(lambda block: block.heading_level is not None, blocks)
    title = material_title(path, (doc.metadata or {}).get("title"), cover_title(pages, typo), first_heading(opening))
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
            raise PasswordRequired(
                f"{path.name} is password-protected; enter its password to import it "
                "(on the command line: --password PASSWORD)."
            )
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
            return page.get_textpage_ocr(TEXT_FLAGS, self.language, _OCR_DPI, True, self._tessdata)
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
) -> tuple[list[Page], bool, list[int]]:
    """Lines and tables of every page; image-only pages go through OCR when Tesseract is installed."""
    ocr = _Ocr(ocr_language, path)
    pages: list[Page] = []
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


def _page_at(doc: pymupdf.Document, index: int, path: Path, ocr: _Ocr) -> tuple[Page, bool]:
    """One page's lines, and whether it is a picture without text (then read by OCR if possible)."""
    try:
        page = doc.load_page(index)
        read = read_page(page, None)
        image_only = not read.chunks and bool(page.get_images())
    except _MUPDF_ERRORS as error:
        raise IngestError(f"{path.name} is damaged: page {index + 1} cannot be read.") from error
    if image_only and (textpage := ocr.textpage(page)):
        read = read_page(page, textpage)
    return read, image_only
