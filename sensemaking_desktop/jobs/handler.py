"""What a kind of job implements (compute an item, then save it inside the item's transaction),
and the registry that finds a job's handler by the name its row keeps.

A job row names its handler by a registered name, never by an import path: a name the
registry does not know is refused before anything is imported. The queue knows nothing of
models; whoever runs a job hands it an engine factory.
"""

import abc
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

import sqlite_utils

from sensemaking_desktop.cancel import CancelToken
from sensemaking_desktop.errors import JobError
from sensemaking_desktop.jobs import claims
from sensemaking_desktop.store import Store

EngineFactory = Callable[[str | None], Any]
"""model reference (None: the default model) -> a loaded chat backend."""


@dataclass
class JobContext:
    """What a handler may use: the library, its folder, and engines loaded once per job."""

    store: Store
    data_dir: Path
    engines: EngineFactory | None = None
    item_progress: Callable[[float], None] = lambda fraction: None
    """Handlers call this with 0..1 while one long item runs (pages read, audio transcribed)."""
    job_id: int | None = None
    job_created_at: str | None = None
    """When the job was submitted: work another job finished after it need not be done again."""
    _engines: dict[str | None, Any] = field(default_factory=dict)

    def claim(self, subjects: Iterable[str]) -> list[str]:
        """The subjects no other running job works on, now held by this job until its item is
        saved or fails (see claims.py); all of them when the job runs outside a queue."""
        if self.job_id is None:
            return list(subjects)
        return claims.claim(self.store, self.job_id, subjects)

    def engine(self, model: str | None = None) -> Any:
        if model not in self._engines:
            if self.engines is None:
                raise JobError("This job needs a model, and it was started without access to the models.")
            self._engines[model] = self.engines(model)
        return self._engines[model]


class JobHandler(abc.ABC):
    """One kind of job. `run` may take minutes and must not write to the library;
    `save` is short and runs in the same transaction that marks the item done, so an
    item is either fully recorded or not at all.

    A subclass sets `name`, under which it registers itself when its module is imported."""

    name: ClassVar[str]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "name" in cls.__dict__:
            HANDLERS.add(cls)

    def __init__(self, params: dict[str, Any], context: JobContext) -> None:
        self.params = params
        self.context = context

    @abc.abstractmethod
    def run(self, payload: dict[str, Any], cancel: CancelToken) -> dict[str, Any]:
        """Compute one item's result (JSON-serialisable)."""

    def save(self, db: sqlite_utils.Database, payload: dict[str, Any], result: dict[str, Any]) -> dict[str, Any] | None:
        """Write the item's rows. Return what the job item should keep instead of the whole
        result (say, the new row's id rather than a book's text); None keeps the result."""
        return None


class HandlerRegistry:
    """Job handlers by name: classes already imported, and loaders for the app's own kinds
    (so that resuming a job imports only the part of the app it needs)."""

    def __init__(self) -> None:
        self._classes: dict[str, type[JobHandler]] = {}
        self._loaders: dict[str, Callable[[], type[JobHandler]]] = {}

    def add(self, handler: type[JobHandler]) -> None:
        self._classes[handler.name] = handler

    def register(self, name: str, loader: Callable[[], type[JobHandler]]) -> None:
        self._loaders[name] = loader

    def knows(self, name: str) -> bool:
        return name in self._classes or name in self._loaders

    def load(self, name: str) -> type[JobHandler]:
        """The handler a job row names; an unknown name fails before anything is imported."""
        if name not in self._classes:
            if name not in self._loaders:
                raise JobError(f"This job was made by a part of the app that is not available ({name}).")
            self.add(self._loaders[name]())
        return self._classes[name]


HANDLERS = HandlerRegistry()
"""The process's job handlers; the workflows register the app's own kinds."""


def handler_name(handler: type[JobHandler]) -> str:
    """The name a job row keeps; the class must be registered under it."""
    name = getattr(handler, "name", None)
    if not isinstance(name, str) or not HANDLERS.knows(name):
        raise JobError(f"{handler.__qualname__} is not a registered job handler.")
    return name
