"""Saved web pages (.html, .htm, and single-file .mhtml archives): the main content only.

trafilatura finds the main content and leaves out navigation, headers and footers, sidebars,
cookie banners, scripts and styles. It was chosen over readability-lxml (gives the article
as HTML, so a second pass and no tables) and jusText (classifies paragraphs only, so no
headings): it is maintained, runs offline on a string, and keeps headings, lists and tables
in the XML tree it returns, which gives sections here. lxml parses the HTML; its HTML parser
loads no DTD and nothing from the network.

The encoding is decided as a browser does: a byte-order mark, else the `<meta charset>` (or
`http-equiv` Content-Type) declaration, else UTF-8 when the bytes are UTF-8, else the guess
the text reader makes.
"""

import codecs
import email
import email.policy
import re
from collections.abc import Iterator
from pathlib import Path

import trafilatura
from lxml import etree

from sensemaking_desktop.budget import budget_for, check_markup
from sensemaking_desktop.cancel import NEVER, CancelToken
from sensemaking_desktop.ingest.errors import IngestError
from sensemaking_desktop.ingest.extracted import Block, Extracted, Progress, tidy
from sensemaking_desktop.ingest.headings import HeadingTrail, first_heading, material_title
from sensemaking_desktop.ingest.text import detect_encoding

MHTML_SUFFIXES = {".mhtml", ".mht"}
_BOMS = ((codecs.BOM_UTF8, "utf-8-sig"), (codecs.BOM_UTF16_LE, "utf-16"), (codecs.BOM_UTF16_BE, "utf-16"))
_META_CHARSET = re.compile(rb"<meta[^>]*?charset\s*=\s*[\"']?\s*([A-Za-z0-9._:-]+)", re.IGNORECASE)
_PRESCAN_BYTES = 4096
"""Browsers look for the charset declaration in the first 1024 bytes; saved pages put
comments before it, so a little more is read."""
_HEADING_LEVEL = re.compile(r"h([1-6])")
_INDENT = "  "


def extract_html(path: Path, *, cancel: CancelToken = NEVER, on_progress: Progress | None = None) -> Extracted:
    """Read a saved web page; the page's title becomes the material's title."""
    data = path.read_bytes()
    if path.suffix.lower() in MHTML_SUFFIXES:
        data, declared = _mhtml_page(data, path)
    else:
        declared = None
    budget = budget_for(path)
    if budget is not None:
        check_markup(data, path, budget)
    html, encoding = decode_html(data, path.name, declared)
    cancel.raise_if_cancelled()
    document = trafilatura.bare_extraction(
        html,
        output_format="python",
        with_metadata=True,
        include_tables=True,
        include_comments=False,
        include_images=False,
        include_links=False,
    )
    blocks = list(_blocks(document.body)) if document is not None and document.body is not None else []
    if not any(block.heading_level is None for block in blocks):
        raise IngestError(f"{path.name} holds no main text that could be found (an empty or script-only page?).")
    if on_progress:
        on_progress(1, 1)
    title = material_title(path, document.title, first_heading(blocks))
    return Extracted(title=title, kind="html", blocks=blocks, meta={"encoding": encoding})


def decode_html(data: bytes, name: str, declared: str | None = None) -> tuple[str, str]:
    """The page as text and the encoding used: BOM, then the `declared` (MIME) charset, then
    the page's own meta declaration, then UTF-8 or the text reader's guess."""
    for bom, encoding in _BOMS:
        if data.startswith(bom):
            return data.decode(encoding, errors="replace"), encoding
    for candidate in (declared, _meta_charset(data)):
        if encoding := _known(candidate):
            return data.decode(encoding, errors="replace"), encoding
    encoding = detect_encoding(data, name)
    return data.decode(encoding, errors="replace"), encoding


def _meta_charset(data: bytes) -> str | None:
    match = _META_CHARSET.search(data[:_PRESCAN_BYTES])
    return match.group(1).decode("ascii") if match else None


def _known(label: str | None) -> str | None:
    """Python's name for an encoding label, as browsers read it: Latin-1 and ASCII labels mean
    windows-1252, and a UTF-16 label in an ASCII-readable page means UTF-8."""
    if not label:
        return None
    try:
        name = codecs.lookup(label).name
    except LookupError:
        return None
    if name in ("latin-1", "iso8859-1", "ascii"):
        return "cp1252"
    return "utf-8" if name.startswith("utf-16") else name


def _mhtml_page(data: bytes, path: Path) -> tuple[bytes, str | None]:
    """The first HTML part of an MHTML archive, and its declared charset."""
    message = email.message_from_bytes(data, policy=email.policy.default)
    for part in message.walk():
        if part.get_content_type() == "text/html":
            payload = part.get_payload(decode=True)
            if payload:
                return payload, part.get_content_charset()
    raise IngestError(f"{path.name} is not a web page archive: it holds no HTML page.")


def _blocks(body: etree._Element) -> Iterator[Block]:
    """trafilatura's tree as blocks: `head` elements are headings (their level from h1-h6), lists
    one block with a line per item, tables `cell | cell` rows."""
    trail = HeadingTrail()
    for element in body:
        if element.tag == "head":
            text = " ".join(_text(element).split())
            match = _HEADING_LEVEL.fullmatch(element.get("rend", ""))
            if text:
                yield trail.heading(text, int(match.group(1)) if match else 2)
        elif element.tag == "list":
            if lines := list(_list_lines(element, 0)):
                yield Block("\n".join(lines))
        elif element.tag == "table":
            if rows := _table(element):
                yield Block(rows)
        elif text := tidy(_text(element)):
            yield Block(text)


def _text(element: etree._Element, without: str | None = None) -> str:
    """An element's text with `<lb/>` line breaks kept, leaving out child elements named `without`."""
    parts = [element.text or ""]
    for child in element:
        if child.tag != without:
            parts.append("\n" if child.tag == "lb" else _text(child))
        parts.append(child.tail or "")
    return "".join(parts)


def _list_lines(element: etree._Element, depth: int) -> Iterator[str]:
    numbered = element.get("rend") == "ol"
    for number, item in enumerate(element.iterchildren("item"), start=1):
        if text := " ".join(_text(item, without="list").split()):
            yield f"{_INDENT * depth}{f'{number}.' if numbered else '-'} {text}"
        for nested in item.iterchildren("list"):
            yield from _list_lines(nested, depth + 1)


def _table(element: etree._Element) -> str:
    rows = []
    for row in element.iter("row"):
        cells = [" ".join(_text(cell).split()) for cell in row.iterchildren("cell")]
        if any(cells):
            rows.append(" | ".join(cells))
    return "\n".join(rows)
