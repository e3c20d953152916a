"""A class's answers and human grades from spreadsheets, and grades out again; and grade files
(people's and the Evaluator's) read for the agreement metrics, through the same reader.

Real files come from many places (Moodle, Google Forms, Excel in any language), so the
columns can be mapped by name, the encoding and delimiter are detected, and questions
are matched by number or by text. A file with bad rows is refused whole, with one line
per bad row, so a half-imported class never has to be cleaned up. Control characters (a NUL
byte, escape codes) are taken out of every cell as it is read, and counted in the result.
"""

import csv
import io
import json
import math
import re
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from sensemaking_desktop.budget import BUDGETS, check_file, check_text
from sensemaking_desktop.ingest.errors import IngestError
from sensemaking_desktop.ingest.text import file_encoding
from sensemaking_desktop.interchange.cleaning import clean_value
from sensemaking_desktop.interchange.common import write_atomically
from sensemaking_desktop.interchange.csvfile import unescape_cell, write_csv_atomically
from sensemaking_desktop.interchange.errors import InterchangeError
from sensemaking_desktop.interchange.jsonlines import read_items
from sensemaking_desktop.store import Store
from sensemaking_desktop.store.answers import add_human_grades, add_people_answers, answers_by_person
from sensemaking_desktop.store.grades import grade_records
from sensemaking_desktop.store.quizzes import get_quiz
from sensemaking_desktop.text.control import readable_name
from sensemaking_desktop.wording import plural

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
    replaced: int = 0
    """Rows left out because a later row of the file answers the same question for the same student."""
    unchanged: int = 0
    """Answers left out because the quiz already holds them word for word (the file imported again)."""
    changed: list[str] = field(default_factory=list)
    """"Dan, question 2" for each answer the quiz already holds in other words: the earlier one stands."""


DUPLICATES = ("refuse", "last")
"""What a file that answers (or grades) the same student's question twice gets: refused, naming
the rows, or the last row of each kept."""


def import_answers(
    store: Store, quiz_id: int, path: Path, columns: Columns | None = None, *, duplicates: str = "refuse"
) -> AnswersImport:
    """One answer run per student, with their answers to the quiz's questions. A student who answers
    a question twice is refused (`duplicates="last"` keeps the later answer and counts the other)."""
    columns = columns or Columns()
    rows, cleaned = _read(path, [columns.student, columns.question, columns.answer])
    questions = _question_index(store, quiz_id)
    problems, answers = [], {}
    for number, row in rows:
        student, answer = row[columns.student].strip(), row[columns.answer].strip()
        question_id = _match(questions, row[columns.question])
        check_text(answer, f"{path.name}: the answer in row {number}", BUDGETS["class_answers"], answer=True)
        if not student:
            problems.append(f"row {number}: no student name")
        elif not row[columns.question].strip():
            problems.append(f"row {number}: no question number")
        elif question_id is None:
            problems.append(f"row {number}: question {row[columns.question]!r} is not in quiz {quiz_id}")
        elif (student, question_id) in answers and duplicates == "refuse":
            first = answers[student, question_id][0]
            problems.append(f"row {number}: {student!r} answers question {row[columns.question]!r} again (row {first})")
        else:
            answers.pop((student, question_id), None)  # the later row stands, in its own place
            answers[student, question_id] = (number, answer)
    _refuse_if(problems, f"{path.name} was not imported; fix these rows" + _keep_last_hint(problems) + ":")
    added = add_people_answers(store, quiz_id, [(s, q, answer) for (s, q), (_, answer) in answers.items()])
    numbers = {question_id: key for key, question_id in questions.items() if key.isdigit()}
    return AnswersImport(
        runs=added.runs,
        answers=added.added,
        cleaned=cleaned,
        replaced=len(rows) - len(answers),
        unchanged=added.unchanged,
        changed=[f"{person}, question {numbers.get(question, '?')}" for person, question in added.changed],
    )


