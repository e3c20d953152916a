"""The main window: a navigation list of areas on the left, the chosen area on the right.

Areas are named here by import path, one line each. The first is built with the window; the
others' modules are imported in a worker after the first paint (some pull in heavy parts of
the core) and the areas are built as soon as they are there, or at once when one is asked
for. Ctrl+1..9 opens the first nine. Files dropped anywhere on the window are imported into the
library. At start-up, jobs a crash interrupted are offered for resume in a banner.
"""

import importlib
from pathlib import Path

from PySide6.QtCore import QTimer
from PySide6.QtGui import QCloseEvent, QDragEnterEvent, QDropEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QListWidget,
    QMainWindow,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from sensemaking_desktop.gui.area import Area
from sensemaking_desktop.gui.context import GuiContext
from sensemaking_desktop.gui.messages import confirm, show_error
from sensemaking_desktop.gui.quiet_import import import_quietly
from sensemaking_desktop.gui.widgets.interrupted_banner import InterruptedBanner

AREAS = (
    "sensemaking_desktop.gui.areas.library_view:LibraryView",
    "sensemaking_desktop.gui.areas.quiz_view:QuizView",
    "sensemaking_desktop.gui.areas.models_view:ModelsView",
    "sensemaking_desktop.gui.areas.jobs_view:JobsView",
    "sensemaking_desktop.gui.areas.settings_view:SettingsView",
    "sensemaking_desktop.gui.areas.selftest_view:SelfTestView",
    "sensemaking_desktop.gui.areas.grading_view:GradingView",
    "sensemaking_desktop.gui.areas.robustness_view:RobustnessView",
    "sensemaking_desktop.gui.areas.experiments_view:ExperimentsView",
)
"""The navigation, in order. A further area is a subclass of Area and one more line here."""


def area_class(path: str) -> type[Area]:
    module, _, name = path.partition(":")
    return getattr(importlib.import_module(module), name)


