"""The ELOQUENT 2025 Sensemaking format: import a devset folder, export and re-import the
Teacher (`questions*.json`), Student (`answers*.json`) and Evaluator (`ratings*.json`)
submissions, each one JSON dictionary keyed by paths relative to the data root.

A material imported from a devset remembers its path (`meta.eloquent_path`); that path is
the key when its quizzes, answers and grades go out again.
"""

import json
import math
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from sensemaking_desktop.budget import BUDGETS, check_file, check_text
from sensemaking_desktop.cancel import NEVER, CancelToken
from sensemaking_desktop.errors import Cancelled, SensemakingError
from sensemaking_desktop.hashing import sha256_of
from sensemaking_desktop.ingest.importer import IngestOptions, extract, keep_copy, with_languages
from sensemaking_desktop.ingest.sectioning import make_sections
from sensemaking_desktop.interchange.cleaning import clean_value
from sensemaking_desktop.interchange.errors import InterchangeError
from sensemaking_desktop.quizzes.model import Question, QuestionKind, Quiz
from sensemaking_desktop.store import Store
from sensemaking_desktop.store.eloquent import (
    add_model_run,
    add_ratings,
    latest_scores,
    materials_by_path,
    newest_run_answers,
    questions_and_answers,
    quiz_holding,
    quizzes_by_path,
    runs_by_path,
)
from sensemaking_desktop.store.kept_files import files_in_use
from sensemaking_desktop.store.materials import add_material
from sensemaking_desktop.store.quizzes import add_quiz, get_quiz
from sensemaking_desktop.text.control import readable_name

SOURCES = ("text.txt", "source.pdf", "source.mp3")
ENGLISH_SOURCES = ("text.en.txt", *SOURCES)
R = TypeVar("R")


@dataclass
class DevsetReport:
    materials: list[str] = field(default_factory=list)
    quizzes: int = 0
    skipped: list[str] = field(default_factory=list)
    cleaned: int = 0
    """Control or invalid characters removed from the questions."""


@dataclass(frozen=True)
class _Folder:
    """One devset folder, read but not yet in the library."""

    key: str
    source: Path
    quizzes: list[tuple[str, list[Question]]]


def import_devset(
    store: Store, data_dir: Path, root: Path, *, english: bool = False, cancel: CancelToken = NEVER
) -> DevsetReport:
    """Every folder under `root` with a text, PDF or recording becomes a material, and its
    `questions*.json` become quizzes of open questions (`english` prefers the .en files).

    All or nothing: every folder is read before anything is written, and the devset enters the
    library in one transaction, so a bad subfolder leaves the library as it was (a re-run used to
    duplicate the folders imported before it). The error names the folder and file."""
    if not root.is_dir():
        raise InterchangeError(f"{root} is not a folder.")
    report = DevsetReport()
    folders = _read_folders(root, english, report, cancel)
    kept: list[str] = []
    try:
        materials = []
        for folder in folders:
            materials.append(_material(folder, data_dir, english, cancel))
            kept.append(materials[-1][0]["meta"]["stored_file"])
        with store.atomic() as db:
            for folder, (material, sections) in zip(folders, materials, strict=True):
                material_id = add_material(db, material, sections)
                for title, questions in folder.quizzes:
                    add_quiz(db, Quiz(material_id=material_id, title=title, questions=questions))
    except BaseException:
        _forget_copies(store, data_dir, kept)
        raise
    report.materials = [folder.key for folder in folders]
    report.quizzes = sum(len(folder.quizzes) for folder in folders)
    return report


def _read_folders(root: Path, english: bool, report: DevsetReport, cancel: CancelToken) -> list[_Folder]:
    """The folders with a source and their questions, checked first, as reading them costs little."""
    folders = []
    for folder in sorted(p for p in root.rglob("*") if p.is_dir()):
        cancel.raise_if_cancelled()
        sources = ENGLISH_SOURCES if english else SOURCES
        source = next((folder / name for name in sources if (folder / name).is_file()), None)
        if source is None:
            continue
        key = _key(folder.relative_to(root).as_posix())
        quizzes = [_read_questions(path, key, report) for path in _question_files(folder, english)]
        folders.append(_Folder(key, source, quizzes))
    return folders


def _key(path: str) -> str:
    """A devset path as the key its submissions use; one that is not UTF-8 could be neither
    stored nor written back, so it is refused."""
    if readable_name(path) != path:
        raise InterchangeError(
            f"The folder or file {readable_name(path)!r} has a name that is not valid UTF-8 (shown with \ufffd); "
            "rename it and import again. Nothing was imported."
        )
    return path


