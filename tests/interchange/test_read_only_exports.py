"""An export into a folder that cannot be written ends in one line naming the file and the first
cause, through the real command (issue 47, finding 4): the atomic writers' clean-up no longer fails
again inside their own `except`. The folder is a real read-only file system where the test may
mount one (as root), else a folder without write permission."""

import csv
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from sensemaking_desktop.interchange.class_answers import import_answers
from sensemaking_desktop.quizzes.model import Quiz
from sensemaking_desktop.roles.pair_judges import CosineJudge
from sensemaking_desktop.store import open_store
from sensemaking_desktop.store.quizzes import add_quiz
from sensemaking_desktop.workflows.class_grading import ClassWorkspace

RIGHT = "The salt stays behind when water evaporates, so only pure water rises."


@pytest.fixture
def read_only(tmp_path: Path) -> Iterator[tuple[Path, str]]:
    """A folder no file can be written into, and the reason the system gives."""
    folder = tmp_path / "read-only"
    folder.mkdir()
    if os.geteuid() != 0:
        folder.chmod(0o555)
        yield folder, "Permission denied"
        folder.chmod(0o755)
        return
    mount = shutil.which("mount")
    if mount is None or subprocess.run([mount, "-t", "tmpfs", "-o", "ro", "tmpfs", str(folder)]).returncode:
        pytest.skip("root writes into any folder, and no read-only file system can be mounted here")
    yield folder, "Read-only file system"
    subprocess.run(["umount", str(folder)], check=True)


@pytest.fixture
def library(tmp_path: Path, every_kind_quiz: Quiz) -> Path:
    """A quiz with a class's answers, one group graded by the teacher."""
    data = tmp_path / "data"
    with open_store(data) as store:
        with store.atomic() as db:
            quiz_id = add_quiz(db, every_kind_quiz)
        path = tmp_path / "answers.csv"
        with path.open("w", newline="", encoding="utf-8") as file:
            csv.writer(file).writerows([("student", "question", "answer")] + [(f"S{n}", "1", RIGHT) for n in range(4)])
        import_answers(store, quiz_id, path)
        workspace = ClassWorkspace(store, quiz_id, judge=CosineJudge())
        workspace.grade(next(iter(workspace.view().groups.values()))[0].answer_ids, 100)
    return data


EXPORTS = {
    "class export": ("class", "export", "1", "{out}/final.csv"),
    "class export --wide": ("class", "export", "1", "{out}/wide.csv", "--wide"),
    "export --format gift": ("export", "1", "--format", "gift", "-o", "{out}/quiz.gift.txt"),
    "export --format grades": ("export", "1", "--format", "grades", "-o", "{out}/grades.csv"),
    "export --format moodle --answer-key": ("export", "1", "--format", "moodle", "-o", "{out}/q.xml", "--answer-key"),
}


def _run(data: Path, args: tuple[str, ...], out: Path) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "sensemaking_desktop", "--data-dir", str(data)]
    command += [arg.format(out=out) for arg in args]
    return subprocess.run(command, capture_output=True, text=True, timeout=300)


@pytest.mark.parametrize("name", EXPORTS)
def test_an_export_into_a_read_only_folder_is_one_line(library: Path, read_only: tuple[Path, str], name: str) -> None:
    folder, cause = read_only
    result = _run(library, EXPORTS[name], folder)
    target = next(arg for arg in EXPORTS[name] if arg.startswith("{out}"))
    assert result.returncode == 1 and result.stdout == ""
    assert result.stderr == f"error: cannot write {target.format(out=folder)}: {cause}\n"
    assert list(folder.iterdir()) == []


@pytest.mark.parametrize("name", EXPORTS)
def test_the_same_export_into_a_writable_folder_is_written(library: Path, tmp_path: Path, name: str) -> None:
    folder = tmp_path / "writable"
    folder.mkdir()
    result = _run(library, EXPORTS[name], folder)
    assert result.returncode == 0, result.stderr
    assert result.stderr == "" and list(folder.iterdir()) and not list(folder.glob(".*partial"))
