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

Drafting (the prompts, the schemas and turning a draft into a question) is in
teacher_drafts.py, the checks every question passes in teacher_verify.py.
"""

import random
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Literal

from pydantic import BaseModel, Field, field_validator

from sensemaking_desktop.cancel import NEVER, CancelToken
from sensemaking_desktop.llm.backend import ChatBackend, Sampling
from sensemaking_desktop.quizzes.model import Question, QuestionKind, QuestionStatus
from sensemaking_desktop.roles.floor import FLOOR_KINDS, floor_items
from sensemaking_desktop.roles.floor_sentences import REFUSALS, refusals
from sensemaking_desktop.roles.floor_terms import Candidate, candidates
from sensemaking_desktop.roles.model_size import writes_poorly
from sensemaking_desktop.roles.question_reasons import english
from sensemaking_desktop.roles.teacher_drafts import FORMS, Draft, pick_answer, written
from sensemaking_desktop.roles.teacher_verify import ABOUT_THE_TEXT, Span, span_at, verify
from sensemaking_desktop.text.embeddings import Embedder, default_embedder
from sensemaking_desktop.text.language import detect, language_name
from sensemaking_desktop.text.sentences import sentence_bounds

FLOOR_NOTE = (
    "The model is too small to write good questions, so every item was made from the material itself "
    "(fill-in-the-gap, multiple choice with options from the material, true/false)."
)
OPEN_REPLACED_NOTE = (
    "Open questions need a larger model; fill-in-the-gap, multiple-choice and true/false questions "
    "made from the text were written instead."
)
RETRY_SEED = 1000
"""Added to the seed of a draft written again, so the retry samples afresh."""

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
    answer_first: bool = Field(
        False,
        description="Open questions: choose the answer in the material first and ask the model only for the "
        "question, instead of letting it write both. Off by default: Qwen2.5-Coder-0.5B kept none of 12 such "
        "drafts (docs/teacher-student.md).",
    )


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
    left_out: dict[str, int] = field(default_factory=dict)
    """The sentences the floor did not ask about, by why (floor_sentences.REFUSALS keys)."""

    @property
    def exhausted(self) -> bool:
        """True when the section ran out of spans before the requested count was kept."""
        return len(self.kept) < self.requested


def plan_spans(text: str, count: int) -> list[Span]:
    """Up to 2×count runs of whole sentences covering the text; the first `count` are spread
    evenly over it, the others follow as replacements for dropped questions."""
    bounds = [(start, end) for start, end in sentence_bounds(text) if text[start:end].strip()]
    if not bounds:
        return []
    pool = min(len(bounds), 2 * count)
    edges = [round(i * len(bounds) / pool) for i in range(pool + 1)]
    spans = [span_at(text, bounds[a][0], bounds[b - 1][1]) for a, b in zip(edges, edges[1:], strict=False)]
    first = sorted({min(pool - 1, round(i * pool / count)) for i in range(count)})
    return [spans[i] for i in first] + [span for i, span in enumerate(spans) if i not in first]


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
    title: str | None = None,
    whole: str | None = None,
) -> TeacherResult:
    """Write, verify and keep questions over `material` until `options.count` are kept;
    `embedder` (the shared default one when None) compares questions and answers. `language`
    is the material's ISO code as stored (detected when None): the floor writes in it, and the
    model is asked to when the options name no language. `title` is the material's: the floor
    asks no gap on it. `whole` is the whole material where `material` is one of its sections:
    the floor's options come from all of it."""
    result = TeacherResult(requested=options.count)
    embedder = embedder or default_embedder()
    language = language or detect(material)
    if options.language is None and language:
        options = options.model_copy(update={"language": language_name(language)})
    small, closed = writes_poorly(backend), any(kind in FLOOR_KINDS for kind in options.kinds)
    made: Iterable[Question] = []
    if small or closed:
        made = floor_items(
            material,
            options.kinds,
            2 * options.count,
            embedder,
            seed=options.seed,
            section_id=section_id,
            language=language,
            title=title,
            whole=whole,
        )
    if small:
        result.from_material = True
        result.notes.append(FLOOR_NOTE)
        if QuestionKind.OPEN in options.kinds:
            result.notes.append(OPEN_REPLACED_NOTE)
    else:
        made = _write_over_spans(
            backend, material, options, result, iter(made), section_id, language, embedder, on_question, cancel
        )
    _keep_floor(made, result, options.count, embedder, on_question, language)
    if small or closed:
        result.left_out = dict(refusals(material, language or "en"))
    return result


