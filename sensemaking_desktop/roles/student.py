"""The Student: answers questions from one section of material only, with quoted evidence.

Every answer says whether the material holds it; the quoted evidence is looked up in the
material, and an answer whose evidence is not there is marked unsupported instead of being
trusted. All questions over one section run back to back with the section first in the
prompt, so the section is evaluated once (see the engine's prefix reuse).
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Annotated, Any

from pydantic import BaseModel, Field

from sensemaking_desktop.cancel import NEVER, CancelToken
from sensemaking_desktop.llm.backend import ChatBackend, Sampling
from sensemaking_desktop.llm.prompts import load_template
from sensemaking_desktop.llm.structured import structured
from sensemaking_desktop.roles.evidence import Located, locate

NOT_IN_MATERIAL = "not in the material"
TEMPLATE = "student_answer"
SAMPLING = Sampling(temperature=0.0, seed=7)


class StudentReply(BaseModel):
    """What the model must return; bounded so the output cannot be cut off."""

    answerable: bool
    answer: str = Field(max_length=200)
    evidence: list[Annotated[str, Field(max_length=200)]] = Field(max_length=2)


@dataclass(frozen=True)
class StudentAnswer:
    question: str
    answerable: bool
    answer: str
    evidence: list[str]
    located: list[Located] = field(default_factory=list)
    supported: bool | None = None
    """True when an answer's evidence was found in the material, False when not; None for a refusal."""
    provenance: dict[str, Any] = field(default_factory=dict)

    def as_json(self) -> dict[str, Any]:
        return {
            "question": self.question,
            "answerable": self.answerable,
            "answer": self.answer,
            "evidence": self.evidence,
            "evidence_spans": [[found.start, found.end] for found in self.located],
            "supported": self.supported,
            "provenance": self.provenance,
        }


def answer(
    backend: ChatBackend,
    material: str,
    questions: Sequence[str],
    *,
    sampling: Sampling = SAMPLING,
    cancel: CancelToken = NEVER,
    on_answer: Callable[[int, StudentAnswer], None] | None = None,
) -> list[StudentAnswer]:
    """Answer each question from `material` alone, in order."""
    answers = []
    for index, question in enumerate(questions):
        answers.append(answer_one(backend, material, question, sampling=sampling, cancel=cancel))
        if on_answer:
            on_answer(index, answers[-1])
    return answers


def answer_one(
    backend: ChatBackend, material: str, question: str, *, sampling: Sampling = SAMPLING, cancel: CancelToken = NEVER
) -> StudentAnswer:
    prompt = load_template(TEMPLATE).render(material=material, question=question)
    result = structured(backend, prompt, StudentReply, sampling=sampling, cancel=cancel)
    return checked(question, result.value, material, result.generation.provenance)


def checked(question: str, reply: StudentReply, material: str, provenance: dict[str, Any]) -> StudentAnswer:
    """The reply with its evidence looked up in the material; a refusal reads "not in the material"."""
    evidence = [quote.strip() for quote in reply.evidence if quote.strip()]
    if not reply.answerable:
        return StudentAnswer(question, False, NOT_IN_MATERIAL, evidence, provenance=provenance)
    located = [found for quote in evidence if (found := locate(quote, material)) is not None]
    return StudentAnswer(question, True, reply.answer.strip(), evidence, located, bool(located), provenance)
