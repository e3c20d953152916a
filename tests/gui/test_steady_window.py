"""Nothing jumps while work runs (issue 16): importing a material and writing a quiz in the
Quizzes area leave the window its size, though areas out of sight change what they show, and
the Quizzes area's bar stays, saying what comes next before, during and after the job."""

from pathlib import Path

from conftest import MODEL_WAIT_MS, WAIT_MS, error_boxes
from materials import notes
from PySide6.QtCore import QSize, Qt

from sensemaking_desktop.gui.areas.library_view import LibraryView
from sensemaking_desktop.gui.areas.quiz_view import QuizView
from sensemaking_desktop.gui.main_window import MainWindow


def test_a_quiz_job_keeps_the_window_size_and_the_banner(  # type: ignore[no-untyped-def]
    qtbot, window: MainWindow, tmp_path: Path
) -> None:
    qtbot.waitUntil(lambda: len(window.areas) == len(window.area_paths), timeout=WAIT_MS)
    qtbot.wait(100)
    size = window.size()
    assert size == QSize(1200, 760), "the first window's size on a fresh account"
    library = window.open_area_of(LibraryView)
    assert isinstance(library, LibraryView)
    library.import_files([notes(tmp_path / "long.md", headings=30)])
    qtbot.waitUntil(lambda: library.import_job is None, timeout=WAIT_MS)
    view = window.open_area_of(QuizView)
    assert isinstance(view, QuizView)
    qtbot.waitUntil(view.generate_button.isEnabled, timeout=WAIT_MS)
    qtbot.wait(100)
    assert window.size() == size and view.next_step.isVisible(), "before the job"
    banner_height = view.next_step.height()

    qtbot.mouseClick(view.generate_button, Qt.MouseButton.LeftButton)
    running = view.generation
    qtbot.waitUntil(lambda: running.job_id is not None and "Writing" in view.progress.label.text(), timeout=WAIT_MS)
    qtbot.wait(100)
    assert window.size() == size and view.next_step.isVisible(), "while the job runs"
    assert view.next_step.height() == banner_height and "being written" in view.next_step.label.text()

    view.cancel_generation()
    qtbot.waitUntil(lambda: view.generation is None, timeout=MODEL_WAIT_MS)
    qtbot.wait(100)
    assert not error_boxes()
    assert window.size() == size and view.next_step.isVisible(), "after the job"
    assert view.next_step.height() == banner_height and "being written" not in view.next_step.label.text()
