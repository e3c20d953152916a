"""A cancel token shared between the one who asks to stop and the work that stops."""

import threading
from multiprocessing.process import BaseProcess

from sensemaking_desktop.errors import Cancelled


class CancelToken:
    """Set once by any thread; checked by long work between its smallest steps."""

    def __init__(self) -> None:
        self._event = threading.Event()

    def cancel(self) -> None:
        self._event.set()

    @property
    def cancelled(self) -> bool:
        return self._event.is_set()

    def wait(self, seconds: float) -> bool:
        """Sleep up to `seconds`, waking at once on cancel; whether it was cancelled."""
        return self._event.wait(seconds)

    def raise_if_cancelled(self) -> None:
        if self._event.is_set():
            raise Cancelled()


class _Never(CancelToken):
    """The token of callers that offer no cancel: cancelling it does nothing, since it is shared by
    the whole process and one failed batch (`llm.parallel.map_ordered` cancels its token on a
    failure) would otherwise cancel every later call that has no token of its own."""

    def cancel(self) -> None:
        return None


NEVER: CancelToken = _Never()
"""A token nobody cancels, for callers that do not offer cancel."""


def stop_child(child: BaseProcess, *, wait_s: float) -> None:
    """Let a child process exit within `wait_s`, then terminate or kill it; always reap it.

    A child that has answered is already on its way out and gets time to exit cleanly; one
    that is still working (cancelled, or its parent failed) gets none."""
    child.join(timeout=wait_s)
    if child.is_alive():
        child.terminate()
        child.join(timeout=1)
    if child.is_alive():
        child.kill()
        child.join()
