"""Jobs in a spawned child: created and run there, progress and the outcome come back over a
pipe, and every way a child can fail reaches the parent as a message."""

from functools import partial
from pathlib import Path

import pytest

from sensemaking_desktop.cancel import CancelToken
from sensemaking_desktop.errors import JobError, SensemakingError
from sensemaking_desktop.jobs import JobProgress
from sensemaking_desktop.store import open_store
from sensemaking_desktop.store.materials import list_materials
from sensemaking_desktop.workflows import job_process, job_requests
from sensemaking_desktop.workflows.job_process import Started, UnexpectedJobFailure


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
