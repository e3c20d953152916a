"""Heading paths for materials without pages: "Chapter 2 › Methods" says where a section lies;
and a material's title, from what the file says or its first heading."""

import re
from collections.abc import Iterable
from pathlib import Path
from typing import Protocol

from sensemaking_desktop.ingest.extracted import Block

SEPARATOR = " › "


class HeadingTrail:
    """The headings above the current point of a document, as they open and close."""

    def __init__(self) -> None:
        self._open: list[tuple[int, str]] = []

    def heading(self, text: str, level: int, page: int | None = None) -> Block:
        """A heading block whose path holds the open headings of higher levels and itself."""
        while self._open and self._open[-1][0] >= level:
            self._open.pop()
        self._open.append((level, text))
        path = SEPARATOR.join(title for _, title in self._open)
        return Block(text, page=page, heading_level=level, heading_path=path)


class FlowItem(Protocol):
    """A paragraph, heading (with its outline level), list line or table of a document, and
    the page it starts on where the file records page breaks."""

    text: str
    level: int | None
    list_line: bool
    page: int | None


def document_blocks(items: Iterable[FlowItem]) -> list[Block]:
    """A word processor document's flow as blocks: headings with their paths, paragraphs and
    tables; consecutive list lines make one block (DOCX and ODT read alike)."""
    trail = HeadingTrail()
    blocks: list[Block] = []
    list_lines: list[FlowItem] = []
    for item in items:
        if item.list_line:
            list_lines.append(item)
            continue
        if list_lines:
            blocks.append(_list_block(list_lines))
            list_lines = []
        if item.level is not None:
            blocks.append(trail.heading(item.text, item.level, item.page))
        elif item.text:
            blocks.append(Block(item.text, page=item.page))
    if list_lines:
        blocks.append(_list_block(list_lines))
    return blocks


def _list_block(lines: list[FlowItem]) -> Block:
    return Block("\n".join(line.text for line in lines), page=lines[0].page)


_PLACEHOLDER_TITLES = {
    "untitled",
    "title",
    "document",
    "presentation",
    "untitled document",
    "untitled presentation",
    "word document",
    "powerpoint presentation",
    "click to add title",
}
"""What writers put where no one typed a title: python-docx and python-pptx fill in "Word
Document" and "PowerPoint Presentation" when a file has no core properties, apps "Untitled"."""
_FILE_NAME = re.compile(r"\.\w{2,4}$|^microsoft (word|powerpoint|excel) - ", re.IGNORECASE)
"""A title ending in an extension ("notes.docx"), or the app and file names a PDF printer copied
("Microsoft Word - notes.docx", "Microsoft Word - notes"), is a file name."""


def material_title(path: Path, *candidates: str | None) -> str:
    """The first candidate that reads as a real title (spaces tidied), else the file's name, so
    a library lists "The French Revolution" rather than "hist_lecture_03"."""
    for candidate in candidates:
        title = " ".join((candidate or "").split())
        if title and title.casefold() not in _PLACEHOLDER_TITLES and not _FILE_NAME.search(title):
            return title
    return path.stem


def first_heading(blocks: Iterable[Block]) -> str | None:
    """The text of the first heading, the title a document without one most likely means."""
    return next((block.text for block in blocks if block.heading_level is not None and block.text.strip()), None)
