"""Jobs in a spawned child: created and run there, progress and the outcome come back over a
pipe, and every way a child can fail reaches the parent as a message."""

import os
import subprocess
import sys
from functools import partial
from pathlib import Path

import psutil
import pytest
import slow_handler

from sensemaking_desktop.cancel import CancelToken
from sensemaking_desktop.errors import JobError, SensemakingError
from sensemaking_desktop.jobs import JobProgress
from sensemaking_desktop.store import open_store
from sensemaking_desktop.store.materials import list_materials
from sensemaking_desktop.workflows import job_process, job_requests
from sensemaking_desktop.workflows.job_process import Started, UnexpectedJobFailure
from sensemaking_desktop.workflows.jobs import job_queue


def explode(store, queue):  # type: ignore[no-untyped-def]
    raise ValueError("boom")


def refuse(store, queue):  # type: ignore[no-untyped-def]
    raise SensemakingError("There is no material 7.")


def test_an_import_runs_in_a_child_that_reports_its_progress(tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("Glaciers\n\nA glacier is a mass of ice that moves slowly down a valley.\n", encoding="utf-8")
    data_dir = tmp_path / "data"
    heard: list[object] = []
    submit = partial(job_requests.ingest, paths=[notes], title="Import notes", options={})
    info = job_process.run(data_dir, submit, CancelToken(), heard.append)
    assert info.status == "done" and info.done == 1
    assert isinstance(heard[0], Started) and heard[0].job_id == info.id
    assert any(isinstance(update, JobProgress) and update.done == 1 for update in heard)
    with open_store(data_dir) as store:
        assert [material.title for material in list_materials(store)] == ["notes"]


def test_an_unexpected_failure_comes_back_with_the_childs_traceback(tmp_path: Path) -> None:
    with pytest.raises(UnexpectedJobFailure) as caught:
        job_process.run(tmp_path, explode, CancelToken(), lambda _update: None)
    assert caught.value.kind == "ValueError" and str(caught.value) == "boom"
    assert "in explode" in caught.value.details


def test_the_cores_own_error_comes_back_as_one_line(tmp_path: Path) -> None:
    with pytest.raises(JobError, match="^There is no material 7.$"):
        job_process.run(tmp_path, refuse, CancelToken(), lambda _update: None)


def test_a_child_whose_window_is_killed_stops_and_leaves_its_job_to_resume(tmp_path: Path) -> None:
    """The window's process is killed (kill -9) while its job runs: the child exits at once, and
    the job is interrupted with its finished items kept, as after a crash inside one process."""
    data_dir = tmp_path / "data"
    parent = (
        "import sys; from pathlib import Path; import slow_handler; "
        "from sensemaking_desktop.cancel import CancelToken; from sensemaking_desktop.workflows import job_process; "
        f"job_process.run(Path({str(data_dir)!r}), slow_handler.submit, CancelToken(), "
        "lambda update: print(type(update).__name__, flush=True))"
    )
    environment = os.environ | {"PYTHONPATH": str(Path(__file__).parent)}
    window = subprocess.Popen([sys.executable, "-c", parent], env=environment, stdout=subprocess.PIPE, text=True)
    try:
        progress_lines = 0
        while progress_lines < 4:
            line = window.stdout.readline()  # type: ignore[union-attr]
            assert line, "the parent ended before its job ran"
            progress_lines += line.startswith("JobProgress")
        with open_store(data_dir) as store:
            runner = store.db.execute("SELECT runner FROM jobs").fetchone()[0]
        window.kill()
        window.wait(timeout=10)
        psutil.Process(int(runner.partition(":")[0])).wait(timeout=10)  # not our child: no status to read
    finally:
        window.kill()
    with open_store(data_dir) as store:
        queue = job_queue(store, data_dir)
        job = queue.jobs()[0]
        assert job.status == "interrupted" and 0 < job.done < slow_handler.ITEMS
