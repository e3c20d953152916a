"""CSV: one row per question, for spreadsheets (Excel, LibreOffice) and hand editing.

Columns: kind, question, reference_answer, choices, accepted, feedback, points, pages, time, quote.
- choices is JSON, `[{"text": "…", "correct": true, "feedback": "…"}]`: unlike a `|`-separated
  list with `*` for correct ones it keeps per-choice feedback and texts holding `|` or `*`.
- accepted is a JSON list of strings, for the same reason; objects, `{"text": "Cat", "fraction": 50,
  "feedback": "…"}`, where an answer earns less than full points or has feedback.
- pages and time are ranges written with an en dash, "2–3" and "61.5–70" (seconds); a hyphen is read
  too. The en dash keeps Excel from turning "2-3" into a date.

Written as UTF-8 with a byte-order mark, which Excel needs to see the file as UTF-8. Read in any
common encoding, with a comma, semicolon (European Excel) or tab between fields. The file has no
title: the imported quiz is named after the file.

Every CSV the app writes goes through csv_writer(), which keeps a text cell from running as a
spreadsheet formula (OWASP "CSV injection"): a text starting with = + - @, a tab or a carriage
return gets a leading apostrophe, which spreadsheets show as text. Readers of the app's own
files take it off again with unescape_cell(), so a round trip is lossless.
"""

import csv
import io
import json
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, TextIO

from charset_normalizer import from_bytes
from pydantic import ValidationError

from sensemaking_desktop.interchange.common import quiz_title_of, write_atomically
from sensemaking_desktop.interchange.errors import InterchangeError
from sensemaking_desktop.quizzes.model import Question, Quiz, Source

COLUMNS = (
    "kind",
    "question",
    "reference_answer",
    "choices",
    "accepted",
    "feedback",
    "points",
    "pages",
    "time",
    "quote",
)
_REQUIRED = {"kind", "question"}
_BOMS = ((b"\xef\xbb\xbf", "utf-8-sig"), (b"\xff\xfe", "utf-16"), (b"\xfe\xff", "utf-16"))
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


class SafeCsvWriter:
    """A csv.writer whose text cells cannot run as spreadsheet formulas; numbers are written as they are."""

    def __init__(self, file: TextIO, **options: Any) -> None:
        self._writer = csv.writer(file, **options)

    def writerow(self, row: Iterable[Any]) -> None:
        self._writer.writerow([safe_cell(cell) for cell in row])

    def writerows(self, rows: Iterable[Iterable[Any]]) -> None:
        for row in rows:
            self.writerow(row)


def csv_writer(file: TextIO, **options: Any) -> SafeCsvWriter:
    """The one way the app writes CSV; `options` are csv.writer's."""
    return SafeCsvWriter(file, **options)


def safe_cell(value: Any) -> Any:
    """A text a spreadsheet would read as a formula, with an apostrophe in front.

    Texts that already start with apostrophes before such a character get one more, so
    unescape_cell() can tell them from escaped ones. Numbers (-0.5) are data and stay as they are."""
    if isinstance(value, str) and value.lstrip("'").startswith(FORMULA_STARTS):
        return "'" + value
    return value


def unescape_cell(text: str) -> str:
    """The text safe_cell() escaped, as it was; any other text unchanged."""
    if text.startswith("'") and text.lstrip("'").startswith(FORMULA_STARTS):
        return text[1:]
    return text


def export_csv(quiz: Quiz, target: Path) -> Path:
    """Write `quiz` as CSV at `target`; the file appears whole or not at all."""
    return write_csv_atomically(target, list(COLUMNS), [_row(question) for question in quiz.questions])


def import_csv(path: Path) -> Quiz:
    """Read a CSV file of questions; a bad row is named by its row number as a spreadsheet shows it."""
    text = _decode(path)
    rows = csv.DictReader(io.StringIO(text, newline=""), delimiter=_delimiter(text))
    columns = [name.strip() for name in rows.fieldnames or []]
    rows.fieldnames = columns
    if not _REQUIRED <= set(columns) or not set(columns) <= set(COLUMNS):
        raise InterchangeError(
            f"{path.name} has the columns {', '.join(columns) or '(none)'}; expected {', '.join(COLUMNS)}."
        )
    questions = [_question(row, path, number) for number, row in enumerate(rows, start=2)]
    return Quiz(title=quiz_title_of("", path), questions=questions)


