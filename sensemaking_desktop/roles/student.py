"""The Student: answers questions from one section of material only, with quoted evidence.

Every answer says whether the material holds it; the quoted evidence is looked up in the
material, and an answer whose evidence is not there is marked unsupported instead of being
trusted. The model's "answerable" stands only when the signals of abstention.py (evidence
found and holding the answer, evidence matching the question, the answer's type, the model's
own probability) agree by the fitted rule there; otherwise the reply becomes a refusal, with
the model's answer and the signals kept in `checks`. All questions over one section run back
to back with the section first in the prompt, so the section is evaluated once (see the
engine's prefix reuse).

A model too small to answer (below model_size.SMALL_MODEL_PARAMETERS) is not asked: the
answer is the material's clause nearest the question by embedding cosine, quoted with its
sentence as evidence, and abstention.decide_extracted says whether it stands.

A closed item (multiple choice, true/false, cloze) is first read in the material without a
model (student_closed.py): the option, the truth value or the gap's words that the material's
best-matching sentence gives. The model is asked only where that reading is not sure and the
model writes well enough; its reply is then read as one of the options or as true/false, so a
closed answer is always one the question accepts.

A section too long for the model's context (with room kept for the reply) is answered from
the passages nearest the question instead (see retrieval.py); each such question then reads
its own excerpt, so prefix reuse is lost for it. Evidence is still looked up in the whole
section, and the passages used are recorded with the answer.
"""

import re
import tomllib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from typing import Annotated, Any

from pydantic import BaseModel, Field

from sensemaking_desktop import paths
from sensemaking_desktop.cancel import NEVER, CancelToken
from sensemaking_desktop.llm.backend import ChatBackend, Generation, Sampling, model_provenance
from sensemaking_desktop.llm.prompts import load_template
from sensemaking_desktop.llm.structured import output_token_bound, structured
from sensemaking_desktop.quizzes.model import Question, QuestionKind
from sensemaking_desktop.roles.abstention import decide, decide_extracted, signals
from sensemaking_desktop.roles.evidence import Located, locate
from sensemaking_desktop.roles.model_size import writes_poorly
from sensemaking_desktop.roles.retrieval import retrieve
from sensemaking_desktop.roles.student_closed import (
    CLOSED_KINDS,
    READING_VERSION,
    Reading,
    as_choice,
    as_truth,
    read_item,
)
from sensemaking_desktop.text.content import clauses
from sensemaking_desktop.text.embeddings import Embedder, default_embedder
from sensemaking_desktop.text.language import detect
from sensemaking_desktop.text.sentences import sentence_bounds

NOT_IN_MATERIAL = "not in the material"
LANGUAGE_SAMPLE = 2000
"""Characters of the material its language is told from."""
TEMPLATE = "student_answer"
EXTRACTIVE = "student_extract"
EXTRACTIVE_VERSION = "1"
CLOSED_READING = "student_closed"
_LEADING_CONJUNCTION = re.compile(r"^(?:and|or|but|und|oder|aber)\s+", re.IGNORECASE)
SAMPLING = Sampling(temperature=0.0, seed=7)
CHAT_OVERHEAD = 32
"""Tokens the chat template adds around the messages (14 measured for SmolLM2), with a margin."""


class StudentReply(BaseModel):
    """What the model must return; bounded so the output cannot be cut off."""

    answerable: bool
    answer: str = Field(max_length=200)
    evidence: list[Annotated[str, Field(max_length=200)]] = Field(max_length=2)


REPLY_TOKENS = output_token_bound(StudentReply.model_json_schema()) or SAMPLING.max_tokens


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
    passages: list[tuple[int, int]] | None = None
    """(start, end) in the material of the passages the model read; None when it read all of it."""
    checks: dict[str, Any] = field(default_factory=dict)
    """What the model replied (or the clause extracted for a small model, with `method`) and
    the abstention signals and score that confirmed or overruled it."""

    def as_json(self) -> dict[str, Any]:
        return {
            "question": self.question,
            "answerable": self.answerable,
            "answer": self.answer,
            "evidence": self.evidence,
            "evidence_spans": [[found.start, found.end] for found in self.located],
            "supported": self.supported,
            "passages": [list(passage) for passage in self.passages] if self.passages is not None else None,
            "checks": self.checks,
            "provenance": self.provenance,
        }

    def evidence_json(self) -> list[dict[str, Any]]:
        """Each quote with its place in the material, or null offsets where it was not found."""
        found = {located.quote: located for located in self.located}
        return [
            {
                "quote": quote,
                "start": found[quote].start if quote in found else None,
                "end": found[quote].end if quote in found else None,
            }
            for quote in self.evidence
        ]


