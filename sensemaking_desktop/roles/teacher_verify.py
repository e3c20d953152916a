"""The Teacher's verification: every question, model-written or from the floor, is checked
before it is kept, and every verdict is stored on it (roles/teacher.py says which checks run when).

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

import re
from collections.abc import Sequence
from dataclasses import dataclass

from sensemaking_desktop.cancel import NEVER, CancelToken
from sensemaking_desktop.llm.backend import ChatBackend
from sensemaking_desktop.quizzes.model import Question, QuestionKind, QuestionStatus
from sensemaking_desktop.quizzes.verification import Checks, DuplicateCheck, KeyCheck, Reason, StudentCheck
from sensemaking_desktop.roles.question_checks import (
    judge_key,
    key_problems,
    option_problems,
    repeat_problems,
    statement_problems,
)
from sensemaking_desktop.roles.question_reasons import english, reason
from sensemaking_desktop.roles.student import answer_one
from sensemaking_desktop.text.embeddings import Embedder, default_embedder
from sensemaking_desktop.text.rouge import rouge_l_recall
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
_FIRST_QUESTION = re.compile(r"[^?\uff1f\u061f]+[?\uff1f\u061f](?=\s+\S)")
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

ABOUT_THE_TEXT = reason("about_the_text")
"""The reason a draft is written once more (its English sentence goes into the prompt)."""


@dataclass(frozen=True)
class Span:
    start: int
    end: int
    text: str


def span_at(text: str, start: int, end: int) -> Span:
    """The stretch of `text` from `start` to `end` without its surrounding whitespace."""
    stripped = text[start:end]
    lead = len(stripped) - len(stripped.lstrip())
    return Span(start + lead, start + lead + len(stripped.strip()), stripped.strip())


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
    checks = Checks()
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
    closed_book = checks.closed_book is not None and bool(checks.closed_book.agrees)
    verification = question.verification.model_copy(
        update={
            "reasons": [english(found) for found in reasons],
            "reason_keys": reasons,
            "checks": checks,
            "answerable_without_material": closed_book,
        }
    )
    status = QuestionStatus.DROPPED if reasons else QuestionStatus.DRAFT
    return question.model_copy(update={"verification": verification, "status": status})


def _duplicate_problems(
    question: Question, kept: Sequence[Question], embedder: Embedder, checks: Checks
) -> list[Reason]:
    """Why the question nearly repeats a kept one (by word overlap or embedding cosine)."""
    if not kept:
        return []
    closest = nearest_question(question.text, [other.text for other in kept], embedder)
    checks.duplicate = closest
    if closest.word_overlap < DUPLICATE and closest.cosine < DUPLICATE_COSINE:
        return []
    return [
        reason(
            "near_repeat",
            question=closest.question or 0,
            cosine=float(closest.cosine or 0.0),
            word_overlap=float(closest.word_overlap or 0.0),
        )
    ]


def _judged_key(
    question: Question, span: Span, section: str, embedder: Embedder, checks: Checks, reasons: list[Reason]
) -> tuple[Question, Span]:
    """The question and span after judging its key in the section: moved to the sentence that
    holds the key when it stands there, with any failure added to `reasons`."""
    verdict = judge_key(question, (span.start, span.end), section, embedder)
    checks.key = KeyCheck.model_validate(verdict.checks)
    reasons.extend(verdict.problems)
    if verdict.moved_to is None:
        return question, span
    moved = span_at(section, *verdict.moved_to)
    source = question.source.model_copy(update={"span_start": moved.start, "span_end": moved.end, "quote": moved.text})
    return question.model_copy(update={"source": source}), moved


def _student_checks(
    backend: ChatBackend, question: Question, span: Span, embedder: Embedder, cancel: CancelToken, checks: Checks
) -> list[Reason]:
    """The key is correct (the Student, given the span, reaches it; no distractor matches its answer too)
    and the question is not guessable (the Student does not reach the key without the material)."""
    reasons: list[Reason] = []
    grounded = _student_agrees(backend, question, span.text, embedder, cancel)
    checks.student_from_passage = grounded
    if not grounded.agrees:
        reasons.append(reason("student_missed_key"))
    elif question.kind == QuestionKind.MULTIPLE_CHOICE:
        said = grounded.answer or ""
        key_recall = rouge_l_recall(question.reference_answer or "", said)
        also = [c.text for c in question.choices if not c.correct and rouge_l_recall(c.text, said) >= key_recall]
        if also:
            reasons.append(reason("student_fits_wrong_option", option=also[0]))
    closed = _student_agrees(backend, question, NO_MATERIAL, embedder, cancel)
    checks.closed_book = closed
    if closed.agrees and question.kind != QuestionKind.TRUE_FALSE:
        reasons.append(reason("guessable"))
    return reasons


def unwrapped(text: str) -> str:
    """The question without any "What is the answer to the question:" wrappers around it, and
    only its first question where a model ran on: Qwen2.5-Coder-0.5B wrote "Why does vaccination
    work? What are its side effects? Why does it make us immune …" (six questions for one key, 2
    of 24 drafts on video-22) and "Why is it difficult to compare …? For example, …"."""
    text = text.strip()
    while (inner := QUIZ_WRAPPER.sub("", text, count=1)) != text and inner:
        text = inner
    first = _FIRST_QUESTION.match(text)
    return first.group().strip() if first and len(first.group().split()) >= MIN_QUESTION_WORDS else text


def form_problems(question: Question) -> list[Reason]:
    """Why the text cannot stand in a quiz as it is: an open question that is no question (a
    statement, "The answer is:"), or one about the quiz instead of the subject. The Student's
    check passes these, since copying the passage reaches a reference taken from it."""
    text = question.text.strip()
    if question.kind != QuestionKind.CLOZE and ABOUT_THE_QUIZ.search(text):
        return [reason("about_the_quiz")]
    if question.kind != QuestionKind.OPEN:
        return []
    if len(text.split()) < MIN_QUESTION_WORDS:
        return [reason("too_short")]
    if not text.endswith(QUESTION_MARKS) and not INSTRUCTIONS.match(text):
        return [reason("not_a_question")]
    return []


def nearest_question(text: str, others: Sequence[str], embedder: Embedder) -> DuplicateCheck:
    """The kept question (1-based) most like `text` by embedding cosine, with both similarities."""
    vectors = embedder.encode([text, *others])
    cosines = vectors[1:] @ vectors[0]
    best = int(cosines.argmax())
    return DuplicateCheck(
        question=best + 1,
        cosine=round(float(cosines[best]), 3),
        word_overlap=round(max(similarity(other, text) for other in others), 3),
    )


def _student_agrees(
    backend: ChatBackend, question: Question, material: str, embedder: Embedder, cancel: CancelToken
) -> StudentCheck:
    """The Student's own answer compared with the key. An answer the abstention rule overruled
    still counts here: the rule guards answers no one can check, while here the key is known."""
    reply = answer_one(backend, material, student_prompt(question), cancel=cancel, embedder=embedder)
    said = reply.answer if reply.answerable else reply.checks.get("model_answer")
    measures = agreement(question, said, embedder) if said else {"agreement": 0.0, "agrees": False}
    return StudentCheck(answer=said or reply.answer, answerable=reply.answerable, **measures)


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
