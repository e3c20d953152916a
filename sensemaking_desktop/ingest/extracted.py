"""What every extractor returns: text blocks in reading order, each with where it came from."""

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Block:
    """A paragraph, heading, table or transcript segment.

    `page` is 1-based for paged documents; `start_s`/`end_s` are seconds for recordings;
    `heading_level` (1 = top) marks a heading, which the sectioner uses as a boundary.
    """

    text: str
    page: int | None = None
    start_s: float | None = None
    end_s: float | None = None
    heading_level: int | None = None


@dataclass(frozen=True)
class Extracted:
    """A whole material as extracted, before it is cut into sections."""

    title: str
    kind: str
    """One of: pdf, epub, text, markdown, audio, video."""
    blocks: list[Block]
    language: str | None = None
    meta: dict[str, Any] = field(default_factory=dict)
    """Extractor details worth keeping: page count, detected encoding, OCR used, ASR backend and model."""
