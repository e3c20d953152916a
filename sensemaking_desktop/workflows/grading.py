"""Grading answers kept in the library: what the Evaluator is given for a stored answer.

The grading job and a self-test's open answers both grade through `grade_answer`, so every
front end passes the same inputs: the question's section, its reference, people's grades of
other answers to it (as examples), the other questions and their references on that section,
and the question's rubric or key points.
"""

from collections.abc import Callable, Sequence
from typing import Any

from sensemaking_desktop.cancel import NEVER, CancelToken
from sensemaking_desktop.llm.backend import ChatBackend
from sensemaking_desktop.quizzes.model import Question, QuestionKind, QuestionStatus
from sensemaking_desktop.roles.evaluator import Grade, grade
from sensemaking_desktop.roles.question_memo import QuestionMemo
from sensemaking_desktop.store import Store
from sensemaking_desktop.store.grades import examples_for
from sensemaking_desktop.store.materials import get_section
from sensemaking_desktop.store.quizzes import get_quiz
from sensemaking_desktop.workflows.selftest import Graded, OpenAnswer, attach_grade


def section_text(store: Store, section_id: int | None) -> str | None:
    return get_section(store, section_id).text if section_id is not None else None


def references_by_section(store: Store, quiz_id: int) -> dict[int | None, list[str]]:
    """The quiz's reference answers per section: what an answer to a neighbouring question is compared with."""
    references: dict[int | None, list[str]] = {}
    for question in get_quiz(store, quiz_id).questions:
        if question.reference_answer and question.status != QuestionStatus.DROPPED:
            references.setdefault(question.source.section_id, []).append(question.reference_answer)
    return references


def questions_by_section(store: Store, quiz_id: int) -> dict[int | None, list[str]]:
    """The quiz's open questions per section: what an answer given to the wrong question is compared with."""
    questions: dict[int | None, list[str]] = {}
    for question in get_quiz(store, quiz_id).questions:
        if question.kind == QuestionKind.OPEN and question.status != QuestionStatus.DROPPED:
            questions.setdefault(question.source.section_id, []).append(question.text)
    return questions


def grade_answer(
    engine: ChatBackend,
    store: Store,
    question: Question,
    text: str,
    *,
    answer_id: int,
    material: str | None,
    sibling_references: list[str],
    sibling_questions: Sequence[str] = (),
    key_points: list[str] | None = None,
    memo: QuestionMemo | None = None,
    cancel: CancelToken = NEVER,
) -> Grade:
    """Grade one stored answer; `sibling_references` and `sibling_questions` are all the
    references and open questions on its section, its own included (left out here and in the
    Evaluator). The question's rubric is used when it has one; `key_points` stand in for the
    question's stored ones while they are not yet stored. `memo` is the grading run's, so its
    per-question results are computed once for all its answers to a question."""
    others = [reference for reference in sibling_references if reference != question.reference_answer]
    return grade(
        engine,
        question.text,
        text,
        material=material,
        reference=question.reference_answer,
        examples=examples_for(store, question.id, exclude_answer=answer_id),
        other_references=others,
        other_questions=sibling_questions,
        rubric=question.rubric,
        key_points=question.key_points or key_points,
        max_points=question.points,
        memo=memo,
        cancel=cancel,
    )


def prepare_question(
    engine: ChatBackend,
    question: Question,
    *,
    material: str | None,
    sibling_references: list[str],
    sibling_questions: Sequence[str],
    memo: QuestionMemo,
    cancel: CancelToken = NEVER,
) -> None:
    """Fill `memo` with what the Evaluator computes once per question (the judge's check on it, the
    question's fluency, the reference's key points) by grading the reference answer itself, with the
    inputs `grade_answer` gives it, so the memo keys match; the grade is thrown away and the store is
    not read, so a self-test can do this while the person is still typing. A question without a
    reference answer has nothing to grade it by here."""
    if not question.reference_answer:
        return
    others = [reference for reference in sibling_references if reference != question.reference_answer]
    grade(
        engine,
        question.text,
        question.reference_answer,
        material=material,
        reference=question.reference_answer,
        other_references=others,
        other_questions=sibling_questions,
        rubric=question.rubric,
        key_points=question.key_points or None,
        max_points=question.points,
        memo=memo,
        cancel=cancel,
    )


def kept_signals(graded: dict[str, Any]) -> dict[str, Any]:
    """What a grade keeps beside its score, reason and flags: the checks' values, how they were
    combined, the rubric's coverage, the figures behind the reason (`details`) and the reason's
    sentences as keys (`said`), so a front end can show the reason in its own language, and the
    models besides the language model that read the answer (`read_by`)."""
    return {key: graded.get(key, []) for key in ("signals", "parts", "criteria", "details", "said", "read_by")}


def grade_open_answers(
    store: Store,
    engine: ChatBackend,
    answers: list[OpenAnswer],
    cancel: CancelToken,
    on_graded: Callable[[Graded], None],
    memo: QuestionMemo | None = None,
) -> list[Graded]:
    """Grade a self-test's open answers one by one and attach each grade at once, so
    cancelling keeps those done. An attempt that grades each answer as it is given passes one
    `memo` for all of them, so the judge's check on a question runs once, not once per answer."""
    done = []
    memo = memo or QuestionMemo()
    for answer in answers:
        question = answer.question
        result = grade_answer(
            engine,
            store,
            question,
            answer.text,
            answer_id=answer.answer_id,
            material=section_text(store, question.source.section_id),
            sibling_references=references_by_section(store, answer.quiz_id).get(question.source.section_id, []),
            sibling_questions=questions_by_section(store, answer.quiz_id).get(question.source.section_id, []),
            memo=memo,
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
            signals=kept_signals(result.as_json()),
            generation_id=store.record_generation(provenance) if provenance else None,
        )
        graded = Graded(answer.answer_id, result.score, result.reason, result.flags, result.confidence, result.said)
        done.append(graded)
        on_graded(graded)
    return done
