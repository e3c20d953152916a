"""The library's side of the ELOQUENT format (interchange/eloquent.py): materials imported from
a devset remember its path (`meta.eloquent_path`), and quizzes, answer runs and grades are
found and added by that path."""

import sqlite_utils

from sensemaking_desktop.store.answers import add_answer, add_grade, add_run
from sensemaking_desktop.store.database import Store


def materials_by_path(store: Store) -> dict[str, int]:
    rows = store.db.query(
        "SELECT id, json_extract(meta, '$.eloquent_path') AS path FROM materials WHERE path IS NOT NULL"
    )
    return {row["path"]: row["id"] for row in rows}


def quizzes_by_path(store: Store) -> list[tuple[int, str]]:
    """(quiz id, devset path) of every quiz on a devset material, oldest first."""
    rows = store.db.query(
        "SELECT quizzes.id, json_extract(materials.meta, '$.eloquent_path') AS path FROM quizzes "
        "JOIN materials ON materials.id = quizzes.material_id WHERE path IS NOT NULL ORDER BY quizzes.id"
    )
    return [(row["id"], row["path"]) for row in rows]


def runs_by_path(store: Store) -> list[tuple[int, str]]:
    """(answer run id, devset path) of every run on a quiz of a devset material, oldest first."""
    rows = store.db.query(
        "SELECT answer_runs.id, json_extract(materials.meta, '$.eloquent_path') AS path FROM answer_runs "
        "JOIN quizzes ON quizzes.id = answer_runs.quiz_id JOIN materials ON materials.id = quizzes.material_id "
        "WHERE path IS NOT NULL ORDER BY answer_runs.id"
    )
    return [(row["id"], row["path"]) for row in rows]


def questions_and_answers(store: Store, run_id: int) -> list[tuple[str, str]]:
    """(question, answer) texts of a run, in the quiz's order."""
    rows = store.db.query(
        "SELECT questions.text AS question, answers.text AS answer FROM answers "
        "JOIN questions ON questions.id = answers.question_id WHERE answers.run_id = ? ORDER BY questions.position",
        [run_id],
    )
    return [(row["question"], row["answer"]) for row in rows]


def latest_scores(store: Store, run_id: int) -> list[float | None]:
    """The latest grade of each answer of a run (None where it has none), in the quiz's order; a
    class-grading suggestion is no grade (it waits for the teacher)."""
    rows = store.db.query(
        "SELECT (SELECT score FROM grades WHERE grades.answer_id = answers.id "
        "AND COALESCE(grades.origin, '') != 'suggestion' ORDER BY grades.id DESC LIMIT 1) "
        "AS score FROM answers JOIN questions ON questions.id = answers.question_id "
        "WHERE answers.run_id = ? ORDER BY questions.position",
        [run_id],
    )
    return [row["score"] for row in rows]


def quiz_holding(db: sqlite_utils.Database, material_id: int, texts: list[str]) -> int | None:
    """The newest quiz on the material that holds every one of these questions (inside the caller's transaction)."""
    for (quiz_id,) in db.execute("SELECT id FROM quizzes WHERE material_id = ? ORDER BY id DESC", [material_id]):
        known = {row[0] for row in db.execute("SELECT text FROM questions WHERE quiz_id = ?", [quiz_id])}
        if set(texts) <= known:
            return quiz_id
    return None


def add_model_run(db: sqlite_utils.Database, quiz_id: int, label: str, answers: list[tuple[str, str]]) -> None:
    """A model's answers, as (question text, answer), to questions of the quiz (inside the caller's transaction)."""
    run_id = add_run(db, quiz_id, "model", label, None)
    questions = {row[1]: row[0] for row in db.execute("SELECT id, text FROM questions WHERE quiz_id = ?", [quiz_id])}
    for question, text in answers:
        add_answer(db, run_id, questions[question], text)


def newest_run_answers(db: sqlite_utils.Database, material_id: int, label_end: str) -> list[int] | None:
    """The answers, in the quiz's order, of the newest run on the material whose label ends with
    `label_end`; None when there is no such run (inside the caller's transaction)."""
    run = db.execute(
        "SELECT answer_runs.id FROM answer_runs JOIN quizzes ON quizzes.id = answer_runs.quiz_id "
        "WHERE quizzes.material_id = ? AND answer_runs.label LIKE ? ORDER BY answer_runs.id DESC",
        [material_id, f"%{label_end}"],
    ).fetchone()
    if run is None:
        return None
    rows = db.execute(
        "SELECT answers.id FROM answers JOIN questions ON questions.id = answers.question_id "
        "WHERE answers.run_id = ? ORDER BY questions.position",
        [run[0]],
    )
    return [row[0] for row in rows]


def add_ratings(db: sqlite_utils.Database, grades: list[tuple[int, float]], grader: str) -> None:
    """Machine grades, as (answer id, score), from a submission (inside the caller's transaction)."""
    for answer_id, score in grades:
        add_grade(db, answer_id, source="machine", score=score, reason=None, grader=grader)
