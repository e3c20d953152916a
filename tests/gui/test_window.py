"""The main window: the areas and their shortcuts, and failures shown as one line with the
details folded away; the entry points start."""

import subprocess
import sys

from conftest import WAIT_MS, error_boxes
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from sensemaking_desktop.gui.area import Area
from sensemaking_desktop.gui.areas.experiments_view import ExperimentsView
from sensemaking_desktop.gui.areas.models_view import ModelsView
from sensemaking_desktop.gui.areas.settings_view import SettingsView
from sensemaking_desktop.gui.main_window import MainWindow
from sensemaking_desktop.gui.messages import show_error


def test_the_areas_are_listed_and_ctrl_number_opens_them(qtbot, window: MainWindow) -> None:
    """The first area comes with the window, the others from a worker soon after; the teacher's
    areas come first, the research areas sit apart under a heading that cannot be chosen. Each
    area names its icon and its group on its own class, so a new area cannot fall back silently
    to the plain file icon or land in the wrong group."""
    qtbot.waitUntil(lambda: len(window.areas) == len(window.area_paths), timeout=WAIT_MS)
    for area in window.areas:
        assert "ICON" in vars(type(area)) and area.ICON != Area.ICON, f"{type(area).__name__} names no icon"
    research = [type(area).__name__ for area in window.areas if area.RESEARCH]
    assert research == ["RobustnessView", "ExperimentsView", "JobsView"]
    titles = [window.navigation.item(row).text() for row in range(window.navigation.count())]
    assert titles == [
        *("Library", "Quizzes", "Self-test", "Study", "Grading", "Models", "Settings"),
        *("Research", "Robustness & metrics", "Experiments", "Jobs"),
    ]
    assert window.navigation.item(7).flags() == Qt.ItemFlag.NoItemFlags
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=WAIT_MS)
    QTest.keyClick(window, Qt.Key.Key_6, Qt.KeyboardModifier.ControlModifier)
    assert isinstance(window.stack.currentWidget(), ModelsView) and window.navigation.currentRow() == 5
    QTest.keyClick(window, Qt.Key.Key_7, Qt.KeyboardModifier.ControlModifier)
    assert isinstance(window.stack.currentWidget(), SettingsView)
    QTest.keyClick(window, Qt.Key.Key_9, Qt.KeyboardModifier.ControlModifier)
    assert isinstance(window.stack.currentWidget(), ExperimentsView) and window.navigation.currentRow() == 9
    window.navigation.setFocus()
    QTest.keyClick(window.navigation, Qt.Key.Key_Up)
    QTest.keyClick(window.navigation, Qt.Key.Key_Up)
    assert isinstance(window.stack.currentWidget(), SettingsView), "the arrow keys step over the heading"


def test_an_unexpected_failure_in_a_worker_is_one_line_with_details(qtbot, window: MainWindow) -> None:
    window.context.workers.run(
        lambda store, cancel, report: 1 / 0, failed=lambda message, details: show_error(window, message, details)
    )
    qtbot.waitUntil(lambda: bool(error_boxes()), timeout=WAIT_MS)
    (box,) = error_boxes()
    assert len(box.text().splitlines()) == 1 and "ZeroDivisionError: division by zero" in box.text()
    assert "Traceback" in box.detailedText() and "Traceback" not in box.text()


def test_entry_points_start() -> None:
    for command, option in (
        ([sys.executable, "-m", "sensemaking_desktop.gui", "--help"], "--data-dir"),
        ([sys.executable, "-m", "sensemaking_desktop", "gui", "--help"], "--screenshots"),
    ):
        finished = subprocess.run(command, capture_output=True, text=True, timeout=120)
        assert finished.returncode == 0 and option in finished.stdout, finished.stderr
