"""The Experiments area: the TOML is checked as it is typed, a tiny grid runs as a job with the
real embedded model and fills the leaderboard and the forest plot; triplets are judged with 1/2/3."""

import json
from pathlib import Path

import pytest
from conftest import MODEL_WAIT_MS, WAIT_MS, error_boxes
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from sensemaking_desktop.gui.areas.experiments_view import ExperimentsView
from sensemaking_desktop.gui.main_window import MainWindow
from sensemaking_desktop.store import Store
from sensemaking_desktop.workflows.triplets import create_set

SPEC = """
name = "gui"
role = "student"
resamples = 20
[grid]
seed = [7, 8]
[[datasets]]
kind = "jsonl"
path = "items.jsonl"
"""


def open_view(qtbot, window: MainWindow) -> ExperimentsView:
    qtbot.waitUntil(lambda: len(window.areas) == len(window.area_paths), timeout=WAIT_MS)
    view = window.open_area_of(ExperimentsView)
    assert isinstance(view, ExperimentsView)
    return view


@pytest.mark.timeout(1800)
def test_a_grid_is_checked_run_and_shown_with_intervals(qtbot, window: MainWindow, tmp_path: Path) -> None:
    view = open_view(qtbot, window)
    view.editor.setPlainText("name = 'x'\nrole = ")
    assert "not valid TOML" in view.validation.text() and not view.run_button.isEnabled()
    item = {
        "material": "When water evaporates, the salt is left behind.",
        "question": "What is left behind?",
        "answers": ["the salt"],
    }
    (tmp_path / "spec.toml").write_text(SPEC)
    (tmp_path / "items.jsonl").write_text(json.dumps(item))
    view.load(tmp_path / "spec.toml")
    assert view.validation.text().startswith("Valid: 2 configuration(s)") and view.run_button.isEnabled()
    view.run_button.click()
    assert view.progress.isVisible()
    qtbot.waitUntil(lambda: view.running is None, timeout=MODEL_WAIT_MS)
    assert not error_boxes(), [box.text() for box in error_boxes()]
    qtbot.waitUntil(lambda: view.board is not None, timeout=WAIT_MS)
    assert view.table.rowCount() == 2 and view.table.item(0, 0).text() == "seed=7"
    headers = [view.table.horizontalHeaderItem(c).text() for c in range(view.table.columnCount())]
    assert "rouge_l_recall" in headers
    assert view.forest.canvas is not None


def test_triplets_are_judged_with_the_number_keys(qtbot, window: MainWindow, store: Store) -> None:
    set_id = create_set(store, "four", ["rain falls", "snow falls", "hail falls", "rocks are hard"], budget=2)
    view = open_view(qtbot, window)
    view.opened()
    judging = view.triplets
    judging.set_choice.setCurrentIndex(judging.set_choice.findData(set_id))
    judging.judge.setText("Ana")
    judging.next_triplet()
    assert judging.state.text() == "2 triplet(s) left to judge."
    assert all(card.text() for card in judging.cards)
    QTest.keyClick(judging, Qt.Key.Key_2)
    assert judging.state.text() == "1 triplet(s) left to judge."
    judging.buttons[2].click()
    rows = list(store.db.query("SELECT judge_kind, judge, odd FROM triplet_judgments ORDER BY id"))
    assert [(r["judge_kind"], r["judge"], r["odd"]) for r in rows] == [("person", "Ana", 1), ("person", "Ana", 2)]
    assert not judging.buttons[0].isEnabled()
