"""The Teacher: a quiz over one section, covering it by construction and verified before use.

The section is cut into runs of whole sentences (spans) spread evenly over it; each
question is written about one span, with its reference answer taken from that span, and
keeps the span's offsets. A question is kept only when its checks pass: it reads as a
question (an open one ends with a question mark or gives an instruction), it is about the
subject rather than the document or the quiz, it is not a near-duplicate of a kept question, and the
Student, given only the span, answers it in agreement with the reference. A question the
Student also answers with no material at all is kept but marked. Every verdict is stored
on the question, so a teacher sees why one was dropped. Dropped questions are replaced
from further spans until the count is met or the section is exhausted.

Every question, whoever wrote it, must also pass the checks of question_checks.py: its key is
grounded in the span, its options do not give the key away, and it does not ask again what a
kept question asks (same key, span, or asked property of the same thing). A question the
Student answers with no material at all is guessable and dropped (true/false excepted, where
a guess is right half the time).

A small model writes almost nothing usable (SmolLM2-135M kept 0 of 12 drafts on a real
two-column PDF, 0 of 16 on an ELOQUENT transcript), so below model_size.SMALL_MODEL_PARAMETERS the
Teacher makes every item from the material alone (floor.py) and says so in the result's
notes; an open question, which the floor cannot make, is replaced by the floor's kinds.
A larger model writes every other closed item and the floor the rest; open questions stay
the model's. Floor items are correct by construction (the key restores the material's own
sentence), so they are checked without the Student.

Near-duplicates are found by word overlap or by embedding cosine (all-MiniLM-L6-v2), and
the Student agrees with the reference by ROUGE-L recall or by embedding cosine; every
similarity is kept in the verdict. The thresholds were chosen on real pairs:
- DUPLICATE_COSINE 0.90: of 5,531 pairs of different answerable SQuAD 2.0 dev questions on
  one passage, 1.4% reach it (0.85: 2.8%), and the highest are mostly true repeats ("What
  are the three (main) sources of EU law?") or mirror questions (before/after); of 40
  hand-written paraphrase pairs, 60% reach it (0.85: 75%), where word overlap >= 0.85 finds none.
- AGREEMENT_COSINE 0.75, and only when the reference's numbers are in the answer, since the
  model puts years and amounts close together ("1314" and "1303": 0.82): on 1,500 pairs of
  annotators' differing answers to one SQuAD question and 1,500 pairs of answers to different
  questions of one passage, ROUGE-L recall >= 0.5 alone accepts 72.1% and 4.2%; with the
  cosine rule 74.5% and 4.7% (the added ones are mostly an answer inside the reference,
  "force of gravity" / "gravity").
"""

import random
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Annotated, Literal

from pydantic import BaseModel, Field, field_validator

from sensemaking_desktop.cancel import NEVER, CancelToken
from sensemaking_desktop.errors import StructuredOutputError
from sensemaking_desktop.llm.backend import ChatBackend, Sampling
from sensemaking_desktop.llm.prompts import load_template
from sensemaking_desktop.llm.structured import structured
from sensemaking_desktop.quizzes.model import GAP, Choice, Question, QuestionKind, QuestionStatus, Source
from sensemaking_desktop.roles.evidence import locate
from sensemaking_desktop.roles.floor import FLOOR_KINDS, floor_items
from sensemaking_desktop.roles.model_size import model_parameters, writes_poorly
from sensemaking_desktop.roles.question_checks import (
    judge_key,
    key_problems,
    option_problems,
    repeat_problems,
    statement_problems,
    whole_text,
)
from sensemaking_desktop.roles.student import answer_one
from sensemaking_desktop.text.embeddings import Embedder, default_embedder
from sensemaking_desktop.text.language import detect, language_name
from sensemaking_desktop.text.rouge import rouge_l_recall
from sensemaking_desktop.text.sentences import sentence_bounds
from sensemaking_desktop.text.words import normalise_words

