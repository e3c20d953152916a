"""Study modes through the real widgets: a timed test (shuffled, a countdown, no feedback until
the end, time running out) and a spaced-repetition review of the questions missed in it."""

import dataclasses
from pathlib import Path

import pytest
from conftest import WAIT_MS, error_boxes
from graded_quiz import water_quiz
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QWidget

from sensemaking_desktop.gui.areas.selftest_view import SelfTestView
from sensemaking_desktop.gui.areas.study_view import StudyView
from sensemaking_desktop.gui.main_window import MainWindow
from sensemaking_desktop.quizzes.model import QuestionKind
from sensemaking_desktop.store import Store
from sensemaking_desktop.workflows.selftest import history
from sensemaking_desktop.workflows.study import TIMED, deck


@pytest.fixture
def quiz_id(store: Store, data_dir: Path, tmp_path: Path) -> int:
    return water_quiz(store, data_dir, tmp_path)


def timed_test(qtbot, window: MainWindow, quiz_id: int) -> SelfTestView:  # type: ignore[no-untyped-def]
    """Start a two-minute timed test; the window is made active first, as shortcuts need it
    on a real display (xcb)."""
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=WAIT_MS)
    view = window.open_area_of(SelfTestView)
    assert isinstance(view, SelfTestView)
    view.quiz_choice.select(quiz_id)
    view.mode.setCurrentIndex(view.mode.findData(TIMED))
    assert view.limit.isEnabled()
    view.limit.setValue(2)
    view.start_button.click()
    assert view.countdown.text() in ("Time left: 2:00", "Time left: 1:59")
    return view


def choose_row(choices: QWidget, row: int) -> None:
    """Home, then Down `row` times: the keys a person uses, whatever row had the focus."""
    QTest.keyClick(choices, Qt.Key.Key_Home)
    for _ in range(row):
        QTest.keyClick(choices, Qt.Key.Key_Down)


def answer_wrongly(view: SelfTestView) -> None:
    """Every closed question gets its wrong choice (the first wrong row), open ones are skipped;
    Ctrl+Enter answers."""
    for _ in range(len(view.questions)):
        question = view.questions[view.index]
        if question.kind == QuestionKind.OPEN:
            view.skip_button.click()
            continue
        rows = ["true", "false"] if question.kind == QuestionKind.TRUE_FALSE else question.choices
        wrong = next(
            n
            for n, row in enumerate(rows)
            if (row != question.reference_answer if isinstance(row, str) else not row.correct)
        )
        choose_row(view.input.choices, wrong)
        QTest.keyClick(view.input.choices, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
        assert view.results.toPlainText() == "" or view.run_id is None, "no feedback before the end"


def test_a_timed_test_then_a_review_of_what_was_missed(qtbot, window: MainWindow, store: Store, quiz_id: int) -> None:
    view = timed_test(qtbot, window, quiz_id)
    answer_wrongly(view)
    assert "Attempt done: 2 of 4 answered" in view.header.text() and not view.countdown.text()
    assert view.results.toPlainText().count("✗ 0/100") == 2 and not error_boxes()
    (attempt,) = history(store)
    assert attempt.run.mode == TIMED and attempt.run.mean_score == 0
    (count,) = deck(store, "me")
    assert count.due_now == 2

    study = window.open_area_of(StudyView)
    assert isinstance(study, StudyView)
    assert study.deck.rowCount() == 1 and study.deck.item(0, 1).text() == "2"
    study.review_button.click()
    for number in (1, 2):
        assert f"Card {number} of 2" in study.header.text()
        card = study.queue[0].question
        right = 0 if card.kind == QuestionKind.TRUE_FALSE and card.reference_answer == "true" else None
        if right is None:
            right = next(n for n, choice in enumerate(card.choices) if choice.correct)
        choose_row(study.input.choices, right)
        QTest.keyClick(study.input.choices, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
        assert "✓ Right:" in study.answer.toPlainText() and "From the material:" in study.answer.toPlainText()
        good = study.rating_buttons[2]
        assert good.hasFocus(), "the rating a right closed answer earns is suggested"
        QTest.keyClick(good, Qt.Key.Key_Space)
    assert "Review done: 2 card(s) reviewed." in study.header.text()
    (count,) = deck(store, "me")
    assert (count.due_now, count.cards) == (0, 2) and study.deck.item(0, 1).text() == "0"
    assert not study.review_button.isEnabled()


def test_a_timed_test_ends_when_the_time_is_up(qtbot, window: MainWindow, store: Store, quiz_id: int) -> None:
    view = timed_test(qtbot, window, quiz_id)
    assert view.timed is not None
    view.timed = dataclasses.replace(view.timed, limit_s=0.5)
    qtbot.waitUntil(lambda: view.run_id is None, timeout=WAIT_MS)
    assert "Time is up" in view.status.text() and "0 of 4 answered" in view.header.text()
    assert view.start_button.isEnabled() and not view.answer_button.isEnabled()
