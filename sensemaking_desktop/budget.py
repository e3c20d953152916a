"""One budget for every input the app reads from elsewhere: every limit lives here.

Per format: how large the file may be; how far the text parts of a zip package (EPUB, Word,
PowerPoint, OpenDocument) may expand, counted on the bytes actually inflated rather than on
what the archive declares; how many elements a web page may hold (its markup is counted on the
bytes read, before any parser sees them); how many pages a PDF or EPUB may have; how long
reading it may take (checked between pages and parts); how deep a question bank's elements or
braces may nest, and how long one question's or one answer's text may be. A backup made before sizes were recorded
may unpack to no more than OLD_BACKUP_RATIO times its own size.

A file over a limit is refused in one line that names the file, the limit and its value; the
library is not touched.
"""

import re
import time
import zipfile
import zlib
from dataclasses import dataclass
from pathlib import Path

from sensemaking_desktop.cancel import CancelToken
from sensemaking_desktop.errors import SensemakingError

MiB = 2**20


class OverBudget(SensemakingError):
    """A file that is larger, expands further, holds more or takes longer than its format allows."""


@dataclass(frozen=True)
class Budget:
    what: str
    """The format in messages ("Word document")."""
    file_bytes: int
    expanded_bytes: int | None = None
    """The text parts of a zip package (XML, XHTML, HTML), inflated, together."""
    elements: int | None = None
    """Elements of a web page (start tags), counted on its bytes."""
    pages: int | None = None
    seconds: float = 600.0
    nesting: int | None = None
    """How deep elements (XML) or braces (GIFT) may nest; the readers walk them."""
    question_chars: int | None = None
    """Characters of one question's text."""
    answer_chars: int | None = None
    """Characters of one answer: a choice, an accepted or reference answer, a student's answer."""


BUDGETS: dict[str, Budget] = {
    "pdf": Budget("PDF", file_bytes=2048 * MiB, pages=10_000, seconds=4 * 3600.0),
    "epub": Budget("EPUB book", file_bytes=512 * MiB, expanded_bytes=64 * MiB, pages=20_000, seconds=1800.0),
    "docx": Budget("Word document", file_bytes=512 * MiB, expanded_bytes=64 * MiB),
    "pptx": Budget("PowerPoint presentation", file_bytes=1024 * MiB, expanded_bytes=64 * MiB),
    "odt": Budget("OpenDocument text", file_bytes=512 * MiB, expanded_bytes=64 * MiB),
    "odp": Budget("OpenDocument presentation", file_bytes=1024 * MiB, expanded_bytes=64 * MiB),
    "html": Budget("web page", file_bytes=16 * MiB, elements=150_000, seconds=300.0),
    "text": Budget("text file", file_bytes=64 * MiB, seconds=300.0),
    "subtitles": Budget("subtitle file", file_bytes=16 * MiB, seconds=300.0),
    "question_bank": Budget(
        "question bank", file_bytes=256 * MiB, nesting=100, question_chars=100_000, answer_chars=50_000
    ),
    "eloquent": Budget("ELOQUENT JSON file", file_bytes=64 * MiB, question_chars=100_000, answer_chars=50_000),
    "class_answers": Budget("class answers file", file_bytes=64 * MiB, answer_chars=50_000),
}
"""Generous for honest files: a 1,000-page textbook PDF is about 50 MB, a long Word document's XML
a few MB, a saved Wikipedia article 1-3 MB with 20-40 thousand elements. A Moodle bank of 500
questions with pictures is tens of MB; the ELOQUENT devset's largest JSON file is under 1 MB. A web page of 150,000
elements is read in about ten seconds; one of 50 MB of tags would take ten minutes. A question's
HTML nests a few levels (a table in a list in a div: under 20); 100 leaves room and stays far
below Python's recursion limit. 100,000 characters is a question with a reading passage of 30
pages; 50,000 an essay of about 8,000 words."""
SUFFIXES = {
    ".pdf": "pdf",
    ".epub": "epub",
    ".docx": "docx",
    ".pptx": "pptx",
    ".odt": "odt",
    ".odp": "odp",
    ".html": "html",
    ".htm": "html",
    ".mhtml": "html",
    ".mht": "html",
    ".txt": "text",
    ".text": "text",
    ".md": "text",
    ".markdown": "text",
    ".srt": "subtitles",
    ".vtt": "subtitles",
}
OLD_BACKUP_RATIO = 32
"""A backup whose manifest records no sizes may unpack to 32 times its own size at most: its
files (PDFs, recordings, pictures) hardly compress, and its database about tenfold."""
TEXT_PARTS = (".xml", ".rels", ".xhtml", ".html", ".htm", ".opf", ".ncx", ".svg", ".txt", ".css")
_START_TAG = re.compile(rb"<[A-Za-z]")
_CHUNK = MiB


