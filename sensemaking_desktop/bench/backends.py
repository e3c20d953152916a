"""`bench backends`: Student answers per minute and tokens per second against one backend at
several levels of concurrency, to see how a server's throughput scales with `--parallel`.

Each level answers the same `items` questions over the sample material, or over a text of
your own (structured output, evidence lookup: the real Student), sent `parallel` at a time. Tokens per second counts the
completion tokens of all answers over the wall time of the level.
"""

import time
from typing import Any

from sensemaking_desktop.cancel import NEVER, CancelToken
from sensemaking_desktop.llm.backend import ChatBackend
from sensemaking_desktop.llm.parallel import map_ordered
from sensemaking_desktop.roles.student import StudentAnswer, answer_one
from sensemaking_desktop.samples import load_sample


def run(
    backend: ChatBackend, levels: list[int], items: int, *, material: str | None = None, cancel: CancelToken = NEVER
) -> dict[str, Any]:
    """One row per level of concurrency; an in-process model is measured at one level only."""
    sample = load_sample()
    text = material or sample.text
    questions = [sample.questions[index % len(sample.questions)].question for index in range(items)]
    if backend.identity.server_url is None:
        levels = [1]
    rows = []
    for parallel in levels:
        started = time.perf_counter()
        answers: list[StudentAnswer] = map_ordered(
            lambda question: answer_one(backend, text, question, cancel=cancel, extractive=False),
            questions,
            parallel,
            cancel,
        )
        seconds = time.perf_counter() - started
        tokens = sum(answer.provenance.get("completion_tokens", 0) for answer in answers)
        rows.append(
            {
                "parallel": parallel,
                "items": len(answers),
                "seconds": round(seconds, 2),
                "completion_tokens": tokens,
                "tokens_per_s": round(tokens / seconds, 1),
                "items_per_minute": round(60 * len(answers) / seconds, 1),
            }
        )
    return {
        "model": backend.identity.name,
        "server_url": backend.identity.server_url,
        "backend": backend.backend_name,
        "levels": rows,
    }
