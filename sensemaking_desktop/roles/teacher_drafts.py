"""The Teacher's drafts: what a model is asked for one question (a prompt template per kind and
a schema its reply must fit) and how a reply becomes a question with whole texts."""

import random
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Annotated

from pydantic import BaseModel, Field

from sensemaking_desktop.cancel import CancelToken
from sensemaking_desktop.errors import StructuredOutputError
from sensemaking_desktop.llm.backend import ChatBackend, Sampling
from sensemaking_desktop.llm.prompts import load_template
from sensemaking_desktop.llm.structured import structured
from sensemaking_desktop.quizzes.model import GAP, Choice, Question, QuestionKind, Source
from sensemaking_desktop.quizzes.verification import Verification
from sensemaking_desktop.roles.evidence import locate
from sensemaking_desktop.roles.floor_terms import Candidate
from sensemaking_desktop.roles.question_checks import whole_text
from sensemaking_desktop.roles.teacher_verify import Span, unwrapped
from sensemaking_desktop.text.sentences import sentence_bounds

QUESTION_CAP, OPTION_CAP, TEXT_CAP = 400, 300, 600
"""Schema caps on what the model writes. They are runaway guards only: grammar-constrained
decoding closes a string wherever its cap falls (a 120-character cap cut 15 of 24 keys of
Qwen2.5-Coder-0.5B inside a word), so the prompts ask for short texts and `whole_text` shortens
the rare long one at a sentence, phrase or word boundary (the limits below)."""
KEY_CHARS, OPTION_CHARS, QUESTION_CHARS = 200, 120, 300
FORMS = {
    "what": "a What question about a fact, a term or a definition",
    "why": "a Why question about a reason or a purpose the passage gives",
    "how": "a How question about a process or the way something works",
    "compare": "a question that compares two things the passage describes (how they differ or what they share)",
    "cause": "a question about a cause or an effect the passage states",
}
"""The forms of question a quiz cycles through, one requested per draft, so that a quiz does not ask
"What is …?" twelve times; the prompt lets the model fall back to a fact when a span has no reason,
process, comparison or cause."""


class OpenDraft(BaseModel):
    question: str = Field(max_length=QUESTION_CAP)
    answer: str = Field(max_length=TEXT_CAP)
    quote: str = Field(max_length=TEXT_CAP)


class ChoiceDraft(BaseModel):
    question: str = Field(max_length=QUESTION_CAP)
    correct: str = Field(max_length=OPTION_CAP)
    distractors: list[Annotated[str, Field(max_length=OPTION_CAP)]] = Field(min_length=3, max_length=3)
    quote: str = Field(max_length=TEXT_CAP)


class StatementDraft(BaseModel):
    statement: str = Field(max_length=QUESTION_CAP)
    quote: str = Field(max_length=TEXT_CAP)


ANSWER_FIRST_TEMPLATE = "teacher_open_answer"


class QuestionDraft(BaseModel):
    question: str = Field(max_length=QUESTION_CAP)


class TermDraft(BaseModel):
    term: str = Field(max_length=OPTION_CAP)


@dataclass(frozen=True)
class Draft:
    """What one model-written question is asked for: its kind and form, over one span of the section."""

    material: str
    span: Span
    kind: QuestionKind
    form: str
    attempt: int
    section_id: int | None
    language: str | None
    """The material's ISO code (None: unknown)."""
    difficulty: str
    writes_in: str
    """The language the question is written in, as the prompt names it."""
    answer: Candidate | None = None
    """Answer first: the key term and its sentence, chosen before the model writes (open questions)."""


def written(
    backend: ChatBackend,
    draft: Draft,
    sampling: Sampling,
    rng: random.Random,
    retry: str,
    cancel: CancelToken,
) -> Question | str:
    """One question of the draft's kind about its span, or the reason none came; `retry` is why
    the previous one was refused, said in the prompt."""
    span = draft.span
    source = Source(section_id=draft.section_id, span_start=span.start, span_end=span.end)
    values = {
        "material": draft.material,
        "span": span.text,
        "difficulty": draft.difficulty,
        "language": draft.writes_in,
        "make_false": rng.random() < 0.5,
        "form": FORMS[draft.form],
        "retry": retry,
    }
    try:
        if draft.answer is not None:
            return question_for_answer(backend, draft.answer, values, source, sampling, cancel)
        return write_question(backend, draft.kind, values, span, source, sampling, rng, cancel)
    except (StructuredOutputError, ValueError) as error:
        return f"no usable {draft.kind.value.replace('_', ' ')} question came from this passage: {error}"


