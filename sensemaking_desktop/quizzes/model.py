"""The quiz as data: what the Teacher writes, a teacher edits, and the exporters carry out.

A question's kind decides which fields mean what:
- open: `reference_answer` is the model answer; graded by a person or the Evaluator.
- multiple_choice: `choices`, at least two, at least one correct; `reference_answer` repeats the
  correct choice's text for display.
- true_false: `reference_answer` is "true" or "false".
- cloze: `text` holds one gap written as GAP; `reference_answer` fills it (full points, its
  feedback in `right_feedback`), and further answers are listed in `accepted`, in the order they
  are matched, each with the share of the points it earns and its own feedback: Moodle's short
  answer, where `*` in an answer stands for any characters (`=%0%*` catches every other answer).
  `case_sensitive` makes case count.
- true_false also carries what a student is told after the right answer (`right_feedback`) and
  after the wrong one (`wrong_feedback`).
- numerical: `numerical` holds the numbers it accepts, each with a tolerance and the share of the
  points it earns (Moodle's numerical: ranges earning part of the points, a `*` answer for any
  other number), and the units a student may write.
- matching: `pairs`, each prompt with the answer that matches it; a pair without a prompt is an
  extra answer that matches none (it makes guessing harder).
For numerical and matching, `reference_answer` is written from the key (the first full-points
number; the pairs), so that displays and answer keys that read it show the key.

A multiple-choice choice may keep the exact share of the points it earns or costs
(`Choice.fraction`, -100 to 100, as Moodle's multiple response holds them); without one the
exports split the points evenly between the correct choices, as before.

`attachments` are the files an imported question showed (images, sounds), kept in the library.

`name`, `category` (a Moodle category path such as "$course$/top/Water") and `lms` (what a quiz
format carries that the app itself does not use: Moodle's id number, the text's format marker,
penalty and per-type settings) come from imported files and go back out on export.

An open question may carry a teacher's `rubric` (criteria with points and optional feedback);
the Evaluator then grades per criterion. Without one, the reference answer's `key_points`
(taken from it once, deterministically, and kept) act as one.
"""

from enum import StrEnum
from typing import Any, Literal

from pydantic import BaseModel, Field, model_validator

from sensemaking_desktop.quizzes.verification import Verification

GAP = "_____"


class QuestionKind(StrEnum):
    OPEN = "open"
    MULTIPLE_CHOICE = "multiple_choice"
    TRUE_FALSE = "true_false"
    CLOZE = "cloze"
    NUMERICAL = "numerical"
    MATCHING = "matching"


class QuestionStatus(StrEnum):
    DRAFT = "draft"
    APPROVED = "approved"
    DROPPED = "dropped"


class Choice(BaseModel):
    text: str = Field(min_length=1)
    correct: bool = False
    feedback: str | None = None
    fraction: float | None = Field(None, ge=-100, le=100)
    """The share of the question's points this choice earns (negative: costs), as imported; None
    lets the exports split the points between the correct choices."""

    @model_validator(mode="before")
    @classmethod
    def _correct_from_fraction(cls, value: Any) -> Any:
        if isinstance(value, dict) and value.get("fraction") is not None and "correct" not in value:
            return value | {"correct": value["fraction"] > 0}
        return value

    @model_validator(mode="after")
    def _fraction_fits(self) -> "Choice":
        if self.fraction is not None and self.correct != (self.fraction > 0):
            raise ValueError("a choice is correct exactly when its fraction is above 0")
        return self


class Answer(BaseModel):
    """A further answer a cloze (short-answer) question accepts: `fraction` percent of the points
    (100 full, 0 none) and what a student who gives it is told. A plain string reads as a full-points
    answer without feedback, which is what `accepted` held before."""

    text: str = Field(min_length=1)
    fraction: float = Field(100.0, ge=0, le=100)
    feedback: str | None = None

    @model_validator(mode="before")
    @classmethod
    def _from_text(cls, value: Any) -> Any:
        return {"text": value} if isinstance(value, str) else value


class NumericAnswer(BaseModel):
    """A number a numerical question accepts: within `tolerance` of `value` it earns `fraction`
    percent of the points, with its own feedback. `value` None is Moodle's `*`, any number, which a
    bank uses to say something to every other answer (at 0 %)."""

    value: float | None = None
    tolerance: float = Field(0.0, ge=0)
    fraction: float = Field(100.0, ge=0, le=100)
    feedback: str | None = None

    def accepts(self, number: float) -> bool:
        """Whether `number` lies within the tolerance (a rounding error's worth of slack, so that
        0.1 + 0.2 counts as 0.3)."""
        if self.value is None:
            return True
        slack = 1e-9 * max(abs(self.value), abs(number), 1.0)
        return abs(number - self.value) <= self.tolerance + slack


class Unit(BaseModel):
    """A unit a numerical answer may carry: the answer's value times `multiplier` is the number
    written in this unit (the key's own unit has 1; "cm" beside "m" has 100), as in Moodle."""

    name: str = Field(min_length=1)
    multiplier: float = Field(1.0, gt=0)


UnitGrading = Literal["optional", "response", "question"]
"""Whether a unit counts: not at all, or a missing or unknown unit costs `unit_penalty` of the
answer's grade ("response") or of the question's points ("question"); Moodle's unitgradingtype
0, 1 and 2."""


