"""Running core work off the GUI thread, so the event loop never waits on a model, a download
or the disk.

A sqlite3 connection belongs to the thread that opened it, so every task opens its own
library connection with `open_store` and closes it when done. Results, progress and failures
come back through queued signals to a `Task` living in the GUI thread; cancel sets the core's
CancelToken, which the core checks between its smallest steps.
"""

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal, Slot

from sensemaking_desktop.cancel import CancelToken
from sensemaking_desktop.errors import Cancelled
from sensemaking_desktop.gui.messages import describe

Report = Callable[[object], None]
Work = Callable[[Any, CancelToken, Report], object]
"""work(store, cancel, report) -> result; runs in a worker thread with the worker's own Store."""


class Task(QObject):
    """The GUI thread's handle on one piece of work: cancel it, hear how it went."""

    progress = Signal(object)
    succeeded = Signal(object)
    failed = Signal(str, str)
    cancelled = Signal()
    finished = Signal()

    def __init__(self, work: Work, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.work = work
        self.token = CancelToken()
        self.running = True

    def cancel(self) -> None:
        self.token.cancel()

    @Slot()
    def _finish(self) -> None:
        self.running = False


class _Emitter(QObject):
    """Lives in the GUI thread; signals emitted from the worker reach the Task queued."""

    progress = Signal(object)
    succeeded = Signal(object)
    failed = Signal(str, str)
    cancelled = Signal()
    finished = Signal()


class _Runnable(QRunnable):
    def __init__(self, data_dir: Path, task: Task, emitter: _Emitter) -> None:
        super().__init__()
        self._data_dir = data_dir
        self._task = task
        self._emitter = emitter

    def run(self) -> None:
        from sensemaking_desktop.store import open_store

        try:
            with open_store(self._data_dir) as store:
                result = self._task.work(store, self._task.token, self._emitter.progress.emit)
        except Cancelled:
            self._emitter.cancelled.emit()
        except BaseException as error:  # every failure must reach the user as a message, never a crash
            self._emitter.failed.emit(*describe(error))
        else:
            self._emitter.succeeded.emit(result)
        finally:
            self._emitter.finished.emit()


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
    ) -> Task:
        """Start `work` in a worker; the callbacks run in the GUI thread."""
        task = Task(work, self)
        for signal, callback in (
            (task.succeeded, done),
            (task.progress, progress),
            (task.failed, failed),
            (task.cancelled, cancelled),
        ):
            if callback is not None:
                signal.connect(callback)
        task.finished.connect(task._finish)
        task.finished.connect(lambda: self._tasks.discard(task))
        if finished is not None:
            task.finished.connect(finished)
        emitter = _Emitter(task)
        emitter.progress.connect(task.progress)
        emitter.succeeded.connect(task.succeeded)
        emitter.failed.connect(task.failed)
        emitter.cancelled.connect(task.cancelled)
        emitter.finished.connect(task.finished)
        self._tasks.add(task)
        self.pool.start(_Runnable(self.data_dir, task, emitter))
        return task

    @property
    def busy(self) -> bool:
        return bool(self._tasks)

    def stop_all(self, wait_ms: int = 15000) -> bool:
        """Cancel every task and wait for the workers; True when all have stopped."""
        for task in list(self._tasks):
            task.cancel()
        return self.pool.waitForDone(wait_ms)
