"""What the quiz formats share: atomic writes, safe XML reading, HTML text, the "Source:" line,
category paths and grade percentages (Moodle XML, GIFT and QTI write the same notes)."""

import html
import os
import re
import xml.etree.ElementTree as ET
from pathlib import Path

from defusedxml import DefusedXmlException
from defusedxml.ElementTree import fromstring as parse_untrusted
from pydantic import ValidationError

from sensemaking_desktop.interchange.errors import InterchangeError
from sensemaking_desktop.quizzes.model import Question, Quiz, Source


def write_atomically(target: Path, data: bytes) -> None:
    """Write through a partial file and rename, so a failed export leaves no half-written file."""
    partial = target.with_name(f".{target.name}.partial")
    try:
        partial.write_bytes(data)
        os.replace(partial, target)
    except OSError as error:
        partial.unlink(missing_ok=True)
        raise InterchangeError(f"cannot write {target}: {error.strerror or error}") from error


def read_xml(path: Path, data: bytes | None = None) -> ET.Element:
    """Parse untrusted XML (defusedxml refuses entity bombs and external entities)."""
    try:
        source = path.read_bytes() if data is None else data
    except OSError as error:
        raise InterchangeError(f"cannot read {path}: {error.strerror or error}") from error
    try:
        return parse_untrusted(source)
    except ET.ParseError as error:
        raise InterchangeError(f"{path.name} is not well-formed XML: {error}") from error
    except DefusedXmlException as error:
        raise InterchangeError(f"{path.name} uses XML entities or DTDs, which are refused: {error}") from error


def build_quiz(path: Path, title: str, questions: list[dict]) -> Quiz:
    """Validate the read fields as a Quiz; a question that breaks the model's rules names its number."""
    built = []
    for number, fields in enumerate(questions, start=1):
        try:
            built.append(Question(**fields))
        except ValidationError as error:
            reason = error.errors()[0]["msg"].removeprefix("Value error, ")
            raise InterchangeError(f"{path.name}: question {number} cannot be read: {reason}") from error
    try:
        return Quiz(title=title.strip() or path.stem or "Quiz", questions=built)
    except ValidationError as error:
        raise InterchangeError(f"{path.name}: {error.errors()[0]['msg']}") from error


def category_path(title: str) -> str:
    """A course-level category named after the title; "/" is doubled, Moodle's escape for it."""
    return "$course$/" + " ".join(title.split()).replace("/", "//")


def category_title(path: str) -> str:
    """The last level of a category path such as "$course$/top/Water//Air" → "Water/Air"."""
    levels = re.split(r"(?<!/)/(?!/)", re.sub(r"^\$\w+\$/(top/?)?", "", path.strip()))
    return levels[-1].replace("//", "/")


def percent(value: float) -> str:
    """A grade percentage as Moodle writes and matches them: "100", "50", "33.33333"."""
    return f"{value:.5f}".rstrip("0").rstrip(".")


def text_to_html(text: str) -> str:
    """Plain text as HTML that shows exactly that text: escaped, line breaks as <br>."""
    return html.escape(text, quote=False).replace("\n", "<br>")


def html_to_text(markup: str) -> str:
    """The text a person sees in simple HTML: breaks and paragraphs as line breaks, tags dropped."""
    markup = re.sub(r"<br\s*/?>|</p>\s*<p[^>]*>", "\n", markup, flags=re.I)
    return html.unescape(re.sub(r"<[^>]+>", "", markup)).strip()


_SOURCE = re.compile(
    r"Source: (?:pages? (?P<p1>\d+)(?:–(?P<p2>\d+))?)?(?:, )?(?:(?P<t1>[^\s–]+)(?:–(?P<t2>[^\s–]+))? s)?"
    r"(?:(?:: )?“(?P<quote>.*)”)?",
    re.S,
)


def join_notes(feedback: str | None, source: Source) -> str:
    """Feedback followed by a "Source: pages 2–3, 61.5–70 s: “quote”" line, for formats that only
    have one general-feedback text."""
    line = source_line(source)
    return "\n".join(part for part in (feedback, line) if part)


def split_notes(notes: str) -> tuple[str | None, Source]:
    """The inverse of `join_notes`: the feedback and the source read from a last "Source:" line."""
    start = notes.rfind("\nSource: ") + 1
    if start == 0 and not notes.startswith("Source: "):
        return notes or None, Source()
    match = _SOURCE.fullmatch(notes[start:])
    if not match or not any(match.groupdict().values()):
        return notes or None, Source()
    source = Source(
        start_page=_int(match["p1"]),
        end_page=_int(match["p2"] or match["p1"]),
        start_s=_float(match["t1"]),
        end_s=_float(match["t2"] or match["t1"]),
        quote=match["quote"],
    )
    return notes[: max(start - 1, 0)] or None, source


def source_line(source: Source) -> str:
    """One readable line; a single page or time stands for a range that starts and ends there."""
    places = []
    if source.start_page is not None:
        end = source.end_page if source.end_page is not None else source.start_page
        places.append(f"page {end}" if end == source.start_page else f"pages {source.start_page}–{end}")
    if source.start_s is not None:
        end_s = source.end_s if source.end_s is not None else source.start_s
        span = _number(source.start_s) if end_s == source.start_s else f"{_number(source.start_s)}–{_number(end_s)}"
        places.append(f"{span} s")
    where = ", ".join(places)
    if source.quote:
        where = f"{where}: “{source.quote}”" if where else f"“{source.quote}”"
    return f"Source: {where}" if where else ""


def _number(value: float) -> str:
    """The shortest text that reads back as the same float: 70.0 as "70", 61.5 as "61.5"."""
    return str(value).removesuffix(".0")


def _int(text: str | None) -> int | None:
    return int(text) if text else None


def _float(text: str | None) -> float | None:
    return float(text) if text else None


# --- writing ----------------------------------------------------------------------------------


def describe_source(source: Source) -> str:
    """Say where the answer lies in a few characters: "p. 2", "pp. 2–3" or "1:01–1:10"."""
    if source.start_page is not None:
        if source.end_page is None or source.end_page == source.start_page:
            return f"p. {source.start_page}"
        return f"pp. {source.start_page}\u2013{source.end_page}"
    if source.start_s is not None:
        if source.end_s is None or int(source.end_s) == int(source.start_s):
            return _clock(source.start_s)
        return f"{_clock(source.start_s)}\u2013{_clock(source.end_s)}"
    return ""


def _clock(seconds: float) -> str:
    hours, rest = divmod(int(seconds), 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"