def question_for_answer(
    backend: ChatBackend,
    answer: Candidate,
    values: dict,
    source: Source,
    sampling: Sampling,
    cancel: CancelToken,
) -> Question:
    """An open question the model writes for a key chosen in the material: the key is grounded
    by construction, and the question's span is the key's sentence."""
    sentence, key = answer.sentence, answer.term.text
    prompt = load_template(ANSWER_FIRST_TEMPLATE).render(**values | {"sentence": sentence.text, "answer": key})
    draft = structured(backend, prompt, QuestionDraft, sampling=sampling, cancel=cancel)
    text = unwrapped(whole_text(draft.value.question, QUESTION_CHARS, values["material"]))
    if key.casefold() in text.casefold():
        raise ValueError(f"the question gives its answer away ({key})")
    place = {"span_start": sentence.start, "span_end": sentence.end, "quote": sentence.text}
    return Question(
        kind=QuestionKind.OPEN,
        text=text,
        reference_answer=key,
        source=source.model_copy(update=place),
        verification=Verification(provenance=draft.generation.provenance, answer_first=True),
    )


def pick_answer(span: Span, found: Sequence[Candidate], asked: set[str]) -> Candidate | None:
    """The most salient key term of a sentence inside the span that no question asks yet."""
    inside = [
        candidate
        for candidate in found
        if span.start <= candidate.sentence.start
        and candidate.sentence.end <= span.end
        and candidate.term.key not in asked
    ]
    return max(inside, key=lambda candidate: candidate.salience, default=None)


def write_question(
    backend: ChatBackend,
    kind: QuestionKind,
    values: dict,
    span: Span,
    source: Source,
    sampling: Sampling,
    rng: random.Random,
    cancel: CancelToken,
) -> Question:
    """A question of `kind` from the model, its texts made whole (`whole_text`)."""
    prompt = load_template(f"teacher_{kind.value}").render(**values)
    material = values["material"]
    provenance = {}
    if kind == QuestionKind.OPEN:
        draft = structured(backend, prompt, OpenDraft, sampling=sampling, cancel=cancel)
        provenance = draft.generation.provenance
        question = Question(
            kind=kind,
            text=unwrapped(whole_text(draft.value.question, QUESTION_CHARS, material)),
            reference_answer=whole_text(draft.value.answer, KEY_CHARS, material),
            source=_quoted(source, draft.value.quote, span),
        )
    elif kind == QuestionKind.MULTIPLE_CHOICE:
        draft = structured(backend, prompt, ChoiceDraft, sampling=sampling, cancel=cancel)
        provenance = draft.generation.provenance
        question = _choice_question(_whole_choice(draft.value, material), _quoted(source, draft.value.quote, span), rng)
    elif kind == QuestionKind.TRUE_FALSE:
        draft = structured(backend, prompt, StatementDraft, sampling=sampling, cancel=cancel)
        provenance = draft.generation.provenance
        question = Question(
            kind=kind,
            text=whole_text(draft.value.statement, QUESTION_CHARS, material),
            reference_answer="false" if values["make_false"] else "true",
            source=_quoted(source, draft.value.quote, span),
        )
    else:
        sentence = max((span.text[a:b].strip() for a, b in sentence_bounds(span.text)), key=len)
        draft = structured(
            backend,
            load_template("teacher_cloze").render(**values | {"span": sentence}),
            TermDraft,
            sampling=sampling,
            cancel=cancel,
        )
        provenance = draft.generation.provenance
        question = _cloze_question(sentence, draft.value.term, source.model_copy(update={"quote": sentence}))
    return question.model_copy(update={"verification": Verification(provenance=provenance)})


def _whole_choice(draft: ChoiceDraft, material: str) -> ChoiceDraft:
    """The draft with its question and options whole and short (see `whole_text`)."""
    return draft.model_copy(
        update={
            "question": whole_text(draft.question, QUESTION_CHARS, material),
            "correct": whole_text(draft.correct, OPTION_CHARS, material),
            "distractors": [whole_text(text, OPTION_CHARS, material) for text in draft.distractors],
        }
    )


def _quoted(source: Source, quote: str, span: Span) -> Source:
    """The source with the quote as it stands in the span when it is found there."""
    found = locate(quote, span.text)
    return source.model_copy(update={"quote": span.text[found.start : found.end] if found else None})


def _choice_question(draft: ChoiceDraft, source: Source, rng: random.Random) -> Question:
    correct = draft.correct.strip()
    distractors = list(dict.fromkeys(d.strip() for d in draft.distractors if d.strip()))
    distractors = [d for d in distractors if d.casefold() != correct.casefold()]
    if not distractors:
        raise ValueError("its wrong answers repeat the right one")
    choices = [Choice(text=correct, correct=True), *(Choice(text=d) for d in distractors)]
    rng.shuffle(choices)
    return Question(
        kind=QuestionKind.MULTIPLE_CHOICE,
        text=unwrapped(draft.question),
        reference_answer=correct,
        choices=choices,
        source=source,
    )


def _cloze_question(sentence: str, term: str, source: Source) -> Question:
    term = term.strip().strip(".,;:!?\"'")
    match = re.search(re.escape(term), sentence, re.IGNORECASE) if term else None
    if match is None:
        raise ValueError(f"the key term {term!r} is not in the sentence")
    text = sentence[: match.start()] + GAP + sentence[match.end() :]
    return Question(kind=QuestionKind.CLOZE, text=text, reference_answer=match.group(), source=source)
