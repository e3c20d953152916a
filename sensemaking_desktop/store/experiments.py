"""Experiments in the library: each one's spec and record, its cells, their per-item outputs,
and the cache of model outputs keyed by everything that determines them (see workflows/experiments)."""

import json
from dataclasses import dataclass
from typing import Any

import sqlite_utils

from sensemaking_desktop.store.database import Store, now


@dataclass(frozen=True)
class Experiment:
    id: int
    name: str
    role: str
    spec: str
    record: dict[str, Any]
    """What it ran on: versions, models, templates, seeds, datasets."""
    job_id: int | None
    rerun_of: int | None
    created_at: str


@dataclass(frozen=True)
class ExperimentSummary:
    """An experiment as the list shows it, with its job's status (None once the job is gone)."""

    id: int
    name: str
    role: str
    job_id: int | None
    status: str | None
    rerun_of: int | None
    created_at: str


@dataclass(frozen=True)
class Cell:
    id: int
    label: str
    config: dict[str, Any]


@dataclass(frozen=True)
class Output:
    """One item's output in a cell; `cached` when it came from the cache, not a model call."""

    id: int
    cell_id: int
    dataset: str
    item_key: str
    cluster: str
    output: dict[str, Any]
    cached: int


def add_experiment(
    store: Store,
    name: str,
    role: str,
    spec: str,
    record: dict[str, Any],
    cells: list[tuple[str, dict[str, Any]]],
    *,
    rerun_of: int | None,
) -> tuple[int, list[int]]:
    """Store an experiment and its cells (label, config) in one transaction; its id and its cells' ids."""
    row = {
        "name": name,
        "role": role,
        "spec": spec,
        "record": json.dumps(record),
        "job_id": None,
        "rerun_of": rerun_of,
        "created_at": now(),
    }
    with store.atomic() as db:
        experiment_id = db["experiments"].insert(row).last_pk
        cell_ids = [
            db["experiment_cells"]
            .insert(
                {"experiment_id": experiment_id, "position": position, "label": label, "config": json.dumps(config)}
            )
            .last_pk
            for position, (label, config) in enumerate(cells)
        ]
    return experiment_id, cell_ids


def set_experiment_job(store: Store, experiment_id: int, job_id: int) -> None:
    with store.atomic() as db:
        db.execute("UPDATE experiments SET job_id = ? WHERE id = ?", [job_id, experiment_id])


def find_experiment(store: Store, experiment_id: int) -> Experiment | None:
    row = next(store.db.query("SELECT * FROM experiments WHERE id = ?", [experiment_id]), None)
    return Experiment(**dict(row, record=json.loads(row["record"]))) if row else None


def cells_of(store: Store, experiment_id: int) -> list[Cell]:
    rows = store.db.query("SELECT * FROM experiment_cells WHERE experiment_id = ? ORDER BY position", [experiment_id])
    return [Cell(row["id"], row["label"], json.loads(row["config"])) for row in rows]


def experiment_summaries(store: Store) -> list[ExperimentSummary]:
    rows = store.db.query(
        "SELECT experiments.*, jobs.status AS status FROM experiments LEFT JOIN jobs ON jobs.id = experiments.job_id "
        "ORDER BY experiments.id"
    )
    return [ExperimentSummary(**{name: row[name] for name in ExperimentSummary.__dataclass_fields__}) for row in rows]


def cell_outputs(store: Store, cell_id: int) -> list[Output]:
    """A cell's per-item outputs, in the order they were committed."""
    rows = store.db.query("SELECT * FROM experiment_outputs WHERE cell_id = ? ORDER BY id", [cell_id])
    return [Output(**dict(row, output=json.loads(row["output"]))) for row in rows]


def document_outputs(store: Store, cell_id: int, dataset: str, prefix: str) -> list[tuple[str, dict[str, Any]]]:
    """(item key, output) of a cell's outputs whose key is `prefix` or starts with `prefix#`: one
    document's outputs of one pipeline stage."""
    rows = store.db.execute(
        "SELECT item_key, output FROM experiment_outputs WHERE cell_id = ? AND dataset = ? "
        "AND (item_key = ? OR substr(item_key, 1, ?) = ?) ORDER BY id",
        [cell_id, dataset, prefix, len(prefix) + 1, prefix + "#"],
    ).fetchall()
    return [(key, json.loads(output)) for key, output in rows]


def save_output(
    db: sqlite_utils.Database, cell_id: int, dataset: str, key: str, cluster: str, output: str, *, cached: bool
) -> None:
    """Keep one item's output (JSON text) in a cell, over an earlier one (inside the caller's transaction)."""
    db.execute(
        "INSERT OR REPLACE INTO experiment_outputs (cell_id, dataset, item_key, cluster, output, cached) "
        "VALUES (?, ?, ?, ?, ?, ?)",
        [cell_id, dataset, key, cluster, output, int(cached)],
    )


def cache_output(db: sqlite_utils.Database, key: str, output: str) -> None:
    """Remember a model's output (JSON text) under the key of what determined it (inside the caller's transaction)."""
    db["experiment_cache"].insert({"key": key, "output": output, "created_at": now()})


def cached_output(store: Store, key: str) -> dict[str, Any] | None:
    row = store.db.execute("SELECT output FROM experiment_cache WHERE key = ? ORDER BY id LIMIT 1", [key]).fetchone()
    return json.loads(row[0]) if row else None
