"""Word documents (.docx): paragraphs in order, headings, lists, tables, text boxes and footnotes.

python-docx opens the package and gives the styles, numbering and parts; the body is walked
on its XML, since `Paragraph.text` leaves out fields, tracked insertions, content controls,
footnote marks and text boxes. Headings come from outline levels (set on the paragraph or
its style, which is how Word marks headings in every language) or "Heading N" style names.
Each heading carries its heading path as the location; where the file records page breaks
(Word's record of its last layout, else explicit breaks), each paragraph carries its page too.
Footnotes and endnotes are kept apart: a mark such as "[1]" stays in the text and the notes
follow at the end under their own heading. A document made only of pictures (scanned pages)
is read by OCR, as a scanned PDF is.
"""

import re
import zipfile
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from itertools import takewhile
from pathlib import Path

import docx
from docx.opc.constants import RELATIONSHIP_TYPE as RT
from docx.opc.exceptions import PackageNotFoundError
from docx.oxml.parser import parse_xml
from lxml import etree

from sensemaking_desktop.cancel import NEVER, CancelToken
from sensemaking_desktop.ingest.container import open_package
from sensemaking_desktop.ingest.errors import IngestError
from sensemaking_desktop.ingest.extracted import Block, Extracted, Progress, each_part, tidy
from sensemaking_desktop.ingest.headings import HeadingTrail, document_blocks, first_heading, material_title
from sensemaking_desktop.ingest.image import pictures_only

W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
MC = "{http://schemas.openxmlformats.org/markup-compatibility/2006}"
A = "{http://schemas.openxmlformats.org/drawingml/2006/main}"
R = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}"
V = "{urn:schemas-microsoft-com:vml}"

NOTES_HEADING = "Notes"
_SKIPPED = {W + "pPr", W + "rPr", W + "del", W + "delText", W + "instrText", W + "txbxContent", MC + "Fallback"}
"""Paragraph properties, deleted text, field codes, text boxes (read on their own) and the
old-style copy of a drawing that Word writes beside the new one."""
_NOTE_MARKS = {W + "footnoteReference": "footnote", W + "endnoteReference": "endnote"}
_HEADING_STYLE = re.compile(r"heading\s*([1-9])", re.IGNORECASE)
_BODY_TEXT_LEVEL = 9
"""`w:outlineLvl` 0-8 are heading levels 1-9; 9 is body text."""
_LETTERS = "abcdefghijklmnopqrstuvwxyz"


@dataclass(frozen=True)
class _Item:
    """A paragraph (perhaps a heading or a list item, marker included), a table, or pictures."""

    text: str
    level: int | None = None
    list_line: bool = False
    pictures: tuple[str, ...] = ()
    """Relationship ids of the paragraph's pictures, read by OCR when the document has no text."""
    page: int | None = None


def extract_docx(
    path: Path, *, cancel: CancelToken = NEVER, on_progress: Progress | None = None, ocr_language: str = "eng"
) -> Extracted:
    """Read a .docx file; `on_progress(body_elements_done, body_elements_total)`."""
    with open_package(path, "Word document", "word/document.xml"):
        document = _load(path)
    reader = _Reader(document)
    body = document.element.body
    children = list(body)
    items: list[_Item] = []
    for _, child in each_part(children, cancel, on_progress):
        items.extend(reader.items_of(child))
    meta = {"ocr": False}
    if any(item.text for item in items):
        body = document_blocks(items)
        blocks = body + reader.note_blocks()
    else:
        body = blocks = _scanned_blocks(items, document, path, cancel, ocr_language)
        meta["ocr"] = True
    title = material_title(path, document.core_properties.title, reader.title, first_heading(body))
    return Extracted(title=title, kind="docx", blocks=blocks, meta=meta)


def _load(path: Path) -> "docx.document.Document":
    try:
        return docx.Document(str(path))
    except (ValueError, KeyError, PackageNotFoundError, etree.XMLSyntaxError, zipfile.BadZipFile) as error:
        raise IngestError(f"{path.name} is not a readable Word document (damaged, or another format).") from error


def _scanned_blocks(
    items: list[_Item], document: "docx.document.Document", path: Path, cancel: CancelToken, ocr_language: str
) -> list[Block]:
    """A document of pictures only: the pictures its paragraphs anchor, read by OCR."""
    related = document.part.related_parts

    def read(picture: str) -> bytes | None:
        return related[picture].blob if picture in related else None

    return pictures_only([picture for item in items for picture in item.pictures], read, path, cancel, ocr_language)


