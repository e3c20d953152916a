"""Restore never erases work: a library that holds anything is merged into, replacing it is asked
for and backed up first, and a killed backup or restore leaves nothing behind after the next start."""

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from sensemaking_desktop import paths
from sensemaking_desktop.interchange.backup import backup, library_contents, restore
from sensemaking_desktop.leftovers import clean_leftovers
from sensemaking_desktop.llm.servers import save_server
from sensemaking_desktop.quizzes.model import Quiz
from sensemaking_desktop.settings import Settings
from sensemaking_desktop.store import open_store
from sensemaking_desktop.store.database import now
from sensemaking_desktop.store.materials import add_material
from sensemaking_desktop.store.quizzes import add_quiz


def _work_without_materials(folder: Path) -> None:
    """What the audit lost: settings, a saved server, a registered model, a triplet set judged by a person."""
    with open_store(folder) as store:
        store.save_settings(Settings().model_copy(update={"default_model": "de"}))
        save_server(store, "lab", "http://127.0.0.1:9/v1")
        with store.atomic() as db:
            db["models"].insert(
                {"name": "mine", "path": "/m.gguf", "size_bytes": 1, "source": "local", "added_at": now()}
            )
            set_id = db["triplet_sets"].insert({"name": "t", "source": "s", "items": "[]", "created_at": now()}).last_pk
            triplet = db["triplets"].insert({"set_id": set_id, "position": 0, "first": 0, "second": 1, "third": 2})
            db["triplet_judgments"].insert(
                {"triplet_id": triplet.last_pk, "judge_kind": "person", "judge": "ana", "odd": 2, "created_at": now()}
            )


def _rows(folder: Path) -> dict[str, list[dict]]:
    with open_store(folder) as store:
        return {t: list(store.db[t].rows) for t in store.db.table_names() if t != "schema_version"}


@pytest.fixture
def other_backup(tmp_path: Path, every_kind_quiz: Quiz) -> Path:
    """A backup of another library: a material with a quiz, its own settings and a server of the same name."""
    folder = tmp_path / "other"
    with open_store(folder) as store:
        store.save_settings(Settings().model_copy(update={"default_model": "cs"}))
        save_server(store, "lab", "http://10.0.0.2:8000/v1")
        save_server(store, "home", "http://10.0.0.3:8000/v1")
        with store.atomic() as db:
            material = add_material(db, {"title": "Rain", "kind": "text", "sha256": "d" * 64}, [{"text": "Rain."}])
            add_quiz(db, every_kind_quiz.model_copy(update={"material_id": material}))
            db["answer_group_labels"].insert(
                {"answer_id": _an_answer(db, material), "label": "g1"}
            )  # a table keyed by another table's id
        return backup(store, folder, tmp_path / "other.zip")


def _an_answer(db, material_id: int) -> int:  # noqa: ANN001
    quiz = db.execute("SELECT id FROM quizzes WHERE material_id = ?", [material_id]).fetchone()[0]
    question = db.execute("SELECT id FROM questions WHERE quiz_id = ? LIMIT 1", [quiz]).fetchone()[0]
    run = db["answer_runs"].insert({"quiz_id": quiz, "kind": "person", "label": "p", "created_at": now()}).last_pk
    return db["answers"].insert({"run_id": run, "question_id": question, "text": "x", "created_at": now()}).last_pk


def test_a_library_without_materials_is_merged_into_not_replaced(tmp_path: Path, other_backup: Path) -> None:
    mine = tmp_path / "mine"
    _work_without_materials(mine)
    before = _rows(mine)
    report = restore(other_backup, mine)
    assert report.merged and not report.replaced
    after = _rows(mine)
    for table, rows in before.items():  # every row that was there is there, unchanged
        assert all(row in after[table] for row in rows), table
    assert after["models"] == before["models"] and len(after["triplet_judgments"]) == 1
    with open_store(mine) as store:
        assert store.load_settings().default_model == "de"
    servers = {row["name"]: row["url"] for row in after["servers"]}
    assert servers == {
        "lab": "http://127.0.0.1:9/v1",
        "lab-2": "http://10.0.0.2:8000/v1",
        "home": "http://10.0.0.3:8000/v1",
    }
    assert any("added as 'lab-2'" in warning for warning in report.warnings)
    assert [m["title"] for m in after["materials"]] == ["Rain"] and len(after["answer_group_labels"]) == 1


def test_settings_alone_make_a_library_that_is_merged_into(tmp_path: Path, other_backup: Path) -> None:
    mine = tmp_path / "mine"
    with open_store(mine) as store:
        store.db["settings"].insert({"key": "default_model", "value": '"de"'})
    assert library_contents(mine) == {"settings": 1}
    assert restore(other_backup, mine).merged
    with open_store(mine) as store:
        assert store.load_settings().default_model == "de"  # the library's own setting wins
        assert store.db["settings"].count > 1  # the backup's other settings are added


def test_replace_writes_a_backup_of_what_it_replaces_first(tmp_path: Path, other_backup: Path) -> None:
    mine = tmp_path / "mine"
    _work_without_materials(mine)
    before = _rows(mine)
    report = restore(other_backup, mine, replace=True)
    assert report.replaced and not report.merged and report.before_replace
    saved = Path(report.before_replace)
    assert saved.parent == mine / "backups" and saved.is_file()
    assert [m["title"] for m in _rows(mine)["materials"]] == ["Rain"]
    back = tmp_path / "back"
    restore(saved, back)
    assert _rows(back) == before


def test_replace_of_an_empty_library_writes_no_extra_backup(tmp_path: Path, other_backup: Path) -> None:
    empty = tmp_path / "empty"
    open_store(empty).close()
    report = restore(other_backup, empty, replace=True)
    assert not report.replaced and report.before_replace is None and not (empty / "backups").exists()


