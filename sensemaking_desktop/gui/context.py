"""What every area shares: the data folder, the GUI thread's own library connection, the
workers, the job runner, the list of models, and signals that keep the areas in step."""

from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QObject, QSettings, Signal

from sensemaking_desktop.gui.job_runner import JobRunner
from sensemaking_desktop.gui.model_list import ModelList
from sensemaking_desktop.gui.worker import Workers
from sensemaking_desktop.store import Store
from sensemaking_desktop.workflows.core import Core, open_library


class LibraryEvents(QObject):
    """Emitted by the area that changed something, heard by the areas that show it."""

    materials_changed = Signal()
    quizzes_changed = Signal()
    settings_changed = Signal()


@dataclass
class GuiContext:
    data_dir: Path
    store: Store
    """For quick reads and small edits in the GUI thread only; workers open their own."""
    core: Core
    """The GUI thread's core around `store`; a worker makes its own with `Core(data_dir, store)`."""
    preferences: QSettings
    """Window-level choices kept outside the library (data folder, import defaults)."""
    workers: Workers
    jobs: JobRunner
    models: ModelList
    events: LibraryEvents


def build_context(data_dir: Path, preferences: QSettings, parent: QObject | None = None) -> GuiContext:
    """Open the library and set up the shared parts; raises the core's StoreError when it cannot."""
    store = open_library(data_dir)
    workers = Workers(data_dir, parent)
    return GuiContext(
        data_dir=data_dir,
        store=store,
        core=Core(data_dir, store),
        preferences=preferences,
        workers=workers,
        jobs=JobRunner(workers, parent),
        models=ModelList(workers, parent),
        events=LibraryEvents(parent),
    )
