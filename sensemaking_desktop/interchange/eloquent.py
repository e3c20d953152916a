"""The ELOQUENT 2025 Sensemaking format: import a devset folder, export and re-import the
Teacher (`questions*.json`), Student (`answers*.json`) and Evaluator (`ratings*.json`)
submissions, each one JSON dictionary keyed by paths relative to the data root.

A material imported from a devset remembers its path (`meta.eloquent_path`); that path is
the key when its quizzes, answers and grades go out again.
"""

import json
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sensemaking_desktop.cancel import NEVER, CancelToken
from sensemaking_desktop.hashing import sha256_of
from sensemaking_desktop.ingest.importer import IngestOptions, extract, keep_copy
from sensemaking_desktop.ingest.sectioning import make_sections
from sensemaking_desktop.interchange.errors import InterchangeError
from sensemaking_desktop.quizzes.model import Question, QuestionKind, Quiz
from sensemaking_desktop.store import Store
from sensemaking_desktop.store.database import now
from sensemaking_desktop.store.materials import add_material
from sensemaking_desktop.store.quizzes import add_quiz, get_quiz

SOURCES = ("text.txt", "source.pdf", "source.mp3")
ENGLISH_SOURCES = ("text.en.txt", *SOURCES)


@dataclass
class DevsetReport:
    materials: list[str] = field(default_factory=list)
    quizzes: int = 0
    skipped: list[str] = field(default_factory=list)


def import_devset(
    store: Store, data_dir: Path, root: Path, *, english: bool = False, cancel: CancelToken = NEVER
) -> DevsetReport:
    """Every folder under `root` with a text, PDF or recording becomes a material, and its
    `questions*.json` become quizzes of open questions (`english` prefers the .en files)."""
    if not root.is_dir():
        raise InterchangeError(f"{root} is not a folder.")
    report = DevsetReport()
    for folder in sorted(p for p in root.rglob("*") if p.is_dir()):
        cancel.raise_if_cancelled()
        source = next(
            (folder / name for name in (ENGLISH_SOURCES if english else SOURCES) if (folder / name).is_file()), None
        )
        if source is None:
            continue
        key = folder.relative_to(root).as_posix()
        quizzes = [_read_questions(path, key) for path in _question_files(folder, english)]
        options = IngestOptions(language="en" if english or source.suffix == ".mp3" else None)
        extracted = extract(source, options, cancel=cancel)
        sha256 = sha256_of(source, cancel)
        material = {
            "title": key,
            "kind": extracted.kind,
            "source_path": str(source),
            "sha256": sha256,
            "language": extracted.language,
            "meta": extracted.meta | {"eloquent_path": key, "stored_file": keep_copy(source, sha256, data_dir)},
        }
        sections = [draft.__dict__ for draft in make_sections(extracted)]
        with store.atomic() as db:
            material_id = add_material(db, material, sections)
            for title, questions in quizzes:
                add_quiz(db, Quiz(material_id=material_id, title=title, questions=questions))
        report.materials.append(key)
        report.quizzes += len(quizzes)
    return report


def _question_files(folder: Path, english: bool) -> list[Path]:
    files = sorted(folder.glob("questions*.json"))
    preferred = [f for f in files if f.name.endswith(".en.json") == english]
    return preferred or files


def _read_questions(path: Path, key: str) -> tuple[str, list[Question]]:
    try:
        rows = json.loads(path.read_text(encoding="utf-8"))
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise InterchangeError(f"{key}/{path.name} is not valid JSON: {error}.") from error
    if not isinstance(rows, list) or not all(isinstance(row, list) and row and isinstance(row[0], str) for row in rows):
        raise InterchangeError(f"{key}/{path.name} is not a list of [question, answer, ...] lists.")
    questions = [
        Question(
            kind=QuestionKind.OPEN, text=row[0], reference_answer=_text(row, 1), accepted=[str(a) for a in row[2:]]
        )
        for row in rows
    ]
    return f"{key} — {path.stem}", questions


def _text(row: list[Any], index: int) -> str | None:
    return str(row[index]) if len(row) > index else None


