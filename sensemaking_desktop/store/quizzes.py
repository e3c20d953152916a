"""Quizzes in the library: a quiz row and its questions, in order, as the domain model."""

import json
from dataclasses import asdict
from typing import Any

import sqlite_utils

from sensemaking_desktop.errors import SensemakingError
from sensemaking_desktop.quizzes.model import (
    Answer,
    Attachment,
    Choice,
    Criterion,
    LmsDetails,
    Numerical,
    Pair,
    Question,
    QuestionStatus,
    Quiz,
    Source,
)
from sensemaking_desktop.quizzes.verification import Verification
from sensemaking_desktop.store.database import Store, now
from sensemaking_desktop.store.materials import Section, locate, sections_by_id

_SPAN_META = ("start_page", "end_page", "start_s", "end_s", "quote")


def add_quiz(db: sqlite_utils.Database, quiz: Quiz) -> int:
    """Insert a quiz with its questions; call inside Store.atomic()."""
    quiz_id = (
        db["quizzes"]
        .insert(
            {
                "material_id": quiz.material_id,
                "title": quiz.title,
                "options": "{}",
                "created_at": quiz.created_at or now(),
            }
        )
        .last_pk
    )
    for position, question in enumerate(quiz.questions):
        db["questions"].insert(question_row(question, quiz_id, position))
    return quiz_id


def question_row(question: Question, quiz_id: int, position: int) -> dict[str, Any]:
    stamp = now()
    source = question.source
    return {
        "quiz_id": quiz_id,
        "section_id": source.section_id,
        "position": position,
        "kind": question.kind.value,
        "text": question.text,
        "choices": json.dumps([choice.model_dump() for choice in question.choices]),
        "reference_answer": question.reference_answer,
        "accepted": json.dumps([answer.model_dump() for answer in question.accepted]),
        "numerical": question.numerical.model_dump_json() if question.numerical else None,
        "pairs": json.dumps([pair.model_dump() for pair in question.pairs]),
        "attachments": json.dumps([attachment.model_dump() for attachment in question.attachments]),
        "feedback": question.feedback,
        "right_feedback": question.right_feedback,
        "wrong_feedback": question.wrong_feedback,
        "case_sensitive": int(question.case_sensitive),
        "name": question.name,
        "category": question.category,
        "lms": question.lms.model_dump_json(),
        "points": question.points,
        "span_start": source.span_start,
        "span_end": source.span_end,
        "span_meta": json.dumps({name: getattr(source, name) for name in _SPAN_META}),
        "status": question.status.value,
        "verification": json.dumps(question.verification.model_dump(mode="json")),
        "rubric": json.dumps([criterion.model_dump() for criterion in question.rubric]),
        "key_points": json.dumps(question.key_points),
        "created_at": stamp,
        "updated_at": stamp,
    }


def get_quiz(store: Store, quiz_id: int) -> Quiz:
    row = next(store.db.query("SELECT * FROM quizzes WHERE id = ?", [quiz_id]), None)
    if row is None:
        raise SensemakingError(f"There is no quiz {quiz_id}; `sensemaking quizzes list` shows them.")
    questions = store.db.query("SELECT * FROM questions WHERE quiz_id = ? ORDER BY position", [quiz_id])
    return Quiz(
        id=row["id"],
        material_id=row["material_id"],
        title=row["title"],
        created_at=row["created_at"],
        questions=located(store, [_question(question) for question in questions]),
    )


def located(store: Store, questions: list[Question]) -> list[Question]:
    """The questions, those whose source is a span of a section but names no page or time given
    them from the section (`locate`), so a library made before places were kept shows and
    exports them too, without rewriting anything."""
    sections = sections_by_id(store, {q.source.section_id for q in questions if _unlocated(q.source)})
    return [_with_location(question, sections) for question in questions]


def _unlocated(source: Source) -> bool:
    places = (source.start_page, source.end_page, source.start_s, source.end_s)
    return source.section_id is not None and source.span_start is not None and all(p is None for p in places)


def _with_location(question: Question, sections: dict[int, Section]) -> Question:
    source = question.source
    section = sections.get(source.section_id or 0) if _unlocated(source) else None
    if section is None:
        return question
    where = asdict(locate(section, source.span_start or 0, source.span_end))
    return question.model_copy(update={"source": source.model_copy(update=where)})


def list_quizzes(store: Store) -> list[dict[str, Any]]:
    return list(
        store.db.query(
            "SELECT quizzes.id, quizzes.title, quizzes.material_id, quizzes.created_at, "
            "COUNT(questions.id) AS questions FROM quizzes LEFT JOIN questions ON questions.quiz_id = quizzes.id "
            "GROUP BY quizzes.id ORDER BY quizzes.id"
        )
    )


