"""What a kind of job implements: compute an item, then save it inside the item's transaction."""

import abc
import importlib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import sqlite_utils

from sensemaking_desktop.cancel import CancelToken
from sensemaking_desktop.errors import JobError
from sensemaking_desktop.store import Store


@dataclass
class JobContext:
    """What a handler may use: the library, its folder, and engines loaded once per job."""

    store: Store
    data_dir: Path
    item_progress: Callable[[float], None] = lambda fraction: None
    """Handlers call this with 0..1 while one long item runs (pages read, audio transcribed)."""
    _engines: dict[str | None, Any] = field(default_factory=dict)

    def engine(self, model: str | None = None) -> Any:
        if model not in self._engines:
            from sensemaking_desktop.llm.registry import ModelRegistry

            self._engines[model] = ModelRegistry(self.store, self.data_dir).engine(model)
        return self._engines[model]


class JobHandler(abc.ABC):
    """One kind of job. `run` may take minutes and must not write to the library;
    `save` is short and runs in the same transaction that marks the item done, so an
    item is either fully recorded or not at all."""

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


def handler_path(handler: type[JobHandler]) -> str:
    return f"{handler.__module__}:{handler.__qualname__}"


def import_handler(path: str) -> type[JobHandler]:
    """The handler class a job row names, so any process can resume the job."""
    module_name, _, name = path.partition(":")
    try:
        handler = getattr(importlib.import_module(module_name), name)
    except (ImportError, AttributeError) as error:
        raise JobError(f"This job was made by a part of the app that is not available ({path}).") from error
    if not (isinstance(handler, type) and issubclass(handler, JobHandler)):
        raise JobError(f"{path} is not a job handler.")
    return handler
