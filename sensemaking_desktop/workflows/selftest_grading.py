"""A self-test's open answers graded as they are given, so nobody is left with a silent "saved".

The Evaluator grades each answer the moment it is recorded and attaches the grade, with the
embedded model unless another is named: it is the one that runs in seconds on any laptop (a
large default model took minutes for a few answers). One `QuestionMemo` serves the whole attempt,
so the judge's check on a question runs once for every answer to it. Where no grade can be had (a
server that does not answer, a model that cannot load), the answer stays ungraded and `waiting`
says why; `grade_command` is what grades it later.
"""

import shlex

from sensemaking_desktop.cancel import NEVER
from sensemaking_desktop.errors import Cancelled, SensemakingError
from sensemaking_desktop.llm.backend import ChatBackend
from sensemaking_desktop.llm.registry import EMBEDDED_NAME, ModelRegistry
from sensemaking_desktop.quizzes.model import Question
from sensemaking_desktop.roles.question_memo import QuestionMemo
from sensemaking_desktop.store import Store
from sensemaking_desktop.workflows.grading import grade_open_answers
from sensemaking_desktop.workflows.selftest import Graded, Marked, OpenAnswer


class AnswerGrader:
    """The Evaluator for one attempt: the model is loaded at the first open answer and kept."""

    def __init__(self, store: Store, models: ModelRegistry, quiz_id: int, model: str | None = None) -> None:
        self.store = store
        self.models = models
        self.quiz_id = quiz_id
        self.model = model
        self.memo = QuestionMemo()
        self.waiting: str | None = None
        """Why the last grade could not be had; once set, later answers wait too without trying."""
        self._engine: ChatBackend | None = None

    def grade(self, question: Question, marked: Marked) -> Graded | None:
        """The answer's grade, attached to it; None where it must wait (`waiting` says why)."""
        if self.waiting is not None:
            return None
        try:
            engine = self._engine or self.models.engine(self.model or EMBEDDED_NAME)
            self._engine = engine
            answer = OpenAnswer(marked.answer_id, self.quiz_id, question, marked.text)
            (graded,) = grade_open_answers(self.store, engine, [answer], NEVER, lambda _: None, memo=self.memo)
        except Cancelled:
            raise
        except SensemakingError as error:
            self.waiting = str(error)
            return None
        return graded

    def grade_command(self) -> str:
        """The command that grades the answers this attempt could not."""
        model = f" --model {shlex.quote(self.model)}" if self.model else ""
        return f"sensemaking grade {self.quiz_id}{model}"
