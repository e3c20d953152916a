"""`bench teacher` and `bench student`: questions per minute and prompt tokens evaluated against
the fewest the work needs.

Every model call goes through a recorder that keeps the prompt's tokens and how many of them
the engine evaluated (the rest came from its KV cache or a saved prefix state). The fewest
needed is what an ideal cache would evaluate: each prompt's tokens beyond the longest head it
shares with any earlier prompt of the run. A ratio of 1.0 means no token was evaluated twice.
"""

import re
import time
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TextIO

from sensemaking_desktop.bench import abstention
from sensemaking_desktop.bench.reading import reading_sheet
from sensemaking_desktop.cancel import NEVER, CancelToken
from sensemaking_desktop.hashing import sha256_of
from sensemaking_desktop.interchange.common import write_atomically
from sensemaking_desktop.llm.backend import Generation, Prompt
from sensemaking_desktop.llm.llama_engine import LlamaEngine, common_prefix
from sensemaking_desktop.metrics.teacher import teacher_metrics
from sensemaking_desktop.quizzes.model import QuestionKind
from sensemaking_desktop.roles import abstention as abstention_rule
from sensemaking_desktop.roles.question_checks import ends_inside_word
from sensemaking_desktop.roles.student import answer_one, extracts
from sensemaking_desktop.roles.teacher import TeacherOptions, TeacherResult, generate_quiz
from sensemaking_desktop.roles.teacher_verify import ABOUT_THE_DOCUMENT
from sensemaking_desktop.samples import load_sample


class Recorder:
    """The engine with every chat call's prompt tokens and evaluated tokens written down."""

    def __init__(self, engine: LlamaEngine) -> None:
        self.engine = engine
        self.prompts: list[list[int]] = []
        self.evaluated = 0

    def __getattr__(self, name: str) -> Any:
        return getattr(self.engine, name)

    def chat(self, prompt: Prompt, **kwargs: Any) -> Generation:
        generation = self.engine.chat(prompt, **kwargs)
        self.prompts.append(self.engine.format_tokens(prompt)[0])
        self.evaluated += generation.evaluated_tokens or 0
        return generation

    def figures(self) -> dict[str, Any]:
        minimum = fewest_needed(self.prompts)
        return {
            "model_calls": len(self.prompts),
            "prompt_tokens": sum(map(len, self.prompts)),
            "prompt_tokens_evaluated": self.evaluated,
            "prompt_tokens_minimum": minimum,
            "evaluated_over_minimum": round(self.evaluated / minimum, 3) if minimum else None,
        }


def fewest_needed(prompts: Sequence[list[int]]) -> int:
    """Tokens an ideal cache evaluates: each prompt beyond its longest head shared with an earlier one."""
    total = 0
    for index, tokens in enumerate(prompts):
        shared = max((common_prefix(tokens, earlier) for earlier in prompts[:index]), default=0)
        total += len(tokens) - min(shared, len(tokens) - 1)
    return total


def teacher(
    engine: LlamaEngine,
    count: int,
    kinds: list[QuestionKind],
    material: str | None = None,
    answer_first: bool = False,
    read: Path | None = None,
) -> dict[str, Any]:
    """Write one quiz over the sample (or `material`) and report its speed and token economy;
    with `read`, also write the quiz's reading sheet there (bench/reading.py)."""
    engine.reset()
    recorder = Recorder(engine)
    text = material or load_sample().text
    started = time.perf_counter()
    result = generate_quiz(recorder, text, TeacherOptions(count=count, kinds=kinds, answer_first=answer_first))
    minutes = (time.perf_counter() - started) / 60
    if read is not None:
        write_atomically(read, reading_sheet(result, f"Quiz by {engine.identity.name}").encode("utf-8"))
    return {
        "model": engine.identity.name,
        "parameters": engine.parameters,
        "asked": count,
        "kinds": [kind.value for kind in kinds],
        "answer_first": answer_first,
        "kept": len(result.kept),
        "dropped": len(result.dropped),
        "failures": len(result.failures),
        "notes": result.notes,
        "minutes": round(minutes, 3),
        "kept_per_minute": round(len(result.kept) / minutes, 2) if minutes else None,
        "quality": quiz_quality(result, text, minutes * 60),
    } | recorder.figures()


_SPECIFICS = (
    (re.compile(r"\s*\((?:cosine|[^)]*,)[^)]*\)"), ""),
    (re.compile(r"(word\(s\)|number\(s\)|adds|option) .+?(?= are not|, not in| as well)"), r"\1 …"),
    (re.compile(r"(came from this passage:).*"), r"\1 …"),
    (re.compile(r"\d+"), "N"),
)
"""What varies from question to question in a drop reason (numbers, words, cosines), so reasons
of one kind count together."""