def answer(
    backend: ChatBackend,
    material: str,
    questions: Sequence[str],
    *,
    sampling: Sampling = SAMPLING,
    cancel: CancelToken = NEVER,
    embedder: Embedder | None = None,
    on_answer: Callable[[int, StudentAnswer], None] | None = None,
    extractive: bool | None = None,
) -> list[StudentAnswer]:
    """Answer each question from `material` alone, in order (`extractive` as for answer_one)."""
    answers = []
    for index, question in enumerate(questions):
        answers.append(
            answer_one(
                backend, material, question, sampling=sampling, cancel=cancel, embedder=embedder, extractive=extractive
            )
        )
        if on_answer:
            on_answer(index, answers[-1])
    return answers


def answer_one(
    backend: ChatBackend,
    material: str,
    question: str,
    *,
    sampling: Sampling = SAMPLING,
    cancel: CancelToken = NEVER,
    embedder: Embedder | None = None,
    extractive: bool | None = None,
) -> StudentAnswer:
    """Answer from the whole material when it fits the context, else from the passages nearest
    the question (embedded with `embedder`, the shared default one when None). `extractive`
    takes the answer from the material without the model; None does so for a small model. A
    refusal is written in the material's language ("у матеріалі цього немає")."""
    answered = _answer_one(backend, material, question, sampling, cancel, embedder, extractive)
    return answered if answered.answerable else replace(answered, answer=refusal(detect(material[:LANGUAGE_SAMPLE])))


def refusal(language: str | None) -> str:
    """What the Student answers where the material does not say, in `language` (English where
    resources/student/phrases.toml has no such table)."""
    return _phrases().get(language or "en", _phrases()["en"])["not_in_material"]


@cache
def _phrases() -> dict[str, Any]:
    return tomllib.loads((paths.resources_dir() / "student" / "phrases.toml").read_text(encoding="utf-8"))


def _answer_one(
    backend: ChatBackend,
    material: str,
    question: str,
    sampling: Sampling,
    cancel: CancelToken,
    embedder: Embedder | None,
    extractive: bool | None,
) -> StudentAnswer:
    if extracts(backend, extractive):
        cancel.raise_if_cancelled()
        return extracted(question, material, embedder or default_embedder(), backend)
    budget = material_budget(backend, question)
    read, passages = material, None
    if backend.count_tokens(material) > budget:
        retrieved = retrieve(question, material, budget, backend.count_tokens, embedder or default_embedder())
        read, passages = retrieved.excerpt, [(passage.start, passage.end) for passage in retrieved.passages]
    prompt = load_template(TEMPLATE).render(material=read, question=question)
    result = structured(backend, prompt, StudentReply, sampling=sampling, cancel=cancel)
    answered = checked(question, result.value, material, result.generation.provenance)
    answered = confirmed(answered, material, result.generation, embedder or default_embedder())
    return replace(answered, passages=passages)


def answer_question(
    backend: ChatBackend,
    material: str,
    question: Question,
    prompt: str,
    *,
    sampling: Sampling = SAMPLING,
    cancel: CancelToken = NEVER,
    embedder: Embedder | None = None,
    extractive: bool | None = None,
) -> StudentAnswer:
    """Answer a quiz question shown to the student as `prompt`: a closed one by reading it in the
    material, asking the model only where that reading is not sure and the model may answer (see
    the module docstring); an open one as answer_one does."""
    embedder = embedder or default_embedder()
    reading = None
    if question.kind in CLOSED_KINDS:
        cancel.raise_if_cancelled()
        reading = read_item(question, material, embedder)
        if reading.answer and (reading.sure or extracts(backend, extractive)):
            provenance = extract_provenance(backend, embedder, "closed_reading", CLOSED_READING, READING_VERSION)
            return _read(prompt, reading, provenance)
    reply = answer_one(
        backend, material, prompt, sampling=sampling, cancel=cancel, embedder=embedder, extractive=extractive
    )
    return reply if reading is None else _as_closed(question, reply, reading, embedder)


def _read(prompt: str, reading: Reading, provenance: dict[str, Any]) -> StudentAnswer:
    """A closed item's answer as the material gives it, the sentence that gives it as evidence."""
    checks = {"method": CLOSED_READING, "sure": reading.sure} | reading.checks
    located = [reading.sentence] if reading.sentence else []
    evidence = [found.quote for found in located]
    return StudentAnswer(prompt, True, reading.answer, evidence, located, bool(located), provenance, checks=checks)


def _as_closed(question: Question, reply: StudentAnswer, reading: Reading, embedder: Embedder) -> StudentAnswer:
    """The model's reply to a closed item read as an answer the item accepts: one of the options
    (the material's reading where the model refused), or true/false (false where it refused)."""
    checks = reply.checks | {"reading": reading.answer, "reading_checks": reading.checks}
    if question.kind == QuestionKind.MULTIPLE_CHOICE:
        said = reply.answer if reply.answerable else reading.answer
        chosen = as_choice(said, [choice.text for choice in question.choices], embedder)
        return replace(reply, answerable=True, answer=chosen, checks=checks)
    if question.kind == QuestionKind.TRUE_FALSE:
        truth = as_truth(reply.answer) if reply.answerable else "false"
        return replace(reply, answerable=True, answer=truth, checks=checks)
    return replace(reply, checks=checks)