ABOUT_THE_DOCUMENT = re.compile(
    r"\b(author|writer|speaker|lecturer|narrator|presenter)\b"
    r"|\b(this|the|that) (text|passage|document|article|chapter|section|lecture|video|material|excerpt|paragraph)\b"
    r"|\bmain (idea|point|theme|message|argument|topic|purpose)\b",
    re.IGNORECASE,
)
"""Questions about the document rather than its subject: "What is the main idea of the passage
about live vaccines?" (2-5 of 24 drafts of Qwen2.5-Coder 0.5B and 1.5B per run)."""
ABOUT_THE_QUIZ = re.compile(
    r"\b(this|the|that) (question|answer|quiz)\b|\bcorrect answer\b|^\W*(the )?answer\b",
    re.IGNORECASE,
)
"""Questions a small model writes about the quiz instead of the subject ("What is the answer
to the question: ...?", "The answer is:")."""
QUIZ_WRAPPER = re.compile(
    r"^\W*(what is |what's )?the (correct )?answer (to|for) (the|this) question\s*[:\-\u2013]\s*", re.I
)
"""The wrapper "What is the answer to the question: ..." that small models put around a
question; the question inside is kept."""
QUESTION_MARKS = ("?", "\uff1f", "\u061f")
"""Latin, full-width (Chinese, Japanese) and Arabic question marks."""
INSTRUCTIONS = re.compile(
    r"^(explain|describe|name|list|give|state|define|compare|outline|identify|summari[sz]e|discuss)\b",
    re.IGNORECASE,
)
MIN_QUESTION_WORDS = 3
AGREEMENT = 0.5
"""ROUGE-L recall of the reference in the Student's answer."""
AGREEMENT_COSINE = 0.75
DUPLICATE = 0.85
"""Word overlap (Jaccard) of two questions."""
DUPLICATE_COSINE = 0.9
_NUMBER = re.compile(r"\d+(?:[.,]\d+)*")
NO_MATERIAL = "(no material)"
FLOOR_NOTE = (
    "The model is too small to write good questions ({parameters} parameters), so every item was made "
    "from the material itself (cloze, multiple choice with distractors from the material, true/false)."
)
OPEN_REPLACED_NOTE = "Open questions need a larger model; the floor's kinds were written instead."
QUESTION_CAP, OPTION_CAP, TEXT_CAP = 400, 300, 600
"""Schema caps on what the model writes. They are runaway guards only: grammar-constrained
decoding closes a string wherever its cap falls (a 120-character cap cut 15 of 24 keys of
Qwen2.5-Coder-0.5B inside a word), so the prompts ask for short texts and `whole_text` shortens
the rare long one at a sentence, phrase or word boundary (the limits below)."""
KEY_CHARS, OPTION_CHARS, QUESTION_CHARS = 200, 120, 300
RETRY_SEED = 1000
"""Added to the seed of a draft written again, so the retry samples afresh."""
ABOUT_THE_TEXT = "it asks about the text, not the subject"
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


WRITTEN_KINDS = (QuestionKind.OPEN, QuestionKind.MULTIPLE_CHOICE, QuestionKind.TRUE_FALSE, QuestionKind.CLOZE)
"""The kinds the Teacher writes, each from its prompt template `teacher_<kind>`; numerical and
matching questions come from question banks and the editor, not from the material."""


class TeacherOptions(BaseModel):
    count: int = Field(5, ge=1, le=50)
    kinds: list[QuestionKind] = Field(default_factory=lambda: [QuestionKind.OPEN], min_length=1)

    @field_validator("kinds")
    @classmethod
    def _written(cls, kinds: list[QuestionKind]) -> list[QuestionKind]:
        other = [kind.value for kind in kinds if kind not in WRITTEN_KINDS]
        if other:
            raise ValueError(
                f"the Teacher does not write {', '.join(other)} questions; "
                f"choose from {', '.join(kind.value for kind in WRITTEN_KINDS)}"
            )
        return kinds

    difficulty: Literal["easy", "medium", "hard"] = "medium"
    language: str | None = Field(None, description="Language of the questions; None writes in the material's.")
    seed: int = 11


@dataclass(frozen=True)
class Span:
    start: int
    end: int
    text: str


@dataclass
class TeacherResult:
    requested: int
    kept: list[Question] = field(default_factory=list)
    dropped: list[Question] = field(default_factory=list)
    failures: list[tuple[Span, str]] = field(default_factory=list)
    """Passages where the model gave no usable question, and why."""
    notes: list[str] = field(default_factory=list)
    """How the quiz was made, when not by the model alone (shown to the teacher)."""
    from_material: bool = False
    """Every item was made from the material, the model being too small to write (FLOOR_NOTE)."""

    @property
    def exhausted(self) -> bool:
        """True when the section ran out of spans before the requested count was kept."""
        return len(self.kept) < self.requested


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


class TermDraft(BaseModel):
    term: str = Field(max_length=OPTION_CAP)


