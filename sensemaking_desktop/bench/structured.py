"""`bench structured`: many schema-constrained calls; counts unparseable outputs and typed errors."""

import json
import time
from typing import Any

from sensemaking_desktop.bench.engine import BenchAnswer, peak_rss_mb
from sensemaking_desktop.cancel import NEVER, CancelToken
from sensemaking_desktop.errors import StructuredOutputError
from sensemaking_desktop.llm.backend import Sampling
from sensemaking_desktop.llm.llama_engine import LlamaEngine
from sensemaking_desktop.llm.prompts import load_template
from sensemaking_desktop.llm.structured import structured
from sensemaking_desktop.samples import load_sample


def run(engine: LlamaEngine, calls: int, *, on_call: Any = None, cancel: CancelToken = NEVER) -> dict[str, Any]:
    """`calls` structured answers over the sample, varying question and seed (temperature 0.7)."""
    sample = load_sample()
    template = load_template("bench_structured")
    counts = {"valid": 0, "typed_errors": 0, "unparseable_outputs": 0, "retried": 0}
    tokens = 0
    started = time.perf_counter()
    for index in range(calls):
        cancel.raise_if_cancelled()
        question = sample.questions[index % len(sample.questions)]
        prompt = template.render(material=sample.text, question=question.question)
        try:
            result = structured(
                engine, prompt, BenchAnswer, sampling=Sampling(temperature=0.7, seed=index * 7), cancel=cancel
            )
        except StructuredOutputError as error:
            counts["typed_errors"] += 1
            outputs = error.raw_outputs
        else:
            counts["valid"] += 1
            counts["retried"] += result.attempts > 1
            tokens += result.generation.completion_tokens
            outputs = [result.generation.text]
        counts["unparseable_outputs"] += sum(not _parses(text) for text in outputs)
        if on_call:
            on_call(index + 1, calls)
    elapsed = time.perf_counter() - started
    return {
        "model": engine.identity.name,
        "calls": calls,
        **counts,
        "completion_tokens": tokens,
        "elapsed_s": round(elapsed, 2),
        "peak_rss_mb": peak_rss_mb(),
    }


def _parses(text: str) -> bool:
    try:
        json.loads(text)
    except json.JSONDecodeError:
        return False
    return True