def export_teacher(store: Store) -> dict[str, list[list[str]]]:
    """Every quiz on a devset material as `<path>/questions<n>.json`: [question, reference, ...]."""
    submission: dict[str, list[list[str]]] = {}
    counters: dict[str, int] = defaultdict(int)
    for quiz_id, key in _quizzes_by_path(store):
        quiz = get_quiz(store, quiz_id)
        rows = [
            [q.text, *([q.reference_answer] if q.reference_answer else []), *(a.text for a in q.accepted)]
            for q in quiz.questions
        ]
        submission[f"{key}/questions{counters[key]}.json"] = rows
        counters[key] += 1
    return submission


def export_student(store: Store) -> dict[str, list[list[str]]]:
    """Every answer run on a devset quiz as `<path>/answers<n>.json`: [question, answer]."""
    submission: dict[str, list[list[str]]] = {}
    counters: dict[str, int] = defaultdict(int)
    for run_id, key in _runs_by_path(store):
        rows = store.db.query(
            "SELECT questions.text AS question, answers.text AS answer FROM answers "
            "JOIN questions ON questions.id = answers.question_id WHERE answers.run_id = ? ORDER BY questions.position",
            [run_id],
        )
        submission[f"{key}/answers{counters[key]}.json"] = [[row["question"], row["answer"]] for row in rows]
        counters[key] += 1
    return submission


def export_evaluator(store: Store) -> dict[str, list[list[float]]]:
    """The latest grade of each answer, per answer run, as `<path>/ratings<n>.json` (0–100)."""
    submission: dict[str, list[list[float]]] = {}
    counters: dict[str, int] = defaultdict(int)
    for run_id, key in _runs_by_path(store):
        rows = store.db.query(
            "SELECT (SELECT score FROM grades WHERE grades.answer_id = answers.id ORDER BY grades.id DESC LIMIT 1) "
            "AS score FROM answers JOIN questions ON questions.id = answers.question_id "
            "WHERE answers.run_id = ? ORDER BY questions.position",
            [run_id],
        )
        submission[f"{key}/ratings{counters[key]}.json"] = [
            [row["score"]] if row["score"] is not None else [] for row in rows
        ]
        counters[key] += 1
    return submission


def import_submission(store: Store, path: Path) -> dict[str, int]:
    """Read a Teacher, Student or Evaluator submission back: quizzes, answer runs or grades."""
    submission = _read_submission(path)
    materials = _materials_by_path(store)
    counts = {"quizzes": 0, "answer_runs": 0, "grades": 0}
    with store.atomic() as db:
        for key, rows in submission.items():
            folder, _, name = key.rpartition("/")
            if folder not in materials:
                raise InterchangeError(f"{path.name}: {key} names no material imported from an ELOQUENT devset.")
            material_id = materials[folder]
            if name.startswith("questions"):
                title = f"{folder} — {name.removesuffix('.json')}"
                add_quiz(db, Quiz(material_id=material_id, title=title, questions=_questions(rows, key)))
                counts["quizzes"] += 1
            elif name.startswith("answers"):
                _add_answers(db, material_id, rows, key)
                counts["answer_runs"] += 1
            elif name.startswith("ratings"):
                counts["grades"] += _add_ratings(db, material_id, rows, key, name)
            else:
                raise InterchangeError(f"{path.name}: {key} is not a questions, answers or ratings file.")
    return counts


def _read_submission(path: Path) -> dict[str, list[list[Any]]]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError as error:
        raise InterchangeError(f"{path} does not exist.") from error
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise InterchangeError(f"{path.name} is not valid JSON: {error}.") from error
    if not isinstance(data, dict) or not all(isinstance(rows, list) for rows in data.values()):
        raise InterchangeError(f"{path.name} is not an ELOQUENT submission (a dictionary of path: list of lists).")
    return data


