"""A class's answers and human grades from spreadsheets, and grades out again.

Real files come from many places (Moodle, Google Forms, Excel in any language), so the
columns can be mapped by name, the encoding and delimiter are detected, and questions
are matched by number or by text. A file with bad rows is refused whole, with one line
per bad row, so a half-imported class never has to be cleaned up. Control characters (a NUL
byte, escape codes) are taken out of every cell as it is read, and counted in the result.
"""

import csv
import io
import json
import re
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from sensemaking_desktop.budget import BUDGETS, check_file
from sensemaking_desktop.ingest.errors import IngestError
from sensemaking_desktop.ingest.text import file_encoding
from sensemaking_desktop.interchange.cleaning import clean_value
from sensemaking_desktop.interchange.common import write_atomically
from sensemaking_desktop.interchange.csvfile import unescape_cell, write_csv_atomically
from sensemaking_desktop.interchange.errors import InterchangeError
from sensemaking_desktop.store import Store
from sensemaking_desktop.store.answers import add_human_grades, add_people_answers, answers_by_person
from sensemaking_desktop.store.grades import grade_records
from sensemaking_desktop.store.quizzes import get_quiz
from sensemaking_desktop.text.control import readable_name

MAX_PROBLEMS = 20


class Columns(BaseModel):
    """Which column holds what; names are matched without regard to case or spaces."""

    student: str = "student"
    question: str = "question"
    answer: str = "answer"
    score: str = "score"


@dataclass(frozen=True)
class AnswersImport:
    runs: int
    answers: int
    cleaned: int = 0
    """Control or invalid characters removed from the file's cells."""


def import_answers(store: Store, quiz_id: int, path: Path, columns: Columns | None = None) -> AnswersImport:
    """One answer run per student, with their answers to the quiz's questions."""
    columns = columns or Columns()
    rows, cleaned = _read(path, [columns.student, columns.question, columns.answer])
    questions = _question_index(store, quiz_id)
    problems, answers = [], []
    for number, row in rows:
        student, answer = row[columns.student].strip(), row[columns.answer].strip()
        question_id = _match(questions, row[columns.question])
        if not student:
            problems.append(f"row {number}: no student name")
        elif question_id is None:
            problems.append(f"row {number}: question {row[columns.question]!r} is not in quiz {quiz_id}")
        else:
            answers.append((student, question_id, answer))
    _refuse_if(problems, path)
    runs = add_people_answers(store, quiz_id, answers)
    return AnswersImport(runs=runs, answers=len(answers), cleaned=cleaned)


def import_grades(store: Store, quiz_id: int, path: Path, columns: Columns | None = None, grader: str = "") -> int:
    """Human grades (0–100) for answers already imported, matched by student and question (names
    cleaned as the answers' were, so they match)."""
    columns = columns or Columns()
    rows, _ = _read(path, [columns.student, columns.question, columns.score])
    questions = _question_index(store, quiz_id)
    answers = answers_by_person(store, quiz_id)
    problems, grades = [], []
    for number, row in rows:
        answer_id = answers.get((row[columns.student].strip(), _match(questions, row[columns.question])))
        score = _score(row[columns.score])
        if answer_id is None:
            problems.append(
                f"row {number}: no answer of {row[columns.student]!r} to question {row[columns.question]!r}"
            )
        elif score is None:
            problems.append(f"row {number}: score {row[columns.score]!r} is not a number from 0 to 100")
        else:
            grades.append((answer_id, score))
    _refuse_if(problems, path)
    add_human_grades(store, grades, grader or readable_name(path.name))
    return len(grades)


def grade_rows(store: Store, quiz_id: int) -> list[dict[str, Any]]:
    """Every grade of the quiz's answers with its reason, flags, confidence and provenance."""
    return [asdict(record) for record in grade_records(store, quiz_id)]


def export_grades(store: Store, quiz_id: int, target: Path) -> Path:
    """Grades as CSV (UTF-8 with BOM, for spreadsheets) or JSON, by the target's suffix; written whole
    or not at all (a full disk left a 0-byte grades file before)."""
    rows = grade_rows(store, quiz_id)
    if target.suffix.lower() == ".json":
        write_atomically(target, json.dumps(rows, ensure_ascii=False, indent=2).encode("utf-8"))
        return target
    header = list(rows[0]) if rows else ["student", "question", "score"]
    return write_csv_atomically(
        target, header, [list(dict(row, flags="; ".join(row["flags"])).values()) for row in rows]
    )


def _read(path: Path, wanted: Sequence[str]) -> tuple[list[tuple[int, dict[str, str]]], int]:
    """Rows as {wanted column: value}, numbered as a spreadsheet shows them (header is row 1), without
    control characters; and how many were removed."""
    check_file(path, BUDGETS["class_answers"])
    try:
        text = path.read_text(encoding=file_encoding(path))
    except IngestError as error:
        raise InterchangeError(str(error)) from error
    try:
        dialect = csv.Sniffer().sniff(text[:8192], delimiters=",;\t")
    except csv.Error:
        dialect = csv.excel
    # The sniffer takes the apostrophe that escapes a formula for a quote; spreadsheets quote with '"'.
    rows = csv.reader(io.StringIO(text), dialect, quotechar='"', doublequote=True)
    reader = ([unescape_cell(cell) for cell in row] for row in rows)
    header = [_key(name) for name in next(reader, [])]
    missing = [name for name in wanted if _key(name) not in header]
    if missing:
        raise InterchangeError(
            f"{path.name} has no column {', '.join(map(repr, missing))}; its columns are {', '.join(header) or 'none'}."
        )
    positions = {name: header.index(_key(name)) for name in wanted}
    rows, removed = [], 0
    for number, row in enumerate(reader, start=2):
        cells, count = clean_value({name: row[index] if index < len(row) else "" for name, index in positions.items()})
        removed += count
        if any(cell.strip() for cell in row):
            rows.append((number, cells))
    return rows, removed


def _key(name: str) -> str:
    return re.sub(r"\s+", " ", name).strip().casefold()


def _question_index(store: Store, quiz_id: int) -> dict[str, int]:
    """Question ids by number ("3", "Q3") and by normalised text."""
    index: dict[str, int] = {}
    for number, question in enumerate(get_quiz(store, quiz_id).questions, start=1):
        index[str(number)] = index[f"q{number}"] = question.id
        index[_key(question.text)] = question.id
    return index


def _match(questions: dict[str, int], value: str) -> int | None:
    return questions.get(_key(value))


def _score(value: str) -> float | None:
    try:
        score = float(value.strip().replace(",", "."))
    except ValueError:
        return None
    return score if 0 <= score <= 100 else None


def _refuse_if(problems: list[str], path: Path) -> None:
    if problems:
        shown = problems[:MAX_PROBLEMS] + (
            [f"... and {len(problems) - MAX_PROBLEMS} more"] if len(problems) > MAX_PROBLEMS else []
        )
        raise InterchangeError(f"{path.name} was not imported; fix these rows:\n" + "\n".join(shown))
