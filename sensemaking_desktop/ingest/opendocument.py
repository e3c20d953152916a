"""OpenDocument text (.odt) and presentations (.odp), read from their XML with defusedxml.

No reading library is needed: an OpenDocument file is a zip with `content.xml`, whose
elements say what they are (`text:h` with its outline level, `text:list`, `table:table`,
`text:note`, `draw:text-box`, `presentation:notes`). defusedxml refuses document type
declarations, so no entity is ever expanded, on top of the package check in `container`.

A text document has no pages, so headings carry their heading path; a presentation gives
each block its slide number, the slide title as a heading and speaker notes in a block that
starts with "Notes:", as for PowerPoint. Footnotes and endnotes leave a mark ("[1]") in the
text and follow at the end under their own heading. Pictures of text are read by OCR when a
document or slide has no text of its own.
"""

import re
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from xml.etree.ElementTree import Element, ParseError

from defusedxml import DefusedXmlException
from defusedxml.ElementTree import fromstring

from sensemaking_desktop.cancel import NEVER, CancelToken
from sensemaking_desktop.ingest.container import open_package
from sensemaking_desktop.ingest.errors import IngestError
from sensemaking_desktop.ingest.extracted import Block, Extracted, Progress, each_part, tidy
from sensemaking_desktop.ingest.headings import HeadingTrail, document_blocks, first_heading, material_title
from sensemaking_desktop.ingest.image import ocr_available, pictures_only, slides_with_ocr
from sensemaking_desktop.ingest.powerpoint import NOTES_PREFIX
from sensemaking_desktop.ingest.word import NOTES_HEADING

OFFICE = "{urn:oasis:names:tc:opendocument:xmlns:office:1.0}"
TEXT = "{urn:oasis:names:tc:opendocument:xmlns:text:1.0}"
TABLE = "{urn:oasis:names:tc:opendocument:xmlns:table:1.0}"
DRAW = "{urn:oasis:names:tc:opendocument:xmlns:drawing:1.0}"
PRESENTATION = "{urn:oasis:names:tc:opendocument:xmlns:presentation:1.0}"
STYLE = "{urn:oasis:names:tc:opendocument:xmlns:style:1.0}"
SVG = "{urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0}"
XLINK = "{http://www.w3.org/1999/xlink}"
DC = "{http://purl.org/dc/elements/1.1/}"

_MIMETYPES = {
    "odt": "application/vnd.oasis.opendocument.text",
    "odp": "application/vnd.oasis.opendocument.presentation",
}
_NAMES = {"odt": "OpenDocument text", "odp": "OpenDocument presentation"}
_SKIPPED = {
    TEXT + "tracked-changes",
    TEXT + "table-of-content",
    TEXT + "alphabetical-index",
    TEXT + "illustration-index",
    TEXT + "table-index",
    TEXT + "object-index",
    TEXT + "user-index",
    TEXT + "bibliography",
    TEXT + "sequence-decls",
    TEXT + "variable-decls",
    TEXT + "user-field-decls",
    OFFICE + "forms",
    OFFICE + "annotation",
    TEXT + "note-citation",
}
"""Generated indexes repeat the headings; tracked changes hold deleted text; comments are not the material."""
_LENGTH = re.compile(r"-?\d+(\.\d+)?")
_INDENT = "  "


@dataclass
class _Item:
    """A paragraph, heading, list line or table of the document, and the pictures and text
    boxes anchored in it."""

    text: str
    level: int | None = None
    list_line: bool = False
    pictures: list[str] = field(default_factory=list)
    page: int | None = None


