"""The models on this computer, the catalogue and GPU support, read once in a worker.

Listing models hashes the embedded model on first use and GPU support needs llama.cpp
loaded; neither belongs in the GUI thread, and several areas need the list.
"""

from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import QObject, Signal

from sensemaking_desktop.gui.quiet_import import import_quietly
from sensemaking_desktop.gui.worker import Workers
from sensemaking_desktop.workflows.core import Core


@dataclass(frozen=True)
class ModelsSnapshot:
    installed: list[Any] = field(default_factory=list)
    """ModelFile rows: name, path, sha256, size_bytes, source, catalogue_name."""
    catalogue: list[Any] = field(default_factory=list)
    """CatalogueEntry rows."""
    gpu: bool | None = None


def read_models(store: Any, data_dir: Any) -> ModelsSnapshot:
    import_quietly("sensemaking_desktop.llm.registry", "sensemaking_desktop.llm.llama_engine", "llama_cpp")
    from sensemaking_desktop.llm.llama_engine import gpu_available

    registry = Core(data_dir, store).models
    return ModelsSnapshot(list(registry.installed()), list(registry.catalogue()), gpu_available())


class ModelList(QObject):
    changed = Signal()
    failed = Signal(str, str)

    def __init__(self, workers: Workers, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.workers = workers
        self.snapshot = ModelsSnapshot()
        self.loaded = False

    @property
    def names(self) -> list[str]:
        return [model.name for model in self.snapshot.installed]

    def refresh(self) -> None:
        data_dir = self.workers.data_dir
        self.workers.run(
            lambda store, _cancel, _report: read_models(store, data_dir),
            done=self._loaded,
            failed=self.failed.emit,
        )

    def _loaded(self, snapshot: ModelsSnapshot) -> None:
        self.snapshot = snapshot
        self.loaded = True
        self.changed.emit()
