"""Backup and restore: an identical library on a fresh folder, a lossless merge into an
existing one, and refusal of archives that are not honest backups."""

import contextlib
import hashlib
import json
import os
import shutil
import sqlite3
import stat
import subprocess
import sys
import tempfile
import types
import warnings
import zipfile
from collections.abc import Callable
from pathlib import Path

import pytest

from sensemaking_desktop import paths
from sensemaking_desktop.errors import StoreError
from sensemaking_desktop.interchange import backup as backup_module
from sensemaking_desktop.interchange.backup import backup, restore
from sensemaking_desktop.interchange.errors import InterchangeError
from sensemaking_desktop.interchange.safezip import extract_member
from sensemaking_desktop.quizzes.model import Quiz
from sensemaking_desktop.store import Store, open_store
from sensemaking_desktop.store import backups as store_backups
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
    assert [material["title"] for material in listed] == ["Rain"]


# --- what restore checks, each with a backup that passes ------------------------------------------


@pytest.fixture
def good_backup(store: Store, data_dir: Path, tmp_path: Path, every_kind_quiz: Quiz) -> Path:
    fill(store, data_dir, every_kind_quiz, "a" * 64, "Water")
    fill(store, data_dir, every_kind_quiz, "b" * 64, "Rocks")
    return backup(store, data_dir, tmp_path / "good.zip")


@pytest.fixture
def mine(tmp_path: Path, every_kind_quiz: Quiz) -> Path:
    """A library with work in it, which a restore must merge into or leave alone."""
    folder = tmp_path / "mine"
    with open_store(folder) as opened:
        fill(opened, folder, every_kind_quiz, "c" * 64, "Mine")
    return folder


