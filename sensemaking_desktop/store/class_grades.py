"""A class's answers graded from the teacher's own grades: the queries behind the grading workspace.

Teacher grades are human rows (`source = 'human'`) with `origin` 'teacher' (one answer) or
'teacher_group' (one action for a group; `basis` names the action and its representative).
Machine rows written by class grading have `origin` 'automatic' (under the agreement guarantee;
`basis` holds its level, threshold and the teacher grades it rests on) or 'suggestion'; they are
replaced whenever the teacher grades again, and never stand for an answer a person graded.
Each teacher action has a number (`basis.action`), so the workspace can count actions.
"""

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from sensemaking_desktop.errors import SensemakingError
from sensemaking_desktop.store.answers import add_grade
from sensemaking_desktop.store.database import Store

CLASS_MACHINE_ORIGINS = ("automatic", "suggestion")


@dataclass(frozen=True)
class ClassQuestion:
    question_id: int
    position: int
    text: str
    reference: str | None


@dataclass(frozen=True)
class ClassAnswer:
    """A person's answer with its latest teacher grade and latest class-grading machine grade."""

    answer_id: int
    question_id: int
    student: str
    text: str
    teacher_score: float | None = None
    teacher_origin: str | None = None
    teacher_basis: dict[str, Any] = field(default_factory=dict)
    machine_score: float | None = None
    machine_origin: str | None = None
    machine_confidence: float | None = None
    machine_reason: str | None = None
    machine_basis: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class MachineGrade:
    answer_id: int
    score: float
    origin: str
    confidence: float
    reason: str
    basis: dict[str, Any]


def class_questions(store: Store, quiz_id: int) -> list[ClassQuestion]:
    """The quiz's questions that people answered, in quiz order."""
    rows = store.db.execute(
        """
        SELECT DISTINCT q.id, q.position, q.text, q.reference_answer
        FROM questions q JOIN answers a ON a.question_id = q.id JOIN answer_runs r ON r.id = a.run_id
        WHERE q.quiz_id = ? AND r.kind = 'person'
        ORDER BY q.position, q.id
        """,
        [quiz_id],
    ).fetchall()
    return [ClassQuestion(*row) for row in rows]


def class_answers(store: Store, quiz_id: int) -> list[ClassAnswer]:
    """Every person's answer to the quiz, by question then student."""
    rows = store.db.execute(
        """
        SELECT a.id, a.question_id, r.label, a.text,
               h.score, COALESCE(h.origin, CASE WHEN h.id IS NULL THEN NULL ELSE 'teacher' END), h.basis,
               m.score, m.origin, m.confidence, m.reason, m.basis
        FROM answers a
        JOIN answer_runs r ON r.id = a.run_id
        JOIN questions q ON q.id = a.question_id
        LEFT JOIN grades h ON h.id = (SELECT MAX(id) FROM grades WHERE answer_id = a.id AND source = 'human')
        LEFT JOIN grades m ON m.id = (
            SELECT MAX(id) FROM grades WHERE answer_id = a.id AND source = 'machine'
              AND origin IN ('automatic', 'suggestion')
        )
        WHERE r.quiz_id = ? AND r.kind = 'person'
        ORDER BY q.position, q.id, r.label, a.id
        """,
        [quiz_id],
    ).fetchall()
    return [
        ClassAnswer(
            answer_id=row[0],
            question_id=row[1],
            student=row[2],
            text=row[3],
            teacher_score=row[4],
            teacher_origin=row[5],
            teacher_basis=json.loads(row[6] or "{}"),
            machine_score=row[7],
            machine_origin=row[8],
            machine_confidence=row[9],
            machine_reason=row[10],
            machine_basis=json.loads(row[11] or "{}"),
        )
        for row in rows
    ]


def add_teacher_grades(
    store: Store,
    grades: Sequence[tuple[int, float]],
    *,
    origin: str,
    grader: str,
    reason: str | None = None,
    basis: dict[str, Any] | None = None,
) -> int:
    """One teacher action: these answers get these grades at once. Returns the action's number."""
    if not grades:
        raise SensemakingError("No answers were given to grade.")
    with store.atomic() as db:
        known = {row[0] for row in db.execute(_ids_sql(len(grades)), [answer for answer, _ in grades]).fetchall()}
        missing = [answer for answer, _ in grades if answer not in known]
        if missing:
            raise SensemakingError(f"There is no answer {missing[0]}.")
        action = _next_action(db)
        for answer_id, score in grades:
            add_grade(
                db,
                answer_id,
                source="human",
                score=score,
                reason=reason,
                grader=grader,
                origin=origin,
                basis={"action": action} | (basis or {}),
            )
    return action


