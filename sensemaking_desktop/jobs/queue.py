"""The job queue on top of the library file.

A job row names its handler (a registered name, see handler.py); its items are rows that move from pending to done
(or failed) one transaction at a time. A process that runs a job records itself as the
job's runner (pid and start time); a job whose runner is gone was interrupted and
resumes with the items that are not done.

A job whose items all ran ends `done` when none failed, `failed` when none is done and some
failed, `partial` when some are done and some failed; a failed or partial job keeps the first
failure's cause as its error, and resuming it runs the failed items again. What an item works
on can be claimed in the store (claims.py), so two jobs at once never do the same work.
"""

import json
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sensemaking_desktop.cancel import NEVER, CancelToken
from sensemaking_desktop.errors import Cancelled, JobError, SensemakingError
from sensemaking_desktop.jobs.claims import runner_alive as _runner_alive
from sensemaking_desktop.jobs.claims import this_runner as _this_runner
from sensemaking_desktop.jobs.handler import HANDLERS, EngineFactory, JobContext, JobHandler, handler_name
from sensemaking_desktop.redact import SECRET_KEYS, scrub, strip_credentials
from sensemaking_desktop.store import Store
from sensemaking_desktop.store.claims import release
from sensemaking_desktop.store.database import now
from sensemaking_desktop.wording import plural

ACTIVE = ("running", "cancelling")


@dataclass(frozen=True)
class JobInfo:
    id: int
    kind: str
    title: str
    status: str
    total: int
    done: int
    failed: int
    error: str | None
    created_at: str
    updated_at: str

    @property
    def remaining(self) -> int:
        return self.total - self.done


@dataclass(frozen=True)
class JobProgress:
    job_id: int
    done: int
    failed: int
    total: int
    label: str
    elapsed_s: float
    item_fraction: float = 0.0
    """How far the item now running has got (0..1), for a smooth bar over long items."""


ProgressCallback = Callable[[JobProgress], None]


