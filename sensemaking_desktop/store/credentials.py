"""Credentials and secrets that older versions kept in the library, found and removed.

The text rules (what a credential looks like, which job parameters are secret) are redact.py's;
this module knows where in the library such text can be and asks SQLite for it.
"""

import json
from typing import Any

from sensemaking_desktop.redact import SECRET_KEYS, strip_credentials

STORED_TEXT = {
    "generations": ("server_url", "model_name", "model_file"),
    "jobs": ("title", "params", "error"),
    "job_items": ("label", "payload", "result", "error"),
    "settings": ("value",),
    "servers": ("url",),
    "answer_runs": ("label",),
    "grades": ("grader",),
    "experiments": ("spec", "record"),
    "experiment_cells": ("label", "config"),
}
"""Where an address the app was given can end up in the library: provenance, job rows,
settings, saved servers, run labels, graders and experiments."""


def holds_credentials(connection: Any) -> bool:
    """Whether the library behind a sqlite3 `connection` keeps a credential or a secret job parameter."""
    return any(connection.execute(f"SELECT 1 FROM {query} LIMIT 1").fetchone() for query in _suspects(connection))


def forget_credentials(connection: Any, *, skip: frozenset[str] = frozenset()) -> int:
    """Remove credentials from the library behind a sqlite3 `connection`, and secrets from job
    parameters (kept by versions before this one); returns how many values changed. Tables in
    `skip` are left as they are."""
    changed = 0
    for table, columns in STORED_TEXT.items():
        if table in skip:
            continue
        for column in columns if table in _tables(connection) else ():
            suspects = connection.execute(f"SELECT rowid, [{column}] FROM [{table}] WHERE {_HOLDS.format(column)}")
            for rowid, value in suspects.fetchall():
                cleaned = _strip_value(value)
                if cleaned != value:
                    connection.execute(f"UPDATE [{table}] SET [{column}] = ? WHERE rowid = ?", [cleaned, rowid])
                    changed += 1
    if "jobs" in _tables(connection):
        for job_id, params in connection.execute(f"SELECT id, params FROM jobs WHERE {_SECRET_PARAMS}").fetchall():
            cleaned = _without_secrets(params)
            if cleaned != params:
                connection.execute("UPDATE jobs SET params = ? WHERE id = ?", [cleaned, job_id])
                changed += 1
    return changed


_HOLDS = "[{}] LIKE '%://%@%'"
_SECRET_PARAMS = " OR ".join(f"params LIKE '%\"{key}\"%'" for key in sorted(SECRET_KEYS))


def _tables(connection: Any) -> set[str]:
    return {row[0] for row in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}


def _suspects(connection: Any) -> list[str]:
    """`FROM …` clauses that find the rows that may hold a credential or a secret."""
    tables = _tables(connection)
    found = [
        f"[{table}] WHERE {_HOLDS.format(column)}"
        for table, columns in STORED_TEXT.items()
        if table in tables
        for column in columns
    ]
    return found + ([f"jobs WHERE {_SECRET_PARAMS}"] if "jobs" in tables else [])


def _strip_value(value: Any) -> Any:
    return strip_credentials(value) if isinstance(value, str) else value


def _without_secrets(params: str) -> str:
    try:
        found = json.loads(params)
    except ValueError:
        return params
    if not isinstance(found, dict):
        return params
    return json.dumps({key: value for key, value in found.items() if key not in SECRET_KEYS})
