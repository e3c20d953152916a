"""A merge restore renumbers the quizzes an experiment's spec names as it renumbers the quizzes
(issue 47, finding 2): restored into a library that holds a quiz already, the spec names the
quiz's new id, its comments unchanged; restored into an empty library, it names the same id; a
spec naming a quiz the backup does not hold is kept and the restore says so. Through the real
`backup` and `restore` commands on real libraries."""

import json
import sqlite3
import tomllib
from pathlib import Path

from cli_process import sensemaking

from sensemaking_desktop.quizzes.model import Quiz
from sensemaking_desktop.store import open_store
from sensemaking_desktop.store.experiments import add_experiment
from sensemaking_desktop.store.quizzes import add_quiz

SPEC = """name = "lab-quiz"
role = "student"
# quiz = 1 is the lab's own quiz
[grid]
model = ["smollm2-135m-instruct"]

[[datasets]]
kind = "quiz"
quiz = {quiz}

[[datasets]]
kind = "sample"
name = "water-cycle"
"""


def _lab_backup(tmp_path: Path, quiz: Quiz, named: int | None = None) -> Path:
    """A library whose one quiz, "Lab quiz", an experiment's spec names (or names `named` instead)."""
    lab = tmp_path / "lab"
    with open_store(lab) as store:
        with store.atomic() as db:
            quiz_id = add_quiz(db, quiz.model_copy(update={"title": "Lab quiz"}))
        spec = SPEC.format(quiz=quiz_id if named is None else named)
        add_experiment(store, "lab-quiz", "student", spec, {}, [("default", {"model": "x"})], rerun_of=None)
    archive = tmp_path / "lab.zip"
    result = sensemaking(lab, "backup", str(archive))
    assert result.returncode == 0, result.stderr
    return archive


def _spec_and_quizzes(data: Path) -> tuple[str, dict[str, int]]:
    with sqlite3.connect(data / "library.sqlite3") as db:
        assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        (spec,) = db.execute("SELECT spec FROM experiments").fetchone()
        return spec, {title: quiz_id for quiz_id, title in db.execute("SELECT id, title FROM quizzes")}


def _clean(result) -> None:  # type: ignore[no-untyped-def]
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr and "unexpected" not in result.stderr


def test_a_merge_restore_makes_the_spec_name_the_quiz_s_new_id(
    tmp_path: Path, library: Path, every_kind_quiz: Quiz
) -> None:
    archive = _lab_backup(tmp_path, every_kind_quiz)
    result = sensemaking(library, "restore", str(archive), "--json")
    _clean(result)
    assert json.loads(result.stdout)["merged"] is True and json.loads(result.stdout)["warnings"] == []
    spec, quizzes = _spec_and_quizzes(library)
    assert quizzes == {every_kind_quiz.title: 1, "Lab quiz": 2}
    assert [dataset.get("quiz") for dataset in tomllib.loads(spec)["datasets"]] == [2, None]
    assert spec == SPEC.format(quiz=2)  # the comment still says what it said


def test_a_restore_into_an_empty_library_keeps_the_spec_as_it_is(tmp_path: Path, every_kind_quiz: Quiz) -> None:
    archive = _lab_backup(tmp_path, every_kind_quiz)
    empty = tmp_path / "empty"
    _clean(sensemaking(empty, "restore", str(archive)))
    spec, quizzes = _spec_and_quizzes(empty)
    assert quizzes == {"Lab quiz": 1} and spec == SPEC.format(quiz=1)


def test_a_spec_naming_a_quiz_the_backup_lacks_is_kept_with_a_warning(
    tmp_path: Path, library: Path, every_kind_quiz: Quiz
) -> None:
    archive = _lab_backup(tmp_path, every_kind_quiz, named=9)
    result = sensemaking(library, "restore", str(archive))
    _clean(result)
    assert "warning: Experiment 'lab-quiz' names quiz 9, which is not in the backup" in result.stdout
    spec, _ = _spec_and_quizzes(library)
    assert spec == SPEC.format(quiz=9)