def _cli(data: Path, *args: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "sensemaking_desktop", "--data-dir", str(data), *args]
    return subprocess.run(command, capture_output=True, text=True, timeout=120)


def test_cli_restore_merges_and_replace_names_the_backup_it_wrote(tmp_path: Path, other_backup: Path) -> None:
    mine = tmp_path / "mine"
    _work_without_materials(mine)
    merged = _cli(mine, "restore", str(other_backup))
    assert merged.returncode == 0 and merged.stdout.startswith("merged:"), merged.stderr
    replaced = _cli(mine, "restore", str(other_backup), "--replace")
    assert replaced.returncode == 0, replaced.stderr
    assert replaced.stdout.startswith("replaced:") and "the library as it was before is in" in replaced.stdout
    saved = Path(replaced.stdout.split("before is in ", 1)[1].split()[0])
    assert saved.is_file() and saved.parent == mine / "backups"
    assert "Traceback" not in merged.stderr + replaced.stderr


# --- killed in the middle -----------------------------------------------------------------------

_KILLED_BACKUP = """
import sys, time, zipfile
from pathlib import Path
from sensemaking_desktop.interchange.backup import backup
from sensemaking_desktop.store import open_store
data, target, signal_file = map(Path, sys.argv[1:])
write = zipfile.ZipFile.write
def slow(self, *args, **kwargs):
    write(self, *args, **kwargs)
    signal_file.write_text("ready")
    time.sleep(60)
zipfile.ZipFile.write = slow
with open_store(data) as store:
    backup(store, data, target)
"""

_KILLED_RESTORE = """
import sys, time
from pathlib import Path
from sensemaking_desktop.interchange import backup
data, archive, signal_file = map(Path, sys.argv[1:])
check = backup._check_database
def slow(*args):
    check(*args)
    signal_file.write_text("ready")
    time.sleep(60)
backup._check_database = slow
backup.restore(archive, data)
"""


def _kill_when_ready(script: str, *args: Path) -> None:
    signal_file = args[-1]
    child = subprocess.Popen([sys.executable, "-c", script, *map(str, args)])
    try:
        for _ in range(600):
            if signal_file.exists() or child.poll() is not None:
                break
            time.sleep(0.05)
        assert signal_file.exists(), "the child never reached the point to be killed at"
    finally:
        os.kill(child.pid, signal.SIGKILL)
        child.wait(timeout=30)


def _hidden(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.startswith(".") or p.name.endswith(".partial"))


def test_a_killed_backup_leaves_nothing_after_the_next_start(tmp_path: Path, other_backup: Path) -> None:
    data = tmp_path / "lib"
    restore(other_backup, data)
    target = tmp_path / "out" / "b.zip"
    target.parent.mkdir()
    _kill_when_ready(_KILLED_BACKUP, data, target, tmp_path / "ready")
    assert _hidden(target.parent) == ["b.zip.partial"] and [n for n in _hidden(data) if n.startswith(".backup-")]
    assert _cli(data, "materials", "list").returncode == 0  # the next start
    assert _hidden(target.parent) == [] and not [n for n in _hidden(data) if n.startswith(".backup-")]
    assert not target.exists()


def test_a_killed_restore_leaves_nothing_after_the_next_start(tmp_path: Path, other_backup: Path) -> None:
    for data in (tmp_path / "existing", tmp_path / "new"):
        if data.name == "existing":
            _work_without_materials(data)
        before = _rows(data) if data.exists() else None
        _kill_when_ready(_KILLED_RESTORE, data, other_backup, tmp_path / f"ready-{data.name}")
        staging = data if data.exists() else data.parent
        assert [n for n in _hidden(staging) if n.startswith(".restore-")]
        assert _cli(data, "materials", "list").returncode == 0  # the next start
        assert not [n for n in _hidden(staging) if n.startswith(".restore-")]
        if before is not None:
            assert _rows(data) == before


def test_a_running_restore_s_folder_is_left_alone(tmp_path: Path) -> None:
    process_tag = f"{os.getpid()}-{round(__import__('psutil').Process().create_time() * 1000)}"
    mine = tmp_path / "data"
    mine.mkdir()
    running, dead = mine / f".restore-{process_tag}-abc", mine / ".restore-999999999-1-abc"
    unrelated = mine / ".restore-notes"
    for folder in (running, dead, unrelated):
        folder.mkdir()
    assert clean_leftovers(mine) == [dead]
    assert running.exists() and unrelated.exists()


def test_restore_refuses_to_replace_a_library_open_elsewhere(tmp_path: Path, other_backup: Path) -> None:
    """--replace never swaps the file under another program: its write-ahead log is not empty."""
    mine = tmp_path / "mine"
    _work_without_materials(mine)
    with open_store(mine) as holder:
        holder.db.execute("PRAGMA wal_autocheckpoint = 0")
        with holder.atomic() as db:
            db["settings"].insert({"key": "held", "value": "1"})
        with pytest.raises(Exception, match="open in another program"):
            restore(other_backup, mine, replace=True)
        assert not (mine / "backups").exists()
    assert json.loads(_rows(mine)["settings"][-1]["value"]) == 1


def test_the_library_s_own_files_are_kept_on_replace(tmp_path: Path, other_backup: Path) -> None:
    mine = tmp_path / "mine"
    _work_without_materials(mine)
    kept = paths.files_dir(mine) / ("e" * 64 + ".txt")
    kept.parent.mkdir(parents=True)
    kept.write_text("mine")
    restore(other_backup, mine, replace=True)
    assert kept.read_text() == "mine"
