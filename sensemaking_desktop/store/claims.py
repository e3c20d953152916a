"""Rows of the `claims` table: which job holds a subject, and from which runner (see jobs/claims.py)."""

from dataclasses import dataclass

import sqlite_utils

from sensemaking_desktop.store.database import now


@dataclass(frozen=True)
class Claim:
    """The job holding a subject and the process that runs it (None once it let go)."""

    job_id: int
    runner: str | None


def holder(db: sqlite_utils.Database, subject: str) -> Claim | None:
    """Who holds `subject` now, if anyone; read inside the caller's transaction so the answer stays true."""
    row = db.execute("SELECT job_id, runner FROM claims WHERE subject = ?", [subject]).fetchone()
    return Claim(job_id=row[0], runner=row[1]) if row else None


def hold(db: sqlite_utils.Database, subject: str, job_id: int, runner: str) -> None:
    """Give `subject` to `job_id` run by `runner`, over any earlier holder (inside the caller's transaction)."""
    db.execute(
        "INSERT INTO claims (subject, job_id, runner, claimed_at) VALUES (?, ?, ?, ?) "
        "ON CONFLICT (subject) DO UPDATE SET job_id = excluded.job_id, runner = excluded.runner, "
        "claimed_at = excluded.claimed_at",
        [subject, job_id, runner, now()],
    )


def release(db: sqlite_utils.Database, job_id: int) -> None:
    """Free every claim of a job (inside the caller's transaction)."""
    db.execute("DELETE FROM claims WHERE job_id = ?", [job_id])