def _questions(rows: Any, where: str) -> list[Question]:
    """[question, reference answer, other accepted answers...] lists as open questions."""
    if not isinstance(rows, list) or not all(isinstance(row, list) and row and isinstance(row[0], str) for row in rows):
        raise InterchangeError(f"{where} is not a list of [question, answer, ...] lists.")
    return [
        Question(
            kind=QuestionKind.OPEN, text=row[0], reference_answer=_text(row, 1), accepted=[str(a) for a in row[2:]]
        )
        for row in rows
    ]


def _add_answers(db: Any, material_id: int, rows: list[Any], key: str) -> None:
    quiz_id = _quiz_for(db, material_id, [row[0] for row in rows if isinstance(row, list) and row], key)
    run_id = db["answer_runs"].insert({"quiz_id": quiz_id, "kind": "model", "label": key, "created_at": now()}).last_pk
    questions = {row[1]: row[0] for row in db.execute("SELECT id, text FROM questions WHERE quiz_id = ?", [quiz_id])}
    for row in rows:
        db["answers"].insert(
            {"run_id": run_id, "question_id": questions[row[0]], "text": _text(row, 1) or "", "created_at": now()}
        )


def _add_ratings(db: Any, material_id: int, rows: list[Any], key: str, name: str) -> int:
    """Grades for the answer run whose number matches (ratings1 grades answers1)."""
    number = name.removeprefix("ratings").removesuffix(".json")
    runs = db.execute(
        "SELECT answer_runs.id FROM answer_runs JOIN quizzes ON quizzes.id = answer_runs.quiz_id "
        "WHERE quizzes.material_id = ? AND answer_runs.label LIKE ? ORDER BY answer_runs.id DESC",
        [material_id, f"%answers{number}.json"],
    ).fetchone()
    if runs is None:
        raise InterchangeError(f"{key} grades answers that are not in the library; import answers{number}.json first.")
    answers = [
        row[0]
        for row in db.execute(
            "SELECT answers.id FROM answers JOIN questions ON questions.id = answers.question_id "
            "WHERE answers.run_id = ? ORDER BY questions.position",
            [runs[0]],
        )
    ]
    if len(answers) != len(rows):
        raise InterchangeError(f"{key} has {len(rows)} ratings for {len(answers)} answers.")
    added = 0
    for answer_id, scores in zip(answers, rows, strict=True):
        for score in scores[:1]:
            db["grades"].insert(
                {"answer_id": answer_id, "source": "machine", "score": float(score), "grader": key, "created_at": now()}
            )
            added += 1
    return added


def _quiz_for(db: Any, material_id: int, texts: list[str], key: str) -> int:
    """The newest quiz on the material that holds every question answered."""
    for (quiz_id,) in db.execute("SELECT id FROM quizzes WHERE material_id = ? ORDER BY id DESC", [material_id]):
        known = {row[0] for row in db.execute("SELECT text FROM questions WHERE quiz_id = ?", [quiz_id])}
        if set(texts) <= known:
            return quiz_id
    raise InterchangeError(f"{key} answers questions that no quiz of that material holds; import its questions first.")


def _materials_by_path(store: Store) -> dict[str, int]:
    rows = store.db.query(
        "SELECT id, json_extract(meta, '$.eloquent_path') AS path FROM materials WHERE path IS NOT NULL"
    )
    return {row["path"]: row["id"] for row in rows}


def _quizzes_by_path(store: Store) -> list[tuple[int, str]]:
    rows = store.db.query(
        "SELECT quizzes.id, json_extract(materials.meta, '$.eloquent_path') AS path FROM quizzes "
        "JOIN materials ON materials.id = quizzes.material_id WHERE path IS NOT NULL ORDER BY quizzes.id"
    )
    return [(row["id"], row["path"]) for row in rows]


def _runs_by_path(store: Store) -> list[tuple[int, str]]:
    rows = store.db.query(
        "SELECT answer_runs.id, json_extract(materials.meta, '$.eloquent_path') AS path FROM answer_runs "
        "JOIN quizzes ON quizzes.id = answer_runs.quiz_id JOIN materials ON materials.id = quizzes.material_id "
        "WHERE path IS NOT NULL ORDER BY answer_runs.id"
    )
    return [(row["id"], row["path"]) for row in rows]
