"""A job handler whose process dies in the middle of an item, as after a crash or kill -9,
when SENSEMAKING_TEST_DIE is set; otherwise its items finish at once, or fail (params
`fail`: the positions of the items that fail, as a model server answering HTTP 500 would).

The window runs jobs in a spawned child, which knows only the app's own handlers; `resume`
stands in for job_requests.resume so that the child imports this module, and so this handler."""

import os
from typing import Any

from sensemaking_desktop.cancel import CancelToken
from sensemaking_desktop.errors import SensemakingError
from sensemaking_desktop.jobs import JobHandler, JobQueue
from sensemaking_desktop.store import Store

DIE = "SENSEMAKING_TEST_DIE"


class DyingHandler(JobHandler):
    name = "test-dying"

    def run(self, payload: dict[str, Any], cancel: CancelToken) -> dict[str, Any]:
        if os.environ.get(DIE) and payload["n"] == 2:
            os._exit(9)
        if payload["n"] in self.params.get("fail", []):
            raise SensemakingError(f"The model server answered item {payload['n']} with HTTP 500.")
        return {"n": payload["n"], "pid": os.getpid()}


def resume(store: Store, queue: JobQueue, *, job_id: int) -> tuple[int, None]:
    return job_id, None
