"""Answer runs in the library: a model's or a person's answers to a quiz, and their grades.

A run is one pass over a quiz: by a model (a Student job, label = the model's name) or by a
person (a self-test or a class's imported answers, label = the name). A self-test attempt is a
person's run taken in the app, so it keeps how it was taken (`mode`, one of `SELF_TEST_MODES`);
a class's imported answers keep none. That mark keeps the two apart: a teacher who tries
the quiz is not a student of the class, and an imported class is no one's self-test. Each
self-test attempt has a number per quiz (1, 2, …, `attempt`), the one a person reads. Answers keep their
evidence, the passages read and the time taken; grades are kept apart, so a machine grade
given at once (exact match) and a later one (the Evaluator, a teacher) can stand together.
An answer's grade is its latest human grade, else its latest machine grade.
"""

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

import sqlite_utils

from sensemaking_desktop.errors import SensemakingError
from sensemaking_desktop.quizzes.grading import current_flags
from sensemaking_desktop.store.database import Store, now

RunKind = Literal["model", "person"]
GradeSource = Literal["machine", "human"]
EXACT_GRADER = "exact-match"
"""The grader of a grade the key decided: a closed answer checked against it, an open one equal to it."""
SELF_TEST_MODES = ("one-by-one", "all-at-once", "timed")
"""The modes a self-test attempt is taken in (workflows.selftest's and workflows.study's): they mark it."""
_MODES = ", ".join(f"'{mode}'" for mode in SELF_TEST_MODES)
SELF_TEST = f"{{runs}}.kind = 'person' AND {{runs}}.mode IN ({_MODES})"
"""A self-test attempt, in SQL over the answer runs' table (or its alias `runs`)."""
RUN_NUMBER = (
    "(SELECT COUNT(*) FROM answer_runs AS earlier WHERE earlier.quiz_id = {runs}.quiz_id AND earlier.id <= {runs}.id)"
)
"""A run's number on its quiz (1 for its first run of any kind), in SQL over the answer runs' table or its alias."""
CLASS_ANSWERS = f"{{runs}}.kind = 'person' AND ({{runs}}.mode IS NULL OR {{runs}}.mode NOT IN ({_MODES}))"
"""A class's imported answers (every other person's run), in SQL over the answer runs' table (or its alias `runs`)."""


@dataclass(frozen=True)
class Grade:
    score: float
    source: str
    reason: str | None
    grader: str | None
    flags: list[str] = field(default_factory=list)
    confidence: float | None = None
    origin: str | None = None
    """How class grading made it (teacher, teacher_group, automatic, suggestion); None otherwise."""

    @property
    def whose(self) -> str:
        """teacher (a person's grade), key (checked against the key: `EXACT_GRADER`'s), automatic
        (class grading's, under its agreement guarantee), suggested (class grading's, not final until
        the teacher checks it) or evaluator (any other machine grade: the grading model's)."""
        if self.source == "human":
            return "teacher"
        if self.grader == EXACT_GRADER and self.origin is None:
            return "key"
        return {"automatic": "automatic", "suggestion": "suggested"}.get(self.origin or "", "evaluator")


@dataclass(frozen=True)
class StoredAnswer:
    id: int
    question_id: int
    question_position: int
    question: str
    kind: str
    text: str
    answerable: bool | None
    evidence: list[dict[str, Any]]
    supported: bool | None
    passages: list[list[int]] | None
    time_taken_s: float | None
    generation_id: int | None
    created_at: str
    grade: Grade | None


@dataclass(frozen=True)
class RunSummary:
    id: int
    quiz_id: int
    quiz_title: str
    material_id: int | None
    kind: str
    label: str
    mode: str | None
    created_at: str
    finished_at: str | None
    questions: int
    """Questions the quiz holds that are not dropped."""
    answered: int
    graded: int
    mean_score: float | None
    total_time_s: float | None
    mean_time_s: float | None
    attempt: int | None = None
    """A self-test attempt's number on its quiz (1 for the first); None for other runs."""
    number: int = 0
    """The run's number on its quiz (1 for the first of any kind): the one commands print and take."""


@dataclass(frozen=True)
class RunDetail:
    run: RunSummary
    answers: list[StoredAnswer]