def _material(folder: _Folder, data_dir: Path, english: bool, cancel: CancelToken) -> tuple[dict, list[dict]]:
    """The folder's source read into a material row and its sections, with a copy kept in the library;
    languages as any import finds them (the devset holds English, German and Ukrainian)."""
    source = folder.source
    options = IngestOptions(language="en" if english or source.suffix == ".mp3" else None)
    try:
        extracted = extract(source, options, cancel=cancel)
        sha256 = sha256_of(source, cancel)
        stored = keep_copy(source, sha256, data_dir)
    except Cancelled:
        raise
    except SensemakingError as error:
        raise InterchangeError(f"{folder.key}/{source.name}: {error} Nothing was imported.") from error
    given = "en" if source.suffix == ".mp3" or ".en." in source.name else None
    language, sections = with_languages(make_sections(extracted), extracted.language, given)
    material = {
        "title": folder.key,
        "kind": extracted.kind,
        "source_path": str(source),
        "sha256": sha256,
        "language": language,
        "meta": extracted.meta | {"eloquent_path": folder.key, "stored_file": stored},
    }
    return material, [draft.__dict__ for draft in sections]


def _forget_copies(store: Store, data_dir: Path, stored: list[str]) -> None:
    """Remove the copies kept for an import that did not happen, but none a material refers to."""
    for relative in set(stored) - files_in_use(store, stored):
        (data_dir / relative).unlink(missing_ok=True)


def _question_files(folder: Path, english: bool) -> list[Path]:
    files = sorted(folder.glob("questions*.json"))
    preferred = [f for f in files if f.name.endswith(".en.json") == english]
    return preferred or files


def _read_questions(path: Path, key: str, report: DevsetReport) -> tuple[str, list[Question]]:
    where = f"{key}/{_key(path.name)}"
    questions, cleaned = _questions(_load_json(path, where), where)
    report.cleaned += cleaned
    return f"{key} — {path.stem}", questions


def _load_json(path: Path, where: str) -> Any:
    """The file's JSON, or one line naming it and what is wrong with it."""
    try:
        check_file(path, BUDGETS["eloquent"])
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError as error:
        raise InterchangeError(f"{where} does not exist.") from error
    except OSError as error:
        raise InterchangeError(f"Cannot read {where}: {error.strerror or error}.") from error
    except UnicodeDecodeError as error:
        raise InterchangeError(f"{where} is not UTF-8 text ({error.reason} at byte {error.start}).") from error
    except json.JSONDecodeError as error:
        raise InterchangeError(f"{where} is not valid JSON: {error}.") from error
    except RecursionError as error:
        raise InterchangeError(f"{where} nests lists or objects too deeply to be an ELOQUENT file.") from error


def _text(row: list[Any], index: int) -> str | None:
    return str(row[index]) if len(row) > index else None


def export_teacher(store: Store) -> dict[str, list[list[str]]]:
    """Every quiz on a devset material as `<path>/questions<n>.json`: [question, reference, ...]."""
    quizzes = quizzes_by_path(store)
    return _numbered("questions", ((key, _question_rows(get_quiz(store, quiz_id))) for quiz_id, key in quizzes))


def _question_rows(quiz: Quiz) -> list[list[str]]:
    return [
        [q.text, *([q.reference_answer] if q.reference_answer else []), *(a.text for a in q.accepted)]
        for q in quiz.questions
    ]


def export_student(store: Store) -> dict[str, list[list[str]]]:
    """Every answer run on a devset quiz as `<path>/answers<n>.json`: [question, answer]."""
    runs = runs_by_path(store)
    return _numbered(
        "answers", ((key, [list(pair) for pair in questions_and_answers(store, run_id)]) for run_id, key in runs)
    )


def export_evaluator(store: Store) -> dict[str, list[list[float]]]:
    """The latest grade of each answer, per answer run, as `<path>/ratings<n>.json` (0–100)."""
    runs = runs_by_path(store)
    return _numbered("ratings", ((key, _ratings(latest_scores(store, run_id))) for run_id, key in runs))


def _ratings(scores: list[float | None]) -> list[list[float]]:
    return [[score] if score is not None else [] for score in scores]


def _numbered(stem: str, entries: Iterable[tuple[str, R]]) -> dict[str, R]:
    """Each (path, rows) as `<path>/<stem><n>.json`, n counting from 0 within each path, in order:
    the file names an ELOQUENT submission gives a role's outputs."""
    submission: dict[str, R] = {}
    counters: dict[str, int] = defaultdict(int)
    for key, rows in entries:
        submission[f"{key}/{stem}{counters[key]}.json"] = rows
        counters[key] += 1
    return submission


