"""Running a job in a child process, so that the window's process only waits for messages.

Python threads share one interpreter lock. A job run in a worker thread of the window imports
the roles, tokenizes, embeds and writes to the library in Python, and on a small machine the
window's thread then loses the race for the lock often enough to freeze for 60-90 ms at a time
(measured by `bench gui` on two cores). In a child process the job has its own interpreter;
a crash in native code (a bad model file, out of memory) also ends the child, not the window.

The child is spawned (never forked: the window has threads), creates the job with a picklable
`submit` (a module-level function, see job_requests.py) and runs it. It streams `Started`,
then each `JobProgress`, then one `Ended` over a pipe; the parent sends "cancel" over another.
A child whose parent has gone cancels its job, so a closed or crashed window leaves no model
running. The job's items are committed one by one as always: whatever ends the child, the
finished items are in the library and the job can be resumed.
"""

import multiprocessing
import signal
import threading
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from pathlib import Path
from typing import Any

import psutil

from sensemaking_desktop.cancel import CancelToken, stop_child
from sensemaking_desktop.errors import Cancelled, JobError, SensemakingError
from sensemaking_desktop.jobs import JobInfo, JobQueue
from sensemaking_desktop.store import Store

Submit = Callable[[Store, JobQueue], tuple[int, Any]]
"""submit(store, queue) -> (job id, anything the caller wants back, such as a quiz id).
It crosses to the child by pickling, so it must be a module-level function or a
functools.partial of one, with picklable arguments."""

_POLL_S = 0.1
"""How often the parent looks at the cancel token while it waits for the child."""

_CANCEL_GRACE_S = 15.0
"""How long a cancelled child may take to stop after its current token or step."""

_EXIT_WAIT_S = 10.0
"""How long a child that has sent its last message may take to exit."""

_NICE = 10
"""How much lower than the window the child runs, so the window goes first on a busy CPU."""


@dataclass(frozen=True)
class Started:
    job_id: int
    extra: Any


@dataclass(frozen=True)
class Ended:
    """The child's last message: the job's state, or why it could not run."""

    info: JobInfo | None = None
    message: str = ""
    kind: str = ""
    """The exception's type for an unexpected failure; empty for the core's own errors."""
    details: str = ""


class UnexpectedJobFailure(Exception):
    """An error the core did not foresee, raised in the child; carries its traceback as text."""

    def __init__(self, kind: str, message: str, details: str) -> None:
        super().__init__(message)
        self.kind = kind
        self.details = details


def run(data_dir: Path, submit: Submit, cancel: CancelToken, report: Callable[[object], None]) -> JobInfo:
    """Create and run a job in a child; `report` hears `Started` and each `JobProgress`.

    Returns the job's final JobInfo (done, cancelled, failed); raises `Cancelled` when the job
    was cancelled before it existed or the child had to be stopped, JobError when the child
    died without a word, and the child's own error otherwise."""
    context = multiprocessing.get_context("spawn")
    events_in, events_out = context.Pipe(duplex=False)
    control_in, control_out = context.Pipe(duplex=False)
    child = context.Process(target=child_main, args=(data_dir, submit, events_out, control_in), name="sensemaking-job")
    child.start()
    events_out.close()
    control_in.close()
    ended = None
    try:
        ended = _collect(child, events_in, control_out, cancel, report)
    finally:
        # A terminated job's runner is gone: the queue marks it interrupted, to be resumed.
        stop_child(child, wait_s=_EXIT_WAIT_S if ended is not None else 0)
        events_in.close()
        control_out.close()
    return _outcome(ended)


def _collect(
    child: BaseProcess,
    events: Connection,
    control: Connection,
    cancel: CancelToken,
    report: Callable[[object], None],
) -> Ended | None:
    """Forward the child's messages until its `Ended`; None when it had to be stopped."""
    cancelled_at: float | None = None
    while True:
        if cancel.cancelled and cancelled_at is None:
            _send_cancel(control)
            cancelled_at = time.monotonic()
        if cancelled_at is not None and time.monotonic() - cancelled_at > _CANCEL_GRACE_S:
            return None
        try:
            message = events.recv() if events.poll(_POLL_S) else None
        except (EOFError, OSError):
            return _died(child, cancelled=cancel.cancelled)
        if isinstance(message, Ended):
            return message
        if message is not None:
            report(message)


def _send_cancel(control: Connection) -> None:
    try:
        control.send("cancel")
    except OSError:
        pass  # the child has gone already; its end is read next


def _died(child: BaseProcess, *, cancelled: bool) -> None:
    child.join(timeout=_EXIT_WAIT_S)
    if cancelled:
        return None
    raise JobError(
        f"The job's process stopped unexpectedly (exit code {child.exitcode}); the computer may have "
        "run out of memory. Finished items are kept, and the job can be resumed from Jobs."
    )


def _outcome(ended: Ended | None) -> JobInfo:
    if ended is None:
        raise Cancelled()
    if ended.info is not None:
        return ended.info
    if ended.kind == Cancelled.__name__:
        raise Cancelled()
    if ended.kind:
        raise UnexpectedJobFailure(ended.kind, ended.message, ended.details)
    raise JobError(ended.message)


def child_main(data_dir: Path, submit: Submit, events: Connection, control: Connection) -> None:
    """The child's whole life: create the job, run it, say how it ended.

    Ctrl+C in a terminal reaches the whole process group; the parent decides what it means."""
    from sensemaking_desktop.workflows.core import Core

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _run_below_the_window()
    cancel = CancelToken()
    threading.Thread(target=_listen, args=(control, cancel), name="cancel-listener", daemon=True).start()
    try:
        core = Core(data_dir)
        try:
            job_id, extra = submit(core.store, core.jobs)
            events.send(Started(job_id, extra))
            ended = Ended(core.jobs.run(job_id, cancel=cancel, on_progress=events.send))
        finally:
            core.close()
    except Cancelled:
        ended = Ended(kind=Cancelled.__name__)
    except SensemakingError as error:
        ended = Ended(message=str(error))
    except Exception as error:  # every failure must reach the parent, which shows one line
        ended = Ended(message=str(error), kind=type(error).__name__, details=traceback.format_exc())
    events.send(ended)


def _listen(control: Connection, cancel: CancelToken) -> None:
    """Cancel on the parent's word, or when the parent has gone (its end of the pipe closed)."""
    try:
        control.recv()
    except (EOFError, OSError):
        pass
    cancel.cancel()


def _run_below_the_window() -> None:
    """Lower this process's priority; llama.cpp's threads inherit it."""
    process = psutil.Process()
    try:
        process.nice(psutil.BELOW_NORMAL_PRIORITY_CLASS if psutil.WINDOWS else _NICE)
    except psutil.Error:
        pass
