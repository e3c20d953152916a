"""Writing a quiz from the Quizzes area with the real llama.cpp and the embedded model: the job
runs in a child process with live progress, fills the question list, and can be cancelled."""

from pathlib import Path

import pytest
from conftest import MODEL_WAIT_MS, WAIT_MS, error_boxes
from materials import notes
from PySide6.QtCore import Qt

from sensemaking_desktop.gui.areas.library_view import LibraryView
from sensemaking_desktop.gui.areas.quiz_view import QuizView
from sensemaking_desktop.gui.main_window import MainWindow
from sensemaking_desktop.store import Store
from sensemaking_desktop.store.quizzes import get_quiz
from sensemaking_desktop.workflows.jobs import job_queue


def _quiz_area(qtbot, window: MainWindow, material: Path) -> QuizView:  # type: ignore[no-untyped-def]
    library = window.open_area_of(LibraryView)
    assert isinstance(library, LibraryView)
    library.import_files([material])
    qtbot.waitUntil(lambda: library.import_job is None, timeout=WAIT_MS)
    quizzes = window.open_area_of(QuizView)
    assert isinstance(quizzes, QuizView)
    assert quizzes.options.material.currentText() == "Part 1", "a Markdown material is titled by its first heading"
    qtbot.waitUntil(quizzes.generate_button.isEnabled, timeout=WAIT_MS)
    return quizzes


@pytest.fixture
def view(qtbot, window: MainWindow, tmp_path: Path) -> QuizView:  # type: ignore[no-untyped-def]
    """The Quizzes area with one short material imported through the Library area."""
    return _quiz_area(qtbot, window, notes(tmp_path / "water.md"))


@pytest.fixture
def long_view(qtbot, window: MainWindow, tmp_path: Path) -> QuizView:  # type: ignore[no-untyped-def]
    """The Quizzes area with a material of many sections: one job item each, so that a job
    lasts long enough to be cancelled even where the embedded model writes from templates."""
    return _quiz_area(qtbot, window, notes(tmp_path / "long.md", headings=40))


def test_generate_fills_the_question_list_with_verdicts(qtbot, view: QuizView, store: Store, data_dir: Path) -> None:
    view.options.count.setValue(1)
    qtbot.mouseClick(view.generate_button, Qt.MouseButton.LeftButton)
    assert view.progress.isVisible() and not view.generate_button.isEnabled()
    seen: list[float] = []
    view.generation.progress.connect(lambda progress: seen.append(progress.item_fraction))
    qtbot.waitUntil(lambda: view.generation is None, timeout=MODEL_WAIT_MS)
    assert not error_boxes()
    (job,) = job_queue(store, data_dir).jobs()[:1]
    assert job.kind == "teach" and job.status == "done"
    quiz = get_quiz(store, view.quiz_choice.currentData())
    assert quiz.questions, "the Teacher kept or dropped at least one question"
    assert view.questions.count() == len(quiz.questions)
    assert seen and "kept" in view.status.text()
    assert "too small to write questions" in view.status.text(), "the window says why the items are cloze and choices"
    view.questions.setCurrentRow(0)
    first = quiz.questions[0]
    assert view.editor.verdict.text().startswith("Dropped" if first.status == "dropped" else "Kept")
    if first.source.span_start is not None:
        assert view.editor.highlighted_text().strip()


def test_cancel_stops_a_running_generation(qtbot, long_view: QuizView, store: Store, data_dir: Path) -> None:
    view = long_view
    view.options.count.setValue(50)
    qtbot.mouseClick(view.generate_button, Qt.MouseButton.LeftButton)
    running = view.generation
    qtbot.waitUntil(lambda: running.job_id is not None, timeout=WAIT_MS)
    qtbot.mouseClick(view.progress.cancel_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: view.generation is None, timeout=MODEL_WAIT_MS)
    job = job_queue(store, data_dir).get(running.job_id)
    assert job.status == "cancelled" and job.done < job.total
    assert "Cancelled" in view.status.text() and not error_boxes()
    assert view.generate_button.isEnabled() and not view.progress.isVisible()
