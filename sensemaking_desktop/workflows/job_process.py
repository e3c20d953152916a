"""Running a job, or other model work, in a child process, so that the window's process
only waits for messages.

Python threads share one interpreter lock. A job run in a worker thread of the window imports
the roles, tokenizes, embeds and writes to the library in Python, and on a small machine the
window's thread then loses the race for the lock often enough to freeze for 60-90 ms at a time
(measured by `bench gui` on two cores). In a child process the work has its own interpreter;
a crash in native code (a bad model file, out of memory) also ends the child, not the window.

The child is spawned (never forked: the window has threads) and runs a picklable `work` (a
module-level function or a functools.partial of one, see job_requests.py) on its own library.
It streams what the work reports, then one `Ended`, over a pipe; the parent sends "cancel"
over another. A child whose parent has gone exits at once, so a crashed window leaves no
model running. A job creates itself in the child, reports `Started`, then each
`JobProgress`; its items are committed one by one as always: whatever ends the child, the
finished items are in the library and the job can be resumed.
"""

import multiprocessing
import os
import signal
import threading
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from pathlib import Path
from typing import Any

import psutil

from sensemaking_desktop.cancel import CancelToken, stop_child
from sensemaking_desktop.errors import Cancelled, JobError, SensemakingError
from sensemaking_desktop.jobs import JobInfo, JobQueue
from sensemaking_desktop.store import Store
from sensemaking_desktop.workflows.core import Core

Report = Callable[[object], None]
Work = Callable[[Core, CancelToken, Report], Any]
"""work(core, cancel, report) -> a picklable result. It crosses to the child by pickling, so
it must be a module-level function or a functools.partial of one, with picklable arguments."""
Submit = Callable[[Store, JobQueue], tuple[int, Any]]
"""submit(store, queue) -> (job id, anything the caller wants back, such as a quiz id);
picklable as `Work` is."""

_POLL_S = 0.1
"""How often the parent looks at the cancel token while it waits for the child."""

_CANCEL_GRACE_S = 15.0
"""How long a cancelled child may take to stop after its current token or step."""

_EXIT_WAIT_S = 10.0
"""How long a child that has sent its last message may take to exit."""

ORPHANED_EXIT = 3
"""The exit status of a child whose parent has gone."""

_NICE = 10
"""How much lower than the window the child runs, so the window goes first on a busy CPU."""


@dataclass(frozen=True)
class Started:
    job_id: int
    extra: Any


@dataclass(frozen=True)
class Ended:
    """The child's last message: what the work returned, or why it stopped."""

    outcome: str
    """done, cancelled or failed."""
    result: Any = None
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


def run(data_dir: Path, submit: Submit, cancel: CancelToken, report: Report) -> JobInfo:
    """Create and run a job in a child; `report` hears `Started` and each `JobProgress`.

    Returns the job's final JobInfo (done, cancelled, failed); raises as `run_in_child` does."""
    return run_in_child(data_dir, partial(_job, submit=submit), cancel, report)


def _job(core: Core, cancel: CancelToken, report: Report, *, submit: Submit) -> JobInfo:
    job_id, extra = submit(core.store, core.jobs)
    report(Started(job_id, extra))
    return core.jobs.run(job_id, cancel=cancel, on_progress=report)


def run_in_child(data_dir: Path, work: Work, cancel: CancelToken, report: Report) -> Any:
    """Run `work` in a child on the library in `data_dir`; `report` hears what it reports.

    Returns what the work returned; raises `Cancelled` when it was cancelled (or the child had
    to be stopped), JobError when the child died without a word, and the work's own error
    otherwise (`UnexpectedJobFailure` for one the core did not foresee)."""
    context = multiprocessing.get_context("spawn")
    events_in, events_out = context.Pipe(duplex=False)
    control_in, control_out = context.Pipe(duplex=False)
    child = context.Process(target=child_main, args=(data_dir, work, events_out, control_in), name="sensemaking-job")
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
    report: Report,
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
        f"The work's process stopped unexpectedly (exit code {child.exitcode}); the computer may have "
        "run out of memory. What was finished is kept; a job can be resumed from Jobs."
    )


def _outcome(ended: Ended | None) -> Any:
    if ended is None or ended.outcome == "cancelled":
        raise Cancelled()
    if ended.outcome == "done":
        return ended.result
    if ended.kind:
        raise UnexpectedJobFailure(ended.kind, ended.message, ended.details)
    raise JobError(ended.message)


def child_main(data_dir: Path, work: Work, events: Connection, control: Connection) -> None:
    """The child's whole life: run the work, say how it ended.

    Ctrl+C in a terminal reaches the whole process group; the parent decides what it means."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _run_below_the_window()
    cancel = CancelToken()
    threading.Thread(target=_listen, args=(control, cancel), name="cancel-listener", daemon=True).start()
    try:
        core = Core(data_dir)
        try:
            ended = Ended("done", work(core, cancel, events.send))
        finally:
            core.close()
    except Cancelled:
        ended = Ended("cancelled")
    except SensemakingError as error:
        ended = Ended("failed", message=str(error))
    except Exception as error:  # every failure must reach the parent, which shows one line
        ended = Ended("failed", message=str(error), kind=type(error).__name__, details=traceback.format_exc())
    events.send(ended)


def _listen(control: Connection, cancel: CancelToken) -> None:
    """Cancel on the parent's word. When the parent has gone (its end of the pipe closed: the
    window crashed or was killed), stop at once as a crash would: the model stops, the finished
    items are committed, and the job, whose runner is gone, is offered for resume at the next
    start as it was when jobs ran inside the window."""
    try:
        control.recv()
    except (EOFError, OSError):
        for child in multiprocessing.active_children():  # speech-to-text of an import job
            child.terminate()
        os._exit(ORPHANED_EXIT)
    cancel.cancel()


def _run_below_the_window() -> None:
    """Lower this process's priority; llama.cpp's threads inherit it."""
    process = psutil.Process()
    try:
        process.nice(psutil.BELOW_NORMAL_PRIORITY_CLASS if psutil.WINDOWS else _NICE)
    except psutil.Error:
        pass