def confirmed(answered: "StudentAnswer", material: str, generation: Generation, embedder: Embedder) -> "StudentAnswer":
    """The answer as the abstention rule lets it stand, or a refusal that keeps what the model said."""
    if not answered.answerable:
        return answered
    values = signals(answered.question, answered.answer, answered.located, material, generation, embedder)
    verdict = decide(values)
    checks = {"model_answerable": True, "model_answer": answered.answer, "signals": values, "score": verdict.score}
    if verdict.answerable:
        return replace(answered, checks=checks)
    return replace(answered, answerable=False, answer=NOT_IN_MATERIAL, supported=None, checks=checks)


def extracts(backend: ChatBackend, extractive: bool | None = None) -> bool:
    """Whether answer_one takes the answer from the material: as `extractive` says, or by default
    when the model is too small to answer."""
    return extractive if extractive is not None else writes_poorly(backend)


def extracted(question: str, material: str, embedder: Embedder, backend: ChatBackend) -> StudentAnswer:
    """The material's clause nearest the question, with its sentence as evidence, kept when the
    abstention rule lets it stand."""
    found = nearest_clause(question, material, embedder)
    provenance = extract_provenance(backend, embedder)
    if found is None:
        return StudentAnswer(question, False, NOT_IN_MATERIAL, [], provenance=provenance)
    clause, sentence, cosine = found
    answer = _LEADING_CONJUNCTION.sub("", clause.quote).strip()
    values = signals(question, answer, [sentence], material, None, embedder) | {"clause_cosine": round(cosine, 4)}
    verdict = decide_extracted(values)
    checks = {"method": "extractive", "model_answerable": True, "model_answer": answer}
    checks |= {"signals": values, "score": verdict.score}
    if not verdict.answerable:
        return StudentAnswer(question, False, NOT_IN_MATERIAL, [sentence.quote], provenance=provenance, checks=checks)
    return StudentAnswer(question, True, answer, [sentence.quote], [sentence], True, provenance, checks=checks)


def extract_provenance(
    backend: ChatBackend,
    embedder: Embedder,
    method: str = "extractive",
    template: str = EXTRACTIVE,
    version: str = EXTRACTIVE_VERSION,
) -> dict[str, Any]:
    """The provenance of an answer taken from the material: the model configured (not asked), the
    method and its version in place of a prompt template, and the embedder in place of sampling
    settings."""
    return model_provenance(backend) | {
        "template_name": template,
        "template_version": version,
        "sampling": {"method": method, "embedder": embedder.name},
        "seed": None,
        "prompt_tokens": 0,
        "completion_tokens": 0,
        "prompt_s": 0.0,
        "completion_s": 0.0,
    }


def nearest_clause(question: str, material: str, embedder: Embedder) -> tuple[Located, Located, float] | None:
    """The clause of `material` nearest `question` by embedding cosine, the sentence holding it,
    and the cosine."""
    pieces = clauses(material)
    if not pieces:
        return None
    vectors = embedder.encode([question, *pieces])
    cosines = vectors[1:] @ vectors[0]
    best = int(cosines.argmax())
    clause = locate(pieces[best], material)
    if clause is None:
        return None
    start, end = next(
        ((start, end) for start, end in sentence_bounds(material) if start <= clause.start < end),
        (clause.start, clause.end),
    )
    sentence = material[start:end].strip()
    first = start + material[start:end].index(sentence)
    return clause, Located(sentence, first, first + len(sentence), 100.0), float(cosines[best])


def material_budget(backend: ChatBackend, question: str) -> int:
    """Tokens the material may take: the context less the prompt around it and the longest reply."""
    frame = load_template(TEMPLATE).render(material="", question=question)
    used = sum(backend.count_tokens(message["content"]) for message in frame.messages)
    return backend.context_size - used - REPLY_TOKENS - CHAT_OVERHEAD


def checked(question: str, reply: StudentReply, material: str, provenance: dict[str, Any]) -> StudentAnswer:
    """The reply with its evidence looked up in the material; a refusal reads "not in the material"."""
    evidence = [quote.strip() for quote in reply.evidence if quote.strip()]
    if not reply.answerable:
        return StudentAnswer(question, False, NOT_IN_MATERIAL, evidence, provenance=provenance)
    located = [found for quote in evidence if (found := locate(quote, material)) is not None]
    return StudentAnswer(question, True, reply.answer.strip(), evidence, located, bool(located), provenance)
