"""Heading paths for materials without pages: "Chapter 2 › Methods" says where a section lies."""

from sensemaking_desktop.ingest.extracted import Block

SEPARATOR = " › "


class HeadingTrail:
    """The headings above the current point of a document, as they open and close."""

    def __init__(self) -> None:
        self._open: list[tuple[int, str]] = []

    def heading(self, text: str, level: int) -> Block:
        """A heading block whose path holds the open headings of higher levels and itself."""
        while self._open and self._open[-1][0] >= level:
            self._open.pop()
        self._open.append((level, text))
        return Block(text, heading_level=level, heading_path=SEPARATOR.join(title for _, title in self._open))