# --- writing ----------------------------------------------------------------------------------


def _row(question: Question) -> list[str]:
    choices = [choice.model_dump(exclude_none=True) for choice in question.choices]
    source = question.source
    return [
        question.kind.value,
        question.text,
        question.reference_answer or "",
        json.dumps(choices, ensure_ascii=False) if choices else "",
        _accepted(question),
        question.feedback or "",
        str(question.points).removesuffix(".0"),
        _span(source.start_page, source.end_page),
        _span(source.start_s, source.end_s),
        source.quote or "",
    ]


def _accepted(question: Question) -> str:
    """A JSON list of strings while every answer earns full points without feedback, else of objects."""
    if not question.accepted:
        return ""
    if all(answer.fraction == 100 and not answer.feedback for answer in question.accepted):
        return json.dumps([answer.text for answer in question.accepted], ensure_ascii=False)
    return json.dumps([answer.model_dump(exclude_none=True) for answer in question.accepted], ensure_ascii=False)


def _span(start: float | None, end: float | None) -> str:
    """ "2–3", or "2" when only the start is known; whole numbers without ".0"."""
    parts = ["" if value is None else str(value).removesuffix(".0") for value in (start, end)]
    return parts[0] if end is None else "–".join(parts)


# --- reading ----------------------------------------------------------------------------------


def _decode(path: Path) -> str:
    """The file's text: a byte-order mark decides, then UTF-8, then charset-normalizer's guess."""
    try:
        data = path.read_bytes()
    except OSError as error:
        raise InterchangeError(f"cannot read {path}: {error.strerror or error}") from error
    for bom, encoding in _BOMS:
        if data.startswith(bom):
            return data.decode(encoding)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        best = from_bytes(data).best()
    if best is None:
        raise InterchangeError(f"{path.name} is not a text file.")
    return str(best)


def _delimiter(text: str) -> str:
    """Excel's comma, or the semicolon or tab that some locales' spreadsheets write: whichever the
    header line holds most of (csv.Sniffer misreads quoted cells in later rows)."""
    header = text.partition("\n")[0]
    return max(",;\t", key=header.count)


def _question(row: dict[str, str | None], path: Path, number: int) -> Question:
    if None in row:
        raise InterchangeError(f"{path.name} row {number}: more fields than columns.")
    cell = {name: unescape_cell((value or "").strip()) for name, value in row.items()}
    try:
        pages = _range(cell.get("pages", ""), int)
        times = _range(cell.get("time", ""), float)
        return Question(
            kind=cell["kind"],
            text=cell["question"],
            reference_answer=cell.get("reference_answer") or None,
            choices=json.loads(cell.get("choices") or "[]"),
            accepted=json.loads(cell.get("accepted") or "[]"),
            feedback=cell.get("feedback") or None,
            points=float(cell.get("points") or 1),
            source=Source(
                start_page=pages[0],
                end_page=pages[1],
                start_s=times[0],
                end_s=times[1],
                quote=cell.get("quote") or None,
            ),
        )
    except json.JSONDecodeError as error:
        raise InterchangeError(
            f"{path.name} row {number}: choices or accepted is not valid JSON ({error.msg})."
        ) from error
    except ValidationError as error:
        problem = error.errors()[0]
        where = ".".join(str(part) for part in problem["loc"])
        reason = problem["msg"].removeprefix("Value error, ")
        raise InterchangeError(f"{path.name} row {number}: {where + ': ' if where else ''}{reason}.") from error
    except ValueError as error:
        raise InterchangeError(f"{path.name} row {number}: {error}.") from error


def _range(text: str, number: type) -> tuple:
    """ "2–3" or "2-3" → (2, 3); "2" → (2, None); "" → (None, None)."""
    if not text:
        return None, None
    start, dash, end = text.replace("–", "-").partition("-")
    return (number(start) if start else None), (number(end) if dash and end else None)


def write_csv_atomically(target: Path, header: list[str], rows: Sequence[Sequence[Any]]) -> Path:
    """A table as CSV (UTF-8 with BOM, for spreadsheets), written whole or not at all."""
    buffer = io.StringIO()
    writer = csv_writer(buffer)
    writer.writerow(header)
    writer.writerows(rows)
    write_atomically(target, buffer.getvalue().encode("utf-8-sig"))
    return target
