"""The adversarial suite on a user's own quiz or item file, run as a persistent job.

Genuine items are real answers: the quiz's stored answers (a class's, a self-test's), with
people's grades where they exist; a quiz nobody has answered yet uses its reference answers,
graded without the reference so the genuine side is not trivially perfect (its controls are
graded the same way). Controls come from `metrics.adversarial`. Every case is graded by the
Evaluator; scores stay in the job's items (controls are not answers anyone gave, so no grade
rows are written), and `suite_report` summarises them, with warnings when controls score high.
Besides ELOQUENT's controls, the probes of `metrics.adversarial.build_probes` (contradictions,
echoes, swapped questions, partial answers, paraphrases, each also without the reference) are
graded, so every class is reported next to the genuine answers.
"""

from collections.abc import Sequence
from dataclasses import asdict
from functools import cached_property
from typing import Any

from sensemaking_desktop.cancel import CancelToken
from sensemaking_desktop.errors import SensemakingError
from sensemaking_desktop.jobs import JobHandler, JobQueue
from sensemaking_desktop.metrics.adversarial import (
    Control,
    SuiteItem,
    SuiteSummary,
    build_controls,
    build_probes,
    summarize,
)
from sensemaking_desktop.quizzes.model import QuestionKind, QuestionStatus
from sensemaking_desktop.roles.evaluator import grade
from sensemaking_desktop.roles.question_memo import QuestionMemo
from sensemaking_desktop.store import Store
from sensemaking_desktop.store.grades import answers_with_human_scores
from sensemaking_desktop.store.materials import get_section
from sensemaking_desktop.store.quizzes import get_quiz

ITEM_SIZE = 20
MAX_GENUINE = 60
"""Genuine items per suite; with five controls and up to thirteen probes each, at most 1,140 grades."""


class RobustnessHandler(JobHandler):
    """params: model; payload: cases (SuiteItem or Control fields with `kind`)."""

    name = "robustness"

    def run(self, payload: dict[str, Any], cancel: CancelToken) -> dict[str, Any]:
        engine = self.context.engine(self.params.get("model"))
        siblings = references_by_material(self.params["items"])
        questions = questions_by_material(self.params["items"])
        scores = []
        for number, case in enumerate(payload["cases"], start=1):
            result = grade(
                engine,
                case["question"],
                case["answer"],
                material=case["material_text"],
                reference=case["reference"],
                other_references=siblings.get(case["material"], []),
                other_questions=questions.get(case["material"], []),
                memo=self.memo,
                cancel=cancel,
            )
            scores.append({"key": case["key"], "score": result.score, "flags": result.flags})
            self.context.item_progress(number / len(payload["cases"]))
        return {"scores": scores}

    @cached_property
    def memo(self) -> QuestionMemo:
        """This job run's per-question results: a suite grades many probes of each question."""
        return QuestionMemo()


def quiz_items(store: Store, quiz_id: int, *, limit: int = MAX_GENUINE) -> list[SuiteItem]:
    """The quiz's real answers to open questions as genuine items (people's grades attached)."""
    quiz = get_quiz(store, quiz_id)
    questions = {q.id: q for q in quiz.questions if q.kind == QuestionKind.OPEN and q.status != QuestionStatus.DROPPED}
    if not questions:
        raise SensemakingError(f"Quiz {quiz_id} has no open questions to build the suite from.")
    texts: dict[int | None, str | None] = {}

    def material(section_id: int | None) -> str | None:
        if section_id not in texts:
            texts[section_id] = get_section(store, section_id).text if section_id is not None else None
        return texts[section_id]

    items = []
    for answer in answers_with_human_scores(store, quiz_id):
        if answer.question_id in questions and len(items) < limit:
            question = questions[answer.question_id]
            section = question.source.section_id
            items.append(
                SuiteItem(
                    key=f"answer-{answer.answer_id}",
                    material=f"section-{section}",
                    question=question.text,
                    answer=answer.text,
                    material_text=material(section),
                    reference=question.reference_answer,
                    human_score=answer.human_score,
                )
            )
    if items:
        return items
    return [
        SuiteItem(
            key=f"question-{question.id}",
            material=f"section-{question.source.section_id}",
            question=question.text,
            answer=question.reference_answer,
            material_text=material(question.source.section_id),
        )
        for question in list(questions.values())[:limit]
        if question.reference_answer
    ]


def suite_title(quiz_id: int) -> str:
    """The job title of a quiz's suite, from the CLI and the GUI alike, so either finds the last run."""
    return f"Adversarial suite on quiz {quiz_id}"


def submit_suite_job(
    queue: JobQueue, items: Sequence[SuiteItem], *, title: str, model: str | None, seed: int = 0
) -> int:
    """A job grading the genuine items and their controls."""
    if len(items) < 2:
        raise SensemakingError("The adversarial suite needs at least two answered questions.")
    cases = [_case(item) for item in items] + [_case(control) for control in suite_controls(items, seed)]
    chunks = [cases[start : start + ITEM_SIZE] for start in range(0, len(cases), ITEM_SIZE)]
    entries = [
        (f"cases {start * ITEM_SIZE + 1}-{start * ITEM_SIZE + len(chunk)}", {"cases": chunk})
        for start, chunk in enumerate(chunks)
    ]
    params = {"model": model, "items": [asdict(item) for item in items], "seed": seed}
    return queue.submit(RobustnessHandler, title=title, params=params, items=entries)


def suite_report(queue: JobQueue, job_id: int) -> dict[str, Any]:
    """Per-class means of a finished (or partly finished) suite job, with its warnings."""
    params = queue.params(job_id)
    items = [SuiteItem(**fields) for fields in params["items"]]
    cases: dict[str, SuiteItem | Control] = {item.key: item for item in items}
    cases |= {control.key: control for control in suite_controls(items, params["seed"])}
    results = [
        (cases[score["key"]], score["score"])
        for item in queue.items(job_id)
        if item["result"]
        for score in item["result"]["scores"]
    ]
    summary: SuiteSummary = summarize(results)
    return summary.as_json() | {"graded": len(results), "cases": len(cases)}


def suite_controls(items: Sequence[SuiteItem], seed: int) -> list[Control]:
    """ELOQUENT's controls and the probes of the mistakes people make, in one list."""
    return build_controls(items, seed) + build_probes(items, seed)


def references_by_material(items: Sequence[dict[str, Any]]) -> dict[str, list[str]]:
    """Reference answers per material, as the grade job compares an answer with its neighbours'."""
    references: dict[str, list[str]] = {}
    for item in items:
        if item["reference"] and item["reference"] not in references.setdefault(item["material"], []):
            references[item["material"]].append(item["reference"])
    return references


def questions_by_material(items: Sequence[dict[str, Any]]) -> dict[str, list[str]]:
    """The questions per material, as the grade job compares an answer with its neighbours' questions."""
    questions: dict[str, list[str]] = {}
    for item in items:
        if item["question"] not in questions.setdefault(item["material"], []):
            questions[item["material"]].append(item["question"])
    return questions


def _case(case: SuiteItem | Control) -> dict[str, Any]:
    fields = asdict(case)
    fields.setdefault("kind", "genuine")
    return fields
