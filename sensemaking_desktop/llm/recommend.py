"""Which catalogue model to suggest for this computer, why, and what a first run should be told.

The embedded 135M model shows that everything works, not that quizzes are good, so while it
is the only model the CLI and the window say so, suggest one download that fits (memory,
GPU, the language of the material), and offer models found on disk or a server instead.
This is the one place that chooses: `sensemaking info`, `sensemaking teach`, the Models area
and the Welcome window all call first_run(), and the README's table is checked against it.
The reason is kept as facts (memory, speed, language) so that each front end words it in its
own language.
"""

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import psutil

from sensemaking_desktop.llm.catalogue import CatalogueEntry
from sensemaking_desktop.llm.found import FoundModel
from sensemaking_desktop.store.materials import commonest_language
from sensemaking_desktop.text.language import language_name

if TYPE_CHECKING:
    from sensemaking_desktop.llm.registry import ModelRegistry

RAM_SHARE = 0.5
"""A model may take half the memory; the app, the material and the OS need the rest."""
GPU_SHARE = 0.9
"""A model on the graphics card leaves a tenth of its memory for the context."""
CPU_ONLY_MAX_BYTES = 2_500_000_000
"""Without a GPU a larger model writes a quiz too slowly to wait for (several minutes a section)."""
_OPEN_LICENCES = ("apache-2.0", "mit")


@dataclass(frozen=True)
class Machine:
    """The memory a model may use on a computer: its RAM, and the free memory of a graphics card
    llama.cpp can use (0 where it has none or cannot use it)."""

    ram_bytes: int
    gpu_memory_bytes: int = 0

    @classmethod
    def here(cls) -> "Machine":
        """This computer, as llama.cpp sees it."""
        from sensemaking_desktop.llm.gpu import gpu_report

        report = gpu_report()
        return cls(psutil.virtual_memory().total, report.free_bytes if report.offload else 0)


@dataclass(frozen=True)
class Recommendation:
    """A model to download and the facts that make it the choice here."""

    entry: CatalogueEntry
    machine: Machine
    language: str | None = None
    """The material's language where the model writes in it, else None."""

    @property
    def on_gpu(self) -> bool:
        """Whether the whole model fits on the graphics card, which makes it quick."""
        return self.entry.size_bytes <= self.machine.gpu_memory_bytes * GPU_SHARE

    @property
    def command(self) -> str:
        return f"sensemaking models download {self.entry.name}"

    @property
    def reason(self) -> str:
        """Why this model, in a teacher's words: memory, speed, what it writes."""
        memory = f"It needs about {self.entry.ram_gb:g} GB of the {self.machine.ram_bytes / 1e9:.0f} GB of memory here"
        speed = (
            "runs on the graphics card and so writes quickly"
            if self.on_gpu
            else "is small enough to write quizzes on the processor alone without long waits"
        )
        writes = (
            f"writes questions and grades answers in {language_name(self.language)}"
            if self.language
            else "writes clear questions and grades written answers"
        )
        return f"{memory}, {speed}, and {writes}."

    def as_json(self) -> dict:
        return {
            "name": self.entry.name,
            "title": self.entry.title,
            "size_bytes": self.entry.size_bytes,
            "license": self.entry.license,
            "ram_gb": self.entry.ram_gb,
            "on_gpu": self.on_gpu,
            "language": self.language,
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
        """The advice as short lines for a terminal, in a teacher's words: the model's plain name, its
        download size and why; its file's compression and licence are for `sensemaking models`."""
        lines = ["Only the small built-in model is installed: it shows that everything works, but writes weak quizzes."]
        if self.recommendation:
            entry = self.recommendation.entry
            lines.append(
                f"Recommended for this computer: {entry.plain_title}, a {entry.size_bytes / 1e9:.1f} GB download. "
                f"{self.recommendation.reason}"
            )
            lines.append(f"Download it: {self.recommendation.command}")
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
    """The largest catalogue model that fits this memory (and, without a graphics card, is quick
    enough on the processor) and writes in the material's language. Among models of about the
    same size (to the GB) the one that writes in more languages wins, then an open licence
    (Apache-2.0, MIT)."""
    machine = Machine(ram_bytes if ram_bytes is not None else psutil.virtual_memory().total, gpu_memory_bytes)
    budget = max(machine.ram_bytes * RAM_SHARE, machine.gpu_memory_bytes * GPU_SHARE)
    code = (language or "").split("-")[0].lower() or None
    fitting = [
        entry
        for entry in catalogue
        if entry.ram_gb * 1e9 <= budget and (gpu_memory_bytes or entry.size_bytes <= CPU_ONLY_MAX_BYTES)
    ]
    speaking = [entry for entry in fitting if code is None or code in entry.languages] or fitting
    if not speaking:
        return None
    best = max(
        speaking,
        key=lambda entry: (round(entry.size_bytes / 1e9), len(entry.languages), entry.license in _OPEN_LICENCES),
    )
    return Recommendation(best, machine, code if code and code in best.languages else None)


def first_run(
    registry: "ModelRegistry", *, language: str | None = None, machine: Machine | None = None
) -> FirstRun | None:
    """Advice while the embedded model is the only one installed, for `machine` (this computer
    unless given); None otherwise."""
    if len(registry.installed()) > 1:
        return None
    machine = machine or Machine.here()
    servers = [server.name for server in registry.servers()]
    language = language or commonest_language(registry.store)
    recommendation = recommend(
        registry.catalogue(), ram_bytes=machine.ram_bytes, gpu_memory_bytes=machine.gpu_memory_bytes, language=language
    )
    return FirstRun(recommendation, registry.found_on_disk(), servers)