def budget_for(path: Path) -> Budget | None:
    """The budget of a file's format; None for formats read elsewhere (recordings, pictures)."""
    fmt = SUFFIXES.get(path.suffix.lower())
    return BUDGETS[fmt] if fmt else None


def megabytes(size: float) -> str:
    return f"{size / MiB:,.0f} MB" if size >= MiB else f"{size / 1024:,.0f} KB"


def check_file(path: Path, budget: Budget) -> None:
    size = path.stat().st_size
    if size > budget.file_bytes:
        raise OverBudget(
            f"{path.name} is {megabytes(size)}, more than the {megabytes(budget.file_bytes)} "
            f"a {budget.what} may be (budget.{_key(budget)}.file_bytes)."
        )


def check_package(archive: zipfile.ZipFile, path: Path, budget: Budget, cancel: CancelToken) -> None:
    """Inflate the package's text parts, counting the bytes that come out, and refuse it once they
    pass the budget; whatever the archive declares, this is what a parser would read."""
    if budget.expanded_bytes is None:
        return
    total = 0
    for member in archive.infolist():
        if member.is_dir() or not member.filename.lower().endswith(TEXT_PARTS):
            continue
        try:
            with archive.open(member) as part:
                while chunk := part.read(_CHUNK):
                    cancel.raise_if_cancelled()
                    total += len(chunk)
                    if total > budget.expanded_bytes:
                        raise OverBudget(
                            f"{path.name} expands to more than the {megabytes(budget.expanded_bytes)} of text "
                            f"a {budget.what} may hold (budget.{_key(budget)}.expanded_bytes; at {member.filename})."
                        )
        except (zipfile.BadZipFile, zlib.error, EOFError, NotImplementedError, RuntimeError) as error:
            raise OverBudget(f"{path.name} is damaged: its part {member.filename} cannot be unpacked.") from error


def check_markup(data: bytes, path: Path, budget: Budget) -> None:
    """Count a web page's start tags on its bytes before any parser sees them."""
    if budget.elements is None:
        return
    count = 0
    for count, _ in enumerate(_START_TAG.finditer(data), start=1):
        if count > budget.elements:
            raise OverBudget(
                f"{path.name} holds more than {budget.elements:,} elements, more than a {budget.what} may "
                f"(budget.{_key(budget)}.elements)."
            )


def check_pages(count: int, path: Path, budget: Budget) -> None:
    if budget.pages is not None and count > budget.pages:
        raise OverBudget(
            f"{path.name} has {count:,} pages, more than the {budget.pages:,} a {budget.what} may have "
            f"(budget.{_key(budget)}.pages)."
        )


def check_nesting(depth: int, where: str, budget: Budget) -> None:
    """Refuse elements or braces nested deeper than the format's budget (`where` names them)."""
    if budget.nesting is not None and depth > budget.nesting:
        raise OverBudget(
            f"{where} nests {depth:,} levels deep, more than the {budget.nesting:,} a {budget.what} may "
            f"(budget.{_key(budget)}.nesting)."
        )


def check_text(text: str | None, where: str, budget: Budget, *, answer: bool = False) -> None:
    """Refuse one question's (or, with `answer`, one answer's) text longer than the budget allows;
    `where` names it ("bank.xml: the text of question 3")."""
    limit = budget.answer_chars if answer else budget.question_chars
    if text is not None and limit is not None and len(text) > limit:
        field = "answer_chars" if answer else "question_chars"
        kind = "an answer" if answer else "a question"
        raise OverBudget(
            f"{where} is {len(text):,} characters, more than the {limit:,} {kind} may have in a {budget.what} "
            f"(budget.{_key(budget)}.{field})."
        )


def old_backup_limit(archive_bytes: int) -> int:
    return OLD_BACKUP_RATIO * archive_bytes + MiB


class Deadline(CancelToken):
    """A cancel token that also ends the work, with a line naming the budget, once its time is up.

    Work checks it where it checks for cancel (between pages, parts, sections)."""

    def __init__(self, parent: CancelToken, path: Path, budget: Budget) -> None:
        super().__init__()
        self._parent, self._path, self._budget = parent, path, budget
        self._ends = time.monotonic() + budget.seconds

    def cancel(self) -> None:
        self._parent.cancel()

    @property
    def cancelled(self) -> bool:
        return self._parent.cancelled or time.monotonic() >= self._ends

    def wait(self, seconds: float) -> bool:
        remaining = max(0.0, self._ends - time.monotonic())
        return self._parent.wait(min(seconds, remaining)) or time.monotonic() >= self._ends

    def raise_if_cancelled(self) -> None:
        self._parent.raise_if_cancelled()
        if time.monotonic() >= self._ends:
            raise OverBudget(
                f"Reading {self._path.name} took more than the {self._budget.seconds:g} s a {self._budget.what} "
                f"may take (budget.{_key(self._budget)}.seconds); nothing of it was imported."
            )


def _key(budget: Budget) -> str:
    return next((key for key, value in BUDGETS.items() if value is budget), "format")
