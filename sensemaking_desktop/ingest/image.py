"""Pictures of text (PNG, JPEG, TIFF files, and scanned pages inside Word or PowerPoint files),
read with Tesseract OCR.

The pictures are put on the pages of a PDF made for the purpose, and that PDF goes through the
PDF reader, so pictures share its OCR, its layout pass (columns, headings) and its refusal
when Tesseract is not installed. Each page is sized so that the PDF reader's 300 dpi OCR
rendering gives the picture's own pixels: neither blurred nor blown up.

Pillow reads the picture's header first, so a picture that would decode to an enormous
bitmap (a decompression bomb) is refused before it is decoded.
"""

import io
from collections.abc import Callable
from pathlib import Path

import pymupdf
from PIL import Image, ImageSequence, UnidentifiedImageError

from sensemaking_desktop.cancel import NEVER, CancelToken
from sensemaking_desktop.ingest.errors import IngestError
from sensemaking_desktop.ingest.extracted import Block, Extracted, Progress
from sensemaking_desktop.ingest.pdf import needs_ocr, read_document, tessdata

SCAN_DPI = 300
MAX_PIXELS = 100_000_000
"""A 600 dpi A3 scan has about 70 million pixels."""
_READABLE = {"PNG", "JPEG", "MPO", "TIFF", "GIF", "BMP", "WEBP"}


def extract_image(
    path: Path, *, cancel: CancelToken = NEVER, on_progress: Progress | None = None, ocr_language: str = "eng"
) -> Extracted:
    """A picture file's text by OCR, one page per frame of a multi-page TIFF; `on_progress(pages_done, pages_total)`.

    Without Tesseract the file is refused, as a scanned PDF is.
    """
    try:
        with Image.open(path) as picture:
            pngs = [_page_png(frame, path.name) for frame in ImageSequence.Iterator(picture)]
    except Image.DecompressionBombError as error:
        raise _too_large(path.name) from error
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError) as error:
        raise IngestError(f"{path.name} is not a readable picture (damaged, or another format).") from error
    with _scan_document(pngs) as document:
        extracted = read_document(
            document, path, "image", cancel=cancel, on_progress=on_progress, ocr_language=ocr_language
        )
    if not extracted.blocks:
        raise IngestError(f"{path.name} shows no text that OCR could read.")
    return Extracted(title=path.stem, kind="image", blocks=extracted.blocks, meta=extracted.meta)


def ocr_available() -> bool:
    return tessdata() is not None


def ocr_pictures(
    pictures: list[bytes], path: Path, *, cancel: CancelToken = NEVER, ocr_language: str = "eng"
) -> list[list[str]]:
    """The paragraphs of each picture embedded in `path` (an Office file), in order; pictures
    that are not bitmaps (drawings, metafiles) or hold no text give an empty list.
    Call only when `ocr_available()`."""
    readable = [(index, png) for index, data in enumerate(pictures) if (png := _embedded_png(data, path.name))]
    texts: list[list[str]] = [[] for _ in pictures]
    if not readable:
        return texts
    with _scan_document([png for _, png in readable]) as document:
        extracted = read_document(document, path, "image", cancel=cancel, ocr_language=ocr_language)
    for block in extracted.blocks:
        texts[readable[block.page - 1][0]].append(block.text)
    return texts


def pictures_only(
    names: list[str], read: Callable[[str], bytes | None], path: Path, cancel: CancelToken, ocr_language: str
) -> list[Block]:
    """The blocks of a Word or OpenDocument text that holds pictures only (a scan saved as a
    document): their text by OCR. Without Tesseract it is refused as a scanned PDF is; with no
    picture, or none OCR finds text in, it holds no text. `read` gives a named picture's bytes
    (None: the document names a picture it does not hold); pictures are read only for OCR."""
    if not names:
        raise IngestError(f"{path.name} contains no text.")
    if not ocr_available():
        raise needs_ocr(path)
    pictures = [data for name in names if (data := read(name)) is not None]
    texts = ocr_pictures(pictures, path, cancel=cancel, ocr_language=ocr_language)
    blocks = [Block(text) for paragraphs in texts for text in paragraphs]
    if not blocks:
        raise IngestError(f"{path.name} holds only pictures, and OCR found no text in them.")
    return blocks


def slides_with_ocr(
    blocks: list[Block], scanned: list[tuple[int, bytes]], path: Path, cancel: CancelToken, ocr_language: str
) -> list[Block]:
    """A presentation's blocks with the text of its picture-only slides (`scanned`: slide
    number and picture) added by OCR, in slide order. Without Tesseract those slides are left
    out, and a presentation of nothing else is refused."""
    if not scanned or not ocr_available():
        if not blocks:
            raise needs_ocr(path) if scanned else IngestError(f"{path.name} contains no text.")
        return blocks
    texts = ocr_pictures([picture for _, picture in scanned], path, cancel=cancel, ocr_language=ocr_language)
    read = [Block(text, page=number) for (number, _), paragraphs in zip(scanned, texts) for text in paragraphs]
    merged = sorted(blocks + read, key=lambda block: block.page or 0)
    if not merged:
        raise IngestError(f"{path.name} contains no text.")
    return merged


def _embedded_png(data: bytes, name: str) -> bytes | None:
    try:
        with Image.open(io.BytesIO(data)) as picture:
            return _page_png(picture, name) if picture.format in _READABLE else None
    except Image.DecompressionBombError as error:
        raise _too_large(name) from error
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError):
        return None


def _page_png(frame: Image.Image, name: str) -> bytes:
    """One frame as a PNG, after the size check (which reads only the header)."""
    if frame.width * frame.height > MAX_PIXELS:
        raise _too_large(name)
    buffer = io.BytesIO()
    frame.convert("L").save(buffer, "PNG")
    return buffer.getvalue()


def _scan_document(pngs: list[bytes]) -> pymupdf.Document:
    """A PDF with each picture filling a page sized as a 300 dpi scan of it."""
    document = pymupdf.open()
    for png in pngs:
        with Image.open(io.BytesIO(png)) as picture:
            width, height = picture.size
        page = document.new_page(width=width * 72 / SCAN_DPI, height=height * 72 / SCAN_DPI)
        page.insert_image(page.rect, stream=png)
    return document


def _too_large(name: str) -> IngestError:
    return IngestError(f"{name} holds a picture larger than the {MAX_PIXELS // 1_000_000} million pixels OCR can read.")
