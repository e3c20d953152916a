"""Running the core's persistent jobs (import, quiz writing, ...) in child processes.

Each job is created and run in a child (see workflows/job_process.py), which a worker thread
waits on: the window's process never imports a role or runs a model for a job, so the job
cannot take the interpreter lock from the window. Every view hears of every job: the Jobs area
lists them, the area that started one shows its bar, and cancel reaches the job in its child
wherever it was started.
"""

from collections.abc import Callable
from functools import partial
from typing import Any

from PySide6.QtCore import QObject, Signal

from sensemaking_desktop.gui.worker import Task, Workers
from sensemaking_desktop.workflows import job_process, job_requests
from sensemaking_desktop.workflows.job_process import Started, Submit


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

    def submit(self, submit: Submit) -> RunningJob:
        """Create a job with `submit` (picklable: see job_requests.py) and run it in a child."""
        return self._start(submit)

    def resume(self, job_id: int) -> RunningJob:
        """Run the unfinished items of an existing job."""
        return self._start(partial(job_requests.resume, job_id=job_id))

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

    def _start(self, submit: Submit) -> RunningJob:
        handle = RunningJob(self)
        data_dir = self.workers.data_dir

        def work(_store: Any, cancel: Any, report: Callable[[object], None]) -> object:
            return job_process.run(data_dir, submit, cancel, report)

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
