"""A class's answers graded from the teacher's own grades: the queries behind the grading workspace.

Teacher grades are human rows (`source = 'human'`) with `origin` 'teacher' (one answer) or
'teacher_group' (one action for a group; `basis` names the action and its representative).
Machine rows written by class grading have `origin` 'automatic' (under the agreement guarantee;
`basis` holds its level, threshold and the teacher grades it rests on) or 'suggestion'; they are
replaced whenever the teacher grades again, and never stand for an answer a person graded.
Each teacher action has a number (`basis.action`), so the workspace can count actions.

A class is the quiz's imported answers (`store.answers.CLASS_ANSWERS`): a self-test attempt on the
quiz (the teacher trying it, say) is no student's, so it is neither graded here nor exported,
unless the export is asked to include self-tests. Every write names its quiz and checks, inside its
transaction, that each answer it touches is a class's answer to that quiz: a teacher's grade typed
with the wrong quiz must not land in another class. Machine grades are written only if the
teacher's grades and groups they were computed from are still those in the library (`ClassState`),
so a second teacher action at the same time is never overwritten by grades that do not know of it.
"""

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from sensemaking_desktop.errors import SensemakingError
from sensemaking_desktop.quizzes.names import natural_key
from sensemaking_desktop.store.answers import CLASS_ANSWERS, EXACT_GRADER, SELF_TEST, add_grade
from sensemaking_desktop.store.database import Store
from sensemaking_desktop.store.grades import FINAL_GRADE_ID

CLASS_MACHINE_ORIGINS = ("automatic", "suggestion")
_CLASS = CLASS_ANSWERS.format(runs="r")
_SELF_TEST = SELF_TEST.format(runs="r")
SELF_OR_CLASS = "r.kind = 'person'"
CHUNK = 500
"""Ids per `IN (...)` list: well under SQLite's limit on bound values."""


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
        f"""
        SELECT DISTINCT q.id, q.position, q.text, q.reference_answer
        FROM questions q JOIN answers a ON a.question_id = q.id JOIN answer_runs r ON r.id = a.run_id
        WHERE q.quiz_id = ? AND {_CLASS}
        ORDER BY q.position, q.id
        """,
        [quiz_id],
    ).fetchall()
    return [ClassQuestion(*row) for row in rows]


def class_answers(store: Store, quiz_id: int) -> list[ClassAnswer]:
    """Every person's answer to the quiz, by question then student."""
    rows = store.db.execute(
        f"""
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
        WHERE r.quiz_id = ? AND {_CLASS}
        ORDER BY q.position, q.id, r.label, a.id
        """,
        [quiz_id],
    ).fetchall()
    question_rank = {question_id: rank for rank, question_id in enumerate(dict.fromkeys(row[1] for row in rows))}
    rows.sort(key=lambda row: (question_rank[row[1]], natural_key(row[2])))  # SQL cannot sort S2 before S10
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


@dataclass(frozen=True)
class AnswerPlace:
    """Where a person's answer sits in its quiz."""

    question_id: int
    question_number: int


@dataclass(frozen=True)
class ClassState:
    """What class grading computes machine grades from: the quiz's answers, the teacher's grades and
    hand-made groups. Teacher grades are only ever added, so their count and newest id tell a change."""

    answers: tuple[int, int]
    teacher_grades: tuple[int, int]
    labels: tuple[tuple[int, str], ...]


def answer_places(store: Store, quiz_id: int, answer_ids: Sequence[int]) -> dict[int, AnswerPlace]:
    """The question of each of these answers; refused in one line for an answer that is not a
    person's answer to this quiz."""
    return _places(store.db, quiz_id, answer_ids)


def _places(db: Any, quiz_id: int, answer_ids: Sequence[int]) -> dict[int, AnswerPlace]:
    ids = list(dict.fromkeys(answer_ids))
    found = {}
    for start in range(0, len(ids), CHUNK):
        chunk = ids[start : start + CHUNK]
        rows = db.execute(
            f"""
            SELECT a.id, r.quiz_id, r.kind, {_SELF_TEST}, a.question_id, q.position + 1
            FROM answers a JOIN answer_runs r ON r.id = a.run_id JOIN questions q ON q.id = a.question_id
            WHERE a.id IN ({", ".join("?" * len(chunk))})
            """,
            chunk,
        ).fetchall()
        found.update({row[0]: row[1:] for row in rows})
    for answer_id in ids:
        if answer_id not in found:
            raise SensemakingError(f"There is no answer {answer_id}.")
        quiz, kind, self_test, _, _ = found[answer_id]
        if quiz != quiz_id:
            raise SensemakingError(f"Answer {answer_id} belongs to quiz {quiz}, not quiz {quiz_id}.")
        if kind != "person":
            raise SensemakingError(f"Answer {answer_id} of quiz {quiz_id} is a model's answer, not a person's.")
        if self_test:
            raise SensemakingError(f"Answer {answer_id} of quiz {quiz_id} is a self-test's, not a class answer.")
    return {answer_id: AnswerPlace(found[answer_id][3], found[answer_id][4]) for answer_id in ids}