def add_run(db: sqlite_utils.Database, quiz_id: int, kind: RunKind, label: str, mode: str | None) -> int:
    """A new, unfinished run; call inside Store.atomic()."""
    if db.execute("SELECT 1 FROM quizzes WHERE id = ?", [quiz_id]).fetchone() is None:
        raise SensemakingError(f"There is no quiz {quiz_id}; `sensemaking quizzes list` shows them.")
    row = {"quiz_id": quiz_id, "kind": kind, "label": label, "mode": mode, "created_at": now()}
    return db["answer_runs"].insert(row).last_pk


def add_answer(
    db: sqlite_utils.Database,
    run_id: int,
    question_id: int,
    text: str,
    *,
    answerable: bool | None = None,
    evidence: Sequence[dict[str, Any]] = (),
    supported: bool | None = None,
    passages: Sequence[Sequence[int]] | None = None,
    time_taken_s: float | None = None,
    generation_id: int | None = None,
) -> int:
    """One answer of a run; `passages` are the (start, end) offsets a model read when it did not read all."""
    row = {
        "run_id": run_id,
        "question_id": question_id,
        "text": text,
        "answerable": answerable,
        "evidence": json.dumps(list(evidence), ensure_ascii=False),
        "supported": supported,
        "passages": json.dumps([list(p) for p in passages]) if passages is not None else None,
        "time_taken_s": time_taken_s,
        "generation_id": generation_id,
        "created_at": now(),
    }
    return db["answers"].insert(row).last_pk


def add_grade(
    db: sqlite_utils.Database,
    answer_id: int,
    *,
    source: GradeSource,
    score: float,
    reason: str | None,
    grader: str,
    flags: Sequence[str] = (),
    confidence: float | None = None,
    signals: dict[str, Any] | None = None,
    generation_id: int | None = None,
    origin: str | None = None,
    basis: dict[str, Any] | None = None,
) -> int:
    """Attach a grade (0–100) to an answer: the exact-match grader, the Evaluator or a teacher;
    `origin` and `basis` say how class grading made it (store.class_grades)."""
    if not 0 <= score <= 100:
        raise SensemakingError(f"A grade is a score from 0 to 100, not {score}.")
    row = {
        "answer_id": answer_id,
        "source": source,
        "score": score,
        "reason": reason,
        "flags": json.dumps(list(flags)),
        "confidence": confidence,
        "signals": json.dumps(signals or {}),
        "grader": grader,
        "generation_id": generation_id,
        "origin": origin,
        "basis": json.dumps(basis or {}),
        "created_at": now(),
    }
    return db["grades"].insert(row).last_pk


@dataclass(frozen=True)
class PeopleAnswers:
    """What an import of people's answers did: the runs made, the answers added, and those left out
    because the quiz already holds that person's answer to that question (the same file imported
    again, word for word, or with the answer changed since: the earlier one stands, with its grade)."""

    runs: int
    added: int
    unchanged: int
    changed: list[tuple[str, int]]
    """(person, question id) whose answer the quiz holds in other words."""


def add_people_answers(store: Store, quiz_id: int, answers: Sequence[tuple[str, int, str]]) -> PeopleAnswers:
    """Answers people gave outside the app, as (person, question id, text): one run per person,
    all in one transaction. An answer the quiz's imported answers already hold for that person and
    question is left out, so a class is never counted twice and a teacher's grade is never left on
    an answer that a second copy hides."""
    runs: dict[str, int] = {}
    unchanged, changed = 0, []
    with store.atomic() as db:
        held = _imported_answers(db, quiz_id)
        for person, question_id, text in answers:
            if (person, question_id) in held:
                if held[person, question_id] == text:
                    unchanged += 1
                else:
                    changed.append((person, question_id))
                continue
            if person not in runs:
                runs[person] = add_run(db, quiz_id, "person", person, None)
            add_answer(db, runs[person], question_id, text)
    added = len(answers) - unchanged - len(changed)
    return PeopleAnswers(runs=len(runs), added=added, unchanged=unchanged, changed=changed)


def _imported_answers(db: sqlite_utils.Database, quiz_id: int) -> dict[tuple[str, int], str]:
    """The text of every answer imported for the quiz (not self-tests), by (person, question id)."""
    rows = db.execute(
        "SELECT answer_runs.label, answers.question_id, answers.text FROM answers "
        "JOIN answer_runs ON answer_runs.id = answers.run_id "
        f"WHERE answer_runs.quiz_id = ? AND {CLASS_ANSWERS.format(runs='answer_runs')} ORDER BY answers.id",
        [quiz_id],
    ).fetchall()
    return {(label, question_id): text for label, question_id, text in rows}


