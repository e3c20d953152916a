"""`bench teacher` and `bench student`: questions per minute and prompt tokens evaluated against
the fewest the work needs.

Every model call goes through a recorder that keeps the prompt's tokens and how many of them
the engine evaluated (the rest came from its KV cache or a saved prefix state). The fewest
needed is what an ideal cache would evaluate: each prompt's tokens beyond the longest head it
shares with any earlier prompt of the run. A ratio of 1.0 means no token was evaluated twice.
"""

import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TextIO

from sensemaking_desktop.bench import abstention
from sensemaking_desktop.cancel import NEVER, CancelToken
from sensemaking_desktop.hashing import sha256_of
from sensemaking_desktop.llm.backend import Generation, Prompt
from sensemaking_desktop.llm.llama_engine import LlamaEngine, common_prefix
from sensemaking_desktop.quizzes.model import QuestionKind
from sensemaking_desktop.roles import abstention as abstention_rule
from sensemaking_desktop.roles.student import answer_one, extracts
from sensemaking_desktop.roles.teacher import TeacherOptions, generate_quiz
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


def teacher(engine: LlamaEngine, count: int, kinds: list[QuestionKind], material: str | None = None) -> dict[str, Any]:
    """Write one quiz over the sample (or `material`) and report its speed and token economy."""
    engine.reset()
    recorder = Recorder(engine)
    text = material or load_sample().text
    started = time.perf_counter()
    result = generate_quiz(recorder, text, TeacherOptions(count=count, kinds=kinds))
    minutes = (time.perf_counter() - started) / 60
    return {
        "model": engine.identity.name,
        "parameters": engine.parameters,
        "asked": count,
        "kinds": [kind.value for kind in kinds],
        "kept": len(result.kept),
        "dropped": len(result.dropped),
        "failures": len(result.failures),
        "notes": result.notes,
        "minutes": round(minutes, 3),
        "kept_per_minute": round(len(result.kept) / minutes, 2) if minutes else None,
    } | recorder.figures()


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
