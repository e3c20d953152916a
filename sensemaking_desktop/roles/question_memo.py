"""Per-question results a grading run computes once, owned by that run.

A class's answers to one question share the judge's trust check, the question's fluency and the
reference's key points, so the Evaluator computes each once per model and question. The memo
that holds them belongs to whoever grades (a grading job, a batch, a bench run) and goes when it
does: two runs never share hidden state, and a run that changes its model or prompts starts from
nothing. It is kept apart from the Evaluator so that a job can own one without loading it.
"""

import threading
from collections.abc import Callable, Hashable
from typing import Any

MEMO_LIMIT = 10_000
"""Results a memo keeps; the oldest goes first. A run over many questions (a bench) stays bounded."""


class QuestionMemo:
    """Results by key, each computed once while it is kept. The threads of one run (a batch
    grades in parallel) may share it: the lock guards the bookkeeping, not the computing, so two
    threads may both compute a missing value, and both then get the one kept first."""

    def __init__(self, limit: int = MEMO_LIMIT) -> None:
        self.limit = limit
        self._values: dict[Hashable, Any] = {}
        self._lock = threading.Lock()

    def get(self, key: Hashable, compute: Callable[[], Any]) -> Any:
        """The value kept under `key`, computed (and kept) the first time it is asked for."""
        with self._lock:
            if key in self._values:
                return self._values[key]
        value = compute()
        with self._lock:
            if key not in self._values and len(self._values) >= self.limit:
                del self._values[next(iter(self._values))]
            return self._values.setdefault(key, value)