class _Reader:
    """Walks the body's XML with what the document defines: styles, numbering and notes."""

    def __init__(self, document: "docx.document.Document") -> None:
        self.styles = {style.get(W + "styleId"): style for style in document.styles.element.iter(W + "style")}
        self.formats = _number_formats(document)
        self.counters: dict[str, list[int]] = {}
        self.notes = _Notes(document)
        self.title: str | None = None
        self.pages = _Pages(document.element.body, self.styles.values())

    def items_of(self, element: etree._Element) -> Iterator[_Item]:
        """The items of a body-level element: a paragraph (and its text boxes), a table, or a
        content control or custom XML wrapper around more of them."""
        if element.tag == W + "p":
            yield from self._paragraph(element)
        elif element.tag == W + "tbl":
            yield _Item(self._table(element))
        elif element.tag == W + "sdt":
            for content in element.iterchildren(W + "sdtContent"):
                yield from self._all_items(content)
        elif element.tag == W + "customXml":
            yield from self._all_items(element)

    def note_blocks(self) -> list[Block]:
        texts = self.notes.texts(self._paragraphs_text)
        if not texts:
            return []
        return [HeadingTrail().heading(NOTES_HEADING, 1), *(Block(text) for text in texts)]

    def _all_items(self, container: etree._Element) -> Iterator[_Item]:
        for child in container:
            yield from self.items_of(child)

    def _paragraph(self, paragraph: etree._Element) -> Iterator[_Item]:
        text = tidy(self._inline_text(paragraph))
        style = _style_id(paragraph)
        if style == "Title" and text and self.title is None:
            self.title = text
        level = self._heading_level(paragraph, style)
        marker = None if level is not None or not text else self._list_marker(paragraph, style)
        pictures = tuple(_picture_ids(paragraph))
        page = self.pages.start(paragraph, self._breaks_page_before(paragraph, style))
        if text or pictures:
            if marker:
                yield _Item(marker + text, list_line=True, pictures=pictures, page=page)
            else:
                yield _Item(text, level=level if text else None, pictures=pictures, page=page)
        for box in _text_boxes(paragraph):
            yield from self._all_items(box)

    def _inline_text(self, element: etree._Element) -> str:
        parts = []
        for child in element:
            tag = child.tag
            if not isinstance(tag, str) or tag in _SKIPPED:
                continue
            if tag == W + "t":
                parts.append(child.text or "")
            elif tag in (W + "tab", W + "ptab"):
                parts.append("\t")
            elif tag in (W + "br", W + "cr"):
                parts.append("\n")
            elif tag == W + "noBreakHyphen":
                parts.append("-")
            elif tag in _NOTE_MARKS:
                parts.append(self.notes.mark(_NOTE_MARKS[tag], child.get(W + "id", "")))
            else:
                parts.append(self._inline_text(child))
        return "".join(parts)

    def _paragraphs_text(self, container: etree._Element) -> str:
        """The text of every paragraph in a cell or note, joined on one line."""
        return " ".join(text for item in self._all_items(container) if (text := " ".join(item.text.split())))

    def _table(self, table: etree._Element) -> str:
        """Rows as `cell | cell` lines; a merged cell appears once, nested tables flattened into their cell."""
        rows = []
        for row in table.iterchildren(W + "tr"):
            line = " | ".join(self._paragraphs_text(cell) for cell in row.iterchildren(W + "tc"))
            if line.strip(" |"):
                rows.append(line)
        return "\n".join(rows)

    def _heading_level(self, paragraph: etree._Element, style: str | None) -> int | None:
        """1-9 from the outline level of the paragraph or its style chain, else from a "Heading N" style name."""
        level = _outline_level(paragraph.find(W + "pPr"))
        for element in self._style_chain(style):
            if level is not None:
                break
            level = _outline_level(element.find(W + "pPr"))
            name = element.find(W + "name")
            if level is None and name is not None and (match := _HEADING_STYLE.fullmatch(name.get(W + "val", ""))):
                level = int(match.group(1))
        return level

    def _list_marker(self, paragraph: etree._Element, style: str | None) -> str | None:
        """The marker ("1. ", "a. " or "- "), indented two spaces a level, of a numbered paragraph."""
        numbering = _numbering(paragraph.find(W + "pPr"))
        for element in self._style_chain(style):
            if numbering is not None:
                break
            numbering = _numbering(element.find(W + "pPr"))
        if numbering is None or numbering[0] == "0":
            return None
        number_id, level = numbering
        counts = self.counters.setdefault(number_id, [0] * 9)
        counts[level] += 1
        counts[level + 1 :] = [0] * (8 - level)
        fmt = self.formats.get((number_id, level), "bullet")
        count = counts[level]
        if fmt == "decimal":
            label = f"{count}."
        elif fmt in ("lowerLetter", "upperLetter"):
            letter = _LETTERS[(count - 1) % 26]
            label = f"{letter if fmt == 'lowerLetter' else letter.upper()}."
        else:
            label = "-"
        return "  " * level + label + " "

    def _breaks_page_before(self, paragraph: etree._Element, style: str | None) -> bool:
        """Whether the paragraph or its style chain says "page break before"."""
        for properties in [
            paragraph.find(W + "pPr"),
            *(element.find(W + "pPr") for element in self._style_chain(style)),
        ]:
            setting = properties.find(W + "pageBreakBefore") if properties is not None else None
            if setting is not None:
                return _switched_on(setting)
        return False

    def _style_chain(self, style: str | None) -> Iterator[etree._Element]:
        """The paragraph's style and the styles it is based on, nearest first."""
        seen = set()
        while style and style in self.styles and style not in seen:
            seen.add(style)
            element = self.styles[style]
            yield element
            based_on = element.find(W + "basedOn")
            style = based_on.get(W + "val") if based_on is not None else None


