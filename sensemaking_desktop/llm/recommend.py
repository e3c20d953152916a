"""Which catalogue model to suggest for this computer, and what a first run should be told.

The embedded 135M model shows that everything works, not that quizzes are good, so while it
is the only model the CLI and the window say so, suggest one download that fits (memory,
GPU, the language of the material), and offer models found on disk or a server instead.
The CLI (`info`, `teach`), the Models area and the Welcome window all call first_run().
"""

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import psutil

from sensemaking_desktop.llm.catalogue import CatalogueEntry
from sensemaking_desktop.llm.found import FoundModel
from sensemaking_desktop.store.materials import commonest_language

if TYPE_CHECKING:
    from sensemaking_desktop.llm.registry import ModelRegistry

RAM_SHARE = 0.5
"""A model may take half the memory; the app, the material and the OS need the rest."""
CPU_ONLY_MAX_BYTES = 2_500_000_000
"""Without a GPU a larger model writes a quiz too slowly to wait for (several minutes a section)."""
_OPEN_LICENCES = ("apache-2.0", "mit")


@dataclass(frozen=True)
class Recommendation:
    entry: CatalogueEntry
    reason: str

    @property
    def command(self) -> str:
        return f"sensemaking models download {self.entry.name}"

    def as_json(self) -> dict:
        return {
            "name": self.entry.name,
            "title": self.entry.title,
            "size_bytes": self.entry.size_bytes,
            "license": self.entry.license,
            "reason": self.reason,
            "command": self.command,
        }


@dataclass(frozen=True)
class FirstRun:
    """What to tell someone who has only the embedded model."""

    recommendation: Recommendation | None
    found: list[FoundModel] = field(default_factory=list)
    servers: list[str] = field(default_factory=list)

    def lines(self) -> list[str]:
        """The advice as short lines for a terminal."""
        lines = ["Only the embedded 135M model is installed: it shows that everything works, but writes weak quizzes."]
        if self.recommendation:
            entry = self.recommendation.entry
            lines.append(
                f"Recommended here: {entry.title}, {entry.size_bytes / 1e9:.1f} GB, licence {entry.license} "
                f"({self.recommendation.reason}). Download it: {self.recommendation.command}"
            )
        if self.found:
            names = ", ".join(model.name for model in self.found[:3])
            lines.append(f"Found on disk (used where they lie): {names}. Use one: sensemaking models add NAME")
        if self.servers:
            lines.append(f"Saved servers: {', '.join(self.servers)}. Use one: --model NAME")
        else:
            lines.append("Or use a model server: sensemaking models add-server NAME http://HOST:PORT/v1")
        return lines

    def as_json(self) -> dict:
        return {
            "recommendation": self.recommendation.as_json() if self.recommendation else None,
            "found_on_disk": [model.name for model in self.found],
            "servers": self.servers,
        }


def recommend(
    catalogue: Sequence[CatalogueEntry],
    *,
    ram_bytes: int | None = None,
    gpu_memory_bytes: int = 0,
    language: str | None = None,
) -> Recommendation | None:
    """The largest catalogue model that fits this memory and speaks the material's language,
    preferring an open licence (Apache-2.0, MIT) among models of about the same size."""
    ram = ram_bytes if ram_bytes is not None else psutil.virtual_memory().total
    budget = max(ram * RAM_SHARE, gpu_memory_bytes * 0.9)
    code = (language or "").split("-")[0].lower() or None
    fitting = [
        entry
        for entry in catalogue
        if entry.ram_gb * 1e9 <= budget and (gpu_memory_bytes or entry.size_bytes <= CPU_ONLY_MAX_BYTES)
    ]
    speaking = [entry for entry in fitting if code is None or code in entry.languages] or fitting
    if not speaking:
        return None
    best = max(speaking, key=lambda entry: (round(entry.size_bytes / 1e9), entry.license in _OPEN_LICENCES))
    where = f"{ram / 1e9:.0f} GB of memory" + (
        f", a GPU with {gpu_memory_bytes / 1e9:.0f} GB" if gpu_memory_bytes else ""
    )
    speaks = f", speaks {code}" if code and code in best.languages else ""
    return Recommendation(best, f"fits {where}{speaks}")


def first_run(registry: "ModelRegistry", *, language: str | None = None, gpu_memory_bytes: int = 0) -> FirstRun | None:
    """Advice while the embedded model is the only one installed; None otherwise."""
    if len(registry.installed()) > 1:
        return None
    servers = [server.name for server in registry.servers()]
    language = language or commonest_language(registry.store)
    recommendation = recommend(registry.catalogue(), gpu_memory_bytes=gpu_memory_bytes, language=language)
    return FirstRun(recommendation, registry.found_on_disk(), servers)
