"""The quiz as data: what the Teacher writes, a teacher edits, and the exporters carry out.

A question's kind decides which fields mean what:
- open: `reference_answer` is the model answer; graded by a person or the Evaluator.
- multiple_choice: `choices`, at least two, at least one correct; `reference_answer` repeats the
  correct choice's text for display.
- true_false: `reference_answer` is "true" or "false".
- cloze: `text` holds one gap written as GAP; `reference_answer` fills it, and further
  accepted fillings are listed in `accepted`.

An open question may carry a teacher's `rubric` (criteria with points and optional feedback);
the Evaluator then grades per criterion. Without one, the reference answer's `key_points`
(taken from it once, deterministically, and kept) act as one.
"""

from enum import StrEnum
from typing import Any

from pydantic import BaseModel, Field, model_validator

GAP = "_____"


class QuestionKind(StrEnum):
    OPEN = "open"
    MULTIPLE_CHOICE = "multiple_choice"
    TRUE_FALSE = "true_false"
    CLOZE = "cloze"


class QuestionStatus(StrEnum):
    DRAFT = "draft"
    APPROVED = "approved"
    DROPPED = "dropped"


class Choice(BaseModel):
    text: str = Field(min_length=1)
    correct: bool = False
    feedback: str | None = None


class Criterion(BaseModel):
    """One thing a full answer says: a rubric criterion, worth `points`, with what to tell a
    student who misses it."""

    text: str = Field(min_length=1)
    points: float = Field(1.0, gt=0)
    feedback: str | None = None


class Source(BaseModel):
    """Where in the material the question's answer lies."""

    section_id: int | None = None
    span_start: int | None = None
    span_end: int | None = None
    start_page: int | None = None
    end_page: int | None = None
    start_s: float | None = None
    end_s: float | None = None
    quote: str | None = None


class Question(BaseModel):
    id: int | None = None
    kind: QuestionKind
    text: str = Field(min_length=1)
    reference_answer: str | None = None
    choices: list[Choice] = Field(default_factory=list)
    accepted: list[str] = Field(default_factory=list)
    feedback: str | None = None
    points: float = Field(1.0, gt=0)
    status: QuestionStatus = QuestionStatus.DRAFT
    source: Source = Field(default_factory=Source)
    verification: dict[str, Any] = Field(default_factory=dict)
    rubric: list[Criterion] = Field(default_factory=list)
    key_points: list[str] = Field(default_factory=list)

    @model_validator(mode="after")
    def _fits_its_kind(self) -> "Question":
        if self.kind == QuestionKind.MULTIPLE_CHOICE:
            if len(self.choices) < 2 or not any(choice.correct for choice in self.choices):
                raise ValueError("a multiple-choice question needs two or more choices and at least one correct")
        elif self.choices:
            raise ValueError(f"a {self.kind} question has no choices")
        if self.kind == QuestionKind.TRUE_FALSE and self.reference_answer not in ("true", "false"):
            raise ValueError('a true/false question needs the reference answer "true" or "false"')
        if self.rubric and self.kind != QuestionKind.OPEN:
            raise ValueError("only an open question can have a rubric")
        if self.kind == QuestionKind.CLOZE and (self.text.count(GAP) != 1 or not self.reference_answer):
            raise ValueError(f"a cloze question needs exactly one gap ({GAP}) and the word that fills it")
        return self

    @property
    def correct_choices(self) -> list[Choice]:
        return [choice for choice in self.choices if choice.correct]


class Quiz(BaseModel):
    id: int | None = None
    material_id: int | None = None
    title: str = Field(min_length=1)
    questions: list[Question] = Field(default_factory=list)
    created_at: str | None = None
