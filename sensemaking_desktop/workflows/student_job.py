"""The Student over a stored quiz as a persistent job: one item per section.

The answer run exists from the start; each section's answers (with evidence, support, the
passages read and a generation row each) are written in the transaction that marks the
section done, so a crash loses no finished section and a resume goes on with the next.
The questions of a section run back to back, so the section is read by the model once; on a
model server that serves several requests they are sent `parallel_requests` at a time.
Questions with no section (written by hand, imported) are answered over the whole material.
"""

from collections import defaultdict
from typing import Any

import sqlite_utils

from sensemaking_desktop.cancel import CancelToken
from sensemaking_desktop.errors import SensemakingError
from sensemaking_desktop.jobs import JobHandler, JobQueue
from sensemaking_desktop.llm.parallel import map_ordered, request_slots
from sensemaking_desktop.quizzes.model import Question, QuestionStatus
from sensemaking_desktop.roles.student import EXTRACTIVE, answer_question
from sensemaking_desktop.roles.teacher_verify import student_prompt
from sensemaking_desktop.store import Store
from sensemaking_desktop.store.answers import add_answer, add_run, answer_count, finish_run
from sensemaking_desktop.store.materials import get_section, sections_of
from sensemaking_desktop.store.quizzes import get_quiz
from sensemaking_desktop.workflows.job_outcomes import AnswerCounts

MODE = "student-job"


class AnswerHandler(JobHandler):
    """params: run_id, quiz_id, model, questions (how many the run answers);
    payload: section_id (None for the whole material), material_id, question_ids."""

    name = "answer"

    def run(self, payload: dict[str, Any], cancel: CancelToken) -> dict[str, Any]:
        store = self.context.store
        material = _material_text(store, payload)
        questions = {question.id: question for question in get_quiz(store, self.params["quiz_id"]).questions}
        engine = self.context.engine(self.params.get("model"))
        asked = [question_id for question_id in payload["question_ids"] if question_id in questions]
        slots = request_slots(engine, store.load_settings())
        finished: list[int] = []

        def work(question_id: int) -> dict[str, Any]:
            question = questions[question_id]
            reply = answer_question(engine, material, question, student_prompt(question), cancel=cancel)
            return {
                "question_id": question_id,
                "text": reply.answer,
                "answerable": reply.answerable,
                "evidence": reply.evidence_json(),
                "supported": reply.supported,
                "passages": reply.passages,
                "provenance": reply.provenance,
            }

        def done(index: int, _answer: dict[str, Any]) -> None:
            finished.append(index)
            self.context.item_progress(len(finished) / len(payload["question_ids"]))

        return {"answers": map_ordered(work, asked, slots, cancel, done)}

    def save(self, db: sqlite_utils.Database, payload: dict[str, Any], result: dict[str, Any]) -> dict[str, Any]:
        run_id = self.params["run_id"]
        for answer in result["answers"]:
            add_answer(
                db,
                run_id,
                answer["question_id"],
                answer["text"],
                answerable=answer["answerable"],
                evidence=answer["evidence"],
                supported=answer["supported"],
                passages=answer["passages"],
                generation_id=self.context.store.record_generation(answer["provenance"]),
            )
        if answer_count(db, run_id) >= self.params["questions"]:
            finish_run(db, run_id)
        supported = sum(bool(answer["supported"]) for answer in result["answers"])
        extracted = sum(answer["provenance"]["template_name"] == EXTRACTIVE for answer in result["answers"])
        return AnswerCounts(answers=len(result["answers"]), supported=supported, extracted=extracted).as_json()


def _material_text(store: Store, payload: dict[str, Any]) -> str:
    if payload["section_id"] is not None:
        return get_section(store, payload["section_id"]).text
    return "\n\n".join(section.text for section in sections_of(store, payload["material_id"]))


def submit_answer_job(
    store: Store, queue: JobQueue, quiz_id: int, *, model: str | None, model_name: str
) -> tuple[int, int]:
    """Create the (empty) answer run and the job that fills it; returns (job id, run id)."""
    quiz = get_quiz(store, quiz_id)
    questions = [question for question in quiz.questions if question.status != QuestionStatus.DROPPED]
    if not questions:
        raise SensemakingError(f"Quiz {quiz_id} has no questions to answer.")
    items = _items(store, quiz.material_id, questions)
    with store.atomic() as db:
        run_id = add_run(db, quiz_id, "model", model_name, MODE)
    params = {"run_id": run_id, "quiz_id": quiz_id, "model": model, "questions": len(questions)}
    title = f"{model_name} answers {quiz.title}"
    job_id = queue.submit(AnswerHandler, title=title, params=params, items=items)
    return job_id, run_id


def _items(store: Store, material_id: int | None, questions: list[Question]) -> list[tuple[str, dict[str, Any]]]:
    """One item per section in the material's order, its questions in quiz order."""
    if material_id is None:
        raise SensemakingError("This quiz belongs to no material, so the Student has nothing to answer from.")
    by_section: dict[int | None, list[int]] = defaultdict(list)
    for question in questions:
        by_section[question.source.section_id].append(question.id)
    sections = sections_of(store, material_id)
    items = [
        (section.title or f"section {section.position + 1}", _payload(section.id, material_id, by_section[section.id]))
        for section in sections
        if by_section.get(section.id)
    ]
    known = {section.id for section in sections}
    loose = [question_id for section_id, ids in by_section.items() if section_id not in known for question_id in ids]
    if loose:
        items.append(("whole material", _payload(None, material_id, loose)))
    return items


def _payload(section_id: int | None, material_id: int, question_ids: list[int]) -> dict[str, Any]:
    return {"section_id": section_id, "material_id": material_id, "question_ids": question_ids}