def class_state(store: Store, quiz_id: int) -> ClassState:
    """The quiz's class as class grading reads it, to compare when its grades are written."""
    return _state(store.db, quiz_id)


def _state(db: Any, quiz_id: int) -> ClassState:
    people = f"FROM answers a JOIN answer_runs r ON r.id = a.run_id WHERE r.quiz_id = ? AND {_CLASS}"
    answers = db.execute(f"SELECT COUNT(*), COALESCE(MAX(a.id), 0) {people}", [quiz_id]).fetchone()
    teacher = db.execute(
        f"SELECT COUNT(*), COALESCE(MAX(g.id), 0) FROM grades g WHERE g.source = 'human' "
        f"AND g.answer_id IN (SELECT a.id {people})",
        [quiz_id],
    ).fetchone()
    labels = db.execute(
        f"SELECT answer_id, label FROM answer_group_labels WHERE answer_id IN (SELECT a.id {people}) "
        "ORDER BY answer_id",
        [quiz_id],
    ).fetchall()
    return ClassState(tuple(answers), tuple(teacher), tuple(map(tuple, labels)))


def add_teacher_grades(
    store: Store,
    quiz_id: int,
    grades: Sequence[tuple[int, float]],
    *,
    origin: str,
    grader: str,
    reason: str | None = None,
    basis: dict[str, Any] | None = None,
) -> int:
    """One teacher action: these answers of the quiz get these grades at once. Returns the action's number."""
    if not grades:
        raise SensemakingError("No answers were given to grade.")
    with store.atomic() as db:
        _places(db, quiz_id, [answer for answer, _ in grades])
        return _add_action(db, grades, origin=origin, grader=grader, reason=reason, basis=basis)


def confirm_suggestions(
    store: Store, quiz_id: int, answer_ids: Sequence[int], *, origin: str, grader: str, basis: dict[str, Any]
) -> int:
    """One teacher action accepting the app's grades of these answers as the teacher's: each grade is
    read in the same transaction that writes it, so what is confirmed is what stands at that moment."""
    if not answer_ids:
        raise SensemakingError("No answers were given to confirm.")
    with store.atomic() as db:
        _places(db, quiz_id, answer_ids)
        suggested = _class_machine_scores(db, answer_ids)
        missing = [answer for answer in answer_ids if answer not in suggested]
        if missing:
            raise SensemakingError(f"Answer {missing[0]} has no suggested grade to confirm.")
        grades = [(answer, suggested[answer]) for answer in answer_ids]
        return _add_action(db, grades, origin=origin, grader=grader, reason=None, basis=basis)


def _class_machine_scores(db: Any, answer_ids: Sequence[int]) -> dict[int, float]:
    scores = {}
    for start in range(0, len(answer_ids), CHUNK):
        chunk = list(answer_ids[start : start + CHUNK])
        rows = db.execute(
            f"""
            SELECT answer_id, score FROM grades WHERE id IN (
                SELECT MAX(id) FROM grades WHERE source = 'machine' AND origin IN ('automatic', 'suggestion')
                  AND answer_id IN ({", ".join("?" * len(chunk))}) GROUP BY answer_id
            )
            """,
            chunk,
        ).fetchall()
        scores.update(dict(rows))
    return scores


def _add_action(
    db: Any,
    grades: Sequence[tuple[int, float]],
    *,
    origin: str,
    grader: str,
    reason: str | None,
    basis: dict[str, Any] | None,
) -> int:
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


def _next_action(db: Any) -> int:
    row = db.execute(
        "SELECT MAX(CAST(json_extract(basis, '$.action') AS INTEGER)) FROM grades WHERE source = 'human'"
    ).fetchone()
    return (row[0] or 0) + 1


def replace_machine_grades(
    store: Store, quiz_id: int, state: ClassState, answer_ids: Iterable[int], grades: Sequence[MachineGrade]
) -> bool:
    """Class grading's machine grades of these answers, instead of the ones it wrote before, if the
    class is still in `state` (what they were computed from); False, and nothing written, if another
    action changed it meanwhile. A grade equal to the one that stands is left as it is, so a teacher
    action rewrites only the grades it changed, not the class's."""
    ids = list(answer_ids)
    with store.atomic() as db:
        if _state(db, quiz_id) != state:
            return False
        _places(db, quiz_id, ids + [grade.answer_id for grade in grades])
        standing = _class_machine_rows(db, ids)
        kept = {grade.answer_id for grade in grades if standing.get(grade.answer_id) == [_as_row(grade)]}
        changed = [grade for grade in grades if grade.answer_id not in kept]
        stale = [answer for answer in standing if answer not in kept]
        for start in range(0, len(stale), CHUNK):
            chunk = stale[start : start + CHUNK]
            db.execute(
                f"DELETE FROM grades WHERE source = 'machine' AND origin IN ('automatic', 'suggestion') "
                f"AND answer_id IN ({', '.join('?' * len(chunk))})",
                chunk,
            )
        for grade in changed:
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
    return True


