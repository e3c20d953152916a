"""What every extractor returns: text blocks in reading order, each with where it came from."""

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from sensemaking_desktop.cancel import CancelToken

Progress = Callable[[int, int], None]
"""How an extractor reports progress: (done, total) in its own unit (pages, slides, bytes)."""
Part = TypeVar("Part")


@dataclass(frozen=True)
class Block:
    """A paragraph, heading, table or transcript segment.

    `page` is 1-based for paged documents (the slide number for presentations);
    `start_s`/`end_s` are seconds for recordings and subtitles; `heading_level` (1 = top)
    marks a heading, which the sectioner uses as a boundary. Documents without pages (Word,
    OpenDocument, web pages) give a heading its `heading_path`, the headings above it and
    itself ("Methods › Sampling"), which becomes the section's title and so its location.
    """

    text: str
    page: int | None = None
    start_s: float | None = None
    end_s: float | None = None
    heading_level: int | None = None
    heading_path: str | None = None


@dataclass(frozen=True)
class Extracted:
    """A whole material as extracted, before it is cut into sections."""

    title: str
    kind: str
    """One of: pdf, epub, text, markdown, audio, video, docx, doc, odt, pptx, ppt, odp, html, subtitles, image."""
    blocks: list[Block]
    language: str | None = None
    meta: dict[str, Any] = field(default_factory=dict)
    """Extractor details worth keeping: page count, detected encoding, OCR used, ASR backend and model."""


def tidy(text: str) -> str:
    """A block's text with runs of spaces and tabs as one space and its line breaks kept."""
    return "\n".join(" ".join(line.split()) for line in text.splitlines()).strip()


def each_part(parts: Sequence[Part], cancel: CancelToken, on_progress: Progress | None) -> Iterator[tuple[int, Part]]:
    """(number from 1, part) of each part of a document (body elements, slides): a cancel stops
    the reading before the next part, and each part is reported done once its reader has it."""
    for number, part in enumerate(parts, start=1):
        cancel.raise_if_cancelled()
        yield number, part
        if on_progress:
            on_progress(number, len(parts))
