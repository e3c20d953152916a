"""The main window: a navigation list of areas on the left, the chosen area on the right.

Areas are named here by import path, one line each. The first is built with the window; the
others' modules are imported in a worker after the first paint (some pull in heavy parts of
the core) and the areas are built as soon as they are there, or at once when one is asked
for. Each area declares its own title, icon and whether it is a research area; the
research areas are listed apart, under a heading. Ctrl+1..9 opens the first nine. An
area asks for another through its `open_requested` signal; the Library asks for a quiz from a
material through `quiz_requested`, answered with the Quizzes area, that material chosen. Files
dropped anywhere on the window are imported into the library. At start-up, jobs a crash
interrupted are offered for resume in a banner.
"""

import importlib
from pathlib import Path
from typing import Any

from PySide6.QtCore import QLocale, QSize, Qt, QTimer
from PySide6.QtGui import QCloseEvent, QDragEnterEvent, QDropEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMainWindow,
    QPlainTextEdit,
    QSizePolicy,
    QSplitter,
    QStackedWidget,
    QTextEdit,
    QVBoxLayout,
    QWidget,
)

from sensemaking_desktop.gui.area import Area
from sensemaking_desktop.gui.areas.library_view import LibraryView
from sensemaking_desktop.gui.context import GuiContext
from sensemaking_desktop.gui.messages import confirm, show_error
from sensemaking_desktop.gui.quiet_import import import_quietly
from sensemaking_desktop.gui.widgets.help_dialogs import show_about, show_shortcuts
from sensemaking_desktop.gui.widgets.interrupted_banner import InterruptedBanner
from sensemaking_desktop.gui.widgets.welcome import WelcomeDialog
from sensemaking_desktop.paths import database_path
from sensemaking_desktop.samples import sample_for, write_sample
from sensemaking_desktop.store.materials import list_materials

AREAS = (
    "sensemaking_desktop.gui.areas.library_view:LibraryView",
    "sensemaking_desktop.gui.areas.quiz_view:QuizView",
    "sensemaking_desktop.gui.areas.selftest_view:SelfTestView",
    "sensemaking_desktop.gui.areas.study_view:StudyView",
    "sensemaking_desktop.gui.areas.grading_view:GradingView",
    "sensemaking_desktop.gui.areas.models_view:ModelsView",
    "sensemaking_desktop.gui.areas.settings_view:SettingsView",
    "sensemaking_desktop.gui.areas.robustness_view:RobustnessView",
    "sensemaking_desktop.gui.areas.experiments_view:ExperimentsView",
    "sensemaking_desktop.gui.areas.jobs_view:JobsView",
)
"""Where each area lives, in the order of the navigation: the teacher's work first, then the
models and settings, then the research areas. Module paths rather than classes, so that only the
first area is imported before the window shows. A new area is a subclass of Area declaring its
TITLE, ICON and RESEARCH, plus one line here."""

AREA_INDEX = Qt.ItemDataRole.UserRole
"""On a navigation row: the index of its area in `MainWindow.areas` (none on a heading)."""

WELCOMED_KEY = "welcome/libraries"
"""The libraries (their database files) whose Welcome window was closed: as the README says, it
is offered once for each new library, not once per user account."""
GEOMETRY_KEY = "window/geometry"
SPLITTERS_KEY = "window/splitters"