def extract_odt(
    path: Path, *, cancel: CancelToken = NEVER, on_progress: Progress | None = None, ocr_language: str = "eng"
) -> Extracted:
    """Read an .odt file; `on_progress(body_elements_done, body_elements_total)`."""
    with open_package(path, _NAMES["odt"], "content.xml") as archive:
        _check_odf(archive, path, "odt")
        content, styles = _xml(archive, path, "content.xml"), _xml(archive, path, "styles.xml", required=False)
        reader = _Reader(archive, content, styles)
        body = content.find(f"{OFFICE}body/{OFFICE}text")
        children = list(body) if body is not None else []
        items: list[_Item] = []
        for _, child in each_part(children, cancel, on_progress):
            items.extend(reader.items_of(child))
        if any(item.text for item in items):
            body, ocr = document_blocks(items), False
            blocks = body + reader.note_blocks()
        else:
            pictures = [picture for item in items for picture in item.pictures]
            body = blocks = pictures_only(pictures, reader.picture, path, cancel, ocr_language)
            ocr = True
        title = material_title(path, _meta_title(archive, path), reader.title, first_heading(body))
    return Extracted(title=title, kind="odt", blocks=blocks, meta={"ocr": ocr})


def extract_odp(
    path: Path, *, cancel: CancelToken = NEVER, on_progress: Progress | None = None, ocr_language: str = "eng"
) -> Extracted:
    """Read an .odp file, one slide after another; `on_progress(slides_done, slides_total)`."""
    with open_package(path, _NAMES["odp"], "content.xml") as archive:
        _check_odf(archive, path, "odp")
        content = _xml(archive, path, "content.xml")
        reader = _Reader(archive, content, _xml(archive, path, "styles.xml", required=False))
        body = content.find(f"{OFFICE}body/{OFFICE}presentation")
        slides = list(body.iter(DRAW + "page")) if body is not None else []
        if not slides:
            raise IngestError(f"{path.name} has no slides.")
        blocks: list[Block] = []
        scanned: list[tuple[int, bytes]] = []
        for number, slide in each_part(slides, cancel, on_progress):
            slide_blocks, pictures = reader.slide(slide, number)
            blocks.extend(slide_blocks)
            if not slide_blocks:
                scanned.extend((number, picture) for picture in pictures)
        blocks = slides_with_ocr(blocks, scanned, path, cancel, ocr_language)
        title = material_title(path, _meta_title(archive, path), first_heading(blocks))
    meta = {"slides": len(slides), "location": "slide", "ocr": bool(scanned) and ocr_available()}
    return Extracted(title=title, kind="odp", blocks=blocks, meta=meta)


def _check_odf(archive: zipfile.ZipFile, path: Path, kind: str) -> None:
    """The right kind of OpenDocument file, not encrypted (its parts would be unreadable bytes)."""
    try:
        mimetype = archive.read("mimetype").decode("ascii", "replace").strip()
    except KeyError:
        mimetype = ""
    if mimetype != _MIMETYPES[kind]:
        raise IngestError(f"{path.name} is not an {_NAMES[kind]}: it is a zip archive of something else.")
    manifest = archive.read("META-INF/manifest.xml") if "META-INF/manifest.xml" in archive.namelist() else b""
    if b"encryption-data" in manifest:
        raise IngestError(f"{path.name} is password-protected; save it without a password and import it again.")


def _xml(archive: zipfile.ZipFile, path: Path, name: str, *, required: bool = True) -> Element | None:
    if name not in archive.namelist() and not required:
        return None
    try:
        return fromstring(archive.read(name), forbid_dtd=True)
    except (ParseError, DefusedXmlException, KeyError, zipfile.BadZipFile, OSError) as error:
        raise IngestError(f"{path.name} is damaged: its {name} cannot be read.") from error


def _meta_title(archive: zipfile.ZipFile, path: Path) -> str | None:
    meta = _xml(archive, path, "meta.xml", required=False)
    title = meta.find(f"{OFFICE}meta/{DC}title") if meta is not None else None
    if title is None:
        return None
    return " ".join((title.text or "").split()) or None


