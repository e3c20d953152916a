"""Grading a self-test's open answers with the Evaluator, in a worker.

The grade is a model call, so it runs off the GUI thread with the worker's own library
connection; each grade is attached as soon as it is made, so cancelling keeps those done.
"""

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sensemaking_desktop.cancel import CancelToken
from sensemaking_desktop.gui.quiet_import import import_quietly
from sensemaking_desktop.gui.worker import Report
from sensemaking_desktop.quizzes.model import Question, QuestionStatus
from sensemaking_desktop.store import Store
from sensemaking_desktop.store.materials import get_section
from sensemaking_desktop.store.quizzes import get_quiz

EVALUATOR_MODULES = ("sensemaking_desktop.roles.evaluator", "sensemaking_desktop.llm.llama_engine", "llama_cpp")


@dataclass(frozen=True)
class OpenAnswer:
    answer_id: int
    quiz_id: int
    question: Question
    text: str


@dataclass(frozen=True)
class Graded:
    """One open answer's grade, reported as soon as it is attached."""

    answer_id: int
    score: float
    reason: str
    flags: list[str]
    confidence: float


def grade_open_answers(
    store: Store, data_dir: Path, answers: list[OpenAnswer], model: str | None, cancel: CancelToken, report: Report
) -> list[Graded]:
    """Grade `answers` one by one (the model loads once) and attach each grade."""
    import_quietly(*EVALUATOR_MODULES)
    from sensemaking_desktop.llm.registry import ModelRegistry
    from sensemaking_desktop.roles.evaluator import grade
    from sensemaking_desktop.roles.selftest import attach_grade

    engine = ModelRegistry(store, data_dir).engine(model)
    done = []
    for answer in answers:
        question = answer.question
        result = grade(
            engine,
            question.text,
            answer.text,
            material=_material(store, question),
            reference=question.reference_answer,
            other_references=_other_references(store, answer.quiz_id, question),
            max_points=question.points,
            cancel=cancel,
        )
        provenance: dict[str, Any] = result.provenance
        attach_grade(
            store,
            answer.answer_id,
            score=result.score,
            reason=result.reason,
            grader=provenance.get("model_name", engine.identity.name),
            flags=result.flags,
            confidence=result.confidence,
            signals={"signals": result.signals, "parts": result.parts},
            generation_id=store.record_generation(provenance) if provenance else None,
        )
        graded = Graded(answer.answer_id, result.score, result.reason, result.flags, result.confidence)
        done.append(graded)
        report(graded)
    return done


def _material(store: Store, question: Question) -> str | None:
    section_id = question.source.section_id
    return get_section(store, section_id).text if section_id is not None else None


def _other_references(store: Store, quiz_id: int, question: Question) -> list[str]:
    """The reference answers of the quiz's other questions on the same section, as the grade job uses."""
    return [
        other.reference_answer
        for other in get_quiz(store, quiz_id).questions
        if other.id != question.id
        and other.reference_answer
        and other.status != QuestionStatus.DROPPED
        and other.source.section_id == question.source.section_id
    ]