def left_out_note(left_out: dict[str, int]) -> str | None:
    """What the quiz says about the sentences it did not ask about, and why (issue 45): a teacher
    sees how much of the material could be asked as it is, and what to rewrite to get more."""
    if not left_out:
        return None
    ranked = sorted(left_out.items(), key=lambda pair: -pair[1])
    reasons = ", ".join(f"{count} {REFUSALS.get(key, key)}" for key, count in ranked)
    return f"{sum(left_out.values())} sentences of the material were not asked about: {reasons}."


def _write_over_spans(
    backend: ChatBackend,
    material: str,
    options: TeacherOptions,
    result: TeacherResult,
    floor: Iterator[Question],
    section_id: int | None,
    language: str | None,
    embedder: Embedder,
    on_question: Callable[[Question], None] | None,
    cancel: CancelToken,
) -> Iterator[Question]:
    """The model writes a question per span, closed kinds alternating with floor items, until
    the count is kept; the floor items not used come back, to fill the count if it is not met."""
    rng = random.Random(options.seed)
    writes_in = options.language or "the language of the material"
    answers = _Answers(material, embedder, language) if options.answer_first else None
    for attempt, span in enumerate(plan_spans(material, options.count)):
        if len(result.kept) >= options.count:
            break
        cancel.raise_if_cancelled()
        kind = options.kinds[len(result.kept) % len(options.kinds)]
        if kind in FLOOR_KINDS and attempt % 2 == 1:
            _keep_floor(floor, result, len(result.kept) + 1, embedder, on_question, language)
            continue
        form = _form(attempt, section_id)
        answer = answers.pick(span) if answers and kind == QuestionKind.OPEN else None
        draft = Draft(material, span, kind, form, attempt, section_id, language, options.difficulty, writes_in, answer)
        question = _drafted(backend, draft, options, rng, result, embedder, cancel)
        if question is None:
            continue
        (result.kept if question.status != QuestionStatus.DROPPED else result.dropped).append(question)
        if on_question:
            on_question(question)
    return floor


class _Answers:
    """The material's key terms (the floor's candidates), found once, each asked at most once.
    English only: `embedder` is the English MiniLM, which ranks the terms' salience."""

    def __init__(self, material: str, embedder: Embedder, language: str | None) -> None:
        self.found = candidates(material, embedder)[0] if (language or "en") == "en" else []
        self.asked: set[str] = set()

    def pick(self, span: Span) -> Candidate | None:
        answer = pick_answer(span, self.found, self.asked)
        if answer is not None:
            self.asked.add(answer.term.key)
        return answer


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
    for retry in ("", english(ABOUT_THE_TEXT)):
        sampling = Sampling(temperature=0.3, seed=options.seed + draft.attempt + (RETRY_SEED if retry else 0))
        made = written(backend, draft, sampling, rng, retry, cancel)
        if isinstance(made, str):
            result.failures.append((draft.span, made))
            return None
        question = verify(
            backend,
            made,
            draft.span,
            result.kept,
            embedder=embedder,
            cancel=cancel,
            section=draft.material,
            language=draft.language,
        )
        if ABOUT_THE_TEXT not in (question.verification.reason_keys or []):
            break
    if not retry:
        return question
    retried = question.verification.model_copy(update={"retried": retry})
    return question.model_copy(update={"verification": retried})


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
