"""The library file: pragmas, migrations from an old file, refusal of newer files, clear errors."""

import sqlite3
from pathlib import Path

import pytest
import sqlite_utils

from sensemaking_desktop.errors import StoreError
from sensemaking_desktop.settings import Settings
from sensemaking_desktop.store import Store, open_store
from sensemaking_desktop.store.migrations import LATEST, migrate, schema_version


def test_new_library_is_at_the_latest_schema_with_wal_and_foreign_keys(store: Store) -> None:
    assert schema_version(store.db) == LATEST
    assert store.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert store.db.execute("PRAGMA foreign_keys").fetchone()[0] == 1
    expected = {
        "materials",
        "sections",
        "quizzes",
        "questions",
        "answer_runs",
        "answers",
        "grades",
        "models",
        "generations",
        "jobs",
        "job_items",
        "settings",
    }
    assert expected <= set(store.db.table_names())


def test_old_file_upgrades_and_keeps_its_rows(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    old = sqlite_utils.Database(path)
    migrate(old, target=1)
    old["materials"].insert({"title": "Lecture 1", "kind": "pdf", "created_at": "2025-01-01"})
    old.close()
    with Store(path) as upgraded:
        assert schema_version(upgraded.db) == LATEST
        assert [row["title"] for row in upgraded.db["materials"].rows] == ["Lecture 1"]
        upgraded.save_settings(Settings(context_cap=2048))
        assert upgraded.load_settings().context_cap == 2048


def test_file_from_a_newer_app_is_refused_unchanged(tmp_path: Path) -> None:
    path = tmp_path / "newer.sqlite3"
    with Store(path) as store:
        store.db.execute("INSERT INTO schema_version VALUES (?, 'future')", [LATEST + 1])
        store.db.conn.commit()
    before = path.read_bytes()
    with pytest.raises(StoreError, match="newer"):
        Store(path)
    assert path.read_bytes() == before


def test_a_file_that_is_not_a_database_gives_a_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "library.sqlite3"
    path.write_bytes(b"this is not sqlite" * 100)
    with pytest.raises(StoreError, match="not a Sensemaking library"):
        Store(path)


def test_unwritable_location_gives_a_clear_error(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("x")
    with pytest.raises(StoreError):
        open_store(blocker / "data")


def test_failed_transaction_leaves_nothing(store: Store) -> None:
    with pytest.raises(sqlite3.IntegrityError), store.atomic() as db:
        db["materials"].insert({"title": "kept?", "kind": "text", "created_at": "now"})
        db["sections"].insert({"material_id": 999, "position": 0, "text": "orphan"})
    assert store.db["materials"].count == 0


def test_deleting_a_material_removes_its_sections(store: Store) -> None:
    with store.atomic() as db:
        material = db["materials"].insert({"title": "m", "kind": "text", "created_at": "now"}).last_pk
        db["sections"].insert({"material_id": material, "position": 0, "text": "s"})
    with store.atomic() as db:
        db.execute("DELETE FROM materials WHERE id = ?", [material])
    assert store.db["sections"].count == 0


def test_generation_provenance_is_recorded(store: Store) -> None:
    generation_id = store.record_generation(
        {
            "model_name": "m",
            "model_file": "m.gguf",
            "model_sha256": "a" * 64,
            "backend": "llama.cpp",
            "template_name": "t",
            "template_version": "1",
            "sampling": {"temperature": 0.2},
            "seed": 7,
            "prompt_tokens": 10,
            "completion_tokens": 5,
            "prompt_s": 0.1,
            "completion_s": 0.2,
        }
    )
    row = store.db["generations"].get(generation_id)
    assert (
        row["model_sha256"] == "a" * 64 and row["template_version"] == "1" and '"temperature": 0.2' in row["sampling"]
    )


def test_settings_have_defaults_and_round_trip(store: Store) -> None:
    assert store.load_settings() == Settings()
    store.save_settings(Settings(threads=3, default_model="x"))
    assert store.load_settings().threads == 3 and store.load_settings().default_model == "x"
