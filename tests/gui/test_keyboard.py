"""The whole path with the keyboard only: import a file (Ctrl+O), make a quiz (a new quiz, a
question added by hand in its dialog), export it (the Export dialog). Modal dialogs and menus
block while they are up, so the keys for them are sent from a timer once they are up. The
file dialogs are the system's, not the app's: they stand in here, answering with the file,
and record that the keyboard opened them."""

from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import WAIT_MS
from materials import notes
from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QFileDialog, QMenu, QWidget

from sensemaking_desktop.gui.areas.library_view import LibraryView
from sensemaking_desktop.gui.areas.quiz_view import QuizView
from sensemaking_desktop.gui.main_window import MainWindow
from sensemaking_desktop.gui.widgets.export_dialog import ExportDialog
from sensemaking_desktop.gui.widgets.question_dialog import QuestionDialog
from sensemaking_desktop.store import Store
from sensemaking_desktop.store.materials import list_materials
from sensemaking_desktop.store.quizzes import get_quiz, list_quizzes

ALT = Qt.KeyboardModifier.AltModifier
CTRL = Qt.KeyboardModifier.ControlModifier


def when_up(find: Callable[[], QWidget | None], keys: Callable[[QWidget], None]) -> None:
    """Send `keys` to the widget `find` returns, as soon as it returns one and it is active
    (a dialog's mnemonics and shortcuts work only then; a menu takes the keys at once)."""

    def poll() -> None:
        widget = find()
        if widget is None or not (widget.isActiveWindow() or isinstance(widget, QMenu)):
            QTimer.singleShot(20, poll)
        else:
            keys(widget)

    QTimer.singleShot(0, poll)


def test_import_make_a_quiz_and_export_it_with_the_keyboard_only(
    qtbot, window: MainWindow, store: Store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = notes(tmp_path / "water.md")
    target = tmp_path / "exported.md"
    asked: list[str] = []
    monkeypatch.setattr(QFileDialog, "getOpenFileNames", lambda *a, **k: asked.append("open") or ([str(source)], ""))
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: asked.append("save") or (str(target), ""))
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=WAIT_MS)

    QTest.keyClick(window, Qt.Key.Key_1, CTRL)
    library = window.stack.currentWidget()
    assert isinstance(library, LibraryView)
    QTest.keyClick(window.focusWidget() or window, Qt.Key.Key_O, CTRL)
    qtbot.waitUntil(lambda: library.import_job is None and bool(list_materials(store)), timeout=WAIT_MS)

    QTest.keyClick(window, Qt.Key.Key_2, CTRL)
    quizzes = window.stack.currentWidget()
    assert isinstance(quizzes, QuizView)
    qtbot.waitUntil(lambda: quizzes.options.material.currentData() is not None, timeout=WAIT_MS)
    QTest.keyClick(window.focusWidget(), Qt.Key.Key_Y, ALT)
    qtbot.waitUntil(lambda: bool(list_quizzes(store)), timeout=WAIT_MS)

    def write_question(dialog: QWidget) -> None:
        """Focus order: kind, question, (choices, off for an open question), answer."""
        assert isinstance(dialog, QuestionDialog) and dialog.kind.hasFocus()
        QTest.keyClick(dialog.focusWidget(), Qt.Key.Key_Tab)
        QTest.keyClicks(dialog.focusWidget(), "What is infiltration?")
        QTest.keyClick(dialog.focusWidget(), Qt.Key.Key_Tab)
        QTest.keyClicks(dialog.focusWidget(), "Rain soaking into the ground.")
        assert dialog.answer.text() == "Rain soaking into the ground."
        QTest.keyClick(dialog.focusWidget(), Qt.Key.Key_Return)

    when_up(QApplication.activeModalWidget, write_question)
    QTest.keyClick(window.focusWidget(), Qt.Key.Key_B, ALT)
    (row,) = list_quizzes(store)
    qtbot.waitUntil(lambda: bool(get_quiz(store, row["id"]).questions), timeout=WAIT_MS)
    assert [q.text for q in get_quiz(store, row["id"]).questions] == ["What is infiltration?"]

    def export_markdown(dialog: QWidget) -> None:
        """Focus order: format, file, Browse…; Return in the file field presses OK."""
        assert isinstance(dialog, ExportDialog) and dialog.format.hasFocus()
        for _ in range(dialog.format.count()):
            if dialog.format.currentText() == "Markdown":
                break
            QTest.keyClick(dialog.format, Qt.Key.Key_Down)
        QTest.keyClick(dialog.focusWidget(), Qt.Key.Key_Tab)
        QTest.keyClick(dialog.focusWidget(), Qt.Key.Key_Tab)
        assert dialog.browse_button.hasFocus()
        QTest.keyClick(dialog.browse_button, Qt.Key.Key_Space)
        QTest.keyClick(dialog.focusWidget(), Qt.Key.Key_Tab, Qt.KeyboardModifier.ShiftModifier)
        assert dialog.target.hasFocus() and dialog.target.text() == str(target)
        QTest.keyClick(dialog.target, Qt.Key.Key_Return)

    window.activateWindow()  # without a window manager, a closed dialog hands the focus back to no one
    qtbot.waitUntil(window.isActiveWindow, timeout=WAIT_MS)
    for _ in range(60):
        if quizzes.export_button.hasFocus():
            break
        QTest.keyClick(window.focusWidget(), Qt.Key.Key_Tab)
    assert quizzes.export_button.hasFocus(), "Tab reaches the Export button"
    when_up(QApplication.activeModalWidget, export_markdown)
    QTest.keyClick(quizzes.export_button, Qt.Key.Key_Space)
    qtbot.waitUntil(target.exists, timeout=WAIT_MS)
    qtbot.waitUntil(lambda: "Wrote" in quizzes.status.text(), timeout=WAIT_MS)
    assert "What is infiltration?" in target.read_text(encoding="utf-8") and asked == ["open", "save"]
