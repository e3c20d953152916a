"""A self-test's open answers graded as they are given, so nobody is left with a silent "saved".

The Evaluator grades each answer the moment it is recorded and attaches the grade, with the
embedded model unless another is named: it is the one that runs on any laptop (a large default
model took minutes for a few answers). Most of an answer's grading time is what the Evaluator
computes once per question (the judge's check on the question, its fluency), so that is done
while the person reads and types (`prepare`), one question after another in a worker thread, into
the attempt's one `QuestionMemo`; the grade then pays only for the answer itself. Where no grade
can be had (a server that does not answer, a model that cannot load), the answer stays ungraded
and `waiting` says why; the front end names the command that grades it later
(`sensemaking grade QUIZ --run N`).
"""

from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

from sensemaking_desktop.cancel import CancelToken
from sensemaking_desktop.errors import Cancelled, SensemakingError
from sensemaking_desktop.llm.backend import ChatBackend
from sensemaking_desktop.llm.registry import EMBEDDED_NAME, ModelRegistry
from sensemaking_desktop.quizzes.model import Question
from sensemaking_desktop.roles.question_memo import QuestionMemo
from sensemaking_desktop.store import Store
from sensemaking_desktop.workflows.grading import (
    grade_open_answers,
    prepare_question,
    questions_by_section,
    references_by_section,
    section_text,
)
from sensemaking_desktop.workflows.selftest import Graded, Marked, OpenAnswer


class AnswerGrader:
    """The Evaluator for one attempt: the model is loaded once and kept; `close` when done."""

    def __init__(self, store: Store, models: ModelRegistry, quiz_id: int, model: str | None = None) -> None:
        self.store = store
        self.models = models
        self.quiz_id = quiz_id
        self.model = model
        self.memo = QuestionMemo()
        self.waiting: str | None = None
        """Why the last grade could not be had; once set, later answers wait too without trying."""
        self._engine: ChatBackend | None = None
        self._worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="selftest-prepare")
        self._prepared: list[Future[None]] = []
        self._cancel = CancelToken()

    def prepare(self, question: Question) -> None:
        """Start what the Evaluator computes once for `question`, behind the questions started before.
        The model is loaded and the store read here, in the caller's thread; the worker only runs the model."""
        if self.waiting is not None or not question.reference_answer:
            return
        try:
            engine = self._loaded()
        except SensemakingError as error:
            self.waiting = str(error)
            return
        section = question.source.section_id
        inputs = {
            "material": section_text(self.store, section),
            "sibling_references": references_by_section(self.store, self.quiz_id).get(section, []),
            "sibling_questions": questions_by_section(self.store, self.quiz_id).get(section, []),
        }
        self._prepared.append(self._worker.submit(self._prepare, engine, question, inputs))

    def grade(self, question: Question, marked: Marked) -> Graded | None:
        """The answer's grade, attached to it; None where it must wait (`waiting` says why)."""
        self._settle()
        if self.waiting is not None:
            return None
        try:
            answer = OpenAnswer(marked.answer_id, self.quiz_id, question, marked.text)
            (graded,) = grade_open_answers(
                self.store, self._loaded(), [answer], self._cancel, lambda _: None, self.memo
            )
        except Cancelled:
            raise
        except SensemakingError as error:
            self.waiting = str(error)
            return None
        return graded

    def close(self) -> None:
        """Stop what is being prepared (the attempt ended or was stopped) and let the worker go."""
        self._cancel.cancel()
        self._worker.shutdown(wait=True, cancel_futures=True)

    def _prepare(self, engine: ChatBackend, question: Question, inputs: dict[str, Any]) -> None:
        try:
            prepare_question(engine, question, memo=self.memo, cancel=self._cancel, **inputs)
        except SensemakingError:
            pass  # the grade itself meets the same failure and says so

    def _settle(self) -> None:
        """Wait for the preparations started so far: the model serves one call at a time."""
        for future in self._prepared:
            if not future.cancelled():
                future.result()
        self._prepared.clear()

    def _loaded(self) -> ChatBackend:
        if self._engine is None:
            self._engine = self.models.engine(self.model or EMBEDDED_NAME)
        return self._engine
