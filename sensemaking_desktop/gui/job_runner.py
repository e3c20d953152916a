"""Running the core's persistent jobs (import, quiz writing, ...) in workers.

Jobs are created and run in the worker (creating a quiz job imports the Teacher, which the
window should not pay for at start-up). Every view hears of every job: the Jobs area lists
them, the area that started one shows its bar, and cancel reaches the job's CancelToken
wherever it was started.
"""

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QObject, Signal

from sensemaking_desktop.gui.quiet_import import import_quietly
from sensemaking_desktop.gui.worker import Task, Workers
from sensemaking_desktop.workflows.core import Core

Submit = Callable[[Any, Any], tuple[int, Any]]
"""submit(store, queue) -> (job id, anything the caller wants back, such as a quiz id)."""


@dataclass(frozen=True)
class Started:
    job_id: int
    extra: Any


class RunningJob(QObject):
    """One job run from this window."""

    started = Signal(int, object)
    progress = Signal(object)
    finished = Signal(object)
    failed = Signal(str, str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.job_id: int | None = None
        self.task: Task | None = None

    def cancel(self) -> None:
        if self.task is not None:
            self.task.cancel()


class JobRunner(QObject):
    """Starts, resumes and cancels jobs; `changed` tells views to re-read the job list."""

    changed = Signal()
    progress = Signal(object)
    finished = Signal(object)
    """A job run from this window has stopped (done, cancelled); carries its JobInfo."""

    def __init__(self, workers: Workers, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.workers = workers
        self._running: dict[int, RunningJob] = {}

    def submit(self, submit: Submit, preload: tuple[str, ...] = ()) -> RunningJob:
        """Create a job with `submit` and run it; `preload` names heavy modules the job needs,
        imported first without stalling the window (see quiet_import)."""
        return self._start(submit, preload)

    def resume(self, job_id: int) -> RunningJob:
        """Run the unfinished items of an existing job."""
        return self._start(lambda _store, _queue: (job_id, None))

    def cancel(self, job_id: int) -> bool:
        """Cancel a job running in this window; False when it is not running here."""
        running = self._running.get(job_id)
        if running is None:
            return False
        running.cancel()
        return True

    def is_running(self, job_id: int) -> bool:
        return job_id in self._running

    @property
    def running_count(self) -> int:
        return len(self._running)

    def _start(self, submit: Submit, preload: tuple[str, ...] = ()) -> RunningJob:
        handle = RunningJob(self)
        data_dir = self.workers.data_dir

        def work(store: Any, cancel: Any, report: Callable[[object], None]) -> object:
            import_quietly(*preload)
            queue = Core(data_dir, store).jobs
            job_id, extra = submit(store, queue)
            report(Started(job_id, extra))
            return queue.run(job_id, cancel=cancel, on_progress=report)

        handle.task = self.workers.run(
            work,
            progress=lambda update: self._on_progress(handle, update),
            done=lambda info: self._on_done(handle, info),
            failed=lambda message, details: self._on_failed(handle, message, details),
            long=True,
        )
        return handle

    def _on_progress(self, handle: RunningJob, update: object) -> None:
        if isinstance(update, Started):
            handle.job_id = update.job_id
            self._running[update.job_id] = handle
            handle.started.emit(update.job_id, update.extra)
            self.changed.emit()
            return
        handle.progress.emit(update)
        self.progress.emit(update)

    def _on_done(self, handle: RunningJob, info: object) -> None:
        self._forget(handle)
        handle.finished.emit(info)
        self.finished.emit(info)
        self.changed.emit()

    def _on_failed(self, handle: RunningJob, message: str, details: str) -> None:
        self._forget(handle)
        handle.failed.emit(message, details)
        self.changed.emit()

    def _forget(self, handle: RunningJob) -> None:
        if handle.job_id is not None:
            self._running.pop(handle.job_id, None)
