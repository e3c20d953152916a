"""The models on this computer, saved servers, models found on disk, the catalogue, GPU
support and first-run advice, read once in a worker.

Listing models hashes the embedded model on first use, GPU support needs llama.cpp loaded and
servers are asked over the network (with a short timeout); none of it belongs in the GUI
thread, and several areas need the list.
"""

from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import QObject, Signal

from sensemaking_desktop.errors import SensemakingError
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
    gpu_report: Any = None
    """GpuReport: backends and devices."""
    servers: list[dict[str, Any]] = field(default_factory=list)
    """Saved servers: name, url, reachable, models, error."""
    found: list[Any] = field(default_factory=list)
    """FoundModel rows (Ollama, LM Studio) not in the library yet."""
    first_run: Any = None
    """FirstRun advice while the embedded model is the only one, else None."""
    offload: Any = None
    """OffloadPlan of the default model (layers on the GPU and why), None for a server."""


def read_models(store: Any, data_dir: Any) -> ModelsSnapshot:
    import_quietly("sensemaking_desktop.llm.registry", "sensemaking_desktop.llm.llama_engine", "llama_cpp")
    from sensemaking_desktop.llm.gpu import gpu_report, offload_plan
    from sensemaking_desktop.llm.openai_backend import list_model_ids
    from sensemaking_desktop.llm.recommend import first_run

    registry = Core(data_dir, store).models
    report = gpu_report()
    default = registry.resolve(None)
    path = getattr(default, "path", None)
    offload = offload_plan(report, store.load_settings(), path, default.size_bytes) if path else None
    servers = []
    for server in registry.servers():
        try:
            servers.append({"name": server.name, "url": server.url, "models": list_model_ids(server.config())})
        except SensemakingError as error:
            servers.append({"name": server.name, "url": server.url, "models": [], "error": str(error)})
    return ModelsSnapshot(
        list(registry.installed()),
        list(registry.catalogue()),
        report.offload,
        report,
        servers,
        registry.found_on_disk(),
        first_run(registry),
        offload,
    )


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
