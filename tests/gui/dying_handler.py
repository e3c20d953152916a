"""A job handler whose process dies in the middle of an item, as after a crash or kill -9,
when SENSEMAKING_TEST_DIE is set; otherwise its items finish at once."""

import os
from typing import Any

from sensemaking_desktop.cancel import CancelToken
from sensemaking_desktop.jobs import JobHandler

DIE = "SENSEMAKING_TEST_DIE"


class DyingHandler(JobHandler):
    name = "test-dying"

    def run(self, payload: dict[str, Any], cancel: CancelToken) -> dict[str, Any]:
        if os.environ.get(DIE) and payload["n"] == 2:
            os._exit(9)
        return {"n": payload["n"]}
