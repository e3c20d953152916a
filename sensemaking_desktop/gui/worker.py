"""Running core work off the GUI thread, so the event loop never waits on a model, a download
or the disk.

A sqlite3 connection belongs to the thread that opened it, so every task opens its own
library connection with `open_store` and closes it when done. Results, progress and failures
come back through queued signals to a `Task` living in the GUI thread; cancel sets the core's
CancelToken, which the core checks between its smallest steps.
"""

import os
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QRunnable, QThread, QThreadPool, Signal, Slot

from sensemaking_desktop.cancel import CancelToken
from sensemaking_desktop.errors import Cancelled
from sensemaking_desktop.gui.messages import describe

WORKER_NICE = 10
"""How much lower than the window workers run (Linux nice); threads they start inherit it."""

SUCCEEDED, FAILED, CANCELLED = "succeeded", "failed", "cancelled"

Report = Callable[[object], None]
Work = Callable[[Any, CancelToken, Report], object]
"""work(store, cancel, report) -> result; runs in a worker thread with the worker's own Store."""


class Task(QObject):
    """The GUI thread's handle on one piece of work: cancel it, hear how it went."""

    progress = Signal(object)
    settled = Signal()
    """First of all when the work has ended, before the outcome's own signal."""
    succeeded = Signal(object)
    failed = Signal(str, str)
    cancelled = Signal()
    finished = Signal()

    def __init__(self, work: Work, long: bool, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.work = work
        self.long = long
        self.token = CancelToken()

    def cancel(self) -> None:
        self.token.cancel()

    @Slot(str, object)
    def _end(self, outcome: str, payload: object) -> None:
        """Runs in the GUI thread, once: settle, then report the outcome, then finished."""
        self.settled.emit()
        if outcome == SUCCEEDED:
            self.succeeded.emit(payload)
        elif outcome == FAILED:
            self.failed.emit(*payload)  # type: ignore[misc]
        else:
            self.cancelled.emit()
        self.finished.emit()


class _Emitter(QObject):
    """Lives in the GUI thread; what the worker emits reaches the Task queued, the outcome as
    one event so that nothing can run between the task settling and its callbacks."""

    progress = Signal(object)
    ended = Signal(str, object)


class _Runnable(QRunnable):
    def __init__(self, data_dir: Path, task: Task, emitter: _Emitter) -> None:
        super().__init__()
        self._data_dir = data_dir
        self._task = task
        self._emitter = emitter

    def run(self) -> None:
        from sensemaking_desktop.store import open_store

        run_in_background()
        try:
            with open_store(self._data_dir) as store:
                result = self._task.work(store, self._task.token, self._emitter.progress.emit)
        except Cancelled:
            self._emitter.ended.emit(CANCELLED, None)
        except BaseException as error:  # every failure must reach the user as a message, never a crash
            self._emitter.ended.emit(FAILED, describe(error))
        else:
            self._emitter.ended.emit(SUCCEEDED, result)


def run_in_background() -> None:
    """Let the window's thread go first when the CPU is busy.

    On a small, loaded machine the scheduler otherwise shares the cores evenly between the
    window and llama.cpp's threads, and the window waits its turn (stalls of 100-300 ms were
    measured on two shared cores). Linux keeps a nice value per thread and new threads inherit
    it, so llama.cpp's threads started from this worker run lower too; elsewhere Qt's thread
    priority is used."""
    if hasattr(os, "setpriority") and os.uname().sysname == "Linux":
        try:
            os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), WORKER_NICE)
        except OSError:
            pass
        return
    QThread.currentThread().setPriority(QThread.Priority.LowPriority)


class Workers(QObject):
    """A thread pool for the app's long work, and the tasks still running in it."""

    def __init__(self, data_dir: Path, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.data_dir = data_dir
        self.pool = QThreadPool(self)
        self.pool.setMaxThreadCount(8)
        self._tasks: set[Task] = set()

    def run(
        self,
        work: Work,
        *,
        done: Callable[[Any], None] | None = None,
        progress: Callable[[Any], None] | None = None,
        failed: Callable[[str, str], None] | None = None,
        cancelled: Callable[[], None] | None = None,
        finished: Callable[[], None] | None = None,
        long: bool = False,
    ) -> Task:
        """Start `work` in a worker; the callbacks run in the GUI thread. `long` marks work the
        user started and would lose by quitting (a job, a download), as opposed to quick reads."""
        task = Task(work, long, self)
        task.settled.connect(lambda: self._tasks.discard(task))
        for signal, callback in (
            (task.succeeded, done),
            (task.progress, progress),
            (task.failed, failed),
            (task.cancelled, cancelled),
        ):
            if callback is not None:
                signal.connect(callback)
        if finished is not None:
            task.finished.connect(finished)
        emitter = _Emitter(task)
        emitter.progress.connect(task.progress)
        emitter.ended.connect(task._end)
        self._tasks.add(task)
        self.pool.start(_Runnable(self.data_dir, task, emitter))
        return task

    @property
    def busy(self) -> bool:
        return bool(self._tasks)

    @property
    def busy_with_long_work(self) -> bool:
        return any(task.long for task in self._tasks)

    def stop_all(self, wait_ms: int = 15000) -> bool:
        """Cancel every task and wait for the workers; True when all have stopped."""
        for task in list(self._tasks):
            task.cancel()
        return self.pool.waitForDone(wait_ms)
