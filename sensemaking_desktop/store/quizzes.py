"""Quizzes in the library: a quiz row and its questions, in order, as the domain model."""

import json
from typing import Any

import sqlite_utils

from sensemaking_desktop.errors import SensemakingError
from sensemaking_desktop.quizzes.model import Choice, Question, Quiz, Source
from sensemaking_desktop.store.database import Store, now

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
        "accepted": json.dumps(question.accepted),
        "feedback": question.feedback,
        "points": question.points,
        "span_start": source.span_start,
        "span_end": source.span_end,
        "span_meta": json.dumps({name: getattr(source, name) for name in _SPAN_META}),
        "status": question.status.value,
        "verification": json.dumps(question.verification),
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
        questions=[_question(question) for question in questions],
    )


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
        accepted=json.loads(row["accepted"]),
        feedback=row["feedback"],
        points=row["points"],
        status=row["status"],
        verification=json.loads(row["verification"]),
        source=Source(
            section_id=row["section_id"],
            span_start=row["span_start"],
            span_end=row["span_end"],
            **{name: meta.get(name) for name in _SPAN_META},
        ),
    )
