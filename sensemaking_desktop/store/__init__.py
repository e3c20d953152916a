"""The library: one SQLite file with WAL, foreign keys and versioned migrations."""

from sensemaking_desktop.store.database import Store, open_store

__all__ = ["Store", "open_store"]