def import_submission(store: Store, path: Path) -> dict[str, int]:
    """Read a Teacher, Student or Evaluator submission back: quizzes, answer runs or grades, all in
    one transaction; a bad entry names its key and row, and nothing is imported."""
    submission, cleaned = clean_value(_read_submission(path))
    materials = materials_by_path(store)
    counts = {"quizzes": 0, "answer_runs": 0, "grades": 0}
    with store.atomic() as db:
        for key, rows in submission.items():
            folder, _, name = key.rpartition("/")
            if folder not in materials:
                raise InterchangeError(f"{path.name}: {key} names no material imported from an ELOQUENT devset.")
            material_id = materials[folder]
            if name.startswith("questions"):
                title = f"{folder} — {name.removesuffix('.json')}"
                add_quiz(db, Quiz(material_id=material_id, title=title, questions=_questions(rows, key)[0]))
                counts["quizzes"] += 1
            elif name.startswith("answers"):
                _add_answers(db, material_id, _text_rows(rows, key, "[question, answer]"), key)
                counts["answer_runs"] += 1
            elif name.startswith("ratings"):
                counts["grades"] += _add_ratings(db, material_id, _scores(rows, key), key, name)
            else:
                raise InterchangeError(f"{path.name}: {key} is not a questions, answers or ratings file.")
    return counts | ({"control_characters_removed": cleaned} if cleaned else {})


def _read_submission(path: Path) -> dict[str, list[Any]]:
    data = _load_json(path, path.name)
    if not isinstance(data, dict) or not all(isinstance(rows, list) for rows in data.values()):
        raise InterchangeError(f"{path.name} is not an ELOQUENT submission (a dictionary of path: list of lists).")
    return data


def _questions(rows: Any, where: str) -> tuple[list[Question], int]:
    """[question, reference answer, other accepted answers...] lists as open questions, without
    control characters; and how many were removed."""
    rows, cleaned = clean_value(_text_rows(rows, where, "[question, answer, ...]"))
    for number, row in enumerate(rows, start=1):
        if not row[0].strip():
            raise InterchangeError(f"{where} row {number}: the question is empty.")
    _check_sizes(rows, where)
    questions = [
        Question(kind=QuestionKind.OPEN, text=row[0], reference_answer=_text(row, 1), accepted=row[2:]) for row in rows
    ]
    return questions, cleaned


def _text_rows(rows: Any, where: str, shape: str) -> list[list[str]]:
    """Rows that are non-empty lists of texts (numbers are taken as text); one that is not is named."""
    if not isinstance(rows, list):
        raise InterchangeError(f"{where} is not a list of {shape} lists.")
    for number, row in enumerate(rows, start=1):
        if not isinstance(row, list) or not row or not all(_is_text(cell) for cell in row):
            raise InterchangeError(f"{where} row {number} is not a list of texts {shape}.")
    return [[str(cell) for cell in row] for row in rows]


def _check_sizes(rows: list[list[str]], where: str) -> None:
    """Refuse a row whose question (its first text) or an answer (the others) is longer than an
    ELOQUENT file's budget: only the file's size was capped, so one question of 60 MB got in."""
    budget = BUDGETS["eloquent"]
    for number, row in enumerate(rows, start=1):
        check_text(row[0], f"{where} row {number}: the question", budget)
        for answer in row[1:]:
            check_text(answer, f"{where} row {number}: an answer", budget, answer=True)


def _is_text(cell: Any) -> bool:
    return isinstance(cell, str) or _is_number(cell)


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


def _scores(rows: list[Any], where: str) -> list[list[float]]:
    """Ratings rows: [score, ...] on 0–100, of which the first counts, or [] for an answer not rated."""
    for number, row in enumerate(rows, start=1):
        if not isinstance(row, list) or not all(_is_number(score) and 0 <= score <= 100 for score in row):
            raise InterchangeError(f"{where} row {number} is not [score] with a score from 0 to 100, or [].")
    return [[float(score) for score in row[:1]] for row in rows]


def _add_answers(db: Any, material_id: int, rows: list[list[str]], key: str) -> None:
    _check_sizes(rows, key)
    quiz_id = quiz_holding(db, material_id, [row[0] for row in rows])
    if quiz_id is None:
        raise InterchangeError(
            f"{key} answers questions that no quiz of that material holds; import its questions first."
        )
    add_model_run(db, quiz_id, key, [(row[0], _text(row, 1) or "") for row in rows])


def _add_ratings(db: Any, material_id: int, rows: list[list[float]], key: str, name: str) -> int:
    """Grades for the answer run whose number matches (ratings1 grades answers1)."""
    number = name.removeprefix("ratings").removesuffix(".json")
    answers = newest_run_answers(db, material_id, f"answers{number}.json")
    if answers is None:
        raise InterchangeError(f"{key} grades answers that are not in the library; import answers{number}.json first.")
    if len(answers) != len(rows):
        raise InterchangeError(f"{key} has {len(rows)} ratings for {len(answers)} answers.")
    grades = [(answer_id, score) for answer_id, scores in zip(answers, rows, strict=True) for score in scores]
    add_ratings(db, grades, key)
    return len(grades)
