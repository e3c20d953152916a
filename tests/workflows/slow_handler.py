"""A job of slow items for the job-process tests; the spawned child imports this module, and so
the handler, when it unpickles `submit`."""

from typing import Any

from sensemaking_desktop.cancel import CancelToken
from sensemaking_desktop.jobs import JobHandler, JobQueue
from sensemaking_desktop.store import Store

ITEMS = 40


class SlowHandler(JobHandler):
    name = "test-slow"

    def run(self, payload: dict[str, Any], cancel: CancelToken) -> dict[str, Any]:
        cancel.wait(0.25)
        return {"n": payload["n"]}


def submit(store: Store, queue: JobQueue) -> tuple[int, None]:
    items = [(f"n{n}", {"n": n}) for n in range(ITEMS)]
    return queue.submit(SlowHandler, kind="test", title="Slow", params={}, items=items), None
