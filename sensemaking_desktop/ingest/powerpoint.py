"""PowerPoint presentations (.pptx): one block per slide, in slide order, with python-pptx.

The slide title is a heading; the other shapes follow in reading order (top to bottom, then
left to right), bullets indented by their level; tables become `cell | cell` rows; speaker
notes are kept in a block of their own that starts with "Notes:". Every block carries its
slide number as `page`, which is what a question points to. A slide that is only a picture
(a scanned page) is read by OCR when Tesseract is installed.
"""

import zipfile
from collections.abc import Iterator
from pathlib import Path

import pptx
from lxml import etree
from pptx.enum.shapes import MSO_SHAPE_TYPE
from pptx.exc import PackageNotFoundError
from pptx.shapes.base import BaseShape
from pptx.slide import Slide

from sensemaking_desktop.cancel import NEVER, CancelToken
from sensemaking_desktop.ingest.container import open_package
from sensemaking_desktop.ingest.errors import IngestError
from sensemaking_desktop.ingest.extracted import Block, Extracted, Progress, each_part, tidy
from sensemaking_desktop.ingest.headings import first_heading, material_title
from sensemaking_desktop.ingest.image import ocr_available, slides_with_ocr

NOTES_PREFIX = "Notes: "
_INDENT = "  "


def extract_pptx(
    path: Path, *, cancel: CancelToken = NEVER, on_progress: Progress | None = None, ocr_language: str = "eng"
) -> Extracted:
    """Read a .pptx file; `on_progress(slides_done, slides_total)`."""
    with open_package(path, "PowerPoint presentation", "ppt/presentation.xml"):
        presentation = _load(path)
    slides = list(presentation.slides)
    if not slides:
        raise IngestError(f"{path.name} has no slides.")
    blocks: list[Block] = []
    scanned: list[tuple[int, bytes]] = []
    for number, slide in each_part(slides, cancel, on_progress):
        slide_blocks = _slide_blocks(slide, number)
        if not slide_blocks:
            scanned.extend((number, picture) for picture in _pictures(slide.shapes))
        blocks.extend(slide_blocks)
    blocks = slides_with_ocr(blocks, scanned, path, cancel, ocr_language)
    title = material_title(path, presentation.core_properties.title, first_heading(blocks))
    meta = {"slides": len(slides), "location": "slide", "ocr": bool(scanned) and ocr_available()}
    return Extracted(title=title, kind="pptx", blocks=blocks, meta=meta)


def _load(path: Path) -> "pptx.presentation.Presentation":
    try:
        return pptx.Presentation(str(path))
    except (ValueError, KeyError, PackageNotFoundError, etree.XMLSyntaxError, zipfile.BadZipFile) as error:
        raise IngestError(
            f"{path.name} is not a readable PowerPoint presentation (damaged, or another format)."
        ) from error


def _slide_blocks(slide: Slide, number: int) -> list[Block]:
    """The title as a heading, the other text as one block, each table as a block, then the notes."""
    title_shape = slide.shapes.title
    title = _frame_text(title_shape).replace("\n", " ") if title_shape is not None else ""
    blocks = [Block(title, page=number, heading_level=1)] if title else []
    lines: list[str] = []
    tables: list[str] = []
    for shape in _reading_order(slide.shapes):
        if title_shape is not None and shape.shape_id == title_shape.shape_id:
            continue
        if shape.has_text_frame and (text := _frame_text(shape)):
            lines.append(text)
        elif getattr(shape, "has_table", False) and (table := _table_text(shape)):
            tables.append(table)
    if lines:
        blocks.append(Block("\n".join(lines), page=number))
    blocks.extend(Block(table, page=number) for table in tables)
    if slide.has_notes_slide and (frame := slide.notes_slide.notes_text_frame) is not None:
        notes = _paragraphs_text(frame)
        if notes:
            blocks.append(Block(NOTES_PREFIX + notes, page=number))
    return blocks


def _reading_order(shapes: "pptx.shapes.shapetree.SlideShapes") -> Iterator[BaseShape]:
    """Shapes top to bottom, then left to right; a group's shapes in the group's place."""
    for shape in sorted(shapes, key=lambda shape: (shape.top or 0, shape.left or 0)):
        if shape.shape_type == MSO_SHAPE_TYPE.GROUP:
            yield from _reading_order(shape.shapes)
        else:
            yield shape


def _frame_text(shape: BaseShape) -> str:
    return _paragraphs_text(shape.text_frame) if shape.has_text_frame else ""


def _paragraphs_text(frame: "pptx.text.text.TextFrame") -> str:
    """One line per paragraph, indented by its bullet level; a line break inside a paragraph stays."""
    lines = []
    for paragraph in frame.paragraphs:
        text = tidy(paragraph.text.replace("\v", "\n"))
        if text:
            lines.append(_INDENT * paragraph.level + text)
    return "\n".join(lines)


def _table_text(shape: BaseShape) -> str:
    rows = []
    for row in shape.table.rows:
        cells = [" ".join(cell.text.split()) for cell in row.cells if not cell.is_spanned]
        if any(cells):
            rows.append(" | ".join(cells))
    return "\n".join(rows)


def _pictures(shapes: "pptx.shapes.shapetree.SlideShapes") -> Iterator[bytes]:
    for shape in _reading_order(shapes):
        if hasattr(shape, "image"):
            try:
                yield shape.image.blob
            except (ValueError, KeyError):
                continue  # a picture placeholder with no picture, or a linked picture