class _Pages:
    """The page each paragraph starts on, where the file records page breaks: Word's record of
    where its last layout broke pages (`w:lastRenderedPageBreak`, natural breaks included)
    when the file has one, else the explicit breaks (a page break, "page break before", a
    section break to a new page), as LibreOffice writes them. A file with neither (python-docx's
    own) has no known pages: None, rather than a guess."""

    def __init__(self, body: etree._Element, styles: Iterable[etree._Element]) -> None:
        self.rendered = next(body.iter(W + "lastRenderedPageBreak"), None) is not None
        explicit = (
            any(_page_break(element) for element in body.iter(W + "br"))
            or any(_new_page_section(properties) for properties in body.iter(W + "pPr"))
            or any(_switched_on(element) for element in body.iter(W + "pageBreakBefore"))
            or any(_switched_on(element) for style in styles for element in style.iter(W + "pageBreakBefore"))
        )
        self.known = self.rendered or explicit
        self.page = 1

    def start(self, paragraph: etree._Element, break_before: bool) -> int | None:
        """The page the paragraph's text starts on; the breaks in it, and a section break that
        ends it, move the count on."""
        if not self.known:
            return None
        if break_before and not self.rendered:
            self.page += 1
        start = None
        for element in _own_elements(paragraph):
            if element.tag == W + "t" and element.text and start is None:
                start = self.page
            elif element.tag == W + "lastRenderedPageBreak" if self.rendered else _page_break(element):
                self.page += 1
        first = start if start is not None else self.page
        if not self.rendered and _new_page_section(paragraph.find(W + "pPr")):
            self.page += 1
        return first


def _page_break(element: etree._Element) -> bool:
    return element.tag == W + "br" and element.get(W + "type") == "page"


def _switched_on(setting: etree._Element) -> bool:
    return setting.get(W + "val", "true") not in ("0", "false", "off")


def _new_page_section(properties: etree._Element | None) -> bool:
    """A section break that ends this paragraph and starts a new page (as one without a type does)."""
    section = properties.find(W + "sectPr") if properties is not None else None
    if section is None:
        return False
    kind = section.find(W + "type")
    return kind is None or kind.get(W + "val") in ("nextPage", "oddPage", "evenPage")


def _own_elements(paragraph: etree._Element) -> Iterator[etree._Element]:
    """The paragraph's content in document order, without its properties, its text boxes (read
    as paragraphs of their own) and the old-style copies Word writes beside drawings."""
    for child in paragraph:
        if not isinstance(child.tag, str) or child.tag in (W + "pPr", W + "txbxContent", MC + "Fallback"):
            continue
        yield child
        yield from _own_elements(child)


