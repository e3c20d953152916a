"""The database side of backup and restore (interchange/backup.py): a snapshot without
credentials, the checks a backup's database must pass, and merging one library into another.

A merge adds every row of the backup with new ids and its references remapped, the ids inside
JSON and text columns too (a grade's basis, a hand-made group's label, the quizzes an experiment's
spec names); a material already present (same sha256) is not added twice, a setting or saved
server the library already has keeps its value, and nothing already there is changed. Each
merged backup is noted by its database's sha256, so merging the same backup again is recognised
and adds nothing.
"""

import contextlib
import json
import re
import sqlite3
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import sqlite_utils

from sensemaking_desktop.errors import StoreError
from sensemaking_desktop.store.credentials import forget_credentials
from sensemaking_desktop.store.database import Store, now
from sensemaking_desktop.store.migrations import migrate

NOT_MERGED = {"schema_version", "settings", "servers", "jobs", "job_items", "claims", "models", "merged_backups"}
"""Tables whose rows are not added with new ids: settings, saved servers and the backups merged
before are merged by key (see _merge_by_key), the rest stay those of the library restored into."""
NOT_WORK = {"schema_version", "claims"}
"""Tables whose rows are not work (the schema's version, what running jobs hold now); a row in
any other table makes the library not empty."""
SQLITE_OWN = {"sqlite_stat1", "sqlite_stat4"}
"""Tables SQLite itself may add (ANALYZE); they hold statistics, not data."""


@dataclass
class Merged:
    """What a merge added: rows per table, the materials it found already there, and what to tell the user."""

    added: dict[str, int] = field(default_factory=dict)
    skipped_materials: int = 0
    warnings: list[str] = field(default_factory=list)


def snapshot(store: Store, target: Path) -> None:
    """A consistent copy of the library at `target`, even while it is in use, without the
    credentials an older version stored."""
    with contextlib.closing(sqlite3.connect(target)) as copy:
        store.db.conn.backup(copy)
        forget_credentials(copy)
        copy.commit()


def work_counts(store: Store) -> dict[str, int]:
    """The tables that hold work, with their row counts (empty ones left out)."""
    counts = {table: store.db[table].count for table in store.db.table_names() if table not in NOT_WORK}
    return {table: count for table, count in counts.items() if count and table not in SQLITE_OWN}


def merged_counts(store: Store) -> dict[str, int]:
    """Rows per table that a merge of this library would add (every table a merge copies)."""
    return {table: store.db[table].count for table in _merge_order(store.db)}


@contextlib.contextmanager
def read_only(path: Path) -> Iterator[sqlite3.Connection]:
    """A database from elsewhere, opened so that reading it runs none of its triggers or views' code
    and can write nothing."""
    with contextlib.closing(sqlite3.connect(path)) as connection:
        connection.execute("PRAGMA trusted_schema = OFF")
        connection.execute("PRAGMA query_only = ON")
        yield connection


def intact(connection: sqlite3.Connection) -> bool:
    """Whether the database passes SQLite's integrity check."""
    return connection.execute("PRAGMA integrity_check").fetchall() == [("ok",)]


def references_hold(connection: sqlite3.Connection) -> bool:
    """Whether no row refers to a missing row."""
    return not connection.execute("PRAGMA foreign_key_check").fetchone()


def recorded_version(connection: sqlite3.Connection) -> Any:
    """The schema version the database records, as stored (a caller checks it is a count); 0
    when it records none (an empty or foreign file)."""
    found = connection.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_version'")
    if not found.fetchone():
        return 0
    return connection.execute("SELECT MAX(version) FROM schema_version").fetchone()[0]


def schema(connection: sqlite3.Connection) -> dict[tuple[str, str, str], tuple]:
    """Every table, index, view and trigger as (type, name, table), with a table's columns."""
    objects = connection.execute("SELECT type, name, tbl_name FROM sqlite_master").fetchall()
    return {
        (kind, name, table): _columns(connection, name) if kind == "table" else ()
        for kind, name, table in objects
        if name not in SQLITE_OWN
    }


def _columns(connection: sqlite3.Connection, table: str) -> tuple:
    query = "SELECT name, type, [notnull], dflt_value, pk, hidden FROM pragma_table_xinfo(?)"
    return tuple(connection.execute(query, [table]).fetchall())


def reference_schema(version: int) -> dict[tuple[str, str, str], tuple]:
    """The schema an empty library of `version` has, made by the migrations themselves."""
    reference = sqlite_utils.Database(memory=True)
    try:
        migrate(reference, version)
        return schema(reference.conn)
    finally:
        reference.close()


def merged_at(store: Store, digest: str) -> str | None:
    """When the backup whose database has this sha256 was merged into the library; None if never."""
    row = store.db.execute("SELECT merged_at FROM merged_backups WHERE database_sha256 = ?", [digest]).fetchone()
    return row[0] if row else None


