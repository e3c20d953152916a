"""Every area fits a 1280×800 screen: the window needs no more, and no control in any area is
cut off there (shorter than its text needs, or hidden past its parent's edge), on a fresh
library and on one with a quiz, in English and in the longer German."""

from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import WAIT_MS
from graded_quiz import water_quiz
from PySide6.QtCore import QCoreApplication, QLocale, QSize
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractScrollArea,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QLabel,
    QLineEdit,
    QPushButton,
    QWidget,
)

from sensemaking_desktop.gui import app
from sensemaking_desktop.gui.main_window import MainWindow
from sensemaking_desktop.store import Store

SCREEN = QSize(1280, 800)
CONTROLS = (QAbstractButton, QComboBox, QLineEdit, QAbstractSpinBox, QLabel)


def part_of_another(widget: QWidget, top: QWidget) -> bool:
    """A control's own parts (a spin box's line) are measured with it, and widgets in a scrolled
    view (a table's cells, a form in a scroll area) may lie out of sight."""
    parent = widget.parentWidget()
    while parent is not None and parent is not top:
        if isinstance(parent, (QAbstractScrollArea, *CONTROLS)):
            return True
        parent = parent.parentWidget()
    return False


def cut_off(control: QWidget) -> str | None:
    """Why `control` is cut off, or None when all of it shows."""
    width, height = control.width(), control.height()
    if isinstance(control, QLabel) and control.wordWrap():
        needed = QSize(0, control.heightForWidth(width) if control.text() else 0)
    elif isinstance(control, QLabel | QAbstractButton):
        needed = control.sizeHint() if control.text() else QSize(0, 0)
    else:
        needed = control.minimumSizeHint()
    if width < needed.width() or height < needed.height():
        return f"{width}×{height}, needs {needed.width()}×{needed.height()}"
    shown = control.visibleRegion().boundingRect()
    if shown.size() != control.size():
        return f"only {shown.width()}×{shown.height()} of {width}×{height} shows"
    return None


def problems(window: MainWindow) -> dict[str, list[str]]:
    """Per area, each visible control that is cut off at the window's size."""
    found: dict[str, list[str]] = {}
    for index, area in enumerate(window.areas):
        window.open_area(index)
        QApplication.processEvents()
        for control in area.findChildren(QWidget):
            if not isinstance(control, CONTROLS) or not control.isVisible() or part_of_another(control, area):
                continue
            why = cut_off(control)
            if why is not None:
                text = getattr(control, "text", lambda: "")() or control.accessibleName() or control.objectName()
                found.setdefault(type(area).__name__, []).append(f"{type(control).__name__} “{text}”: {why}")
    return found


@pytest.fixture(params=["en", "de"])
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    installed = (
        [] if request.param == "en" else app.install_translations(QApplication.instance(), QLocale(request.param))
    )  # type: ignore[arg-type]
    yield request.param
    for translator in installed:
        QCoreApplication.removeTranslator(translator)


def fitted_window(qtbot, window: MainWindow) -> MainWindow:  # type: ignore[no-untyped-def]
    """A window built now (in the installed language) over the same library, at 1280×800."""
    fresh = MainWindow(window.context)
    qtbot.addWidget(fresh)
    fresh.build_areas()
    fresh.resize(SCREEN)
    fresh.show()
    qtbot.waitExposed(fresh)
    qtbot.waitUntil(lambda: not window.context.workers.busy, timeout=WAIT_MS)
    return fresh


def check(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    fresh = fitted_window(qtbot, window)
    try:
        needed = fresh.minimumSizeHint()
        assert needed.width() <= SCREEN.width() and needed.height() <= SCREEN.height(), needed
        assert fresh.size() == SCREEN
        assert problems(fresh) == {}
    finally:
        fresh.close()


def test_every_area_fits_on_a_fresh_library(qtbot, window: MainWindow, language: str) -> None:  # type: ignore[no-untyped-def]
    check(qtbot, window)


def test_every_area_fits_with_a_quiz(  # type: ignore[no-untyped-def]
    qtbot, window: MainWindow, store: Store, data_dir: Path, tmp_path: Path, language: str
) -> None:
    water_quiz(store, data_dir, tmp_path)
    check(qtbot, window)


def test_the_check_sees_a_control_cut_off(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    """A button narrower than its text is reported, and so is one that a splitter squeezes (a
    splitter's panes may need more than the window's minimum size says)."""
    library = window.areas[0]
    squeezed = QPushButton("Import every file in this folder and all the folders in it", library)
    squeezed.setGeometry(0, 0, 40, 10)
    squeezed.show()
    assert cut_off(squeezed) is not None and "LibraryView" in problems(window)
    squeezed.deleteLater()
    fresh = fitted_window(qtbot, window)
    fresh.areas[0].import_button.setText("Import " * 40)
    assert fresh.minimumSizeHint().width() <= SCREEN.width() and "LibraryView" in problems(fresh)
    fresh.close()
