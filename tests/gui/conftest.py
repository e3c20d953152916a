"""Driving the real window offscreen: Qt's platform is chosen before Qt is imported."""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from collections.abc import Iterator  # noqa: E402
from pathlib import Path  # noqa: E402

import pytest  # noqa: E402
from PySide6.QtCore import QSettings  # noqa: E402
from PySide6.QtWidgets import QApplication, QMessageBox  # noqa: E402

from sensemaking_desktop.gui.context import build_context  # noqa: E402
from sensemaking_desktop.gui.main_window import MainWindow  # noqa: E402
from sensemaking_desktop.store import Store  # noqa: E402

WAIT_MS = 60_000
MODEL_WAIT_MS = 900_000
"""Writing a quiz with the real model on two shared cores takes minutes."""


@pytest.fixture
def preferences(tmp_path: Path) -> QSettings:
    return QSettings(str(tmp_path / "gui.ini"), QSettings.Format.IniFormat)


@pytest.fixture
def window(qtbot, data_dir: Path, store: Store, preferences: QSettings) -> Iterator[MainWindow]:
    """The main window over a fresh library; `store` is the test's own connection to it.

    Closed here rather than by qtbot, after the workers have stopped, so that closing never
    asks whether to stop running work."""
    context = build_context(data_dir, preferences)
    shown = MainWindow(context)
    shown.show()
    qtbot.waitExposed(shown)
    yield shown
    context.workers.stop_all()
    qtbot.waitUntil(lambda: not context.workers.busy, timeout=WAIT_MS)
    shown.close()
    for box in error_boxes():
        box.close()
    context.store.close()


@pytest.fixture
def answer_yes(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Confirmations say Yes; the questions asked are recorded."""
    asked: list[str] = []

    def question(_parent, _title, text, *_args):  # type: ignore[no-untyped-def]
        asked.append(text)
        return QMessageBox.StandardButton.Yes

    monkeypatch.setattr(QMessageBox, "question", question)
    return asked


def error_boxes() -> list[QMessageBox]:
    """The error messages the window shows now."""
    return [
        widget
        for widget in QApplication.topLevelWidgets()
        if isinstance(widget, QMessageBox) and widget.objectName() == "errorMessage" and widget.isVisible()
    ]