def answers_by_person(store: Store, quiz_id: int) -> dict[tuple[str, int], int]:
    """The quiz's answers by (run label, question id); where a label answered twice, the later answer."""
    rows = store.db.query(
        "SELECT answers.id, answers.question_id, answer_runs.label FROM answers "
        "JOIN answer_runs ON answer_runs.id = answers.run_id WHERE answer_runs.quiz_id = ? ORDER BY answers.id",
        [quiz_id],
    )
    return {(row["label"], row["question_id"]): row["id"] for row in rows}


def add_human_grades(store: Store, grades: Sequence[tuple[int, float]], grader: str) -> None:
    """People's grades, as (answer id, score), in one transaction."""
    with store.atomic() as db:
        for answer_id, score in grades:
            add_grade(db, answer_id, source="human", score=score, reason=None, grader=grader)


def question_and_text(store: Store, answer_id: int) -> tuple[int, str] | None:
    """The question an answer answers and the answer's text; None when there is no such answer."""
    row = store.db.execute("SELECT question_id, text FROM answers WHERE id = ?", [answer_id]).fetchone()
    return (row[0], row[1]) if row else None


def answer_count(db: sqlite_utils.Database, run_id: int) -> int:
    """How many answers a run holds (inside the caller's transaction: a job saving an item)."""
    return db.execute("SELECT COUNT(*) FROM answers WHERE run_id = ?", [run_id]).fetchone()[0]


def finish_run(db: sqlite_utils.Database, run_id: int) -> None:
    db.execute("UPDATE answer_runs SET finished_at = ? WHERE id = ? AND finished_at IS NULL", [now(), run_id])


def list_runs(store: Store, quiz_id: int | None = None, *, kind: RunKind | None = None) -> list[RunSummary]:
    """Runs of one quiz (all quizzes when None), oldest first."""
    where, values = _filters(("answer_runs.quiz_id", quiz_id), ("answer_runs.kind", kind))
    return [_summary(row) for row in store.db.query(_RUNS_SQL.format(where=where), values)]


def self_test_attempts(store: Store, material_id: int | None = None) -> list[RunSummary]:
    """Self-test attempts on a material's quizzes (all materials when None), oldest first; a class's
    imported answers are not among them."""
    where, values = _filters(("quizzes.material_id", material_id))
    where = f"{where} AND " if where else "WHERE "
    sql = _RUNS_SQL.format(where=where + SELF_TEST.format(runs="answer_runs"))
    return [_summary(row) for row in store.db.query(sql, values)]


def get_run(store: Store, run_id: int) -> RunDetail:
    """A run with its answers in quiz order, each with its grade."""
    row = next(store.db.query(_RUNS_SQL.format(where="WHERE answer_runs.id = ?"), [run_id]), None)
    if row is None:
        raise SensemakingError(f"There is no answer run {run_id}; `sensemaking answers list QUIZ_ID` shows them.")
    answers = store.db.query(
        f"""
        SELECT answers.*, questions.position AS question_position, questions.text AS question, questions.kind,
               {_GRADE_COLUMNS}
        FROM answers JOIN questions ON questions.id = answers.question_id
        WHERE answers.run_id = ? ORDER BY questions.position, answers.id
        """,
        [run_id],
    )
    return RunDetail(_summary(row), [_answer(answer) for answer in answers])


def run_on_quiz(store: Store, quiz_id: int, number: int) -> RunSummary:
    """The run with this number on the quiz (1 = its first), as `answers list` numbers them."""
    runs = list_runs(store, quiz_id)
    if not 1 <= number <= len(runs):
        if not runs:
            if store.db.execute("SELECT 1 FROM quizzes WHERE id = ?", [quiz_id]).fetchone() is None:
                raise SensemakingError(f"There is no quiz {quiz_id}; `sensemaking quizzes list` shows them.")
            raise SensemakingError(f"Quiz {quiz_id} has no answers yet.")
        raise SensemakingError(
            f"Quiz {quiz_id} has runs 1 to {len(runs)}, not {number}; `sensemaking answers list {quiz_id}` shows them."
        )
    return runs[number - 1]


def run_number(store: Store, run_id: int) -> int:
    """The run's number on its quiz, as `answers list` numbers it."""
    sql = f"SELECT {RUN_NUMBER.format(runs='answer_runs')} FROM answer_runs WHERE id = ?"
    return store.db.execute(sql, [run_id]).fetchone()[0]


