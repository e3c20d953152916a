"""A self-test prepares each open question while the person types: the grade afterwards is the one a
cold grade gives, and costs the model only the answer's own calls (the real embedded model)."""

from typing import Any

from sensemaking_desktop.cancel import NEVER
from sensemaking_desktop.llm.llama_engine import LlamaEngine
from sensemaking_desktop.quizzes.model import Question, QuestionKind, Quiz, Source
from sensemaking_desktop.roles.question_memo import QuestionMemo
from sensemaking_desktop.store import Store
from sensemaking_desktop.store.materials import add_material, sections_of
from sensemaking_desktop.store.quizzes import add_quiz
from sensemaking_desktop.workflows.grading import (
    grade_open_answers,
    prepare_question,
    questions_by_section,
    references_by_section,
    section_text,
)
from sensemaking_desktop.workflows.selftest import OpenAnswer, attempt_questions, record_answer, start_attempt

SECTION = (
    "When water evaporates from the sea, the salt stays behind; only pure water rises into the air. "
    "The water vapour cools in the clouds and condenses into droplets."
)


class CountingEngine:
    """The real engine, counting the model calls made through it."""

    def __init__(self, engine: LlamaEngine) -> None:
        self.engine = engine
        self.calls = 0

    def __getattr__(self, name: str) -> Any:
        return getattr(self.engine, name)

    def chat(self, *args: Any, **kwargs: Any) -> Any:
        self.calls += 1
        return self.engine.chat(*args, **kwargs)

    def logprobs(self, *args: Any, **kwargs: Any) -> Any:
        self.calls += 1
        return self.engine.logprobs(*args, **kwargs)


def two_open_questions(store: Store) -> int:
    with store.atomic() as db:
        material_id = add_material(db, {"title": "Water", "kind": "text", "language": "en"}, [{"text": SECTION}])
    source = Source(section_id=sections_of(store, material_id)[0].id, quote="the salt stays behind")
    questions = [
        Question(
            kind=QuestionKind.OPEN,
            text="Why is rain fresh water even though much of it evaporated from the sea?",
            reference_answer="When water evaporates, the salt stays behind; only pure water rises.",
            source=source,
        ),
        Question(
            kind=QuestionKind.OPEN,
            text="What happens to water vapour when it cools in the clouds?",
            reference_answer="It condenses into droplets.",
            source=source,
        ),
    ]
    with store.atomic() as db:
        return add_quiz(db, Quiz(material_id=material_id, title="Water", questions=questions))


def test_a_prepared_question_gives_the_same_grade_for_the_answers_calls_only(store: Store, engine: LlamaEngine) -> None:
    quiz_id = two_open_questions(store)
    question = attempt_questions(store, quiz_id)[0]
    run_id = start_attempt(store, quiz_id)
    text = "Because the salt is left behind when sea water evaporates."
    cold_answer, warm_answer = (
        OpenAnswer(record_answer(store, run_id, question, text, 1.0).answer_id, quiz_id, question, text)
        for _ in range(2)
    )
    counting = CountingEngine(engine)
    (cold,) = grade_open_answers(store, counting, [cold_answer], NEVER, lambda _: None, QuestionMemo())  # type: ignore[arg-type]
    cold_calls, counting.calls = counting.calls, 0
    memo = QuestionMemo()
    section = question.source.section_id
    prepare_question(
        counting,  # type: ignore[arg-type]
        question,
        material=section_text(store, section),
        sibling_references=references_by_section(store, quiz_id)[section],
        sibling_questions=questions_by_section(store, quiz_id)[section],
        memo=memo,
    )
    assert counting.calls > 0, "preparing runs the question's checks"
    counting.calls = 0
    (warm,) = grade_open_answers(store, counting, [warm_answer], NEVER, lambda _: None, memo)  # type: ignore[arg-type]
    assert (warm.score, warm.reason) == (cold.score, cold.reason) and cold.score >= 70
    assert 0 < counting.calls < cold_calls, (counting.calls, cold_calls)


def test_a_question_without_a_reference_is_not_prepared(engine: LlamaEngine) -> None:
    counting = CountingEngine(engine)
    bare = Question(kind=QuestionKind.OPEN, text="What do you think of rain?")
    prepare_question(counting, bare, material=SECTION, sibling_references=[], sibling_questions=[], memo=QuestionMemo())  # type: ignore[arg-type]
    assert counting.calls == 0
