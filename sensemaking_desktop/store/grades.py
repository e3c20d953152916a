"""Machine grades beside human ones: the review list, overrides, and examples for the next grades.

A machine grade whose confidence is below the threshold waits on the review list until a
person confirms or overrides it; either way a human grade row is added next to the machine
one (never over it), so agreement with people can be measured later. Human grades of a
question's answers are the teacher-graded examples the Evaluator is shown for that question.
"""

import json
from dataclasses import dataclass
from typing import Any

from sensemaking_desktop.errors import SensemakingError
from sensemaking_desktop.quizzes.grading import REVIEW_THRESHOLD, GradedExample, current_flags
from sensemaking_desktop.quizzes.model import Criterion
from sensemaking_desktop.quizzes.names import natural_key
from sensemaking_desktop.store.answers import RUN_NUMBER, SELF_TEST, add_grade
from sensemaking_desktop.store.database import Store


@dataclass(frozen=True)
class CriterionResult:
    """One rubric criterion of a machine grade: the points it earned (its points times how well
    the answer covers it, as the Evaluator sums a rubric) out of its points, and what to say."""

    text: str
    points: float
    max_points: float
    covered: bool
    feedback: str | None
    """The teacher's feedback for a missed criterion; for a covered one, the words that cover it."""

    def as_json(self) -> dict[str, Any]:
        return {
            "criterion": self.text,
            "points": self.points,
            "max_points": self.max_points,
            "covered": self.covered,
            "feedback": self.feedback,
        }


FINAL_GRADE_ID = """COALESCE(
    (SELECT MAX(id) FROM grades WHERE answer_id = {answer} AND source = 'human'),
    (SELECT MAX(id) FROM grades WHERE answer_id = {answer} AND source = 'machine'
       AND COALESCE(origin, '') != 'suggestion')
)"""
"""The id of the grade that stands for an answer (`{answer}`: the SQL naming its id): its latest
human grade, else its latest machine grade that is not a class-grading suggestion. A suggestion
waits for the teacher to check it, so it is never a final grade; exports and `grade QUIZ` treat
an answer that has only suggestions as not graded yet."""

_LATEST_MACHINE = """
    SELECT g.* FROM grades g
    WHERE g.source = 'machine' AND g.id = (
        SELECT MAX(id) FROM grades WHERE answer_id = g.answer_id AND source = 'machine'
    )
"""


@dataclass(frozen=True)
class ReviewItem:
    """A machine grade waiting for a person, with what it was made from."""

    grade_id: int
    answer_id: int
    quiz_id: int
    question_id: int
    question: str
    reference: str | None
    student: str
    answer: str
    score: float
    reason: str | None
    flags: list[str]
    confidence: float | None
    signals: dict[str, Any]
    criteria: list[CriterionResult]
    """Per rubric criterion, when the question has a rubric and the grade kept its coverage."""
    question_number: int
    """The question's number in its quiz (1 = first)."""
    run_number: int
    """The answer run's number on its quiz (1 = first), as `sensemaking answers list` shows it."""
    self_test: bool
    """Whether the answer is from a self-test attempt (else a class's or a model's)."""

    @property
    def details(self) -> list[str]:
        """The figures behind the reason, as the Evaluator kept them (none for older grades)."""
        return list(self.signals.get("details", []))

    @property
    def said(self) -> list[dict[str, Any]]:
        """The reason's sentences as keys, to show it in the interface's language (none for older grades)."""
        return list(self.signals.get("said", []))

    def as_json(self) -> dict[str, Any]:
        """The item's fields; its flags by name, as the store keeps them (what a flag means to a
        reader is read above the store: `workflows.reasons.flag_texts`)."""
        return {
            "grade_id": self.grade_id,
            "answer_id": self.answer_id,
            "quiz_id": self.quiz_id,
            "question_id": self.question_id,
            "question": self.question,
            "question_number": self.question_number,
            "run_number": self.run_number,
            "self_test": self.self_test,
            "reference": self.reference,
            "student": self.student,
            "answer": self.answer,
            "score": self.score,
            "reason": self.reason,
            "flags": self.flags,
            "details": self.details,
            "confidence": self.confidence,
            "signals": self.signals,
            "criteria": [result.as_json() for result in self.criteria],
        }


