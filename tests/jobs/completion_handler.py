"""Job handlers for the queue tests; importable by the child processes they start."""

import os
from typing import Any

from sensemaking_desktop.cancel import CancelToken
from sensemaking_desktop.errors import SensemakingError
from sensemaking_desktop.jobs import JobHandler
from sensemaking_desktop.llm.backend import Prompt, Sampling


class CompletionHandler(JobHandler):
    """One real completion on the embedded model per item; remembers which process made it."""

    name = "test-completion"

    def run(self, payload: dict[str, Any], cancel: CancelToken) -> dict[str, Any]:
        prompt = Prompt([{"role": "user", "content": f"Write one sentence about the number {payload['n']}."}])
        generation = self.context.engine().chat(
            prompt, sampling=Sampling(max_tokens=24, temperature=0.0), cancel=cancel
        )
        return {"n": payload["n"], "text": generation.text, "pid": os.getpid()}


class ArithmeticHandler(JobHandler):
    """Fast items; the `fail_on` item fails; saves a material row to check the shared transaction."""

    name = "test-arithmetic"

    def run(self, payload: dict[str, Any], cancel: CancelToken) -> dict[str, Any]:
        cancel.raise_if_cancelled()
        if payload["n"] == self.params.get("fail_on"):
            raise SensemakingError(f"item {payload['n']} cannot be done")
        self.context.item_progress(0.5)
        return {"square": payload["n"] ** 2}

    def save(self, db: Any, payload: dict[str, Any], result: dict[str, Any]) -> dict[str, Any]:
        row = db["materials"].insert({"title": f"square {result['square']}", "kind": "text", "created_at": "now"})
        return {"material_id": row.last_pk}
