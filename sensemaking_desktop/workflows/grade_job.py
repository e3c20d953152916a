"""Grading a quiz's answers as a persistent job, section by section.

Answers are grouped by the section their question comes from and graded back to back, so
the section (first in the judge's prompt) is evaluated once. Items hold at most ITEM_SIZE
answers, so a crash costs little; each item's grades are written in the transaction that
marks it done, and a resume grades only what is left. A person's grades of other answers to
the same question are read when an item starts, so overrides made while a job runs already
guide the rest of it. A question's key points are taken from its reference the first time
one of its answers is graded and stored with it, so later grades use the same points.

Two grade jobs on the same quiz at once (two `sensemaking grade 1`, or one from the window)
never grade an answer twice: an item claims its answers in the store before grading them
(jobs/claims.py), and skips those another running job holds or has graded since this job
was submitted.
"""

from functools import cached_property
from itertools import groupby
from typing import Any

import sqlite_utils

from sensemaking_desktop.cancel import CancelToken
from sensemaking_desktop.errors import SensemakingError
from sensemaking_desktop.jobs import JobHandler, JobQueue
from sensemaking_desktop.quizzes.model import Question
from sensemaking_desktop.roles.evaluator import Grade
from sensemaking_desktop.roles.question_memo import QuestionMemo
from sensemaking_desktop.store import Store
from sensemaking_desktop.store.answers import EXACT_GRADER, add_grade, question_and_text
from sensemaking_desktop.store.grades import answers_to_grade, machine_graded_since
from sensemaking_desktop.store.quizzes import get_question, get_quiz, keep_key_points
from sensemaking_desktop.text.keypoints import key_points
from sensemaking_desktop.workflows.grading import (
    grade_answer,
    kept_signals,
    questions_by_section,
    references_by_section,
    section_text,
)
from sensemaking_desktop.workflows.job_outcomes import GradeCounts
from sensemaking_desktop.workflows.selftest import exact_grade

ITEM_SIZE = 20


class GradeHandler(JobHandler):
    """params: quiz_id, model; payload: section_id (None: no material), answer_ids."""

    name = "grade"

    def run(self, payload: dict[str, Any], cancel: CancelToken) -> dict[str, Any]:
        store = self.context.store
        engine = self.context.engine(self.params.get("model"))
        material = section_text(store, payload["section_id"])
        siblings = references_by_section(store, self.params["quiz_id"])
        questions = questions_by_section(store, self.params["quiz_id"])
        grades, points = [], {}
        answer_ids = self._mine(payload["answer_ids"])
        for number, answer_id in enumerate(answer_ids, start=1):
            found = _answer(store, answer_id)
            if found is None:
                continue
            question, text = found
            exact = exact_grade(question, text)
            if exact is not None:
                grades.append({"answer_id": answer_id, "grade": _exact(exact, question.points).as_json()})
                continue
            if question.reference_answer and not question.key_points:
                points[question.id] = points.get(question.id) or key_points(question.reference_answer)
            result = grade_answer(
                engine,
                store,
                question,
                text,
                answer_id=answer_id,
                material=material,
                sibling_references=siblings.get(question.source.section_id, []),
                sibling_questions=questions.get(question.source.section_id, []),
                key_points=question.key_points or points.get(question.id),
                memo=self.memo,
                cancel=cancel,
            )
            grades.append({"answer_id": answer_id, "grade": result.as_json()})
            self.context.item_progress(number / len(answer_ids))
        return {"grades": grades, "key_points": points, "skipped": len(payload["answer_ids"]) - len(answer_ids)}

    @cached_property
    def memo(self) -> QuestionMemo:
        """This job run's per-question results: its items grade a class's answers to a question in
        turn, and compute the judge's trust check and the question's fluency once for them all."""
        return QuestionMemo()

    def _mine(self, answer_ids: list[int]) -> list[int]:
        """The answers this job grades: those it claims (no other running job grades them now)
        that no job has given a machine grade since this one was submitted."""
        subjects = self.context.claim(f"grade:answer:{answer_id}" for answer_id in answer_ids)
        claimed = [int(subject.rsplit(":", 1)[1]) for subject in subjects]
        since = self.context.job_created_at
        if since is None or not claimed:
            return claimed
        graded = machine_graded_since(self.context.store, claimed, since)
        return [answer_id for answer_id in claimed if answer_id not in graded]

    def save(self, db: sqlite_utils.Database, payload: dict[str, Any], result: dict[str, Any]) -> dict[str, Any]:
        for question_id, found in result.get("key_points", {}).items():
            keep_key_points(db, int(question_id), found)
        for item in result["grades"]:
            graded = item["grade"]
            add_grade(
                db,
                item["answer_id"],
                source="machine",
                score=graded["score"],
                reason=graded["reason"],
                grader=graded["provenance"].get("model_name", EXACT_GRADER),
                flags=graded["flags"],
                confidence=graded["confidence"],
                signals=kept_signals(graded),
                generation_id=self.context.store.record_generation(graded["provenance"])
                if graded["provenance"]
                else None,
            )
        scores = [item["grade"]["score"] for item in result["grades"]]
        review = sum(item["grade"]["needs_review"] for item in result["grades"])
        counts = GradeCounts(graded=len(scores), needs_review=review, skipped=result.get("skipped", 0))
        # The item's mean score is kept for `jobs show`; a job's mean is not the sum of its items'.
        return counts.as_json() | {"mean_score": sum(scores) / len(scores) if scores else None}


def submit_grade_job(
    store: Store,
    queue: JobQueue,
    quiz_id: int,
    *,
    run_id: int | None = None,
    model: str | None = None,
    regrade: bool = False,
) -> int:
    """A job grading the quiz's answers (one run's with `run_id`) that have no machine grade yet,
    or all of them with `regrade`."""
    get_quiz(store, quiz_id)
    rows = answers_to_grade(store, quiz_id, run_id=run_id, regrade=regrade)
    if not rows:
        raise SensemakingError(f"Quiz {quiz_id} has no ungraded answers (use --regrade to grade them again).")
    items = []
    for section_id, group in groupby(rows, key=lambda row: row[1]):
        answer_ids = [answer_id for answer_id, _ in group]
        for start in range(0, len(answer_ids), ITEM_SIZE):
            label = f"section {section_id}" if section_id is not None else "answers"
            chunk = answer_ids[start : start + ITEM_SIZE]
            items.append((f"{label}, {len(chunk)} answers", {"section_id": section_id, "answer_ids": chunk}))
    params = {"quiz_id": quiz_id, "model": model}
    return queue.submit(GradeHandler, title=f"Grading quiz {quiz_id}", params=params, items=items)


def _answer(store: Store, answer_id: int) -> tuple[Question, str] | None:
    found = question_and_text(store, answer_id)
    if found is None:
        return None
    question_id, text = found
    return get_question(store, question_id)[1], text


def _exact(exact: tuple[float, str], max_points: float | None) -> Grade:
    """A closed question's grade: certain, and made by no model."""
    score, reason = exact
    return Grade(score, reason, flags=[], confidence=1.0, signals={}, parts={}, max_points=max_points)