def keyboard_friendly(area: QWidget) -> None:
    """Tab moves on from every text box, so the keyboard alone reaches every control; a tab
    character is seldom wanted in a question or an answer."""
    for box in [*area.findChildren(QPlainTextEdit), *area.findChildren(QTextEdit)]:
        box.setTabChangesFocus(True)


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
        self.navigation.setIconSize(QSize(20, 20))
        self.navigation.setSpacing(2)
        self.stack = QStackedWidget()
        self.stack.currentChanged.connect(lambda _index: self._size_by_current_area())
        self.banner = InterruptedBanner()
        self.area_paths = areas
        self.areas: list[Area] = []
        self.welcome: WelcomeDialog | None = None
        self._add_area(area_class(areas[0])(context))
        self.navigation.currentRowChanged.connect(self._row_chosen)
        self._layout()
        self._shortcuts()
        self._status()
        self._menus()
        self.banner.resume_requested.connect(self._resume)
        self.banner.show_requested.connect(self._open_jobs)
        context.models.failed.connect(lambda message, details: show_error(self, message, details))
        self.open_area(0)
        self.resize(1200, 760)
        self._restore_geometry()
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
        if area.RESEARCH and not any(shown.RESEARCH for shown in self.areas):
            self._add_heading(self.tr("Research"))
        item = QListWidgetItem(self.style().standardIcon(area.ICON), area.title())
        item.setData(AREA_INDEX, number - 1)
        self.navigation.addItem(item)
        area.setAccessibleName(area.title())
        if number <= 9:
            tip = self.tr("%1 (Ctrl+%2)").replace("%1", area.title()).replace("%2", str(number))
            item.setToolTip(tip)
        self.stack.addWidget(area)
        self.areas.append(area)
        self._size_by_current_area()
        area.open_requested.connect(self.open_area_named)
        if isinstance(area, LibraryView):
            area.quiz_requested.connect(self.make_quiz_from)
        self.navigation.setFixedWidth(self.navigation.sizeHintForColumn(0) + 40)
        self._restore_splitters(area)
        keyboard_friendly(area)

    def _add_heading(self, text: str) -> None:
        """A row that names the group below it; it cannot be chosen."""
        heading = QListWidgetItem(text)
        heading.setFlags(Qt.ItemFlag.NoItemFlags)
        font = heading.font()
        font.setBold(True)
        heading.setFont(font)
        self.navigation.addItem(heading)

    def _size_by_current_area(self) -> None:
        """Only the area shown sets the window's least size: a hidden area that changes (its bar
        appears when a job adds a quiz) would otherwise make the window grow (issue 16)."""
        shown = self.stack.currentWidget()
        for area in self.areas:
            policy = QSizePolicy.Policy.Preferred if area is shown else QSizePolicy.Policy.Ignored
            area.setSizePolicy(policy, policy)
        self.stack.updateGeometry()

    def _row_chosen(self, row: int) -> None:
        item = self.navigation.item(row)
        if item is not None and item.data(AREA_INDEX) is not None:
            self.open_area(item.data(AREA_INDEX))

    def _row_of(self, index: int) -> int:
        return next(
            row for row in range(self.navigation.count()) if self.navigation.item(row).data(AREA_INDEX) == index
        )

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
            shortcut.activated.connect(lambda index=index: self.open_area(index))

    def _status(self) -> None:
        self.model_label = QLabel()
        self.model_label.setObjectName("currentModel")
        self.jobs_label = QLabel()
        self.statusBar().addPermanentWidget(self.model_label)
        self.statusBar().addPermanentWidget(self.jobs_label)
        self._show_model()
        self.context.events.settings_changed.connect(self._show_model)
        self.context.jobs.changed.connect(self._show_running)
        self.context.jobs.progress.connect(self._show_progress)
        self.context.jobs.finished.connect(self._job_finished)

    def _menus(self) -> None:
        help_menu = self.menuBar().addMenu(self.tr("&Help"))
        help_menu.addAction(self.tr("&Welcome…"), self.show_welcome)
        shortcuts = help_menu.addAction(
            self.tr("&Keyboard shortcuts"), lambda: show_shortcuts(self, [area.title() for area in self.areas])
        )
        shortcuts.setShortcut(QKeySequence.StandardKey.HelpContents)
        help_menu.addAction(self.tr("&About and licences"), lambda: show_about(self))

    def _show_model(self) -> None:
        name = self.context.store.load_settings().default_model
        self.model_label.setText(self.tr("Model: %1").replace("%1", name or self.tr("the one that comes with the app")))

    def offer_welcome(self) -> None:
        """On a fresh library (no material, its Welcome never closed) open the Welcome window."""
        if self._library() not in self._welcomed() and not list_materials(self.context.store):
            self.show_welcome()

    def _library(self) -> str:
        """This library, named by its database file."""
        return str(database_path(self.context.data_dir).resolve())

    def _welcomed(self) -> list[str]:
        """The libraries whose Welcome window was closed (QSettings gives one as a plain string)."""
        value = self.context.preferences.value(WELCOMED_KEY, [])
        return [value] if isinstance(value, str) else list(value or [])

    def show_welcome(self) -> WelcomeDialog:
        """Open the Welcome window; whatever way it closes, it is not offered again by itself on this library."""
        dialog = WelcomeDialog(self.context.models, self)
        dialog.download_requested.connect(self._download_model)
        dialog.local_file_requested.connect(self._add_model_file)
        dialog.sample_requested.connect(self.open_sample)
        dialog.server_requested.connect(lambda url, key: self._add_server(dialog, url, key))
        dialog.finished.connect(lambda _result: self._welcome_closed(dialog))
        self.welcome = dialog
        dialog.open()
        return dialog

    def _welcome_closed(self, dialog: WelcomeDialog) -> None:
        welcomed = self._welcomed()
        if self._library() not in welcomed:
            self.context.preferences.setValue(WELCOMED_KEY, [*welcomed, self._library()])
        self.welcome = None
        dialog.deleteLater()

    def _download_model(self, name: str) -> None:
        """Start a catalogue download in the Models area, where its progress and cancel live."""
        from sensemaking_desktop.gui.areas.models_view import ModelsView

        models = self.open_area_of(ModelsView)
        assert isinstance(models, ModelsView)
        models.show_models()
        catalogue = models.catalogue
        rows = [
            row for row in range(catalogue.rowCount()) if catalogue.item(row, 0).data(Qt.ItemDataRole.UserRole) == name
        ]
        if rows:
            models.catalogue.selectRow(rows[0])
            models.download_current()

    def _add_server(self, dialog: WelcomeDialog, url: str, key: str) -> None:
        """Check the server in a worker (it may take seconds to answer, or never); once it
        answers it is saved, its key kept in the OS keyring, and made the default model."""

        def add(store: Any, _cancel: Any, _report: Any) -> Any:
            from sensemaking_desktop.workflows.core import Core

            server, served = Core(data_dir, store).models.add_reachable_server(url, api_key=key or None)
            settings = store.load_settings().model_copy(update={"default_model": server.name})
            store.save_settings(settings)
            return server.name, served

        def done(result: Any) -> None:
            self.context.models.refresh()
            self.context.events.settings_changed.emit()
            if self.welcome is dialog:
                dialog.server_saved(*result)

        def failed(message: str, _details: str) -> None:
            if self.welcome is dialog:
                dialog.server_failed(message)

        data_dir = self.context.data_dir
        self.context.workers.run(add, done=done, failed=failed)

    def _add_model_file(self) -> None:
        from sensemaking_desktop.gui.areas.models_view import ModelsView

        models = self.open_area_of(ModelsView)
        assert isinstance(models, ModelsView)
        models.add_local()

    def open_sample(self) -> None:
        """Import the bundled sample in the interface's language where it is translated, else in
        English (written into the data folder, so it stays with the library)."""
        self.import_files([write_sample(self.context.data_dir / "samples", sample_for(QLocale().name()))])

    def open_area(self, index: int) -> None:
        """Show area `index`, with its row chosen in the navigation (choosing the row comes back here)."""
        if index >= len(self.areas):
            self.build_areas()
        row = self._row_of(index)
        if self.navigation.currentRow() != row:
            self.navigation.setCurrentRow(row)
            return
        self.stack.setCurrentIndex(index)
        self.areas[index].opened()

    def open_area_of(self, kind: type[Area]) -> Area:
        """Bring the area of class `kind` forward and return it."""
        area = self.area(kind)
        self.open_area(self.areas.index(area))
        return area

    def open_area_named(self, name: str) -> None:
        """Bring forward the area whose class is called `name` (an area asked for it)."""
        self.build_areas()
        self.open_area(next(index for index, area in enumerate(self.areas) if type(area).__name__ == name))

    def make_quiz_from(self, material_id: int) -> None:
        """Open the Quizzes area with `material_id` chosen for the next quiz."""
        from sensemaking_desktop.gui.areas.quiz_view import QuizView

        quizzes = self.open_area_of(QuizView)
        assert isinstance(quizzes, QuizView)
        quizzes.choose_material(material_id)

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
        self._save_geometry()
        self.context.workers.stop_all()
        event.accept()

    def _restore_geometry(self) -> None:
        """The size and place the window had when it was last closed, if any."""
        saved = self.context.preferences.value(GEOMETRY_KEY)
        if saved:
            self.restoreGeometry(saved)

    def _save_geometry(self) -> None:
        preferences = self.context.preferences
        preferences.setValue(GEOMETRY_KEY, self.saveGeometry())
        for area in self.areas:
            for number, splitter in enumerate(area.findChildren(QSplitter)):
                preferences.setValue(f"{SPLITTERS_KEY}/{type(area).__name__}/{number}", splitter.saveState())

    def _restore_splitters(self, area: Area) -> None:
        for number, splitter in enumerate(area.findChildren(QSplitter)):
            saved = self.context.preferences.value(f"{SPLITTERS_KEY}/{type(area).__name__}/{number}")
            if saved:
                splitter.restoreState(saved)
