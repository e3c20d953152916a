"""The speech recognisers: one module each in this package, found by its presence here.

A module registers its transcribe function with the `backend` decorator (as llama-cpp-python
registers chat formats), naming the modules it needs installed and what to install for them.
Registering must cost nothing: a backend imports its libraries inside `transcribe`, which only
the worker process calls (see worker.py), so listing backends never loads torch or CTranslate2.

Every transcribe function takes the decoded samples, the CTranslate2 model, and the keywords
`language`, `decoding`, `cache_dir`, `on_segment(text, start, end)` and `on_progress(seconds)`,
and returns the language (given or detected) and the device it ran on.
"""

import functools
import importlib
import importlib.util
import pkgutil
from collections.abc import Callable
from dataclasses import dataclass

Transcribe = Callable[..., tuple[str, str]]


@dataclass(frozen=True)
class AsrBackend:
    name: str
    modules: tuple[str, ...]
    """The modules the backend imports; their presence says whether it is installed."""
    install: str
    """What to install when they are missing, as a sentence names it."""
    transcribe: Transcribe
    rank: int
    """Listed in this order (lowest first), so the default comes first in every choice."""

    @property
    def installed(self) -> bool:
        return all(importlib.util.find_spec(module) is not None for module in self.modules)


_REGISTERED: dict[str, AsrBackend] = {}


def backend(name: str, *, modules: tuple[str, ...], install: str, rank: int) -> Callable[[Transcribe], Transcribe]:
    """Register the decorated transcribe function as the backend `name`."""

    def register(transcribe: Transcribe) -> Transcribe:
        _REGISTERED[name] = AsrBackend(name, modules, install, transcribe, rank)
        return transcribe

    return register


@functools.cache
def registered() -> dict[str, AsrBackend]:
    """Every backend module of this package imported once, and what they registered, in rank order."""
    for module in pkgutil.iter_modules(__path__):
        importlib.import_module(f"{__name__}.{module.name}")
    return dict(sorted(_REGISTERED.items(), key=lambda item: (item[1].rank, item[0])))
