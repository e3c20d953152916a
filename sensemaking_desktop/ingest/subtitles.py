"""Subtitles (SubRip .srt, WebVTT .vtt) as a transcript: one block per cue, with its times.

Like a recording's transcript, each block has `start_s` and `end_s`, so the sectioner cuts at
pauses and a question points to a time. Formatting tags (`<i>`, `<v Speaker>`, `{\\an8}`,
WebVTT's inline timestamps) are dropped; NOTE, STYLE and REGION blocks are skipped. A line
repeated from the cue before (as roll-up captions do) is kept only once. The parser is our
own: both formats are a few lines of grammar, not worth a dependency each.
"""

import re
from pathlib import Path

from sensemaking_desktop.cancel import NEVER, CancelToken
from sensemaking_desktop.ingest.errors import IngestError
from sensemaking_desktop.ingest.extracted import Block, Extracted, Progress
from sensemaking_desktop.ingest.text import file_encoding

_TIME = r"(?:(\d+):)?(\d{1,2}):(\d{2})[,.](\d{1,3})"
_TIMING = re.compile(rf"\s*{_TIME}\s*-->\s*{_TIME}")
_TAGS = re.compile(r"<[^>]*>|\{\\[^}]*\}")
_SKIPPED_BLOCKS = ("NOTE", "STYLE", "REGION", "WEBVTT")
_PROGRESS_CUES = 500


def extract_subtitles(path: Path, *, cancel: CancelToken = NEVER, on_progress: Progress | None = None) -> Extracted:
    """Read an .srt or .vtt file; `on_progress(cues_done, cues_total)`."""
    encoding = file_encoding(path)
    with path.open(encoding=encoding, errors="replace", newline=None) as file:
        chunks = [chunk for chunk in re.split(r"\n\s*\n", file.read().lstrip("\ufeff")) if chunk.strip()]
    blocks: list[Block] = []
    cues = 0
    previous: list[str] = []
    for index, chunk in enumerate(chunks, start=1):
        cue = _cue(chunk)
        if cue is not None:
            cues += 1
            start, end, lines = cue
            new = [line for line in lines if line not in previous]
            previous = lines
            if new:
                blocks.append(Block(" ".join(new), start_s=start, end_s=end))
        if index % _PROGRESS_CUES == 0:
            cancel.raise_if_cancelled()
            if on_progress:
                on_progress(index, len(chunks))
    if not cues:
        raise IngestError(f"{path.name} is not a subtitle file: it has no cues with times (00:00:01,000 --> ...).")
    if not blocks:
        raise IngestError(f"{path.name} contains no text.")
    return Extracted(title=path.stem, kind="subtitles", blocks=blocks, meta={"encoding": encoding, "cues": cues})


def _cue(chunk: str) -> tuple[float, float, list[str]] | None:
    """(start, end, text lines) of a cue; None for a header, note, style or region block."""
    lines = chunk.strip("\n").split("\n")
    if lines[0].strip().startswith(_SKIPPED_BLOCKS):
        return None
    for index, line in enumerate(lines[:2]):
        if timing := _TIMING.match(line):
            times = timing.groups()
            text = [cleaned for line in lines[index + 1 :] if (cleaned := " ".join(_TAGS.sub("", line).split()))]
            return _seconds(*times[:4]), _seconds(*times[4:]), text
    return None


def _seconds(hours: str | None, minutes: str, seconds: str, fraction: str) -> float:
    return int(hours or 0) * 3600 + int(minutes) * 60 + int(seconds) + int(fraction.ljust(3, "0")) / 1000
