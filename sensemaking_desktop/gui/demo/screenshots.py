"""`sensemaking gui --screenshots DIR`: one PNG per area, over a demo library made on the spot
(the bundled sample, a quiz the default model writes with two open questions added by hand,
a class it grades), for the README and for reviewing the layout on a machine without a
display (Qt's offscreen platform, unless QT_QPA_PLATFORM names another, such as xcb under
xvfb-run).

The pictures must show no one's machine, so just before each is taken the paths in its labels
and table cells are shortened: the demo's scratch folder to "…", the Python installation's
packages folder to "…/site-packages" and the home folder to "~". Only the demo does this; the
window shows real users their full paths. Files are named by the area's place in the navigation."""

import os
import re
import sysconfig
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

WIDTH, HEIGHT = 1200, 760


def wait_until(condition: Callable[[], bool], timeout_s: float = 60) -> bool:
    """Let the event loop run until `condition` holds (workers report through it)."""
    from PySide6.QtWidgets import QApplication

    deadline = time.monotonic() + timeout_s
    while not condition():
        if time.monotonic() > deadline:
            return False
        QApplication.processEvents()
        time.sleep(0.02)
    return True


def settle(seconds: float) -> None:
    """Let pending layout and paint events run for a moment."""
    wait_until(lambda: False, seconds)


def save_screenshots(folder: Path, on_step: Callable[[str], None] = lambda text: None) -> list[Path]:
    """Build the demo library, open the window on it and save each area; returns the files."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from sensemaking_desktop.gui.demo.demo_class import add_graded_class, run_suite
    from sensemaking_desktop.gui.demo.demo_library import add_open_questions, import_sample, write_quiz

    folder.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="sensemaking-screens-") as scratch:
        data_dir = Path(scratch) / "Sensemaking library"
        on_step("importing the sample material")
        material_id = import_sample(data_dir)
        on_step("writing a quiz with the default model (a few minutes on a small CPU)")
        quiz_id = write_quiz(data_dir, material_id)
        add_open_questions(data_dir, material_id, quiz_id)
        on_step("grading a class's answers and two self-test attempts with the default model")
        add_graded_class(data_dir, quiz_id)
        on_step("running the adversarial suite on a sample of the class's answers")
        run_suite(data_dir, quiz_id)
        on_step("opening the window")
        shortened = [
            (sysconfig.get_paths()["purelib"], "…/site-packages"),
            (scratch, "…"),
            (str(Path.home()), "~"),
        ]
        return _capture(data_dir, Path(scratch) / "gui.ini", folder, shortened)


def _capture(data_dir: Path, preferences_file: Path, folder: Path, shortened: list[tuple[str, str]]) -> list[Path]:
    from PySide6.QtCore import QSettings

    from sensemaking_desktop.gui.app import application, open_window

    application()
    window = open_window(data_dir, QSettings(str(preferences_file), QSettings.Format.IniFormat))
    window.resize(WIDTH, HEIGHT)
    wait_until(lambda: window.context.models.loaded)
    window.build_areas()
    written = []
    for index, area in enumerate(window.areas):
        window.open_area(index)
        _arrange(area)
        wait_until(lambda: not window.context.workers.busy, 30)
        settle(0.3)
        _shorten_paths(window, shortened)
        slug = re.sub(r"\W+", "-", area.title().lower()).strip("-")
        target = folder / f"{index + 1:02d}-{slug}.png"
        save_picture(window, target)
        written.append(target)
    window.close()
    window.context.store.close()
    return written


def save_picture(widget: "QWidget", target: Path) -> None:
    """`widget` as a small PNG for the docs: 256 colours without dithering keep the text sharp
    at a third of the size."""
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QImage

    flags = Qt.ImageConversionFlag.ThresholdDither | Qt.ImageConversionFlag.AvoidDither
    image = widget.grab().toImage().convertToFormat(QImage.Format.Format_Indexed8, flags)
    if not image.save(str(target), "PNG", 0):
        raise OSError(f"could not write {target}")


def _arrange(area: object) -> None:
    """Put each known area in a state worth showing: something selected."""
    from sensemaking_desktop.gui.areas.grading_view import GradingView
    from sensemaking_desktop.gui.areas.jobs_view import JobsView
    from sensemaking_desktop.gui.areas.library_view import LibraryView
    from sensemaking_desktop.gui.areas.models_view import ModelsView
    from sensemaking_desktop.gui.areas.quiz_view import QuizView

    if isinstance(area, LibraryView):
        material = area.tree.topLevelItem(0)
        if material is not None and material.childCount() > 1:
            area.tree.setCurrentItem(material.child(1))
    elif isinstance(area, QuizView):
        kept = next((row for row, q in enumerate(area.quiz.questions) if q.status != "dropped"), 0) if area.quiz else 0
        area.questions.setCurrentRow(kept)
    elif isinstance(area, ModelsView):
        area.catalogue.selectRow(0)
    elif isinstance(area, JobsView):
        area.table.selectRow(0)
    elif isinstance(area, GradingView):
        area.tabs.setCurrentWidget(area.evaluator)
        area.review.include_all.setChecked(True)


def _shorten_paths(window: "QWidget", shortened: list[tuple[str, str]]) -> None:
    """Replace each (path, shown) prefix in the window's labels and table cells."""
    from PySide6.QtWidgets import QLabel, QTableWidget

    def short(text: str) -> str:
        for path, shown in shortened:
            text = text.replace(path, shown)
        return text

    for label in window.findChildren(QLabel):
        if short(label.text()) != label.text():
            label.setText(short(label.text()))
    for table in window.findChildren(QTableWidget):
        for row in range(table.rowCount()):
            for column in range(table.columnCount()):
                cell = table.item(row, column)
                if cell is not None and short(cell.text()) != cell.text():
                    cell.setText(short(cell.text()))