class JobQueue:
    def __init__(self, store: Store, data_dir: Path, *, engines: EngineFactory | None = None) -> None:
        self.store = store
        self.data_dir = data_dir
        self.engines = engines
        self._secrets: dict[int, dict[str, Any]] = {}
        """Secret parameters (a PDF's password) of the jobs submitted here: in memory only."""

    def submit(
        self,
        handler: type[JobHandler],
        *,
        kind: str | None = None,
        title: str,
        params: dict[str, Any],
        items: Iterable[tuple[str, dict[str, Any]]],
    ) -> int:
        """Create a job and all its items in one transaction; its kind is the handler's name
        unless given (tests run stand-in handlers under another kind).

        Secret parameters (redact.SECRET_KEYS: a password, an API key) are never written to the
        job's row: they are held by this queue for its own runs of the job, so a job resumed
        elsewhere runs without them. Credentials in any address are left out of params and items."""
        secrets = {key: params[key] for key in SECRET_KEYS & params.keys() if params[key] is not None}
        params = scrub({key: value for key, value in params.items() if key not in SECRET_KEYS})
        stamp = now()
        with self.store.atomic() as db:
            job_id = (
                db["jobs"]
                .insert(
                    {
                        "kind": kind or handler.name,
                        "title": title,
                        "handler": handler_name(handler),
                        "params": json.dumps(params),
                        "status": "pending",
                        "created_at": stamp,
                        "updated_at": stamp,
                    }
                )
                .last_pk
            )
            db["job_items"].insert_all(
                {
                    "job_id": job_id,
                    "position": position,
                    "label": strip_credentials(label),
                    "payload": json.dumps(scrub(payload)),
                }
                for position, (label, payload) in enumerate(items)
            )
        if secrets:
            self._secrets[job_id] = secrets
        return job_id

    def jobs(self) -> list[JobInfo]:
        self.mark_interrupted()
        return [self._info(row) for row in self.store.db.query(_INFO_SQL + " GROUP BY jobs.id ORDER BY jobs.id DESC")]

    def get(self, job_id: int) -> JobInfo:
        self.mark_interrupted()
        row = next(self.store.db.query(_INFO_SQL + " WHERE jobs.id = ? GROUP BY jobs.id", [job_id]), None)
        if row is None:
            raise JobError(f"There is no job {job_id}.")
        return self._info(row)

    def params(self, job_id: int) -> dict[str, Any]:
        """What the job was submitted with (its handler's settings)."""
        row = self.store.db.execute("SELECT params FROM jobs WHERE id = ?", [job_id]).fetchone()
        if row is None:
            raise JobError(f"There is no job {job_id}.")
        return json.loads(row[0])

    def items(self, job_id: int) -> list[dict[str, Any]]:
        rows = self.store.db.query("SELECT * FROM job_items WHERE job_id = ? ORDER BY position", [job_id])
        return [
            dict(row, payload=json.loads(row["payload"]), result=json.loads(row["result"]) if row["result"] else None)
            for row in rows
        ]

    def mark_interrupted(self) -> list[int]:
        """Jobs whose runner died (crash, kill -9, power loss) become resumable."""
        stale = [
            row["id"]
            for row in self.store.db.query("SELECT id, runner FROM jobs WHERE status IN (?, ?)", list(ACTIVE))
            if not _runner_alive(row["runner"])
        ]
        if stale:
            with self.store.atomic() as db:
                for job_id in stale:
                    db.execute(
                        "UPDATE jobs SET status = 'interrupted', runner = NULL, updated_at = ? WHERE id = ?",
                        [now(), job_id],
                    )
        return stale

    def cancel(self, job_id: int) -> JobInfo:
        """Stop a job: a running one stops after its current item (or token, in-process)."""
        info = self.get(job_id)
        status = "cancelling" if info.status in ACTIVE else "cancelled"
        if info.status != "done":
            with self.store.atomic() as db:
                db.execute("UPDATE jobs SET status = ?, updated_at = ? WHERE id = ?", [status, now(), job_id])
        return self.get(job_id)

    def delete(self, job_id: int) -> None:
        if self.get(job_id).status in ACTIVE:
            raise JobError(f"Job {job_id} is running; cancel it first.")
        with self.store.atomic() as db:
            db.execute("DELETE FROM jobs WHERE id = ?", [job_id])

    def run(self, job_id: int, *, cancel: CancelToken = NEVER, on_progress: ProgressCallback | None = None) -> JobInfo:
        """Run (or resume) a job's unfinished items in order; each result is committed at once."""
        row = self._claim(job_id)
        started = time.perf_counter()
        handler: JobHandler | None = None
        try:
            context = JobContext(
                self.store, self.data_dir, self.engines, job_id=job_id, job_created_at=row["created_at"]
            )
            params = json.loads(row["params"]) | self._secrets.get(job_id, {})
            handler = HANDLERS.load(row["handler"])(params, context)
            self._report(job_id, "", started, on_progress)
            for item in self._unfinished(job_id):
                if cancel.cancelled or self._cancel_requested(job_id):
                    raise Cancelled()
                if on_progress is not None:
                    context.item_progress = self._item_reporter(job_id, item["label"], started, on_progress)
                self._run_item(handler, item, cancel)
                self._report(job_id, item["label"], started, on_progress)
        except Cancelled:
            self._finish(job_id, "cancelled")
        except SensemakingError as error:
            self._finish(job_id, "failed", str(error))
            raise
        except Exception as error:
            self._finish(job_id, "failed", f"unexpected error: {error!r}")
            raise
        except BaseException:
            self._finish(job_id, "interrupted")
            raise
        else:
            self._finish(job_id, *self._ending(job_id))
        return self.get(job_id)

    def _ending(self, job_id: int) -> tuple[str, str | None]:
        """How a job whose items all ran ends: done; failed when no item is done and some failed;
        partial when some are done and some failed; with the first failure's cause."""
        done, failed, total = self.store.db.execute(
            "SELECT SUM(status = 'done'), SUM(status = 'failed'), COUNT(*) FROM job_items WHERE job_id = ?", [job_id]
        ).fetchone()
        if not failed:
            return "done", None
        first = self.store.db.execute(
            "SELECT error FROM job_items WHERE job_id = ? AND status = 'failed' ORDER BY position LIMIT 1", [job_id]
        ).fetchone()[0]
        return ("partial" if done else "failed"), f"{failed} of {plural(total, 'item')} failed; the first: {first}"

    def _claim(self, job_id: int) -> dict[str, Any]:
        self.mark_interrupted()
        runner = _this_runner()
        with self.store.atomic() as db:
            row = next(db.query("SELECT * FROM jobs WHERE id = ?", [job_id]), None)
            if row is None:
                raise JobError(f"There is no job {job_id}.")
            if row["status"] in ACTIVE:
                raise JobError(f"Job {job_id} is already running.")
            db.execute(
                "UPDATE jobs SET status = 'running', runner = ?, error = NULL, updated_at = ?, finished_at = NULL "
                "WHERE id = ?",
                [runner, now(), job_id],
            )
        return row

    def _unfinished(self, job_id: int) -> list[dict[str, Any]]:
        return list(
            self.store.db.query(
                "SELECT * FROM job_items WHERE job_id = ? AND status != 'done' ORDER BY position", [job_id]
            )
        )

    def _run_item(self, handler: JobHandler, item: dict[str, Any], cancel: CancelToken) -> None:
        payload = json.loads(item["payload"])
        try:
            result = handler.run(payload, cancel)
        except Cancelled:
            raise
        except SensemakingError as error:
            self._fail_item(item, str(error))
            return
        with self.store.atomic() as db:
            kept = handler.save(db, payload, result)
            db.execute(
                "UPDATE job_items SET status = 'done', result = ?, error = NULL, finished_at = ? WHERE id = ?",
                [json.dumps(result if kept is None else kept), now(), item["id"]],
            )
            release(db, item["job_id"])

    def _fail_item(self, item: dict[str, Any], message: str) -> None:
        with self.store.atomic() as db:
            db.execute(
                "UPDATE job_items SET status = 'failed', error = ?, finished_at = ? WHERE id = ?",
                [message, now(), item["id"]],
            )
            release(db, item["job_id"])

    def _cancel_requested(self, job_id: int) -> bool:
        row = next(self.store.db.query("SELECT status FROM jobs WHERE id = ?", [job_id]))
        return row["status"] == "cancelling"

    def _finish(self, job_id: int, status: str, error: str | None = None) -> None:
        with self.store.atomic() as db:
            db.execute(
                "UPDATE jobs SET status = ?, error = ?, runner = NULL, updated_at = ?, finished_at = ? WHERE id = ?",
                [status, error, now(), now(), job_id],
            )
            release(db, job_id)

    def _item_reporter(
        self, job_id: int, label: str, started: float, on_progress: ProgressCallback
    ) -> Callable[[float], None]:
        """Progress inside one item; counts are read once, not per call."""
        info = self.get(job_id)

        def report(fraction: float) -> None:
            elapsed = time.perf_counter() - started
            on_progress(
                JobProgress(job_id, info.done, info.failed, info.total, label, elapsed, min(max(fraction, 0), 1))
            )

        return report

    def _report(self, job_id: int, label: str, started: float, on_progress: ProgressCallback | None) -> None:
        if on_progress is None:
            return
        info = self.get(job_id)
        on_progress(JobProgress(job_id, info.done, info.failed, info.total, label, time.perf_counter() - started))

    @staticmethod
    def _info(row: dict[str, Any]) -> JobInfo:
        return JobInfo(
            id=row["id"],
            kind=row["kind"],
            title=row["title"],
            status=row["status"],
            total=row["total"],
            done=row["done"] or 0,
            failed=row["failed"] or 0,
            error=row["error"],
            created_at=row["created_at"],
            updated_at=row["updated_at"],
        )


_INFO_SQL = """
SELECT jobs.*, COUNT(job_items.id) AS total,
       SUM(job_items.status = 'done') AS done, SUM(job_items.status = 'failed') AS failed
FROM jobs LEFT JOIN job_items ON job_items.job_id = jobs.id
"""