def merge(store: Store, incoming: Store, *, digest: str, name: str) -> Merged:
    """Add every row of `incoming` to `store` with new ids, in one transaction, and note the
    backup (its database's sha256 `digest`, its file `name`) as merged.

    Only the library's own tables and columns are read from the backup."""
    report = Merged()
    new_ids: dict[str, dict[int, int | None]] = {}
    reused_materials: set[int] = set()
    with store.atomic() as db:
        _merge_by_key(db, incoming.db, report)
        _note_merged(db, incoming.db, digest, name)
        actions = _last_action(db)
        for table in _merge_order(db):
            keys = {fk.column: fk.other_table for fk in db[table].foreign_keys} | _UNDECLARED.get(table, {})
            own_id = db[table].pks == ["id"]
            columns = ", ".join(f"[{column}]" for column in db[table].columns_dict)
            mapping = new_ids.setdefault(table, {})
            for row in incoming.db.query(f"SELECT {columns} FROM [{table}] ORDER BY rowid"):
                if table == "materials" and (same := _same_material(db, row)) is not None:
                    mapping[row["id"]] = same
                    reused_materials.add(same)
                    report.skipped_materials += 1
                    continue
                if table == "sections" and new_ids["materials"].get(row["material_id"]) in reused_materials:
                    mapping[row["id"]] = _same_section(db, new_ids["materials"][row["material_id"]], row["position"])
                    continue
                values = {
                    column: _remap(column, value, keys, new_ids) for column, value in row.items() if column != "id"
                }
                values = _remap_inside(table, values, new_ids.get("answers", {}), actions)
                if table == "experiments":
                    values["spec"] = _renumbered_spec(values["spec"], new_ids["quizzes"], values["name"], report)
                if not own_id and any(values[column] is None for column in db[table].pks):
                    continue  # keyed by a row that was not added (answer_group_labels of a skipped answer)
                inserted = db[table].insert(values).last_pk
                if own_id:
                    mapping[row["id"]] = inserted
                report.added[table] = report.added.get(table, 0) + 1
    return report


_UNDECLARED: dict[str, dict[str, str]] = {"experiments": {"rerun_of": "experiments", "job_id": "jobs"}}
"""References without a foreign key: an experiment's rerun and job (jobs are not merged: None)."""
_NAMED_INSIDE: dict[str, set[str]] = {"experiments": {"quizzes"}}
"""Tables whose text names rows of other tables by id (an experiment's spec, its quiz datasets), so
they are merged after those tables are renumbered."""


def _merge_by_key(db: sqlite_utils.Database, incoming: sqlite_utils.Database, report: Merged) -> None:
    """Settings and saved servers the library lacks are added; its own keep their values.

    A server of the backup whose name the library uses for another URL is added under a free name."""
    for row in incoming.query("SELECT key, value FROM settings ORDER BY key"):
        if db.execute("SELECT 1 FROM settings WHERE key = ?", [row["key"]]).fetchone() is None:
            db["settings"].insert(row)
            report.added["settings"] = report.added.get("settings", 0) + 1
    columns = ", ".join(f"[{column}]" for column in db["servers"].columns_dict if column != "id")
    for row in incoming.query(f"SELECT {columns} FROM servers ORDER BY name"):
        if db.execute("SELECT 1 FROM servers WHERE url = ?", [row["url"]]).fetchone():
            continue  # the library has this server already, under this name or its own
        if db.execute("SELECT 1 FROM servers WHERE name = ?", [row["name"]]).fetchone():
            name, number = row["name"], 1
            while db.execute("SELECT 1 FROM servers WHERE name = ?", [name]).fetchone():
                number += 1
                name = f"{row['name']}-{number}"
            report.warnings.append(
                f"The backup's server {row['name']!r} ({row['url']}) is added as {name!r}: "
                f"this library's {row['name']!r} is another server."
            )
            row = dict(row, name=name)
        db["servers"].insert(row)
        report.added["servers"] = report.added.get("servers", 0) + 1


def _note_merged(db: sqlite_utils.Database, incoming: sqlite_utils.Database, digest: str, name: str) -> None:
    """This backup, and those merged into the backup's library before, as merged here."""
    rows = [*incoming.query("SELECT database_sha256, name, merged_at FROM merged_backups")]
    rows.append({"database_sha256": digest, "name": name, "merged_at": now()})
    for row in rows:
        db.execute("INSERT OR IGNORE INTO merged_backups (database_sha256, name, merged_at) VALUES (?, ?, ?)",
                   [row["database_sha256"], row["name"], row["merged_at"]])  # fmt: skip


def _last_action(db: sqlite_utils.Database) -> int:
    """The library's highest teacher action number; the backup's actions are numbered after it."""
    row = db.execute("SELECT MAX(CAST(json_extract(basis, '$.action') AS INTEGER)) FROM grades").fetchone()
    return row[0] or 0


