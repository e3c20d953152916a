"""Sitting a quiz in the Self-test area: closed answers marked exactly at once with the passage
that holds the answer, an open answer graded by the Evaluator on the real embedded model, the
time of each answer kept, and the history with its chart."""

from pathlib import Path

import pytest
from conftest import MODEL_WAIT_MS, error_boxes
from graded_quiz import water_quiz
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from sensemaking_desktop.gui.areas.selftest_view import SelfTestView
from sensemaking_desktop.gui.main_window import MainWindow
from sensemaking_desktop.store import Store
from sensemaking_desktop.store.answers import get_run
from sensemaking_desktop.workflows.selftest import history


@pytest.fixture
def quiz_id(store: Store, data_dir: Path, tmp_path: Path) -> int:
    return water_quiz(store, data_dir, tmp_path)


def selftest(window: MainWindow, quiz_id: int) -> SelfTestView:
    view = window.open_area_of(SelfTestView)
    assert isinstance(view, SelfTestView)
    view.quiz_choice.select(quiz_id)
    return view


def answer_with_keys(view: SelfTestView, keys: list[Qt.Key]) -> None:
    """Move in the choice list with the keyboard, then Ctrl+Enter."""
    for key in keys:
        QTest.keyClick(view.input.choices, key)
    QTest.keyClick(view.input.choices, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)


def test_closed_questions_are_marked_exactly_with_their_passage(
    qtbot, window: MainWindow, store: Store, quiz_id: int
) -> None:
    view = selftest(window, quiz_id)
    window.activateWindow()
    qtbot.mouseClick(view.start_button, Qt.MouseButton.LeftButton)
    assert "Question 1 of 4" in view.header.text() and view.input.choices.count() == 2
    answer_with_keys(view, [Qt.Key.Key_Down, Qt.Key.Key_Down])
    result = view.results.toPlainText()
    assert "✓ 100/100. Right: B) Evaporation." in result
    assert "From the material: “Evaporation turns liquid water" in result
    assert view.next_button.isEnabled() and view.next_button.hasFocus()
    QTest.keyClick(view.next_button, Qt.Key.Key_Space)
    assert "Question 2 of 4" in view.header.text()
    answer_with_keys(view, [Qt.Key.Key_Down, Qt.Key.Key_Down])
    assert "✗ 0/100. The right answer is true." in view.results.toPlainText()
    view.next_button.click()
    view.skip_button.click()
    view.skip_button.click()
    assert "2 of 4 answered" in view.header.text() and not error_boxes()
    (attempt,) = history(store)
    assert attempt.run.mean_score == 50 and attempt.run.finished_at
    assert all(answer.time_taken_s is not None for answer in attempt.answers)
    assert view.history.rowCount() == 1 and view.history.item(0, 5).text() == "50"
    assert view.chart.canvas is not None and view.start_button.isEnabled()


def answer_the_open_question_all_at_once(window: MainWindow, quiz_id: int) -> SelfTestView:
    """An all-at-once attempt: the two closed questions skipped, the open third one answered."""
    view = selftest(window, quiz_id)
    view.mode.setCurrentIndex(1)
    view.start_button.click()
    for _ in range(2):
        view.skip_button.click()
    view.input.box.setPlainText("Condensation of water vapour makes the droplets.")
    view.answer_button.click()
    return view


def test_an_open_answer_is_graded_by_the_evaluator(qtbot, window: MainWindow, store: Store, quiz_id: int) -> None:
    view = answer_the_open_question_all_at_once(window, quiz_id)
    view.skip_button.click()
    assert view.progress.isVisible()
    qtbot.waitUntil(lambda: view.grading is None, timeout=MODEL_WAIT_MS)
    assert not error_boxes()
    result = view.results.toPlainText()
    assert "Grade: " in result and "From the material: “Condensation then forms" in result
    (attempt,) = history(store)
    (answer,) = get_run(store, attempt.run.id).answers
    assert answer.grade is not None and answer.grade.source == "machine" and answer.grade.grader
    assert f"Grade: {answer.grade.score:.0f}/100" in result


def test_all_at_once_grades_an_open_answer_while_the_next_are_answered_and_shows_it_at_the_end(
    qtbot, window: MainWindow, store: Store, quiz_id: int
) -> None:
    """Issue 46, point 1: the grade is made when the answer is given, not when the attempt ends,
    and kept hidden until then (all at once shows its results together)."""
    view = answer_the_open_question_all_at_once(window, quiz_id)
    assert view.grading is not None and view.run_id is not None, "grading starts while the attempt goes on"
    qtbot.waitUntil(lambda: view.grading is None, timeout=MODEL_WAIT_MS)
    assert view.results.toPlainText() == "" and view.skip_button.isEnabled()
    assert len(view.grades) == 1
    view.skip_button.click()
    assert view.grading is None, "nothing is left to grade when the attempt ends"
    result = view.results.toPlainText()
    (graded,) = view.grades.values()
    assert f"Grade: {graded.score:.0f}/100" in result and not error_boxes()