def answer_at(store: Store, quiz_id: int, number: int, position: int) -> int:
    """The id of the answer that run `number` of the quiz gave to question `position` (1 = first)."""
    run = run_on_quiz(store, quiz_id, number)
    found = store.db.execute(
        "SELECT answers.id FROM answers JOIN questions ON questions.id = answers.question_id "
        "WHERE answers.run_id = ? AND questions.position = ? ORDER BY answers.id DESC LIMIT 1",
        [run.id, position - 1],
    ).fetchone()
    if found is None:
        raise SensemakingError(f"Run {number} on quiz {quiz_id} ({run.label}) did not answer question {position}.")
    return found[0]


def ungraded_answers(store: Store, run_id: int) -> list[StoredAnswer]:
    """The answers of a run that have no grade yet: open questions, waiting for the Evaluator."""
    return [answer for answer in get_run(store, run_id).answers if answer.grade is None]


def _filters(*pairs: tuple[str, Any]) -> tuple[str, list[Any]]:
    used = [(column, value) for column, value in pairs if value is not None]
    where = " AND ".join(f"{column} = ?" for column, _ in used)
    return (f"WHERE {where}" if where else ""), [value for _, value in used]


# The grade an answer shows: its latest human grade, else its latest machine grade that is not a
# class-grading suggestion, else its latest suggestion (never final: Grade.whose says "suggested").
_BEST_GRADE = (
    "(SELECT id FROM grades WHERE grades.answer_id = answers.id ORDER BY grades.source = 'human' DESC, "
    "COALESCE(grades.origin, '') = 'suggestion', grades.id DESC LIMIT 1)"
)
_GRADE_COLUMNS = ", ".join(
    f"(SELECT {column} FROM grades WHERE grades.id = {_BEST_GRADE}) AS grade_{column}"
    for column in ("score", "source", "reason", "grader", "flags", "confidence", "origin")
)
_SELF_TEST_RUN = SELF_TEST.format(runs="answer_runs")
_SELF_TEST_EARLIER = SELF_TEST.format(runs="earlier")
_RUNS_SQL = f"""
SELECT answer_runs.*, quizzes.title AS quiz_title, quizzes.material_id,
       (SELECT COUNT(*) FROM questions WHERE questions.quiz_id = answer_runs.quiz_id
        AND questions.status != 'dropped') AS questions,
       COUNT(answers.id) AS answered,
       COUNT(graded.score) AS graded,
       AVG(graded.score) AS mean_score,
       SUM(answers.time_taken_s) AS total_time_s,
       AVG(answers.time_taken_s) AS mean_time_s,
       CASE WHEN {_SELF_TEST_RUN} THEN (
           SELECT COUNT(*) FROM answer_runs AS earlier WHERE earlier.quiz_id = answer_runs.quiz_id
           AND earlier.id <= answer_runs.id AND {_SELF_TEST_EARLIER}
       ) END AS attempt,
       {RUN_NUMBER.format(runs="answer_runs")} AS number
FROM answer_runs JOIN quizzes ON quizzes.id = answer_runs.quiz_id
LEFT JOIN answers ON answers.run_id = answer_runs.id
LEFT JOIN grades AS graded ON graded.id = {_BEST_GRADE}
{{where}}
GROUP BY answer_runs.id ORDER BY answer_runs.id
"""


def _summary(row: dict[str, Any]) -> RunSummary:
    return RunSummary(**{name: row[name] for name in RunSummary.__dataclass_fields__})


def _answer(row: dict[str, Any]) -> StoredAnswer:
    grade = None
    if row["grade_score"] is not None:
        grade = Grade(
            score=row["grade_score"],
            source=row["grade_source"],
            reason=row["grade_reason"],
            grader=row["grade_grader"],
            flags=current_flags(json.loads(row["grade_flags"])),
            confidence=row["grade_confidence"],
            origin=row["grade_origin"],
        )
    return StoredAnswer(
        id=row["id"],
        question_id=row["question_id"],
        question_position=row["question_position"],
        question=row["question"],
        kind=row["kind"],
        text=row["text"],
        answerable=None if row["answerable"] is None else bool(row["answerable"]),
        evidence=json.loads(row["evidence"]),
        supported=None if row["supported"] is None else bool(row["supported"]),
        passages=json.loads(row["passages"]) if row["passages"] is not None else None,
        time_taken_s=row["time_taken_s"],
        generation_id=row["generation_id"],
        created_at=row["created_at"],
        grade=grade,
    )