class _Reader:
    """Walks content.xml with what the document defines: heading and list styles, and notes."""

    def __init__(self, archive: zipfile.ZipFile, content: Element, styles: Element | None) -> None:
        self.archive = archive
        roots = [root for root in (styles, content) if root is not None]
        self.outline_styles = _outline_styles(roots)
        self.numbered_lists = _numbered_lists(roots)
        self.notes: list[str] = []
        self.title: str | None = None
        self._boxes: list[Element] = []
        self._pictures: list[str] = []

    def items_of(self, element: Element) -> Iterator[_Item]:
        """The items of an element of the body, a list item, a table cell, a frame or a text box."""
        tag = element.tag
        if tag in _SKIPPED:
            return
        if tag in (TEXT + "p", TEXT + "h"):
            yield from self._paragraph(element)
        elif tag == TEXT + "list":
            yield from self._list(element, element.get(TEXT + "style-name"), 0)
        elif tag == TABLE + "table":
            yield _Item(self._table(element))
        elif tag == DRAW + "image":
            yield _Item("", pictures=[element.get(XLINK + "href", "")])
        elif tag == TEXT + "section" or tag.startswith(DRAW):
            for child in element:
                yield from self.items_of(child)

    def note_blocks(self) -> list[Block]:
        if not self.notes:
            return []
        notes = [Block(f"[{number}] {text}") for number, text in enumerate(self.notes, start=1)]
        return [HeadingTrail().heading(NOTES_HEADING, 1), *notes]

    def picture(self, name: str) -> bytes:
        try:
            return self.archive.read(name)
        except (KeyError, zipfile.BadZipFile, OSError):
            return b""

    def slide(self, page: Element, number: int) -> tuple[list[Block], list[bytes]]:
        """A slide's blocks (title, other text, tables, notes) and its pictures."""
        title = ""
        lines: list[str] = []
        tables: list[str] = []
        pictures: list[str] = []
        for shape in _reading_order(page):
            role = shape.get(PRESENTATION + "class")
            items = [item for child in shape for item in self.items_of(child)]
            pictures.extend(picture for item in items for picture in item.pictures)
            texts = [item.text for item in items if item.text]
            if role == "title" and not title:
                title = " ".join(" ".join(texts).split())
            elif shape.find(TABLE + "table") is not None:
                tables.extend(texts)
            elif texts:
                lines.append("\n".join(texts))
        blocks = [Block(title, page=number, heading_level=1)] if title else []
        if lines:
            blocks.append(Block("\n".join(lines), page=number))
        blocks.extend(Block(table, page=number) for table in tables)
        notes = page.find(PRESENTATION + "notes")
        if notes is not None:
            text = "\n".join(
                item.text
                for frame in notes.iter(DRAW + "frame")
                if frame.get(PRESENTATION + "class") == "notes"
                for child in frame
                for item in self.items_of(child)
                if item.text
            )
            if text:
                blocks.append(Block(NOTES_PREFIX + text, page=number))
        return blocks, [self.picture(name) for name in pictures]

    def _paragraph(self, paragraph: Element) -> Iterator[_Item]:
        self._boxes, self._pictures = [], []
        text = tidy(self._inline(paragraph))
        boxes, pictures = self._boxes, self._pictures
        style = paragraph.get(TEXT + "style-name", "")
        level = None
        if paragraph.tag == TEXT + "h":
            value = paragraph.get(TEXT + "outline-level", "1")
            level = int(value) if value.isdigit() and int(value) > 0 else 1
        elif style in self.outline_styles:
            level = self.outline_styles[style]
        if style == "Title" and text and self.title is None:
            self.title = text
        if text or pictures:
            yield _Item(text, level=level if text else None, pictures=pictures)
        for box in boxes:
            for child in box:
                yield from self.items_of(child)

    def _inline(self, element: Element) -> str:
        """The text of a paragraph; notes become marks, text boxes and pictures are set aside."""
        parts = [element.text or ""]
        for child in element:
            tag = child.tag
            if tag == TEXT + "s":
                count = child.get(TEXT + "c", "1")
                parts.append(" " * (int(count) if count.isdigit() else 1))
            elif tag == TEXT + "tab":
                parts.append("\t")
            elif tag == TEXT + "line-break":
                parts.append("\n")
            elif tag == TEXT + "note":
                parts.append(self._note(child))
            elif tag == DRAW + "frame" or tag == DRAW + "a":
                self._set_aside(child)
            elif tag not in _SKIPPED:
                parts.append(self._inline(child))
            parts.append(child.tail or "")
        return "".join(parts)

    def _set_aside(self, frame: Element) -> None:
        for element in frame.iter():
            if element.tag == DRAW + "text-box":
                self._boxes.append(element)
            elif element.tag == DRAW + "image":
                self._pictures.append(element.get(XLINK + "href", ""))

    def _note(self, note: Element) -> str:
        body = note.find(TEXT + "note-body")
        if body is None:
            return ""
        saved = self._boxes, self._pictures
        text = " ".join(tidy(self._inline(paragraph)) for paragraph in body.iter(TEXT + "p"))
        self._boxes, self._pictures = saved
        self.notes.append(" ".join(text.split()))
        return f"[{len(self.notes)}]"

    def _list(self, element: Element, style: str | None, depth: int) -> Iterator[_Item]:
        """List paragraphs as lines with their marker ("1." where the list style numbers that
        level, else "-"), indented by depth; headings inside a list stay headings."""
        count = 0
        numbered = self.numbered_lists.get(style or "", {}).get(depth + 1, False)
        for entry in element:
            if entry.tag not in (TEXT + "list-item", TEXT + "list-header"):
                continue
            for child in entry:
                if child.tag == TEXT + "list":
                    yield from self._list(child, child.get(TEXT + "style-name") or style, depth + 1)
                    continue
                for item in self.items_of(child):
                    if item.text and item.level is None and child.tag == TEXT + "p":
                        count += 1
                        marker = f"{count}." if numbered else "-"
                        yield _Item(f"{_INDENT * depth}{marker} {item.text}", list_line=True, pictures=item.pictures)
                    else:
                        yield item

    def _table(self, table: Element) -> str:
        rows = []
        for row in _rows(table):
            cells = []
            for cell in row:
                if cell.tag == TABLE + "table-cell":
                    texts = [item.text for child in cell for item in self.items_of(child) if item.text]
                    cells.append(" ".join(" ".join(texts).split()))
            if any(cells):
                rows.append(" | ".join(cells))
        return "\n".join(rows)


