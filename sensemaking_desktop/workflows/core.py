"""What a front end opens once per thread: the library, its models and its job queue.

A sqlite3 connection belongs to the thread that opened it, so the GUI makes one Core per
worker (around the worker's own connection) and the CLI one per command.
"""

from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING

from sensemaking_desktop.leftovers import clean_leftovers
from sensemaking_desktop.store import Store, open_store

if TYPE_CHECKING:
    from sensemaking_desktop.jobs import JobQueue
    from sensemaking_desktop.llm.registry import ModelRegistry


def open_library(data_dir: Path) -> Store:
    """Open the library as a front end starts: what killed backups and restores left is removed
    (leftovers.py), and credentials older versions stored are moved to the keyring or dropped."""
    clean_leftovers(data_dir)
    store = open_store(data_dir)
    try:
        if store.holds_credentials():
            from sensemaking_desktop.llm.servers import secure_saved_servers

            secure_saved_servers(store)
            store.forget_credentials(skip=frozenset({"servers"}))
    except BaseException:
        store.close()
        raise
    return store


class Core:
    """Opened lazily, so `--help` and errors in arguments never touch the disk."""

    def __init__(self, data_dir: Path, store: Store | None = None) -> None:
        self.data_dir = data_dir
        self._store = store

    @property
    def store(self) -> Store:
        if self._store is None:
            self._store = open_library(self.data_dir)
        return self._store

    @cached_property
    def models(self) -> "ModelRegistry":
        """Imported when first used, so that opening the window does not load the model stack."""
        from sensemaking_desktop.llm.registry import ModelRegistry

        return ModelRegistry(self.store, self.data_dir)

    @cached_property
    def jobs(self) -> "JobQueue":
        from sensemaking_desktop.workflows.jobs import job_queue

        return job_queue(self.store, self.data_dir, self.models)

    def close(self) -> None:
        if self._store is not None:
            self._store.close()