def _members(archive: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(archive) as opened:
        return {name: opened.read(name) for name in opened.namelist()}


def _tampered(archive: Path, change: Callable[[dict[str, bytes], dict], None], reseal: bool = True) -> Path:
    """A copy of a real backup with `change` made to its members and manifest. With `reseal` the
    manifest's checksums and sizes are made to fit the change, as a forger would."""
    members = _members(archive)
    manifest = json.loads(members.pop("manifest.json"))
    change(members, manifest)
    if reseal:
        manifest["files"] = {name: hashlib.sha256(data).hexdigest() for name, data in members.items()}
        manifest["sizes"] = {name: len(data) for name, data in members.items()}
    return _zip(archive.with_name("tampered.zip"), {"manifest.json": json.dumps(manifest).encode(), **members})


def _sql(*statements: str) -> Callable[[dict[str, bytes], dict], None]:
    """A change that runs SQL on the backup's database."""

    def change(members: dict[str, bytes], manifest: dict) -> None:
        with tempfile.TemporaryDirectory() as scratch:
            path = Path(scratch) / "library.sqlite3"
            path.write_bytes(members["library.sqlite3"])
            with contextlib.closing(sqlite3.connect(path)) as connection:
                for statement in statements:
                    connection.execute(statement)
                connection.commit()
            members["library.sqlite3"] = path.read_bytes()

    return change


def _corrupt_a_page(members: dict[str, bytes], manifest: dict) -> None:
    database = bytearray(members["library.sqlite3"])
    database[4096 * 2 : 4096 * 2 + 512] = b"\xff" * 512
    members["library.sqlite3"] = bytes(database)


def _shrink_recorded_size(members: dict[str, bytes], manifest: dict) -> None:
    manifest["sizes"][f"files/{'a' * 64}.txt"] -= 1


def _move_recorded_size(members: dict[str, bytes], manifest: dict) -> None:
    manifest["sizes"][f"files/{'a' * 64}.txt"] -= 1
    manifest["sizes"]["library.sqlite3"] += 1


@pytest.mark.parametrize(
    ("change", "reseal", "message"),
    [
        (_sql("CREATE TRIGGER spy AFTER INSERT ON answers BEGIN DELETE FROM grades; END"), True, "trigger 'spy'"),
        (_sql("CREATE VIEW peek AS SELECT * FROM settings"), True, "view 'peek'"),
        (_sql("CREATE TABLE extra (x)"), True, "table 'extra'"),
        (_sql("CREATE INDEX extra ON materials (title)"), True, "index 'extra'"),
        (_sql("ALTER TABLE materials ADD COLUMN extra TEXT"), True, "tables are not those of schema"),
        (
            _sql("INSERT INTO sections (material_id, position, text) VALUES (999, 0, 'x')"),
            True,
            "refer to missing rows",
        ),
        (_sql("DELETE FROM schema_version WHERE version > 1"), True, "its database is schema 1, its manifest says"),
        (_corrupt_a_page, True, "damaged: its database"),
        (lambda members, manifest: members.update({"notes.txt": b"x"}), True, "does not list the files"),
        (lambda members, manifest: members.update({"files/extra.txt": b""}), False, "which its manifest does not list"),
        (lambda members, manifest: members.pop(f"files/{'b' * 64}.txt"), False, "is missing"),
        (lambda members, manifest: members.update({"library.sqlite3": b"x"}), False, "library.sqlite3 is not the size"),
        (_shrink_recorded_size, False, "more than the .* allowed"),
        (_move_recorded_size, False, "larger than its manifest says"),
        (lambda members, manifest: manifest.update(schema_version="4"), False, "no valid schema version"),
        (lambda members, manifest: manifest.update(app_version="9.0", schema_version=999), False, r"newer .*\(9.0"),
        (lambda members, manifest: members.update({"files\\x.txt": b"x"}), False, "outside its folder"),
    ],
)
def test_a_tampered_backup_is_refused_and_changes_nothing(
    good_backup: Path, mine: Path, tmp_path: Path, change: Callable, reseal: bool, message: str
) -> None:
    before = dump(mine)
    tampered = _tampered(good_backup, change, reseal)
    for target in (mine, tmp_path / "fresh"):
        with pytest.raises(InterchangeError, match=message) as caught:
            restore(tampered, target)
        assert "\n" not in str(caught.value) and "tampered.zip" in str(caught.value)
    assert dump(mine) == before and not (tmp_path / "fresh").exists()
    assert not [p for p in [*tmp_path.iterdir(), *mine.iterdir()] if p.name.startswith(".restore-")]


def test_a_resealed_but_untouched_backup_restores(good_backup: Path, mine: Path, tmp_path: Path) -> None:
    """The tampering helper itself makes archives that restore: the refusals above are the changes'."""
    resealed = _tampered(good_backup, lambda members, manifest: None)
    report = restore(resealed, tmp_path / "fresh")
    assert not report.merged and report.files == 2 and report.warnings == []
    assert dump(tmp_path / "fresh") == dump(good_backup.parent / "data")
    assert restore(resealed, mine).added["materials"] == 2


def test_the_manifest_records_every_member_with_its_size_and_checksum(good_backup: Path) -> None:
    members = _members(good_backup)
    manifest = json.loads(members.pop("manifest.json"))
    assert set(manifest["files"]) == set(members) == {"library.sqlite3", *(f"files/{c * 64}.txt" for c in "ab")}
    assert manifest["files"] == {name: hashlib.sha256(data).hexdigest() for name, data in members.items()}
    assert manifest["sizes"] == {name: len(data) for name, data in members.items()}


def test_an_old_backup_without_sizes_restores_with_a_warning(good_backup: Path, tmp_path: Path) -> None:
    def as_made_before_sizes(members: dict[str, bytes], manifest: dict) -> None:
        del manifest["sizes"], manifest["files"]["library.sqlite3"]

    old = _tampered(good_backup, as_made_before_sizes, reseal=False)
    report = restore(old, tmp_path / "fresh")
    assert report.files == 2 and "older version" in report.warnings[0]
    assert dump(tmp_path / "fresh") == dump(good_backup.parent / "data")


def test_links_and_doubled_members_are_refused(good_backup: Path, tmp_path: Path) -> None:
    members = _members(good_backup)
    link = zipfile.ZipInfo("files/link")
    link.external_attr = (stat.S_IFLNK | 0o777) << 16
    for extra, message in ((link, "symbolic link"), (zipfile.ZipInfo("library.sqlite3"), "twice")):
        archive = tmp_path / "odd.zip"
        with zipfile.ZipFile(archive, "w") as odd, warnings.catch_warnings():
            warnings.simplefilter("ignore")  # zipfile warns of the doubled name it is told to write
            for name, data in members.items():
                odd.writestr(name, data)
            odd.writestr(extra, b"/etc/passwd")
        with pytest.raises(InterchangeError, match=message):
            restore(archive, tmp_path / "fresh")
        assert not (tmp_path / "fresh").exists()


def test_a_member_is_refused_while_unpacking_once_it_passes_its_limit(tmp_path: Path) -> None:
    archive = _zip(tmp_path / "a.zip", {"x.txt": b"0123456789"})
    with zipfile.ZipFile(archive) as opened:
        with pytest.raises(InterchangeError, match="x.txt unpacks to more than the 9 bytes allowed"):
            extract_member(opened, opened.getinfo("x.txt"), tmp_path / "out" / "x.txt", "a.zip", 9)
        extract_member(opened, opened.getinfo("x.txt"), tmp_path / "out" / "x.txt", "a.zip", 10)
    assert (tmp_path / "out" / "x.txt").read_bytes() == b"0123456789"


def test_too_little_disk_space_is_refused_before_unpacking(
    good_backup: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(shutil, "disk_usage", lambda folder: types.SimpleNamespace(free=1000))
    with pytest.raises(InterchangeError, match=r"Not enough free disk space to restore good.zip: it needs \d"):
        restore(good_backup, tmp_path / "fresh")
    assert not (tmp_path / "fresh").exists()


def test_a_merge_that_fails_midway_leaves_the_library_as_it_was(
    good_backup: Path, mine: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = dump(mine)
    remap, calls = store_backups._remap, []

    def fail_midway(*args: object) -> object:
        calls.append(args)
        if len(calls) == 20:
            raise sqlite3.OperationalError("disk I/O error")
        return remap(*args)

    monkeypatch.setattr(store_backups, "_remap", fail_midway)
    with pytest.raises(StoreError, match="full or failing"):
        restore(good_backup, mine)
    assert len(calls) == 20 and dump(mine) == before
    assert not [p for p in mine.iterdir() if p.name.startswith(".restore-")]


def test_a_copy_that_fails_midway_leaves_the_empty_library_as_it_was(
    good_backup: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    empty = tmp_path / "empty"
    open_store(empty).close()  # a library with no row of its own is copied into, not merged
    before, entries = dump(empty), sorted(p.name for p in empty.iterdir())
    replace, renames = os.replace, []

    def fail_on_the_second_file(source: Path, target: Path) -> None:
        renames.append(target)
        if len(renames) == 2:
            raise OSError(28, "No space left on device")
        replace(source, target)

    monkeypatch.setattr(os, "replace", fail_on_the_second_file)
    with pytest.raises(InterchangeError, match="No space left on device"):
        restore(good_backup, empty)
    monkeypatch.undo()
    assert len(renames) == 2 and dump(empty) == before
    assert sorted(p.name for p in empty.iterdir()) == entries


def test_a_copy_into_a_new_folder_that_fails_at_the_last_step_leaves_no_folder(
    good_backup: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def fail(*args: object) -> None:
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(backup_module, "_replace_database", fail)
    with pytest.raises(InterchangeError, match="Input/output error"):
        restore(good_backup, tmp_path / "fresh")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["data", "good.zip"]


def test_cli_refuses_a_tampered_backup_in_one_line(good_backup: Path, tmp_path: Path) -> None:
    tampered = _tampered(good_backup, _sql("CREATE TRIGGER spy AFTER INSERT ON answers BEGIN DELETE FROM grades; END"))
    command = [sys.executable, "-m", "sensemaking_desktop", "--data-dir", str(tmp_path / "b"), "restore", str(tampered)]
    result = subprocess.run(command, capture_output=True, text=True, timeout=120)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert result.stderr.strip().splitlines() == [
        "error: tampered.zip is refused: its database has the trigger 'spy', which Sensemaking Desktop does not make."
    ]