def _rows(table: Element) -> Iterator[Element]:
    """The table's own rows, also those in header and row groups, not those of nested tables."""
    for child in table:
        if child.tag == TABLE + "table-row":
            yield child
        elif child.tag in (TABLE + "table-header-rows", TABLE + "table-rows", TABLE + "table-row-group"):
            yield from _rows(child)


def _outline_styles(roots: list[Element]) -> dict[str, int]:
    """Paragraph styles that make a heading ("Heading 1" and styles based on it): name → level."""
    declared: dict[str, tuple[str | None, int | None]] = {}
    for root in roots:
        for style in root.iter(STYLE + "style"):
            if style.get(STYLE + "family") == "paragraph":
                level = style.get(STYLE + "default-outline-level", "")
                declared[style.get(STYLE + "name", "")] = (
                    style.get(STYLE + "parent-style-name"),
                    int(level) if level.isdigit() and int(level) > 0 else None,
                )
    levels = {}
    for name in declared:
        current, seen = name, set()
        while current in declared and current not in seen:
            seen.add(current)
            parent, level = declared[current]
            if level is not None:
                levels[name] = level
                break
            current = parent
    return levels


def _numbered_lists(roots: list[Element]) -> dict[str, dict[int, bool]]:
    """List style name → level → whether that level is numbered (else bulleted)."""
    lists: dict[str, dict[int, bool]] = {}
    for root in roots:
        for style in root.iter(TEXT + "list-style"):
            levels = lists.setdefault(style.get(STYLE + "name", ""), {})
            for level in style:
                number = level.get(TEXT + "level", "1")
                if number.isdigit():
                    levels[int(number)] = level.tag == TEXT + "list-level-style-number"
    return lists


def _reading_order(page: Element) -> list[Element]:
    """A slide's shapes top to bottom, then left to right; the title first wherever it sits."""
    shapes = [shape for shape in page if shape.tag.startswith(DRAW)]
    return sorted(
        shapes,
        key=lambda shape: (
            shape.get(PRESENTATION + "class") != "title",
            _length(shape.get(SVG + "y")),
            _length(shape.get(SVG + "x")),
        ),
    )


def _length(value: str | None) -> float:
    match = _LENGTH.match(value or "")
    return float(match.group()) if match else 0.0