def _question(row: dict[str, Any]) -> Question:
    meta = json.loads(row["span_meta"])
    return Question(
        id=row["id"],
        kind=row["kind"],
        text=row["text"],
        reference_answer=row["reference_answer"],
        choices=[Choice.model_validate(choice) for choice in json.loads(row["choices"])],
        accepted=[Answer.model_validate(answer) for answer in json.loads(row["accepted"])],
        numerical=Numerical.model_validate_json(row["numerical"]) if row["numerical"] else None,
        pairs=[Pair.model_validate(pair) for pair in json.loads(row["pairs"])],
        attachments=[Attachment.model_validate(item) for item in json.loads(row["attachments"])],
        feedback=row["feedback"],
        right_feedback=row["right_feedback"],
        wrong_feedback=row["wrong_feedback"],
        case_sensitive=bool(row["case_sensitive"]),
        name=row["name"],
        category=row["category"],
        lms=LmsDetails.model_validate_json(row["lms"]),
        points=row["points"],
        status=row["status"],
        verification=Verification.model_validate_json(row["verification"]),
        rubric=[Criterion.model_validate(criterion) for criterion in json.loads(row["rubric"])],
        key_points=json.loads(row["key_points"]),
        source=Source(
            section_id=row["section_id"],
            span_start=row["span_start"],
            span_end=row["span_end"],
            **{name: meta.get(name) for name in _SPAN_META},
        ),
    )


def get_question(store: Store, question_id: int) -> tuple[int, Question]:
    """A question and the id of its quiz."""
    row = next(store.db.query("SELECT * FROM questions WHERE id = ?", [question_id]), None)
    if row is None:
        raise SensemakingError(f"There is no question {question_id}.")
    return row["quiz_id"], located(store, [_question(row)])[0]


def update_question(store: Store, question_id: int, changes: dict[str, Any]) -> Question:
    """Apply a teacher's edit; the result must still be a valid question of its kind. A new
    reference answer drops the key points taken from the old one."""
    quiz_id, question = get_question(store, question_id)
    if "reference_answer" in changes and changes["reference_answer"] != question.reference_answer:
        changes = {"key_points": []} | changes
    try:
        edited = Question.model_validate(question.model_dump() | changes)
    except ValueError as error:
        raise SensemakingError(f"That edit would break question {question_id}: {error}") from error
    row = question_row(edited, quiz_id, 0)
    row = {key: value for key, value in row.items() if key not in ("quiz_id", "position", "created_at")}
    with store.atomic() as db:
        db["questions"].update(question_id, row)
    return get_question(store, question_id)[1]


def add_question(store: Store, quiz_id: int, question: Question) -> int:
    """A question written by hand, appended to the quiz and approved."""
    get_quiz(store, quiz_id)
    with store.atomic() as db:
        position = _question_count(db, quiz_id)
        approved = question.model_copy(update={"status": QuestionStatus.APPROVED})
        return db["questions"].insert(question_row(approved, quiz_id, position)).last_pk


def keep_key_points(db: sqlite_utils.Database, question_id: int, points: list[str]) -> None:
    """Store a question's key points unless it has some already (inside the caller's transaction),
    so every later grade uses the points the first one did."""
    db.execute(
        "UPDATE questions SET key_points = ? WHERE id = ? AND key_points = '[]'", [json.dumps(points), question_id]
    )


def append_questions(db: sqlite_utils.Database, quiz_id: int, questions: list[Question]) -> None:
    """Add questions after the quiz's last one, inside the caller's transaction (a job saving an item)."""
    start = _question_count(db, quiz_id)
    for offset, question in enumerate(questions):
        db["questions"].insert(question_row(question, quiz_id, start + offset))


def _question_count(db: sqlite_utils.Database, quiz_id: int) -> int:
    return db.execute("SELECT COUNT(*) FROM questions WHERE quiz_id = ?", [quiz_id]).fetchone()[0]


def move_question(store: Store, question_id: int, position: int) -> None:
    """Put a question at `position` (0-based) in its quiz; the others keep their order."""
    quiz_id, _ = get_question(store, question_id)
    with store.atomic() as db:
        order = [
            row[0] for row in db.execute("SELECT id FROM questions WHERE quiz_id = ? ORDER BY position", [quiz_id])
        ]
        order.remove(question_id)
        order.insert(max(0, min(position, len(order))), question_id)
        for index, other in enumerate(order):
            db.execute("UPDATE questions SET position = ? WHERE id = ?", [index, other])


def delete_question(store: Store, question_id: int) -> None:
    quiz_id, _ = get_question(store, question_id)
    with store.atomic() as db:
        db.execute("DELETE FROM questions WHERE id = ?", [question_id])
        order = [
            row[0] for row in db.execute("SELECT id FROM questions WHERE quiz_id = ? ORDER BY position", [quiz_id])
        ]
        for index, other in enumerate(order):
            db.execute("UPDATE questions SET position = ? WHERE id = ?", [index, other])