def plan_spans(text: str, count: int) -> list[Span]:
    """Up to 2×count runs of whole sentences covering the text; the first `count` are spread
    evenly over it, the others follow as replacements for dropped questions."""
    bounds = [(start, end) for start, end in sentence_bounds(text) if text[start:end].strip()]
    if not bounds:
        return []
    pool = min(len(bounds), 2 * count)
    edges = [round(i * len(bounds) / pool) for i in range(pool + 1)]
    spans = [_span(text, bounds[a][0], bounds[b - 1][1]) for a, b in zip(edges, edges[1:], strict=False)]
    first = sorted({min(pool - 1, round(i * pool / count)) for i in range(count)})
    return [spans[i] for i in first] + [span for i, span in enumerate(spans) if i not in first]


def _span(text: str, start: int, end: int) -> Span:
    stripped = text[start:end]
    lead = len(stripped) - len(stripped.lstrip())
    return Span(start + lead, start + lead + len(stripped.strip()), stripped.strip())


def generate_quiz(
    backend: ChatBackend,
    material: str,
    options: TeacherOptions,
    *,
    section_id: int | None = None,
    cancel: CancelToken = NEVER,
    embedder: Embedder | None = None,
    on_question: Callable[[Question], None] | None = None,
    language: str | None = None,
) -> TeacherResult:
    """Write, verify and keep questions over `material` until `options.count` are kept;
    `embedder` (the shared default one when None) compares questions and answers. `language`
    is the material's ISO code as stored (detected when None): the floor writes in it, and the
    model is asked to when the options name no language."""
    result = TeacherResult(requested=options.count)
    embedder = embedder or default_embedder()
    language = language or detect(material)
    if options.language is None and language:
        options = options.model_copy(update={"language": language_name(language)})
    small, closed = writes_poorly(backend), any(kind in FLOOR_KINDS for kind in options.kinds)
    made = (
        floor_items(
            material,
            options.kinds,
            2 * options.count,
            embedder,
            seed=options.seed,
            section_id=section_id,
            language=language,
        )
        if small or closed
        else []
    )
    if small:
        result.from_material = True
        result.notes.append(FLOOR_NOTE.format(parameters=f"{model_parameters(backend):,}"))
        if QuestionKind.OPEN in options.kinds:
            result.notes.append(OPEN_REPLACED_NOTE)
        _keep_floor(made, result, options.count, embedder, on_question, language)
        return result
    floor = iter(made)
    rng = random.Random(options.seed)
    for attempt, span in enumerate(plan_spans(material, options.count)):
        if len(result.kept) >= options.count:
            break
        cancel.raise_if_cancelled()
        kind = options.kinds[len(result.kept) % len(options.kinds)]
        if kind in FLOOR_KINDS and attempt % 2 == 1:
            _keep_floor(floor, result, len(result.kept) + 1, embedder, on_question, language)
            continue
        draft = Draft(material, span, kind, _form(attempt, section_id), attempt, section_id, language)
        question = _drafted(backend, draft, options, rng, result, embedder, cancel)
        if question is None:
            continue
        (result.kept if question.status != QuestionStatus.DROPPED else result.dropped).append(question)
        if on_question:
            on_question(question)
    _keep_floor(floor, result, options.count, embedder, on_question, language)
    return result


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


def _form(attempt: int, section_id: int | None) -> str:
    """The form asked of this draft; each section starts further on, so short sections vary too."""
    return list(FORMS)[(attempt + (section_id or 0)) % len(FORMS)]


def _drafted(
    backend: ChatBackend,
    draft: Draft,
    options: TeacherOptions,
    rng: random.Random,
    result: TeacherResult,
    embedder: Embedder,
    cancel: CancelToken,
) -> Question | None:
    """The draft written and verified; one about the text rather than the subject is written once
    more with that reason in the prompt. None when the model gave nothing usable (a failure)."""
    for retry in ("", ABOUT_THE_TEXT):
        sampling = Sampling(temperature=0.3, seed=options.seed + draft.attempt + (RETRY_SEED if retry else 0))
        written = _written(backend, draft, options, sampling, rng, retry, cancel)
        if isinstance(written, str):
            result.failures.append((draft.span, written))
            return None
        question = verify(
            backend,
            written,
            draft.span,
            result.kept,
            embedder=embedder,
            cancel=cancel,
            section=draft.material,
            language=draft.language,
        )
        if ABOUT_THE_TEXT not in question.verification["reasons"]:
            break
    if not retry:
        return question
    return question.model_copy(update={"verification": question.verification | {"retried": retry}})


def _keep_floor(
    items: Iterable[Question],
    result: TeacherResult,
    until: int,
    embedder: Embedder,
    on_question: Callable[[Question], None] | None,
    language: str | None,
) -> None:
    """Check floor items in turn (no Student: they are correct by construction) until `until` are kept."""
    for item in items:
        if len(result.kept) >= until:
            return
        span = Span(item.source.span_start or 0, item.source.span_end or 0, item.source.quote or "")
        question = verify(None, item, span, result.kept, embedder=embedder, language=language)
        (result.kept if question.status != QuestionStatus.DROPPED else result.dropped).append(question)
        if on_question:
            on_question(question)