def _ids_sql(count: int) -> str:
    return f"SELECT id FROM answers WHERE id IN ({', '.join('?' * count)})"


def _next_action(db: Any) -> int:
    row = db.execute(
        "SELECT MAX(CAST(json_extract(basis, '$.action') AS INTEGER)) FROM grades WHERE source = 'human'"
    ).fetchone()
    return (row[0] or 0) + 1


def replace_machine_grades(store: Store, answer_ids: Iterable[int], grades: Sequence[MachineGrade]) -> None:
    """Class grading's machine grades of these answers, instead of the ones it wrote before."""
    ids = list(answer_ids)
    with store.atomic() as db:
        for start in range(0, len(ids), 500):
            chunk = ids[start : start + 500]
            db.execute(
                f"DELETE FROM grades WHERE source = 'machine' AND origin IN ('automatic', 'suggestion') "
                f"AND answer_id IN ({', '.join('?' * len(chunk))})",
                chunk,
            )
        for grade in grades:
            add_grade(
                db,
                grade.answer_id,
                source="machine",
                score=grade.score,
                reason=grade.reason,
                grader="class grading",
                confidence=grade.confidence,
                origin=grade.origin,
                basis=grade.basis,
            )


def teacher_actions(store: Store, quiz_id: int) -> int:
    """Distinct teacher actions behind the quiz's current teacher grades (older grades count one each)."""
    row = store.db.execute(
        """
        SELECT COUNT(DISTINCT COALESCE(json_extract(h.basis, '$.action'), 'grade' || h.id))
        FROM answers a JOIN answer_runs r ON r.id = a.run_id
        JOIN grades h ON h.id = (SELECT MAX(id) FROM grades WHERE answer_id = a.id AND source = 'human')
        WHERE r.quiz_id = ? AND r.kind = 'person'
        """,
        [quiz_id],
    ).fetchone()
    return row[0] or 0


def group_labels(store: Store, quiz_id: int) -> dict[int, str]:
    """Groups the teacher formed by hand: answer id -> label."""
    rows = store.db.execute(
        """
        SELECT l.answer_id, l.label FROM answer_group_labels l
        JOIN answers a ON a.id = l.answer_id JOIN answer_runs r ON r.id = a.run_id
        WHERE r.quiz_id = ?
        """,
        [quiz_id],
    ).fetchall()
    return dict(rows)


def set_group_labels(store: Store, labels: dict[int, str]) -> None:
    with store.atomic() as db:
        for answer_id, label in labels.items():
            db.execute(
                "INSERT INTO answer_group_labels (answer_id, label) VALUES (?, ?) "
                "ON CONFLICT (answer_id) DO UPDATE SET label = excluded.label",
                [answer_id, label],
            )


@dataclass(frozen=True)
class FinalGrade:
    student: str
    question_number: int
    question: str
    answer: str
    score: float | None
    source: str
    """teacher, teacher_group, automatic, suggestion, evaluator (the zero-shot Evaluator) or ungraded."""
    confidence: float | None
    reason: str | None


def final_grades(store: Store, quiz_id: int) -> list[FinalGrade]:
    """Each person's answer with the grade that stands: the latest teacher grade, else the
    latest machine grade, with where it came from."""
    rows = store.db.execute(
        """
        SELECT r.label, q.position + 1, q.text, a.text,
               COALESCE(h.score, m.score),
               CASE WHEN h.id IS NOT NULL THEN COALESCE(h.origin, 'teacher')
                    WHEN m.id IS NOT NULL THEN COALESCE(m.origin, 'evaluator') ELSE 'ungraded' END,
               CASE WHEN h.id IS NOT NULL THEN NULL ELSE m.confidence END,
               CASE WHEN h.id IS NOT NULL THEN h.reason ELSE m.reason END
        FROM answers a
        JOIN answer_runs r ON r.id = a.run_id
        JOIN questions q ON q.id = a.question_id
        LEFT JOIN grades h ON h.id = (SELECT MAX(id) FROM grades WHERE answer_id = a.id AND source = 'human')
        LEFT JOIN grades m ON m.id = (SELECT MAX(id) FROM grades WHERE answer_id = a.id AND source = 'machine')
        WHERE r.quiz_id = ? AND r.kind = 'person'
        ORDER BY r.label, q.position, a.id
        """,
        [quiz_id],
    ).fetchall()
    return [FinalGrade(*row) for row in rows]
