"""The Jobs area and the start-up banner: jobs a dead process left are offered for resume;
jobs can be cancelled, resumed and deleted from the list."""

import os
import subprocess
import sys
from pathlib import Path

import dying_handler
import pytest
from conftest import WAIT_MS, error_boxes
from dying_handler import DIE, DyingHandler
from PySide6.QtCore import Qt

from sensemaking_desktop.gui.areas.jobs_view import FAILED_COLOUR, PARTIAL_COLOUR, JobsView
from sensemaking_desktop.gui.main_window import MainWindow
from sensemaking_desktop.store import Store
from sensemaking_desktop.workflows import job_requests
from sensemaking_desktop.workflows.jobs import job_queue

HERE = Path(__file__).parent


@pytest.fixture(autouse=True)
def child_knows_the_test_handler(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(job_requests, "resume", dying_handler.resume)


def submit(store: Store, data_dir: Path, items: int = 3, fail: tuple[int, ...] = ()) -> int:
    queue = job_queue(store, data_dir)
    return queue.submit(
        DyingHandler,
        kind="test",
        title="Counting",
        params={"fail": list(fail)},
        items=[(f"n{n}", {"n": n}) for n in range(items)],
    )


def run_and_die(data_dir: Path, job_id: int) -> None:
    """Run the job in another process that dies at its third item."""
    code = (
        "from pathlib import Path; from sensemaking_desktop.store import open_store; "
        "import dying_handler; from sensemaking_desktop.workflows.jobs import job_queue; "
        f"store = open_store(Path({str(data_dir)!r})); job_queue(store, store.path.parent).run({job_id})"
    )
    environment = os.environ | {DIE: "1", "PYTHONPATH": str(HERE)}
    finished = subprocess.run([sys.executable, "-c", code], env=environment, timeout=120)
    assert finished.returncode == 9


def jobs_area(window: MainWindow) -> JobsView:
    view = window.open_area_of(JobsView)
    assert isinstance(view, JobsView)
    return view


def test_an_interrupted_job_is_offered_at_start_and_resumed(
    qtbot, window: MainWindow, store: Store, data_dir: Path
) -> None:
    job_id = submit(store, data_dir)
    run_and_die(data_dir, job_id)
    window.offer_interrupted_jobs()
    assert window.banner.isVisible() and "Counting" in window.banner.label.text()
    assert window.banner.job_ids == [job_id]
    qtbot.mouseClick(window.banner.resume_button, Qt.MouseButton.LeftButton)
    assert not window.banner.isVisible()
    qtbot.waitUntil(lambda: job_queue(store, data_dir).get(job_id).status == "done", timeout=WAIT_MS)
    items = job_queue(store, data_dir).items(job_id)
    assert [item["result"]["n"] for item in items] == [0, 1, 2]
    view = jobs_area(window)
    qtbot.waitUntil(lambda: view.table.item(0, 3).text() == "done", timeout=WAIT_MS)
    assert view.fraction(job_id) == 1.0


def test_cancel_resume_and_delete_from_the_list(
    qtbot, window: MainWindow, store: Store, data_dir: Path, answer_yes: list[str]
) -> None:
    job_id = submit(store, data_dir)
    view = jobs_area(window)
    view.table.selectRow(0)
    assert view.table.item(0, 3).text() == "waiting"
    qtbot.mouseClick(view.cancel_button, Qt.MouseButton.LeftButton)
    assert job_queue(store, data_dir).get(job_id).status == "cancelled"
    view.table.selectRow(0)
    qtbot.mouseClick(view.resume_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: job_queue(store, data_dir).get(job_id).status == "done", timeout=WAIT_MS)
    qtbot.waitUntil(lambda: "done" in view.status.text(), timeout=WAIT_MS)
    view.table.selectRow(0)
    qtbot.mouseClick(view.delete_button, Qt.MouseButton.LeftButton)
    assert job_queue(store, data_dir).jobs() == [] and view.table.rowCount() == 0
    assert "Counting" in answer_yes[0]


def test_a_job_whose_process_dies_leaves_the_window_running_and_the_job_resumable(
    qtbot, window: MainWindow, store: Store, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    job_id = submit(store, data_dir)
    monkeypatch.setenv(DIE, "1")
    view = jobs_area(window)
    view.table.selectRow(0)
    qtbot.mouseClick(view.resume_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: bool(error_boxes()), timeout=WAIT_MS)
    assert "stopped unexpectedly (exit code 9)" in error_boxes()[0].text()
    assert job_queue(store, data_dir).get(job_id).status == "interrupted"
    assert [item["status"] for item in job_queue(store, data_dir).items(job_id)] == ["done", "done", "pending"]
    error_boxes()[0].close()
    monkeypatch.delenv(DIE)
    view.table.selectRow(0)
    qtbot.mouseClick(view.resume_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: job_queue(store, data_dir).get(job_id).status == "done", timeout=WAIT_MS)
    assert os.getpid() not in {item["result"]["pid"] for item in job_queue(store, data_dir).items(job_id)}


@pytest.mark.parametrize(
    ("fail", "status", "label", "colour"),
    [((0, 1), "failed", "failed", FAILED_COLOUR), ((1,), "partial", "done, 1 item(s) failed", PARTIAL_COLOUR)],
)
def test_a_job_whose_items_failed_shows_so_in_red_with_the_first_cause(
    qtbot, window: MainWindow, store: Store, data_dir: Path, fail: tuple[int, ...], status: str, label: str, colour
) -> None:
    job_id = submit(store, data_dir, items=2, fail=fail)
    view = jobs_area(window)
    view.table.selectRow(0)
    qtbot.mouseClick(view.resume_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: job_queue(store, data_dir).get(job_id).status == status, timeout=WAIT_MS)
    qtbot.waitUntil(lambda: view.table.item(0, 3).text() == label, timeout=WAIT_MS)
    cause = f"items failed; the first: The model server answered item {fail[0]} with HTTP 500."
    assert view.table.item(0, 6).text().endswith(cause)
    assert view.table.item(0, 3).foreground().color() == colour == view.table.item(0, 6).foreground().color()
    assert view.fraction(job_id) == (2 - len(fail)) / 2, "the bar shows what worked, never 100 % for a failed job"
    qtbot.waitUntil(lambda: cause in view.status.text(), timeout=WAIT_MS)
    assert colour.name() in view.status.styleSheet() and not error_boxes()