class MainWindow(QMainWindow):
    def __init__(self, context: GuiContext, areas: tuple[str, ...] = AREAS) -> None:
        super().__init__()
        self.context = context
        self.setWindowTitle(self.tr("Sensemaking Desktop"))
        self.setAcceptDrops(True)
        self.navigation = QListWidget()
        self.navigation.setObjectName("navigation")
        self.navigation.setAccessibleName(self.tr("Areas"))
        self.stack = QStackedWidget()
        self.banner = InterruptedBanner()
        self.area_paths = areas
        self.areas: list[Area] = []
        self._add_area(area_class(areas[0])(context))
        self.navigation.currentRowChanged.connect(self.open_area)
        self._layout()
        self._shortcuts()
        self._status()
        self.banner.resume_requested.connect(self._resume)
        self.banner.show_requested.connect(self._open_jobs)
        context.models.failed.connect(lambda message, details: show_error(self, message, details))
        self.navigation.setCurrentRow(0)
        self.resize(1200, 760)
        QTimer.singleShot(0, self._load_other_areas)

    def _load_other_areas(self) -> None:
        modules = [path.partition(":")[0] for path in self.area_paths[len(self.areas) :]]
        self.context.workers.run(
            lambda _store, _cancel, _report: import_quietly(*modules),
            done=lambda _result: self.build_areas(),
            failed=lambda message, details: show_error(self, message, details),
        )

    def build_areas(self) -> None:
        """Build, in order, every area not built yet."""
        for path in self.area_paths[len(self.areas) :]:
            self._add_area(area_class(path)(self.context))

    def _add_area(self, area: Area) -> None:
        number = len(self.areas) + 1
        self.navigation.addItem(area.title())
        if number <= 9:
            tip = self.tr("%1 (Ctrl+%2)").replace("%1", area.title()).replace("%2", str(number))
            self.navigation.item(number - 1).setToolTip(tip)
        self.stack.addWidget(area)
        self.areas.append(area)
        self.navigation.setMaximumWidth(self.navigation.sizeHintForColumn(0) + 40)

    def _layout(self) -> None:
        right = QWidget()
        column = QVBoxLayout(right)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.banner)
        column.addWidget(self.stack, 1)
        central = QWidget()
        row = QHBoxLayout(central)
        row.addWidget(self.navigation)
        row.addWidget(right, 1)
        self.setCentralWidget(central)

    def _shortcuts(self) -> None:
        for index in range(min(9, len(self.area_paths))):
            shortcut = QShortcut(QKeySequence(f"Ctrl+{index + 1}"), self)
            shortcut.activated.connect(lambda index=index: self.navigation.setCurrentRow(index))

    def _status(self) -> None:
        self.jobs_label = QLabel()
        self.statusBar().addPermanentWidget(self.jobs_label)
        self.context.jobs.changed.connect(self._show_running)
        self.context.jobs.progress.connect(self._show_progress)
        self.context.jobs.finished.connect(self._job_finished)

    def open_area(self, index: int) -> None:
        if index < 0:
            return
        if index >= len(self.areas):
            self.build_areas()
        self.stack.setCurrentIndex(index)
        if self.navigation.currentRow() != index:
            self.navigation.setCurrentRow(index)
        self.areas[index].opened()

    def open_area_of(self, kind: type[Area]) -> Area:
        """Bring the area of class `kind` forward and return it."""
        area = self.area(kind)
        self.open_area(self.areas.index(area))
        return area

    def area(self, kind: type[Area]) -> Area:
        if not any(isinstance(area, kind) for area in self.areas):
            self.build_areas()
        return next(area for area in self.areas if isinstance(area, kind))

    def offer_interrupted_jobs(self) -> None:
        """Mark jobs whose process died as interrupted and offer to resume them."""

        queue = self.context.core.jobs
        queue.mark_interrupted()
        waiting = [(job.id, job.title) for job in queue.jobs() if job.status == "interrupted"]
        self.banner.offer(waiting)

    def _open_jobs(self) -> None:
        from sensemaking_desktop.gui.areas.jobs_view import JobsView

        self.open_area_of(JobsView)

    def _resume(self, job_ids: list[int]) -> None:
        for job_id in job_ids:
            self.context.jobs.resume(job_id)

    def _job_finished(self, _info: object) -> None:
        """A finished job may have added materials or questions: let every area re-read."""
        self.context.events.materials_changed.emit()
        self.context.events.quizzes_changed.emit()

    def _show_running(self) -> None:
        count = self.context.jobs.running_count
        self.jobs_label.setText(self.tr("%n job(s) running", "", count) if count else "")

    def _show_progress(self, progress: object) -> None:
        label = getattr(progress, "label", "")
        done = getattr(progress, "done", 0) + getattr(progress, "failed", 0)
        total = getattr(progress, "total", 0)
        text = self.tr("%1 of %2 done: %3").replace("%1", str(done)).replace("%2", str(total)).replace("%3", label)
        self.statusBar().showMessage(text, 4000)

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if event.mimeData().hasUrls() and any(url.isLocalFile() for url in event.mimeData().urls()):
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        paths = [Path(url.toLocalFile()) for url in event.mimeData().urls() if url.isLocalFile()]
        if paths:
            event.acceptProposedAction()
            self.import_files(paths)

    def import_files(self, paths: list[Path]) -> None:
        """Open the Library and import `paths` there (drag and drop lands here)."""
        from sensemaking_desktop.gui.areas.library_view import LibraryView

        library = self.open_area_of(LibraryView)
        assert isinstance(library, LibraryView)
        library.import_files(paths)

    def closeEvent(self, event: QCloseEvent) -> None:
        if self.context.workers.busy_with_long_work and not confirm(
            self,
            self.tr("Work is still running. Stop it and quit? Finished items are kept; stopped jobs can be resumed."),
        ):
            event.ignore()
            return
        self.context.workers.stop_all()
        event.accept()
