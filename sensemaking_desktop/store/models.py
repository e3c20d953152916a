"""Rows of the `models` table: the model files the user has, with the sha256 computed once.

llm/registry.py decides what a model is and when its file must be hashed again; this module
reads and writes the rows it keeps for that."""

from dataclasses import dataclass

from sensemaking_desktop.store.database import Store


@dataclass(frozen=True)
class ModelRow:
    """A registered model file, with the size and modification time its sha256 was computed for."""

    name: str
    path: str
    sha256: str
    size_bytes: int
    file_mtime: float | None
    source: str
    catalogue_name: str | None
    added_at: str


def saved_models(store: Store) -> list[ModelRow]:
    """Every registered model, the embedded one first, then by name."""
    rows = store.db.query("SELECT * FROM models ORDER BY source = 'embedded' DESC, name")
    return [_model_row(row) for row in rows]


def find_model(store: Store, name: str) -> ModelRow | None:
    row = next(store.db.query("SELECT * FROM models WHERE name = ?", [name]), None)
    return _model_row(row) if row else None


def save_model(store: Store, model: ModelRow) -> None:
    """Register `model`, replacing the row of the same name."""
    with store.atomic() as db:
        db["models"].upsert(vars(model), pk="name")


def delete_model(store: Store, name: str) -> None:
    with store.atomic() as db:
        db.execute("DELETE FROM models WHERE name = ?", [name])


def _model_row(row: dict) -> ModelRow:
    return ModelRow(**{key: value for key, value in row.items() if key != "id"})