def reason_kind(reason: str) -> str:
    """A drop reason without its particulars: "it nearly repeats question N"."""
    for pattern, replacement in _SPECIFICS:
        reason = pattern.sub(replacement, reason)
    return reason


def quiz_quality(result: TeacherResult, material: str, seconds: float) -> dict[str, Any]:
    """How much of what the model wrote a teacher could hand out (issue 34): drafts (failures
    included) and the share kept, keys cut inside a word, kept questions about the text rather
    than the subject, seconds per kept question, the ELOQUENT measures of the kept questions
    (metrics.teacher) and the drop reasons by kind, most common first."""
    drafts = len(result.kept) + len(result.dropped) + len(result.failures)
    keys = [q.reference_answer or "" for q in result.kept + result.dropped if q.kind != QuestionKind.TRUE_FALSE]
    reasons = Counter(reason_kind(r) for q in result.dropped for r in q.verification.reasons or [])
    reasons.update(reason_kind(reason) for _, reason in result.failures)
    measures = teacher_metrics(material, [question.text for question in result.kept])
    kept = len(result.kept)
    return {
        "drafts": drafts,
        "kept_share": round(kept / drafts, 3) if drafts else None,
        "keys_cut_inside_a_word": sum(ends_inside_word(key, material) for key in keys),
        "about_the_text_share": round(sum(bool(ABOUT_THE_DOCUMENT.search(q.text)) for q in result.kept) / kept, 3)
        if kept
        else None,
        "seconds_per_kept": round(seconds / kept, 2) if kept else None,
        "relevance": round(measures.relevance, 3),
        "coverage": round(measures.coverage, 3),
        "diversity": round(measures.diversity, 3),
        "dropped_reasons": dict(reasons.most_common()),
    }


def student(engine: LlamaEngine, questions: int) -> dict[str, Any]:
    """Answer the sample's questions over its text with the model, back to back as `answer --items`
    does (a small model included, whose answers the app would extract instead: this measures the
    engine's prefix reuse)."""
    engine.reset()
    recorder = Recorder(engine)
    sample = load_sample()
    asked = [item.question for item in sample.questions[:questions]]
    started = time.perf_counter()
    answers = [answer_one(recorder, sample.text, question, extractive=False) for question in asked]
    minutes = (time.perf_counter() - started) / 60
    return {
        "model": engine.identity.name,
        "questions": len(asked),
        "answerable": sum(answer.answerable for answer in answers),
        "minutes": round(minutes, 3),
        "answers_per_minute": round(len(asked) / minutes, 2) if minutes else None,
    } | recorder.figures()


def student_items(
    engine: LlamaEngine,
    items: Sequence[abstention.SquadItem],
    items_path: Path,
    *,
    limit: int | None = None,
    signals_out: TextIO | None = None,
    on_item: Callable[[int, int], None] | None = None,
    cancel: CancelToken = NEVER,
    extractive: bool | None = None,
) -> dict[str, Any]:
    """Answer SQuAD 2.0 items (`abstention.read_items` of `items_path`): refusals of the
    unanswerable and ROUGE-L recall on the answerable, with the abstention rule and by the
    model's word alone (for a small model, whose answers are extracted: by the clause alone)."""
    items = items[:limit]
    engine.reset()
    recorder = Recorder(engine)
    rows, minutes = abstention.run(
        recorder, items, signals_out=signals_out, on_item=on_item, cancel=cancel, extractive=extractive
    )
    if extracts(engine, extractive):
        method, rule = "extractive", {"clause_cosine_at_least": abstention_rule.EXTRACTED_COSINE}
    else:
        weights = dict(zip(abstention_rule.SIGNALS, abstention_rule.WEIGHTS))
        method, rule = (
            "model",
            {"weights": weights, "bias": abstention_rule.BIAS, "threshold": abstention_rule.THRESHOLD},
        )
    return (
        {
            "model": engine.identity.name,
            "model_sha256": engine.identity.sha256,
            "data": items_path.name,
            "data_sha256": sha256_of(items_path),
            "student": method,
        }
        | abstention.figures(rows)
        | {
            "rule": rule,
            "minutes": round(minutes, 3),
            "answers_per_minute": round(len(rows) / minutes, 2) if minutes else None,
        }
        | recorder.figures()
    )