def review_list(
    store: Store, quiz_id: int | None = None, *, threshold: float = REVIEW_THRESHOLD, include_all: bool = False
) -> list[ReviewItem]:
    """Answers whose latest machine grade is below `threshold` (or every one with `include_all`)
    and which no person has graded yet, least confident first."""
    sql = f"""
        SELECT m.id AS grade_id, m.answer_id, r.quiz_id, q.id AS question_id, q.text AS question,
               q.reference_answer AS reference, r.label AS student, a.text AS answer, m.score, m.reason,
               m.flags, m.confidence, m.signals, q.position + 1,
               {RUN_NUMBER.format(runs="r")},
               {SELF_TEST.format(runs="r")}, q.rubric
        FROM ({_LATEST_MACHINE}) m
        JOIN answers a ON a.id = m.answer_id
        JOIN answer_runs r ON r.id = a.run_id
        JOIN questions q ON q.id = a.question_id
        WHERE NOT EXISTS (SELECT 1 FROM grades h WHERE h.answer_id = m.answer_id AND h.source = 'human')
          AND COALESCE(m.origin, '') != 'automatic'
          AND (? OR COALESCE(m.confidence, 0) < ?)
          AND (? IS NULL OR r.quiz_id = ?)
        ORDER BY COALESCE(m.confidence, 0), m.id
    """
    rows = store.db.execute(sql, [include_all, threshold, quiz_id, quiz_id]).fetchall()
    columns = [
        "grade_id", "answer_id", "quiz_id", "question_id", "question", "reference", "student", "answer",
        "score", "reason", "flags", "confidence", "signals", "question_number", "run_number", "self_test",
    ]  # fmt: skip
    items = []
    for row in rows:
        fields = dict(zip(columns, row[:-1]))
        fields["flags"] = current_flags(json.loads(fields["flags"]))
        fields["signals"] = json.loads(fields["signals"])
        fields["self_test"] = bool(fields["self_test"])
        rubric = [Criterion.model_validate(criterion) for criterion in json.loads(row[-1])]
        items.append(ReviewItem(**fields, criteria=criterion_results(rubric, fields["signals"].get("criteria", []))))
    return items


def criterion_results(rubric: list[Criterion], coverage: list[dict[str, Any]]) -> list[CriterionResult]:
    """The rubric's criteria with the coverage a machine grade stored for them (matched by
    text); none when the grade has no coverage for one of them (graded before the rubric)."""
    found = {entry["criterion"]: entry for entry in coverage}
    if not rubric or any(criterion.text not in found for criterion in rubric):
        return []
    results = []
    for criterion in rubric:
        entry = found[criterion.text]
        covered = bool(entry["covered"])
        results.append(
            CriterionResult(
                text=criterion.text,
                points=round(criterion.points * float(entry["coverage"]), 2),
                max_points=criterion.points,
                covered=covered,
                feedback=entry.get("evidence") if covered else criterion.feedback,
            )
        )
    return results


def confirm(store: Store, answer_id: int, *, grader: str = "teacher") -> int:
    """The person agrees with the latest machine grade: it is stored again as theirs."""
    row = store.db.execute(
        "SELECT score, reason FROM grades WHERE answer_id = ? AND source = 'machine' ORDER BY id DESC LIMIT 1",
        [answer_id],
    ).fetchone()
    if row is None:
        raise SensemakingError(f"Answer {answer_id} has no machine grade to confirm.")
    return override(store, answer_id, row[0], reason=row[1], grader=grader)


def override(store: Store, answer_id: int, score: float, *, reason: str | None = None, grader: str = "teacher") -> int:
    """A person's grade of an answer, kept beside the machine's."""
    if store.db.execute("SELECT 1 FROM answers WHERE id = ?", [answer_id]).fetchone() is None:
        raise SensemakingError(f"There is no answer {answer_id}.")
    with store.atomic() as db:
        return add_grade(db, answer_id, source="human", score=score, reason=reason, grader=grader)


def examples_for(store: Store, question_id: int, *, exclude_answer: int | None = None) -> list[GradedExample]:
    """People's latest grades of other answers to this question, newest first, spread over the scale."""
    rows = store.db.execute(
        """
        SELECT a.text, g.score FROM grades g JOIN answers a ON a.id = g.answer_id
        WHERE a.question_id = ? AND g.source = 'human' AND a.id IS NOT ?
          AND g.id = (SELECT MAX(id) FROM grades WHERE answer_id = g.answer_id AND source = 'human')
        ORDER BY g.id DESC
        """,
        [question_id, exclude_answer],
    ).fetchall()
    return _spread([GradedExample(answer=text, score=score) for text, score in rows])


def _spread(examples: list[GradedExample], limit: int = 4) -> list[GradedExample]:
    """Up to `limit` examples, one per rubric level first, so the judge sees the scale, not one grade."""
    chosen: list[GradedExample] = []
    levels: set[int] = set()
    for example in examples:
        level = round(example.score / 20)
        if level not in levels:
            levels.add(level)
            chosen.append(example)
    rest = [example for example in examples if example not in chosen]
    return (chosen + rest)[:limit]


@dataclass(frozen=True)
class ScoredAnswer:
    """An answer with the score a person gave it last (None when no person graded it)."""

    answer_id: int
    question_id: int
    text: str
    human_score: float | None


def answers_with_human_scores(store: Store, quiz_id: int) -> list[ScoredAnswer]:
    """The quiz's non-blank answers, in the order they were given, each with its latest human score."""
    rows = store.db.execute(
        """
        SELECT a.id, a.question_id, a.text,
               (SELECT score FROM grades g WHERE g.answer_id = a.id AND g.source = 'human' ORDER BY g.id DESC LIMIT 1)
        FROM answers a JOIN answer_runs r ON r.id = a.run_id
        WHERE r.quiz_id = ? AND TRIM(a.text) != '' ORDER BY a.id
        """,
        [quiz_id],
    ).fetchall()
    return [ScoredAnswer(*row) for row in rows]


