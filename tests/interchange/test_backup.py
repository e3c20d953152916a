"""Backup and restore: an identical library on a fresh folder, a lossless merge into an
existing one, and refusal of archives that are not honest backups."""

import json
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from sensemaking_desktop import paths
from sensemaking_desktop.interchange.backup import backup, restore
from sensemaking_desktop.interchange.errors import InterchangeError
from sensemaking_desktop.quizzes.model import Quiz
from sensemaking_desktop.store import Store, open_store
from sensemaking_desktop.store.materials import add_material, list_materials, sections_of
from sensemaking_desktop.store.quizzes import add_quiz, get_quiz, list_quizzes


def fill(store: Store, data_dir: Path, quiz: Quiz, sha256: str, title: str) -> int:
    """A material with two sections, its kept file, and a quiz on it."""
    stored = paths.files_dir(data_dir) / f"{sha256}.txt"
    stored.parent.mkdir(parents=True, exist_ok=True)
    stored.write_text(f"original text of {title}")
    with store.atomic() as db:
        material_id = add_material(
            db,
            {"title": title, "kind": "text", "sha256": sha256, "meta": {"stored_file": f"files/{sha256}.txt"}},
            [{"title": "A", "text": "First."}, {"title": "B", "text": "Second."}],
        )
        add_quiz(db, quiz.model_copy(update={"material_id": material_id, "title": f"Quiz on {title}"}))
    return material_id


def dump(data_dir: Path) -> dict:
    with open_store(data_dir) as store:
        tables = {t: list(store.db[t].rows) for t in store.db.table_names() if t not in ("models", "schema_version")}
    files = {p.relative_to(data_dir).as_posix(): p.read_bytes() for p in paths.files_dir(data_dir).rglob("*")}
    return {"tables": tables, "files": files}


def test_restore_on_a_fresh_folder_gives_an_identical_library(
    store: Store, data_dir: Path, tmp_path: Path, every_kind_quiz: Quiz
) -> None:
    fill(store, data_dir, every_kind_quiz, "a" * 64, "Water")
    archive = backup(store, data_dir, tmp_path / "library-backup.zip")
    fresh = tmp_path / "fresh"
    report = restore(archive, fresh)
    assert not report.merged and report.files == 1
    assert dump(fresh) == dump(data_dir)


def test_restore_into_a_library_merges_without_losing_or_doubling(
    store: Store, data_dir: Path, tmp_path: Path, every_kind_quiz: Quiz
) -> None:
    fill(store, data_dir, every_kind_quiz, "a" * 64, "Water")
    fill(store, data_dir, every_kind_quiz, "b" * 64, "Rocks")
    archive = backup(store, data_dir, tmp_path / "backup.zip")

    other = tmp_path / "other"
    with open_store(other) as mine:
        kept = fill(mine, other, every_kind_quiz, "a" * 64, "Water (my copy)")
        before = {q["id"]: get_quiz(mine, q["id"]) for q in list_quizzes(mine)}
    report = restore(archive, other)
    assert report.merged and report.skipped_materials == 1 and report.added["materials"] == 1

    with open_store(other) as merged:
        titles = sorted(m.title for m in list_materials(merged))
        assert titles == ["Rocks", "Water (my copy)"]
        assert all(get_quiz(merged, quiz_id) == quiz for quiz_id, quiz in before.items())
        quizzes = {q["title"]: q for q in list_quizzes(merged)}
        assert quizzes["Quiz on Water"]["material_id"] == kept
        assert [s.text for s in sections_of(merged, kept)] == ["First.", "Second."]
        rocks = next(m for m in list_materials(merged) if m.title == "Rocks")
        assert quizzes["Quiz on Rocks"]["material_id"] == rocks.id
        assert get_quiz(merged, quizzes["Quiz on Rocks"]["id"]).questions[1].choices[0].text == "Condensation"
    assert (paths.files_dir(other) / f"{'b' * 64}.txt").exists()


def _zip(path: Path, members: dict[str, bytes]) -> Path:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, content in members.items():
            archive.writestr(name, content)
    return path


def _manifest(**fields: object) -> bytes:
    return json.dumps({"format": "sensemaking-backup", "schema_version": 1, "files": {}} | fields).encode()


@pytest.mark.parametrize(
    ("members", "message"),
    [
        ({"notes.txt": b"hello"}, "not a Sensemaking backup"),
        ({"manifest.json": _manifest(), "library.sqlite3": b"", "../evil.txt": b"x"}, "outside its folder"),
        ({"manifest.json": _manifest(), "library.sqlite3": b"", "big.bin": bytes(60 * 1024 * 1024)}, "zip bomb"),
        ({"manifest.json": _manifest(schema_version=999), "library.sqlite3": b""}, "newer"),
        (
            {
                "manifest.json": _manifest(files={"files/x.txt": "0" * 64}),
                "library.sqlite3": b"",
                "files/x.txt": b"changed",
            },
            "damaged",
        ),
    ],
)
def test_bad_archives_are_refused_and_change_nothing(tmp_path: Path, members: dict, message: str) -> None:
    archive = _zip(tmp_path / "backup.zip", members)
    target = tmp_path / "data"
    with pytest.raises(InterchangeError, match=message):
        restore(archive, target)
    assert not target.exists()


def test_a_file_that_is_not_a_zip_is_refused(tmp_path: Path) -> None:
    bad = tmp_path / "backup.zip"
    bad.write_text("not a zip")
    with pytest.raises(InterchangeError, match="not a readable zip"):
        restore(bad, tmp_path / "data")


def test_cli_backup_then_restore_elsewhere(tmp_path: Path) -> None:
    def run(data: Path, *args: str) -> subprocess.CompletedProcess[str]:
        command = [sys.executable, "-m", "sensemaking_desktop", "--data-dir", str(data), *args]
        return subprocess.run(command, capture_output=True, text=True, timeout=120)

    notes = tmp_path / "notes.md"
    notes.write_text("# Rain\n\n" + "Clouds release water as rain when droplets grow heavy. " * 40)
    assert run(tmp_path / "a", "ingest", str(notes)).returncode == 0
    assert run(tmp_path / "a", "backup", str(tmp_path / "b.zip")).returncode == 0
    restored = run(tmp_path / "b", "restore", str(tmp_path / "b.zip"), "--json")
    assert restored.returncode == 0, restored.stderr
    assert json.loads(restored.stdout)["files"] == 1
    listed = json.loads(run(tmp_path / "b", "materials", "list", "--json").stdout)
    assert [material["title"] for material in listed] == ["notes"]
