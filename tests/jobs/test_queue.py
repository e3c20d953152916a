"""The persistent job queue: progress, failures, cancel, resume, and a kill -9 mid-job."""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from completion_handler import ArithmeticHandler, CompletionHandler

from sensemaking_desktop.cancel import CancelToken
from sensemaking_desktop.errors import JobError
from sensemaking_desktop.jobs import JobProgress, JobQueue
from sensemaking_desktop.store import Store

HERE = Path(__file__).resolve().parent
RESUME = [
    sys.executable,
    "-c",
    "import sys, completion_handler; from sensemaking_desktop.cli import main; main(sys.argv[1:])",
    "jobs",
    "resume",
]
"""`sensemaking jobs resume` in a process that has the test handlers registered."""


def _submit(queue: JobQueue, handler: type, count: int, **params: object) -> int:
    items = [(f"item {n}", {"n": n}) for n in range(count)]
    return queue.submit(handler, kind="test", title="test job", params=params, items=items)


def test_items_run_in_order_with_progress_and_save_in_the_same_transaction(store: Store, data_dir: Path) -> None:
    queue = JobQueue(store, data_dir)
    job_id = _submit(queue, ArithmeticHandler, 4)
    progress: list[JobProgress] = []
    info = queue.run(job_id, on_progress=progress.append)
    assert info.status == "done" and (info.done, info.total) == (4, 4)
    assert [(p.done, p.item_fraction) for p in progress] == [
        (0, 0.0),
        (0, 0.5),
        (1, 0.0),
        (1, 0.5),
        (2, 0.0),
        (2, 0.5),
        (3, 0.0),
        (3, 0.5),
        (4, 0.0),
    ]
    materials = {row["id"]: row["title"] for row in store.db["materials"].rows}
    assert [materials[item["result"]["material_id"]] for item in queue.items(job_id)] == [
        "square 0",
        "square 1",
        "square 4",
        "square 9",
    ]


def test_a_failing_item_is_recorded_and_the_rest_still_run(store: Store, data_dir: Path) -> None:
    queue = JobQueue(store, data_dir)
    job_id = _submit(queue, ArithmeticHandler, 4, fail_on=2)
    info = queue.run(job_id)
    assert (info.status, info.done, info.failed) == ("partial", 3, 1)
    assert queue.items(job_id)[2]["error"] == "item 2 cannot be done"
    assert info.error == "1 of 4 items failed; the first: item 2 cannot be done"


def test_a_job_whose_every_item_failed_ends_failed_with_the_first_cause(store: Store, data_dir: Path) -> None:
    queue = JobQueue(store, data_dir)
    job_id = _submit(queue, ArithmeticHandler, 1, fail_on=0)
    info = queue.run(job_id)
    assert (info.status, info.done, info.failed) == ("failed", 0, 1)
    assert info.error == "1 of 1 item failed; the first: item 0 cannot be done"
    assert queue.run(job_id).status == "failed"  # a resume runs the failed item again, and says so again


def test_a_failed_job_makes_the_command_exit_non_zero(store: Store, data_dir: Path) -> None:
    queue = JobQueue(store, data_dir)
    job_id = _submit(queue, ArithmeticHandler, 2, fail_on=1)
    resumed = subprocess.run(
        [*RESUME, str(job_id)], env=_child_env(data_dir), capture_output=True, text=True, timeout=120
    )
    assert resumed.returncode == 1 and "Traceback" not in resumed.stderr
    assert f"job {job_id} partial: 1/2 done, 1 failed" in resumed.stdout
    assert resumed.stderr.strip().splitlines()[-1] == (
        f"error: job {job_id} partly failed: 1 of 2 items failed; the first: item 1 cannot be done "
        f"(`sensemaking jobs show {job_id}` lists every item)"
    )


def test_cancel_keeps_finished_items_and_resume_does_only_the_rest(store: Store, data_dir: Path) -> None:
    queue = JobQueue(store, data_dir)
    token = CancelToken()
    job_id = _submit(queue, ArithmeticHandler, 6)

    def cancel_after_three(progress: JobProgress) -> None:
        if progress.done == 3:
            token.cancel()

    info = queue.run(job_id, cancel=token, on_progress=cancel_after_three)
    assert (info.status, info.done) == ("cancelled", 3)
    finished_before = {item["id"]: item["finished_at"] for item in queue.items(job_id) if item["status"] == "done"}
    info = queue.run(job_id)
    assert (info.status, info.done) == ("done", 6)
    after = {item["id"]: item["finished_at"] for item in queue.items(job_id)}
    assert all(after[item_id] == stamp for item_id, stamp in finished_before.items())
    assert store.db["materials"].count == 6


def test_cancelling_a_job_that_is_not_running_and_deleting_it(store: Store, data_dir: Path) -> None:
    queue = JobQueue(store, data_dir)
    job_id = _submit(queue, ArithmeticHandler, 2)
    assert queue.cancel(job_id).status == "cancelled"
    queue.delete(job_id)
    with pytest.raises(JobError, match="no job"):
        queue.get(job_id)


def test_a_job_naming_a_missing_handler_fails_clearly(store: Store, data_dir: Path) -> None:
    queue = JobQueue(store, data_dir)
    job_id = _submit(queue, ArithmeticHandler, 1)
    store.db.execute("UPDATE jobs SET handler = 'gone.module:Handler' WHERE id = ?", [job_id])
    store.db.conn.commit()
    with pytest.raises(JobError, match="not available"):
        queue.run(job_id)
    assert queue.get(job_id).status == "failed"


def _child_env(data_dir: Path) -> dict[str, str]:
    return dict(
        os.environ,
        PYTHONPATH=os.pathsep.join([str(HERE), os.environ.get("PYTHONPATH", "")]),
        SENSEMAKING_DATA_DIR=str(data_dir),
    )


def test_kill_minus_nine_mid_job_loses_nothing_and_repeats_nothing(store: Store, data_dir: Path) -> None:
    queue = JobQueue(store, data_dir)
    job_id = _submit(queue, CompletionHandler, 10)
    child = subprocess.Popen(
        [*RESUME, str(job_id)],
        env=_child_env(data_dir),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 120
    while queue.get(job_id).done < 3:
        assert child.poll() is None and time.monotonic() < deadline, "the child ended before it was killed"
        time.sleep(0.05)
    os.kill(child.pid, signal.SIGKILL)
    child.wait()

    before = {
        item["id"]: (item["result"], item["finished_at"]) for item in queue.items(job_id) if item["status"] == "done"
    }
    assert 3 <= len(before) < 10
    assert queue.get(job_id).status == "interrupted"

    resumed = subprocess.run(
        [*RESUME, str(job_id), "--json"],
        env=_child_env(data_dir),
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert resumed.returncode == 0, resumed.stderr
    items = queue.items(job_id)
    assert all(item["status"] == "done" for item in items)
    assert [item["result"]["n"] for item in items] == list(range(10))
    for item in items:
        if item["id"] in before:
            assert (item["result"], item["finished_at"]) == before[item["id"]]
            assert item["result"]["pid"] == child.pid
        else:
            assert item["result"]["pid"] != child.pid