def answers_to_grade(store: Store, quiz_id: int, *, run_id: int | None, regrade: bool) -> list[tuple[int, int | None]]:
    """(answer id, its question's section id) of the quiz's answers (one run's with `run_id`) that
    have no machine grade (a class-grading suggestion is none), or all of them with `regrade`; section by
    section, in quiz order."""
    return store.db.execute(
        """
        SELECT a.id, q.section_id FROM answers a
        JOIN answer_runs r ON r.id = a.run_id JOIN questions q ON q.id = a.question_id
        WHERE r.quiz_id = ? AND (? IS NULL OR r.id = ?)
          AND (? OR NOT EXISTS (SELECT 1 FROM grades g WHERE g.answer_id = a.id AND g.source = 'machine'
                                AND COALESCE(g.origin, '') != 'suggestion'))
        ORDER BY q.section_id IS NULL, q.section_id, q.position, a.id
        """,
        [quiz_id, run_id, run_id, regrade],
    ).fetchall()


def machine_graded_since(store: Store, answer_ids: list[int], since: str) -> set[int]:
    """Which of these answers got a machine grade at or after `since` (another job graded them; a
    class-grading suggestion written meanwhile is no grade)."""
    marks = ", ".join("?" for _ in answer_ids)
    rows = store.db.execute(
        f"SELECT answer_id FROM grades WHERE source = 'machine' AND COALESCE(origin, '') != 'suggestion' "
        f"AND created_at >= ? AND answer_id IN ({marks})",
        [since, *answer_ids],
    )
    return {row[0] for row in rows}


@dataclass(frozen=True)
class GradeRecord:
    """One grade of an answer as it is exported: who answered what, the grade, and what made it."""

    student: str
    answered_in: str
    """class (a class's imported answers), self-test (an attempt taken in the app: whoever tried the
    quiz, not a student of the class) or model (the Student's run)."""
    question_number: int
    question: str
    answer: str
    score: float
    source: str
    origin: str
    """teacher, teacher_group, automatic, evaluator or suggestion (class grading's, never final)."""
    final: bool
    """Whether this is the grade that stands for the answer (`FINAL_GRADE_ID`)."""
    reason: str | None
    flags: list[str]
    confidence: float | None
    grader: str | None
    created_at: str
    model_name: str | None
    model_sha256: str | None
    template_name: str | None
    template_version: str | None
    sampling: str | None


_SELF_TEST_RUN = SELF_TEST.format(runs="answer_runs")


def grade_records(store: Store, quiz_id: int) -> list[GradeRecord]:
    """Every grade of the quiz's answers, by student and question, oldest grade first, each with
    what made it, whether it is the one that stands, and whose run it is (`answered_in`), so a
    self-test attempt is never read as a student's."""
    rows = store.db.query(
        f"""
        SELECT answer_runs.label AS student,
               CASE WHEN answer_runs.kind = 'model' THEN 'model' WHEN {_SELF_TEST_RUN} THEN 'self-test'
                    ELSE 'class' END AS answered_in,
               questions.position + 1 AS question_number, questions.text AS question,
               answers.text AS answer, grades.score, grades.source,
               COALESCE(grades.origin, CASE grades.source WHEN 'human' THEN 'teacher' ELSE 'evaluator' END) AS origin,
               grades.id = {FINAL_GRADE_ID.format(answer="answers.id")} AS final,
               grades.reason, grades.flags, grades.confidence,
               grades.grader, grades.created_at, generations.model_name, generations.model_sha256,
               generations.template_name, generations.template_version, generations.sampling
        FROM grades JOIN answers ON answers.id = grades.answer_id
        JOIN answer_runs ON answer_runs.id = answers.run_id JOIN questions ON questions.id = answers.question_id
        LEFT JOIN generations ON generations.id = grades.generation_id
        WHERE answer_runs.quiz_id = ? ORDER BY answer_runs.label, questions.position, grades.id
        """,
        [quiz_id],
    )
    ordered = sorted(rows, key=lambda row: natural_key(row["student"]))  # S2 before S10, as SQL cannot
    return [GradeRecord(**dict(row, flags=json.loads(row["flags"]), final=bool(row["final"]))) for row in ordered]


def human_and_machine(store: Store, quiz_id: int) -> list[tuple[int, int, float, float]]:
    """(answer id, question id, latest human score, latest machine score) for answers that have both."""
    return store.db.execute(
        f"""
        SELECT a.id, a.question_id, h.score, m.score
        FROM answers a JOIN answer_runs r ON r.id = a.run_id
        JOIN ({_LATEST_MACHINE}) m ON m.answer_id = a.id
        JOIN grades h ON h.answer_id = a.id AND h.source = 'human'
             AND h.id = (SELECT MAX(id) FROM grades WHERE answer_id = a.id AND source = 'human')
        WHERE r.quiz_id = ?
        ORDER BY a.id
        """,
        [quiz_id],
    ).fetchall()