class _Notes:
    """Footnotes and endnotes, numbered in the order the text refers to them."""

    def __init__(self, document: "docx.document.Document") -> None:
        self.parts = {kind: _notes_part(document, relationship) for kind, relationship in _NOTE_PARTS.items()}
        self.order: list[tuple[str, str]] = []

    def mark(self, kind: str, note_id: str) -> str:
        if (kind, note_id) not in self.order:
            self.order.append((kind, note_id))
        return f"[{self.order.index((kind, note_id)) + 1}]"

    def texts(self, text_of: Callable[[etree._Element], str]) -> list[str]:
        texts = []
        for number, (kind, note_id) in enumerate(self.order, start=1):
            note = self.parts[kind].get(note_id)
            if note is not None and (text := text_of(note)):
                texts.append(f"[{number}] {text}")
        return texts


_NOTE_PARTS = {"footnote": RT.FOOTNOTES, "endnote": RT.ENDNOTES}


def _notes_part(document: "docx.document.Document", relationship: str) -> dict[str, etree._Element]:
    """The notes of one part by id. python-docx has no API for notes, so the part's XML is
    parsed with its own parser (no entity resolution)."""
    try:
        part = document.part.part_related_by(relationship)
    except KeyError:
        return {}
    root = parse_xml(part.blob)
    return {note.get(W + "id"): note for note in root if note.tag in (W + "footnote", W + "endnote")}


def _number_formats(document: "docx.document.Document") -> dict[tuple[str, int], str]:
    """(numId, level) → numFmt ("decimal", "bullet", ...), through each numbering's abstract definition.

    A document without lists may have no numbering part at all (LibreOffice writes none), and
    python-docx's `numbering_part` then tries to create one and raises NotImplementedError."""
    try:
        numbering = document.part.part_related_by(RT.NUMBERING).element
    except KeyError:
        return {}
    abstract = {
        element.get(W + "abstractNumId"): {
            int(level.get(W + "ilvl", "0")): fmt.get(W + "val")
            for level in element.iterchildren(W + "lvl")
            if (fmt := level.find(W + "numFmt")) is not None
        }
        for element in numbering.iterchildren(W + "abstractNum")
    }
    formats = {}
    for num in numbering.iterchildren(W + "num"):
        reference = num.find(W + "abstractNumId")
        if reference is not None:
            for level, fmt in abstract.get(reference.get(W + "val"), {}).items():
                formats[(num.get(W + "numId"), level)] = fmt
    return formats


def _style_id(paragraph: etree._Element) -> str | None:
    style = paragraph.find(f"{W}pPr/{W}pStyle")
    return style.get(W + "val") if style is not None else None


def _outline_level(properties: etree._Element | None) -> int | None:
    element = properties.find(W + "outlineLvl") if properties is not None else None
    if element is None:
        return None
    value = element.get(W + "val", "")
    return int(value) + 1 if value.isdigit() and int(value) < _BODY_TEXT_LEVEL else None


def _numbering(properties: etree._Element | None) -> tuple[str, int] | None:
    element = properties.find(W + "numPr") if properties is not None else None
    if element is None:
        return None
    number_id, level = element.find(W + "numId"), element.find(W + "ilvl")
    if number_id is None:
        return None
    value = level.get(W + "val", "0") if level is not None else "0"
    return number_id.get(W + "val", "0"), min(int(value), 8) if value.isdigit() else 0


def _text_boxes(paragraph: etree._Element) -> Iterator[etree._Element]:
    """Text boxes anchored in the paragraph, once each (not their old-style copies, not boxes inside boxes)."""
    for box in paragraph.iter(W + "txbxContent"):
        between = takewhile(lambda ancestor: ancestor is not paragraph, box.iterancestors())
        if not any(ancestor.tag in (MC + "Fallback", W + "txbxContent") for ancestor in between):
            yield box


def _picture_ids(paragraph: etree._Element) -> Iterator[str]:
    """Relationship ids of the paragraph's own pictures (DrawingML, or VML in older files)."""
    for element in paragraph.iter(A + "blip", V + "imagedata"):
        between = takewhile(lambda ancestor: ancestor is not paragraph, element.iterancestors())
        if any(ancestor.tag in (MC + "Fallback", W + "txbxContent") for ancestor in between):
            continue
        if picture := element.get(R + "embed") or element.get(R + "id"):
            yield picture