def _as_row(grade: MachineGrade) -> tuple[Any, ...]:
    """The grade as `add_grade` stores it, its basis as JSON text."""
    return (grade.score, grade.origin, grade.confidence, grade.reason, json.dumps(grade.basis))


def _class_machine_rows(db: Any, answer_ids: Sequence[int]) -> dict[int, list[tuple[Any, ...]]]:
    """The class-grading machine grades each of these answers has (as `_as_row` gives them: a basis
    written from an equal dict in another key order reads as changed, and is written again)."""
    rows: dict[int, list[tuple[Any, ...]]] = {}
    for start in range(0, len(answer_ids), CHUNK):
        chunk = list(answer_ids[start : start + CHUNK])
        found = db.execute(
            f"""
            SELECT answer_id, score, origin, confidence, reason, basis FROM grades
            WHERE source = 'machine' AND origin IN ('automatic', 'suggestion')
              AND answer_id IN ({", ".join("?" * len(chunk))}) ORDER BY id
            """,
            chunk,
        ).fetchall()
        for answer, score, origin, confidence, reason, basis in found:
            rows.setdefault(answer, []).append((score, origin, confidence, reason, basis))
    return rows


def teacher_actions(store: Store, quiz_id: int) -> int:
    """Distinct teacher actions behind the quiz's current teacher grades (older grades count one each)."""
    row = store.db.execute(
        f"""
        SELECT COUNT(DISTINCT COALESCE(json_extract(h.basis, '$.action'), 'grade' || h.id))
        FROM answers a JOIN answer_runs r ON r.id = a.run_id
        JOIN grades h ON h.id = (SELECT MAX(id) FROM grades WHERE answer_id = a.id AND source = 'human')
        WHERE r.quiz_id = ? AND {_CLASS}
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


def set_group_labels(store: Store, quiz_id: int, labels: dict[int, str]) -> None:
    """Answers of the quiz put in the teacher's hand-made groups."""
    with store.atomic() as db:
        _places(db, quiz_id, list(labels))
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
    """The grade that stands or, where none does yet, the app's suggestion (`source` says which)."""
    source: str
    """teacher, teacher_group, key (checked against the key), automatic, evaluator (the grading
    model's, outside class grading), suggestion (not final: the teacher has yet to check it) or ungraded."""
    confidence: float | None
    reason: str | None

    @property
    def final(self) -> bool:
        """Whether `score` is a grade that stands, not a suggestion waiting for the teacher."""
        return self.source not in ("suggestion", "ungraded")


def final_grades(store: Store, quiz_id: int, *, self_tests: bool = False) -> list[FinalGrade]:
    """Each student's answer with the grade that stands (`FINAL_GRADE_ID`), else its latest
    suggestion, with where it came from; self-test attempts' answers too where `self_tests`."""
    people = SELF_OR_CLASS if self_tests else _CLASS
    rows = store.db.execute(
        f"""
        SELECT r.label, q.position + 1, q.text, a.text, COALESCE(f.score, s.score),
               CASE WHEN f.source = 'human' THEN COALESCE(f.origin, 'teacher')
                    WHEN f.origin IS NULL AND f.grader = '{EXACT_GRADER}' THEN 'key'
                    WHEN f.id IS NOT NULL THEN COALESCE(f.origin, 'evaluator')
                    WHEN s.id IS NOT NULL THEN 'suggestion' ELSE 'ungraded' END,
               CASE WHEN f.source = 'human' THEN NULL WHEN f.id IS NOT NULL THEN f.confidence ELSE s.confidence END,
               CASE WHEN f.id IS NOT NULL THEN f.reason ELSE s.reason END
        FROM answers a
        JOIN answer_runs r ON r.id = a.run_id
        JOIN questions q ON q.id = a.question_id
        LEFT JOIN grades f ON f.id = {FINAL_GRADE_ID.format(answer="a.id")}
        LEFT JOIN grades s ON f.id IS NULL AND s.id = (
            SELECT MAX(id) FROM grades WHERE answer_id = a.id AND source = 'machine' AND origin = 'suggestion'
        )
        WHERE r.quiz_id = ? AND {people}
        ORDER BY r.label, q.position, a.id
        """,
        [quiz_id],
    ).fetchall()
    return [FinalGrade(*row) for row in sorted(rows, key=lambda row: natural_key(row[0]))]  # S2 before S10