def import_grades(
    store: Store,
    quiz_id: int,
    path: Path,
    columns: Columns | None = None,
    grader: str = "",
    *,
    duplicates: str = "refuse",
) -> int:
    """Human grades (0–100) for answers already imported, matched by student and question (names
    cleaned as the answers' were, so they match). An answer graded twice is refused: two grades of
    one answer leave the teacher's grade to the order of the rows (`duplicates="last"` keeps the last)."""
    columns = columns or Columns()
    rows, _ = _read(path, [columns.student, columns.question, columns.score])
    questions = _question_index(store, quiz_id)
    answers = answers_by_person(store, quiz_id)
    problems, grades, rows_of = [], {}, {}
    for number, row in rows:
        answer_id = answers.get((row[columns.student].strip(), _match(questions, row[columns.question])))
        score = _score(row[columns.score])
        if answer_id is None:
            problems.append(
                f"row {number}: no answer of {row[columns.student]!r} to question {row[columns.question]!r}"
            )
        elif score is None:
            problems.append(f"row {number}: score {row[columns.score]!r} is not a number from 0 to 100")
        elif answer_id in grades and duplicates == "refuse":
            problems.append(
                f"row {number}: the answer of {row[columns.student]!r} to question {row[columns.question]!r} "
                f"is graded again (row {rows_of[answer_id]})"
            )
        else:
            grades[answer_id], rows_of[answer_id] = score, number
    _refuse_if(problems, f"{path.name} was not imported; fix these rows" + _keep_last_hint(problems) + ":")
    add_human_grades(store, list(grades.items()), grader or readable_name(path.name))
    return len(grades)


def grade_rows(store: Store, quiz_id: int) -> list[dict[str, Any]]:
    """Every grade of the quiz's answers with its reason, flags, confidence and provenance."""
    return [asdict(record) for record in grade_records(store, quiz_id)]


def export_grades(store: Store, quiz_id: int, target: Path) -> Path:
    """Grades as CSV (UTF-8 with BOM, for spreadsheets) or JSON, by the target's suffix; written whole
    or not at all (a full disk left a 0-byte grades file before). Every grade an answer had is a row:
    `final` says which one stands, and `origin` marks class grading's suggestions, which never do."""
    rows = grade_rows(store, quiz_id)
    if target.suffix.lower() == ".json":
        write_atomically(target, json.dumps(rows, ensure_ascii=False, indent=2).encode("utf-8"))
        return target
    header = list(rows[0]) if rows else ["student", "question", "score"]
    return write_csv_atomically(
        target,
        header,
        [
            list(dict(row, flags="; ".join(row["flags"]), final="yes" if row["final"] else "no").values())
            for row in rows
        ],
    )


@dataclass(frozen=True)
class FileGrade:
    """One grade on 0–100 read from a file, with where it came from, for pairing and for messages."""

    place: str
    score: float
    id: str | None = None
    question: str | None = None


def human_grades(path: Path, score_column: str = "score", full_marks: float = 100) -> list[FileGrade]:
    """People's grades from CSV (encoding and delimiter detected) or JSON lines, mapped to 0–100;
    each row's id (or key) and question_id (or question) are kept for pairing."""
    if path.suffix.lower() in (".jsonl", ".json", ".ndjson"):
        rows = [(f"line {number}", row) for number, row in enumerate(read_items(path, ()), start=1)]
    else:
        header, table = _table(path)
        rows, score_column = [(f"row {number}", dict(zip(header, row))) for number, row in table], _key(score_column)
    grades, problems = [], []
    for place, row in rows:
        score = _number(row.get(score_column) if isinstance(row, dict) else None)
        if score is None:
            problems.append(f"{place}: no numeric {score_column!r}")
        elif not 0 <= score <= full_marks:
            problems.append(f"{place}: score {score:g} is outside 0–{full_marks:g} (see --human-max)")
        else:
            question = _text(row, "question_id", "question")
            grades.append(FileGrade(place, score / full_marks * 100, _text(row, "id", "key"), question))
    _refuse_if(problems, f"{path.name} has bad lines; nothing was measured:")
    if not grades:
        raise InterchangeError(f"{path.name} holds no grades.")
    return grades


def machine_grades(path: Path) -> list[FileGrade]:
    """The Evaluator's grades as `grade --items` prints them (JSON lines, score 0–100, optional id or key)."""
    grades, problems = [], []
    for number, row in enumerate(read_items(path, ()), start=1):
        score = _number(row.get("score") if isinstance(row, dict) else None)
        if score is None or not 0 <= score <= 100:
            problems.append(f"item {number}: no score from 0 to 100")
        else:
            grades.append(FileGrade(f"item {number}", score, _text(row, "id", "key")))
    _refuse_if(problems, f"{path.name} has bad lines; nothing was measured:")
    return grades


