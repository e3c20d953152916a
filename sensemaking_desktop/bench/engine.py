"""`bench engine`: load time, engine overhead over raw llama-cpp-python, prefix reuse, structured speed."""

import resource
import statistics
import time
from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field

from sensemaking_desktop.llm.backend import Prompt, Sampling
from sensemaking_desktop.llm.llama_engine import LlamaEngine
from sensemaking_desktop.llm.prompts import load_template
from sensemaking_desktop.llm.structured import structured
from sensemaking_desktop.samples import load_sample

GREEDY = Sampling(temperature=0.0, max_tokens=128, seed=1)
SHORT_ANSWER = Sampling(temperature=0.0, max_tokens=16, seed=1)
QUESTIONS = 10


class BenchAnswer(BaseModel):
    """A Student-like answer with bounded fields, as the roles use."""

    answerable: bool
    answer: str = Field(max_length=200)
    evidence: list[Annotated[str, Field(max_length=160)]] = Field(max_length=2)
    confidence: Literal["low", "medium", "high"]


def peak_rss_mb() -> float:
    return round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)


def _timed(call: Any) -> tuple[Any, float]:
    started = time.perf_counter()
    value = call()
    return value, time.perf_counter() - started


def decode_speeds(engine: LlamaEngine, repeats: int = 5) -> dict[str, float]:
    """Tokens per second of raw llama-cpp-python and of the engine on the same prompt, alternated
    after one untimed round of each (the first call of a process pays for warming caches)."""
    prompt = load_template("bench_story").render(topic="a lighthouse keeper who learns to read the weather")
    tokens, stop = engine.format_tokens(prompt)
    raw_speeds, engine_speeds = [], []
    for round_number in range(repeats + 1):
        engine.reset()
        raw, raw_s = _timed(
            lambda: engine.llama.create_completion(
                tokens,
                max_tokens=GREEDY.max_tokens,
                temperature=0.0,
                top_p=GREEDY.top_p,
                top_k=GREEDY.top_k,
                min_p=GREEDY.min_p,
                repeat_penalty=GREEDY.repeat_penalty,
                seed=GREEDY.seed,
                stop=stop,
            )
        )
        engine.reset()
        generation, engine_s = _timed(lambda: engine.chat(prompt, sampling=GREEDY))
        if round_number > 0:
            raw_speeds.append(raw["usage"]["completion_tokens"] / raw_s)
            engine_speeds.append(generation.completion_tokens / engine_s)
    raw_speed, engine_speed = statistics.median(raw_speeds), statistics.median(engine_speeds)
    return {
        "raw_tokens_per_s": round(raw_speed, 2),
        "engine_tokens_per_s": round(engine_speed, 2),
        "engine_overhead": round(1 - engine_speed / raw_speed, 4),
    }


def prefix_reuse(engine: LlamaEngine) -> dict[str, float]:
    """Ten questions over one section: re-evaluating the section each time against reusing it."""
    sample = load_sample()
    template = load_template("material_question")
    prompts = [template.render(material=sample.text, question=q.question) for q in sample.questions[:QUESTIONS]]
    section_tokens = _shared_prefix([engine.format_tokens(prompt)[0] for prompt in prompts])

    def one(prompt: Prompt, *, fresh: bool) -> float:
        if fresh:
            engine.reset()
        return _timed(lambda: engine.chat(prompt, sampling=SHORT_ANSWER))[1]

    reevaluated = sum(one(prompt, fresh=True) for prompt in prompts)
    engine.reset()
    reused_each = [one(prompt, fresh=False) for prompt in prompts]
    engine.reset()
    _, section_s = _timed(lambda: engine.llama.eval(section_tokens))
    question_s = statistics.median(reused_each[1:])
    n = len(prompts)
    ideal = n * (section_s + question_s) / (section_s + n * question_s)
    speedup = reevaluated / sum(reused_each)
    return {
        "section_tokens": len(section_tokens),
        "questions": n,
        "reevaluated_s": round(reevaluated, 3),
        "reused_s": round(sum(reused_each), 3),
        "section_eval_s": round(section_s, 3),
        "question_s": round(question_s, 4),
        "prefix_reuse_speedup": round(speedup, 2),
        "prefix_reuse_ideal": round(ideal, 2),
        "prefix_reuse_fraction_of_ideal": round(speedup / ideal, 3),
    }


def structured_speed(engine: LlamaEngine, calls: int = 5) -> dict[str, float]:
    """Decoding speed (no prefill) under the JSON schema and free, on the same prompts and model,
    alternated; each prompt is evaluated once before both, so only decoding is timed, and the
    free run stops at the structured run's length, so both decode as many tokens."""
    sample = load_sample()
    template = load_template("bench_structured")
    totals = {"structured": [0.0, 0.0], "free": [0.0, 0.0]}
    for question in sample.questions[:calls]:
        prompt = template.render(material=sample.text, question=question.question)
        engine.chat(prompt, sampling=SHORT_ANSWER)
        constrained = structured(engine, prompt, BenchAnswer).generation
        free = Sampling(temperature=0.0, max_tokens=max(1, constrained.completion_tokens), seed=1)
        unconstrained = engine.chat(prompt, sampling=free)
        for name, generation in (("structured", constrained), ("free", unconstrained)):
            totals[name][0] += generation.completion_tokens
            totals[name][1] += generation.completion_s
    structured_speed_value = totals["structured"][0] / totals["structured"][1]
    free_speed = totals["free"][0] / totals["free"][1]
    return {
        "structured_tokens_per_s": round(structured_speed_value, 2),
        "free_decode_tokens_per_s": round(free_speed, 2),
        "structured_over_free": round(structured_speed_value / free_speed, 3),
    }


def run(engine: LlamaEngine) -> dict[str, Any]:
    figures: dict[str, Any] = {
        "model": engine.identity.name,
        "model_sha256": engine.identity.sha256,
        "backend": engine.backend_name,
        "context_size": engine.context_size,
        "gpu_layers": engine.gpu_layers,
        "load_s": round(engine.load_s, 3),
    }
    figures |= decode_speeds(engine)
    figures |= prefix_reuse(engine)
    figures |= structured_speed(engine)
    figures["peak_rss_mb"] = peak_rss_mb()
    return figures


def _shared_prefix(token_lists: list[list[int]]) -> list[int]:
    first = token_lists[0]
    length = len(first)
    for other in token_lists[1:]:
        mismatch = next((i for i, (a, b) in enumerate(zip(first, other)) if a != b), min(len(first), len(other)))
        length = min(length, mismatch)
    return first[:length]