class Numerical(BaseModel):
    """The key of a numerical question: its answers in the order they are matched, and its units."""

    answers: list[NumericAnswer] = Field(min_length=1)
    units: list[Unit] = Field(default_factory=list)
    unit_grading: UnitGrading = "optional"
    unit_penalty: float = Field(0.1, ge=0, le=1)


class Pair(BaseModel):
    """A matching question's prompt and the answer that matches it; an empty prompt makes the
    answer an extra one that matches no prompt."""

    prompt: str = ""
    answer: str = Field(min_length=1)


class Attachment(BaseModel):
    """A file a question's text, choices or feedback showed (an image, a sound), kept in the
    library's files folder under its sha256, so the window can show it."""

    name: str = Field(min_length=1)
    """The file's name as the bank gave it (`flag-uk.jpg`)."""
    sha256: str = Field(pattern=r"^[0-9a-f]{64}$")
    size: int = Field(ge=0)

    @property
    def stored_name(self) -> str:
        """The name of the kept copy in the files folder: its sha256 and the name's suffix."""
        suffix = self.name.rpartition(".")[2].lower() if "." in self.name else ""
        return f"{self.sha256}.{suffix}" if suffix.isalnum() else self.sha256


TextFormat = Literal["html", "moodle", "plain", "markdown"]
"""Moodle's text formats: the marker GIFT writes as `[html]`, Moodle XML as `format="html"`."""


class LmsDetails(BaseModel):
    """What a quiz format carries that the app does not use itself, kept so an export gives it back."""

    idnumber: str | None = None
    text_format: TextFormat | None = None
    """The format the question's texts were written in; None: written by the app (exported as HTML)."""
    penalty: float | None = None
    options: dict[str, str] = Field(default_factory=dict)
    """Moodle's per-type settings as written (single, shuffleanswers, answernumbering, responseformat, …)."""


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
    accepted: list[Answer] = Field(default_factory=list)
    numerical: Numerical | None = None
    pairs: list[Pair] = Field(default_factory=list)
    feedback: str | None = None
    right_feedback: str | None = None
    wrong_feedback: str | None = None
    case_sensitive: bool = False
    name: str | None = None
    category: str | None = None
    lms: LmsDetails = Field(default_factory=LmsDetails)
    attachments: list[Attachment] = Field(default_factory=list)
    points: float = Field(1.0, gt=0)
    status: QuestionStatus = QuestionStatus.DRAFT
    source: Source = Field(default_factory=Source)
    verification: Verification = Field(default_factory=Verification)
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
        if self.wrong_feedback and self.kind != QuestionKind.TRUE_FALSE:
            raise ValueError("only a true/false question has feedback for the wrong answer")
        if self.right_feedback and self.kind not in (QuestionKind.TRUE_FALSE, QuestionKind.CLOZE):
            raise ValueError("only a true/false or cloze question has feedback for the right answer")
        self._check_key()
        return self

    def _check_key(self) -> None:
        """A numerical or matching question's key, and the reference answer written from it."""
        if (self.numerical is not None) != (self.kind == QuestionKind.NUMERICAL):
            raise ValueError("a numerical question, and only one, has numbers as its key")
        if self.pairs and self.kind != QuestionKind.MATCHING:
            raise ValueError("only a matching question has pairs")
        if self.numerical is not None:
            full = [answer for answer in self.numerical.answers if answer.fraction >= 100]
            if not full:
                raise ValueError("a numerical question needs an answer that earns full points")
            self.reference_answer = number_text(full[0], self.numerical.units)
        if self.kind == QuestionKind.MATCHING:
            prompts = [pair for pair in self.pairs if pair.prompt.strip()]
            if len(prompts) < 2:
                raise ValueError("a matching question needs two or more prompts, each with its answer")
            self.reference_answer = "; ".join(f"{pair.prompt} → {pair.answer}" for pair in prompts)

    @property
    def prompts(self) -> list[Pair]:
        """A matching question's pairs that ask something (not the extra answers)."""
        return [pair for pair in self.pairs if pair.prompt.strip()]

    @property
    def picks_one(self) -> bool:
        """Whether a multiple-choice question takes one pick (radio buttons) or several ticks: as
        the imported file said, else one exactly when one choice is correct."""
        said = self.lms.options.get("single")
        if said is not None:
            return said.lower() in ("true", "1")
        return len(self.correct_choices) == 1

    @property
    def short_answers(self) -> list[Answer]:
        """A cloze question's answers in the order they are matched, the reference answer first."""
        reference = [Answer(text=self.reference_answer, feedback=self.right_feedback)] if self.reference_answer else []
        return reference + list(self.accepted)

    @property
    def correct_choices(self) -> list[Choice]:
        return [choice for choice in self.choices if choice.correct]


def short_number(value: float) -> str:
    """A number as a person writes it: 3.0 as "3", 0.1 as "0.1", 1e-07 as "1e-07"."""
    return f"{value:.12g}"


def number_text(answer: NumericAnswer, units: list[Unit]) -> str:
    """An accepted number as it is shown: "3 ± 2 m", "any number" for `*`."""
    if answer.value is None:
        return "any number"
    text = short_number(answer.value)
    if answer.tolerance:
        text += f" ± {short_number(answer.tolerance)}"
    base = next((unit.name for unit in units if unit.multiplier == 1), None)
    return f"{text} {base}" if base else text


class Quiz(BaseModel):
    id: int | None = None
    material_id: int | None = None
    title: str = Field(min_length=1)
    questions: list[Question] = Field(default_factory=list)
    created_at: str | None = None