def pair_grades(
    human: list[FileGrade], machine: list[FileGrade], human_name: str, machine_name: str
) -> list[tuple[FileGrade, FileGrade]]:
    """By id when every grade of both files has one, else by order with equal counts."""
    if not all(grade.id is not None for grade in human + machine):
        if len(human) != len(machine):
            raise InterchangeError(
                f"Cannot pair {len(human)} human grades with {len(machine)} machine grades: "
                "without an id on every line of both files, the files must have the same number of lines."
            )
        return list(zip(human, machine))
    by_id: dict[str, FileGrade] = {}
    for grade in human:
        if grade.id in by_id:
            raise InterchangeError(
                f"{human_name}: id {grade.id!r} appears twice ({by_id[grade.id].place}, {grade.place})."
            )
        by_id[str(grade.id)] = grade
    missing = [grade.id for grade in machine if grade.id not in by_id]
    if missing:
        raise InterchangeError(
            f"{machine_name} has {plural(len(missing), 'id')} with no human grade, e.g. {missing[0]!r}."
        )
    if len({grade.id for grade in machine}) != len(machine):
        raise InterchangeError(f"{machine_name} grades some id more than once.")
    return [(by_id[str(grade.id)], grade) for grade in machine]


def _read(path: Path, wanted: Sequence[str]) -> tuple[list[tuple[int, dict[str, str]]], int]:
    """Rows as {wanted column: value}, numbered as a spreadsheet shows them (header is row 1), without
    control characters; and how many were removed."""
    check_file(path, BUDGETS["class_answers"])
    header, table = _table(path)
    missing = [name for name in wanted if _key(name) not in header]
    if missing:
        raise InterchangeError(
            f"{path.name} has no column {', '.join(map(repr, missing))}; its columns are {', '.join(header) or 'none'}."
        )
    positions = {name: header.index(_key(name)) for name in wanted}
    rows, removed = [], 0
    for number, row in table:
        cells, count = clean_value({name: row[index] if index < len(row) else "" for name, index in positions.items()})
        removed += count
        rows.append((number, cells))
    return rows, removed


def _table(path: Path) -> tuple[list[str], list[tuple[int, list[str]]]]:
    """The header's column names (as `_key` makes them) and the rows with any text, numbered as a
    spreadsheet shows them; the encoding and the delimiter (comma, semicolon, tab) are detected."""
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
    return header, [(number, row) for number, row in enumerate(reader, start=2) if any(cell.strip() for cell in row)]


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
    score = _number(value)
    return score if score is not None and 0 <= score <= 100 else None


def _number(value: Any) -> float | None:
    """A finite number from JSON or a spreadsheet cell ("4,5" counts as 4.5); None otherwise."""
    if isinstance(value, bool):
        return None
    if isinstance(value, str):
        value = value.strip().replace(",", ".")
    try:
        number = float(value)
    except (TypeError, ValueError):
        return None
    return number if math.isfinite(number) else None


def _text(row: dict[str, Any], *names: str) -> str | None:
    """The first of the fields `names` that holds text, stripped."""
    for name in names:
        value = row.get(name)
        if value is not None and str(value).strip():
            return str(value).strip()
    return None


def _keep_last_hint(problems: list[str]) -> str:
    """How to keep each last row instead, when some problem is a repeated row; the option, as
    `import answers`, `import grades` and `grade --teacher-grades` all take it."""
    repeated = any(problem.endswith(")") and " again (row " in problem for problem in problems)
    return " (or keep each last one: --duplicates last)" if repeated else ""


def _refuse_if(problems: list[str], heading: str) -> None:
    """Refuse a file with bad rows whole, naming the first MAX_PROBLEMS of them under `heading`."""
    if problems:
        shown = problems[:MAX_PROBLEMS] + (
            [f"... and {len(problems) - MAX_PROBLEMS} more"] if len(problems) > MAX_PROBLEMS else []
        )
        raise InterchangeError(f"{heading}\n" + "\n".join(shown))