_ANSWER_LABEL = re.compile(r"(split|moved)-(\d+)(-\d+)?")
"""A group label that class grading made from an answer's id (workflows/class_grading.py)."""


def _remap_inside(table: str, values: dict[str, Any], answers: dict[int, int | None], actions: int) -> dict[str, Any]:
    """The answer ids and teacher action numbers inside a grade's basis or a group label, renumbered
    as the merge renumbers them; other values, and JSON that is not an object, as they are."""
    if table == "answer_group_labels" and (found := _ANSWER_LABEL.fullmatch(values["label"])):
        kind, answer, rest = found.groups()
        return values | {"label": f"{kind}-{answers.get(int(answer), answer)}{rest or ''}"}
    if table != "grades":
        return values
    try:
        basis = json.loads(values["basis"])
    except (TypeError, ValueError, RecursionError):
        return values
    if not isinstance(basis, dict):
        return values
    for key in ("representative", "follows"):
        if _is_id(basis.get(key)):
            basis[key] = answers.get(basis[key])
    if isinstance(basis.get("rests_on"), list):
        basis["rests_on"] = [answers.get(i) if _is_id(i) else i for i in basis["rests_on"]]
    if _is_id(basis.get("action")):
        basis["action"] += actions
    return values | {"basis": json.dumps(basis)}


_QUIZ_KEY = re.compile(r"(?<![\w\"'.-])(quiz\s*=\s*)(\d+)(?![\w.])")
"""`quiz = N` in an experiment spec (a quiz dataset; no other table of a spec has a key `quiz`)."""


def _renumbered_spec(spec: str, quizzes: dict[int, int | None], name: str, report: Merged) -> str:
    """The experiment spec (TOML text, comments kept) with its quiz datasets' ids renumbered as
    the merge renumbered the quizzes; where that cannot be done, the spec as it was and a warning."""
    try:
        datasets = tomllib.loads(spec).get("datasets")
    except tomllib.TOMLDecodeError:
        return spec
    named = [d["quiz"] for d in datasets or () if isinstance(d, dict) and _is_id(d.get("quiz"))]
    missing = sorted({quiz for quiz in named if quizzes.get(quiz) is None})
    if missing:
        report.warnings.append(
            f"Experiment {name!r} names quiz {missing[0]}, which is not in the backup; its spec names it as before."
        )
        return spec
    if not named:
        return spec
    lines = [
        line if line.lstrip().startswith("#") else _QUIZ_KEY.sub(lambda m: f"{m[1]}{quizzes[int(m[2])]}", line)
        for line in spec.splitlines(keepends=True)
    ]
    renumbered = "".join(lines)
    found = [d.get("quiz") for d in tomllib.loads(renumbered).get("datasets") or () if isinstance(d, dict)]
    if [quiz for quiz in found if _is_id(quiz)] != [quizzes[quiz] for quiz in named]:
        report.warnings.append(
            f"Experiment {name!r} writes its quizzes in a way the merge cannot renumber (quiz {named[0]} "
            f"is now quiz {quizzes[named[0]]}); its spec names them as before."
        )
        return spec
    return renumbered


def _is_id(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _same_material(db: sqlite_utils.Database, row: dict[str, Any]) -> int | None:
    """A material already in the library with the same file, which the backup's one stands for."""
    if not row["sha256"]:
        return None
    found = db.execute("SELECT id FROM materials WHERE sha256 = ?", [row["sha256"]]).fetchone()
    return found[0] if found else None


def _same_section(db: sqlite_utils.Database, material_id: int, position: int) -> int | None:
    """The section at the same place in a material already there; its own sections are kept as they are."""
    found = db.execute(
        "SELECT id FROM sections WHERE material_id = ? AND position = ?", [material_id, position]
    ).fetchone()
    return found[0] if found else None


def _remap(column: str, value: Any, keys: dict[str, str], new_ids: dict[str, dict[int, int | None]]) -> Any:
    if column not in keys or value is None:
        return value
    return new_ids.get(keys[column], {}).get(value)


def _merge_order(db: sqlite_utils.Database) -> list[str]:
    """Tables to merge, each after the tables it refers to."""
    pending = {
        name: {fk.other_table for fk in db[name].foreign_keys} | _NAMED_INSIDE.get(name, set())
        for name in db.table_names()
    }
    pending = {name: refs - NOT_MERGED for name, refs in pending.items() if name not in NOT_MERGED}
    order: list[str] = []
    while pending:
        ready = sorted(name for name, refs in pending.items() if refs <= set(order))
        if not ready:
            raise StoreError("The library's tables refer to each other in a cycle; cannot merge.")
        order += ready
        for name in ready:
            del pending[name]
    return order
