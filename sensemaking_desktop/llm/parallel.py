"""Independent model requests sent at once, when the model is on a server that serves several.

An in-process llama.cpp model runs one request at a time (it is not thread-safe, and its
speed comes from reusing the prompt prefix between consecutive calls), so it always gets one
slot. A server gets `parallel_requests` from the settings, else what it reports it serves.
Results always come back in input order.
"""

from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from typing import TypeVar

from sensemaking_desktop.cancel import CancelToken
from sensemaking_desktop.llm.backend import ChatBackend
from sensemaking_desktop.settings import Settings

T = TypeVar("T")
R = TypeVar("R")


def request_slots(backend: ChatBackend, settings: Settings, override: int | None = None) -> int:
    """How many requests to keep in flight: 1 for an in-process model; for a server the
    explicit `override` (--parallel), else the setting, else what the server reports."""
    if backend.identity.server_url is None:
        return 1
    return max(1, override or settings.parallel_requests or backend.capabilities.parallel_requests)


def map_ordered(
    work: Callable[[T], R],
    items: Sequence[T],
    slots: int,
    cancel: CancelToken,
    on_done: Callable[[int, R], None] | None = None,
) -> list[R]:
    """`work` over `items` with up to `slots` at once; `on_done(index, result)` runs in the
    calling thread as each finishes. The first failure cancels the rest and is raised; so does
    `cancel`, checked before each item too, since work that asks no model may never check it."""
    if slots <= 1:
        results = []
        for index, item in enumerate(items):
            cancel.raise_if_cancelled()
            results.append(work(item))
            if on_done:
                on_done(index, results[-1])
        return results
    done: dict[int, R] = {}
    with ThreadPoolExecutor(max_workers=slots, thread_name_prefix="request") as pool:
        futures: dict[Future[R], int] = {pool.submit(work, item): index for index, item in enumerate(items)}
        pending = set(futures)
        try:
            while pending:
                finished, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in finished:
                    done[futures[future]] = future.result()
                    if on_done:
                        on_done(futures[future], done[futures[future]])
                cancel.raise_if_cancelled()
        except BaseException:
            cancel.cancel()
            for future in pending:
                future.cancel()
            raise
    return [done[index] for index in range(len(items))]