def _written(
    backend: ChatBackend,
    draft: Draft,
    options: TeacherOptions,
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
        "difficulty": options.difficulty,
        "language": options.language or "the language of the material",
        "make_false": rng.random() < 0.5,
        "form": FORMS[draft.form],
        "retry": retry,
    }
    try:
        return write_question(backend, draft.kind, values, span, source, sampling, rng, cancel)
    except (StructuredOutputError, ValueError) as error:
        return f"no usable {draft.kind.value.replace('_', ' ')} question came from this passage: {error}"


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
    return question.model_copy(update={"verification": {"provenance": provenance}})


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


def verify(
    backend: ChatBackend | None,
    question: Question,
    span: Span,
    kept: Sequence[Question],
    *,
    embedder: Embedder | None = None,
    cancel: CancelToken = NEVER,
    section: str | None = None,
    language: str | None = None,
) -> Question:
    """Run the checks; the question comes back with its verdicts and status draft or dropped.
    With no backend (floor items) the Student's checks are not run. With the `section` the span
    lies in, the key is judged by meaning and place (question_checks.judge_key): a question whose
    key stands in another sentence moves there, and the Student is then given that sentence.
    In a `language` the NLI model knows, a true/false statement must say what its key says of its
    passage (question_checks.statement_problems)."""
    embedder = embedder or default_embedder()
    checks: dict = {}
    reasons = form_problems(question)
    if ABOUT_THE_DOCUMENT.search(question.text):
        reasons.append(ABOUT_THE_TEXT)
    reasons.extend(_duplicate_problems(question, kept, embedder, checks))
    if section is None:
        reasons.extend(key_problems(question, span.text))
    else:
        question, span = _judged_key(question, span, section, embedder, checks, reasons)
    reasons.extend(option_problems(question))
    reasons.extend(repeat_problems(question, kept))
    reasons.extend(statement_problems(question, question.source.quote or span.text, language, checks))
    if not reasons and backend is not None:
        reasons.extend(_student_checks(backend, question, span, embedder, cancel, checks))
    verification = question.verification | {
        "reasons": reasons,
        "checks": checks,
        "answerable_without_material": bool(checks.get("closed_book", {}).get("agrees")),
    }
    status = QuestionStatus.DROPPED if reasons else QuestionStatus.DRAFT
    return question.model_copy(update={"verification": verification, "status": status})


def _duplicate_problems(question: Question, kept: Sequence[Question], embedder: Embedder, checks: dict) -> list[str]:
    """Why the question nearly repeats a kept one (by word overlap or embedding cosine)."""
    if not kept:
        return []
    closest = nearest_question(question.text, [other.text for other in kept], embedder)
    checks["duplicate"] = closest
    if closest["word_overlap"] < DUPLICATE and closest["cosine"] < DUPLICATE_COSINE:
        return []
    return [
        f"it nearly repeats question {closest['question']} "
        f"(cosine {closest['cosine']:.2f}, word overlap {closest['word_overlap']:.2f})"
    ]


def _judged_key(
    question: Question, span: Span, section: str, embedder: Embedder, checks: dict, reasons: list[str]
) -> tuple[Question, Span]:
    """The question and span after judging its key in the section: moved to the sentence that
    holds the key when it stands there, with any failure added to `reasons`."""
    verdict = judge_key(question, (span.start, span.end), section, embedder)
    checks["key"] = verdict.checks
    reasons.extend(verdict.problems)
    if verdict.moved_to is None:
        return question, span
    moved = _span(section, *verdict.moved_to)
    source = question.source.model_copy(update={"span_start": moved.start, "span_end": moved.end, "quote": moved.text})
    return question.model_copy(update={"source": source}), moved


def _student_checks(
    backend: ChatBackend, question: Question, span: Span, embedder: Embedder, cancel: CancelToken, checks: dict
) -> list[str]:
    """The key is correct (the Student, given the span, reaches it; no distractor matches its answer too)
    and the question is not guessable (the Student does not reach the key without the material)."""
    reasons = []
    grounded = _student_agrees(backend, question, span.text, embedder, cancel)
    checks["student_from_passage"] = grounded
    if not grounded["agrees"]:
        reasons.append("the Student, given the passage, did not reach the reference answer")
    elif question.kind == QuestionKind.MULTIPLE_CHOICE:
        said = grounded["answer"]
        key_recall = rouge_l_recall(question.reference_answer or "", said)
        also = [c.text for c in question.choices if not c.correct and rouge_l_recall(c.text, said) >= key_recall]
        if also:
            reasons.append(f"the Student's answer fits a wrong option ({also[0]}) as well as the key")
    closed = _student_agrees(backend, question, NO_MATERIAL, embedder, cancel)
    checks["closed_book"] = closed
    if closed["agrees"] and question.kind != QuestionKind.TRUE_FALSE:
        reasons.append("the Student reaches the key without the material (guessable)")
    return reasons


