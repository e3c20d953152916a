"""What the Teacher found when it checked a question, kept with the question (`Question.verification`).

Stored as JSON in the library. A field the Teacher did not write stays out of that JSON, as the
keys of the dict it replaces did: a question written or imported by hand has `{}`, a floor item
`provenance`, `reasons`, `checks` and `answerable_without_material`, and only a retried question
has `retried`. A question checked since the reasons got keys also has `reason_keys`: each reason
as its key in resources/quizzes/reasons.toml with its values, so a front end can show it in the
interface's language; `reasons` stays English, as every version wrote it. Keys this version does
not know (written by an older or a newer one) are kept and written back, so a library loads and
saves again without losing anything.
"""

from typing import Any

from pydantic import BaseModel, ConfigDict, SerializerFunctionWrapHandler, model_serializer


class _Kept(BaseModel):
    """A record that leaves out of its JSON the fields nobody wrote (None) and keeps unknown keys.
    A field may be None even where the Teacher always writes it: a record stored by hand or by
    another version may lack it, and the library must still load."""

    model_config = ConfigDict(extra="allow")

    @model_serializer(mode="wrap")
    def _written(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        data = handler(self)
        declared = type(self).model_fields
        return {key: value for key, value in data.items() if value is not None or key not in declared}


class DuplicateCheck(_Kept):
    """The kept question (1-based) most like this one, by embedding cosine and by word overlap."""

    question: int | None = None
    cosine: float | None = None
    word_overlap: float | None = None


class KeyCheck(_Kept):
    """Where the key stands in the section: `key` says how it was found ("in the passage",
    "elsewhere in the section", "not in the material", …), with the cosine of a paraphrase and
    the span a moved question came from. Empty when a true/false or cloze key was not grounded."""

    key: str | None = None
    cosine: float | None = None
    moved_from: list[int] | None = None


class StatementCheck(_Kept):
    """The NLI model's probabilities that a true/false statement's passage entails or contradicts it."""

    entailment: float | None = None
    contradiction: float | None = None


class StudentCheck(_Kept):
    """The Student's answer (given the passage, or no material) and how well it says the key:
    ROUGE-L recall (`agreement`), the embedding cosine where it was measured, and the verdict."""

    answer: str | None = None
    answerable: bool | None = None
    agreement: float | None = None
    cosine: float | None = None
    agrees: bool | None = None


class Checks(_Kept):
    """The measures behind the verdict, each present only when its check ran."""

    duplicate: DuplicateCheck | None = None
    key: KeyCheck | None = None
    statement: StatementCheck | None = None
    student_from_passage: StudentCheck | None = None
    closed_book: StudentCheck | None = None


class Reason(_Kept):
    """Why a question was dropped, as a key of resources/quizzes/reasons.toml and the values its
    sentence names (a question's number, the key's missing words, a cosine)."""

    key: str | None = None
    values: dict[str, str | int | float] | None = None


class Verification(_Kept):
    """How the question was made and what the Teacher's checks found.

    `provenance` says which prompt, model and settings wrote it (the floor's template for an item
    made from the material itself); `answer_first` marks a question written for a key chosen in
    the material. `reasons` is why it was dropped, empty when it was kept, and None when it was
    never checked (written or imported by hand); `reason_keys` says the same reasons, one for one,
    as keys with their values (absent where an earlier version checked the question).
    `answerable_without_material` says the Student reached the key without the material;
    `retried` is the reason a draft was written once more.
    """

    provenance: dict[str, Any] | None = None
    answer_first: bool | None = None
    reasons: list[str] | None = None
    reason_keys: list[Reason] | None = None
    checks: Checks | None = None
    answerable_without_material: bool | None = None
    retried: str | None = None

    @property
    def checked(self) -> bool:
        """Whether the Teacher's checks ran on the question."""
        return self.reasons is not None
