"""Which process runs a job, and what a running job works on now.

A runner is a process named by its pid and start time, so a pid reused after a crash is not
taken for the process that died. A claim is a row of the `claims` table: a subject (such as
`grade:answer:12`), the job that holds it and that job's runner. Two jobs started at once (two
`sensemaking grade 1`, a grade from the window and one from a terminal) each claim a subject in
a write transaction before working on it, so only one of them does the work; the claims of an
item are released in the transaction that saves it, and a claim whose runner has gone is free.
"""

import os
from collections.abc import Iterable

import psutil

from sensemaking_desktop.store import Store
from sensemaking_desktop.store.claims import hold, holder


def this_runner() -> str:
    process = psutil.Process(os.getpid())
    return f"{process.pid}:{process.create_time():.3f}"


def runner_alive(runner: str | None) -> bool:
    if not runner:
        return False
    pid, _, started = runner.partition(":")
    try:
        return f"{psutil.Process(int(pid)).create_time():.3f}" == started
    except (psutil.Error, ValueError):
        return False


def claim(store: Store, job_id: int, subjects: Iterable[str]) -> list[str]:
    """Claim for `job_id` the subjects no other running job holds; returns those claimed, in order.

    A subject held by a job whose runner has gone (killed, crashed) is taken over."""
    wanted = list(dict.fromkeys(subjects))
    runner = this_runner()
    claimed = []
    with store.atomic() as db:
        for subject in wanted:
            held = holder(db, subject)
            if held is not None and held.job_id != job_id and runner_alive(held.runner):
                continue
            hold(db, subject, job_id, runner)
            claimed.append(subject)
    return claimed