def unwrapped(text: str) -> str:
    """The question without any "What is the answer to the question:" wrappers around it."""
    text = text.strip()
    while (inner := QUIZ_WRAPPER.sub("", text, count=1)) != text and inner:
        text = inner
    return text


def form_problems(question: Question) -> list[str]:
    """Why the text cannot stand in a quiz as it is: an open question that is no question (a
    statement, "The answer is:"), or one about the quiz instead of the subject. The Student's
    check passes these, since copying the passage reaches a reference taken from it."""
    text = question.text.strip()
    if question.kind != QuestionKind.CLOZE and ABOUT_THE_QUIZ.search(text):
        return ["it asks about the quiz itself, not the subject"]
    if question.kind != QuestionKind.OPEN:
        return []
    if len(text.split()) < MIN_QUESTION_WORDS:
        return ["it is too short to be a question"]
    if not text.endswith(QUESTION_MARKS) and not INSTRUCTIONS.match(text):
        return ["it is not a question"]
    return []


def nearest_question(text: str, others: Sequence[str], embedder: Embedder) -> dict:
    """The kept question (1-based) most like `text` by embedding cosine, with both similarities."""
    vectors = embedder.encode([text, *others])
    cosines = vectors[1:] @ vectors[0]
    best = int(cosines.argmax())
    return {
        "question": best + 1,
        "cosine": round(float(cosines[best]), 3),
        "word_overlap": round(max(similarity(other, text) for other in others), 3),
    }


def _student_agrees(
    backend: ChatBackend, question: Question, material: str, embedder: Embedder, cancel: CancelToken
) -> dict:
    """The Student's own answer compared with the key. An answer the abstention rule overruled
    still counts here: the rule guards answers no one can check, while here the key is known."""
    reply = answer_one(backend, material, student_prompt(question), cancel=cancel, embedder=embedder)
    said = reply.answer if reply.answerable else reply.checks.get("model_answer")
    measures = agreement(question, said, embedder) if said else {"agreement": 0.0, "agrees": False}
    return {"answer": said or reply.answer, "answerable": reply.answerable} | measures


def student_prompt(question: Question) -> str:
    """The question as a student sees it: choices listed, a statement to judge, a gap to fill."""
    if question.kind == QuestionKind.MULTIPLE_CHOICE:
        return f"{question.text} Choose one: " + "; ".join(choice.text for choice in question.choices)
    if question.kind == QuestionKind.TRUE_FALSE:
        return f"True or false? {question.text}"
    if question.kind == QuestionKind.CLOZE:
        return f"Which word or words fill the gap? {question.text}"
    return question.text


def agreement(question: Question, answer: str, embedder: Embedder) -> dict:
    """Whether the Student's answer says the reference answer, with the measures behind it.

    A true/false answer must name the right value. Any other agrees when it recalls at least
    half of the reference ("agreement": ROUGE-L recall, the key the review window shows), or
    means the same ("cosine" of the embeddings) and holds every number of the reference,
    since embeddings put different years close together.
    """
    if question.kind == QuestionKind.TRUE_FALSE:
        said = set(normalise_words(answer)) & {"true", "false"}
        right = said == {question.reference_answer}
        return {"agreement": 1.0 if right else 0.0, "agrees": right}
    reference = question.reference_answer or ""
    if not reference.strip() or not answer.strip():
        return {"agreement": 0.0, "cosine": 0.0, "agrees": False}
    recall = rouge_l_recall(reference, answer)
    vectors = embedder.encode([reference, answer])
    cosine = float(vectors[0] @ vectors[1])
    numbers_said = set(_NUMBER.findall(reference)) <= set(_NUMBER.findall(answer))
    return {
        "agreement": round(recall, 3),
        "cosine": round(cosine, 3),
        "agrees": recall >= AGREEMENT or (cosine >= AGREEMENT_COSINE and numbers_said),
    }


def similarity(first: str, second: str) -> float:
    """Word overlap of two questions (Jaccard), for spotting near-duplicates."""
    a, b = set(normalise_words(first)), set(normalise_words(second))
    return len(a & b) / len(a | b) if a | b else 1.0
