"""A merge restore renumbers the ids inside a grade's basis and a hand-made group's label as it renumbers
the rows (issue 47, finding 2), and the same backup restored twice adds nothing the second time."""

import csv
import json
import re
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from sensemaking_desktop.interchange.backup import backup, restore
from sensemaking_desktop.interchange.class_answers import import_answers
from sensemaking_desktop.quizzes.model import Quiz
from sensemaking_desktop.roles.pair_judges import CosineJudge
from sensemaking_desktop.store import Store, open_store
from sensemaking_desktop.store.quizzes import add_quiz
from sensemaking_desktop.workflows.class_grading import ClassWorkspace

RIGHT = "The salt stays behind when water evaporates, so only pure water rises."
WRONG = "Rain water is filtered by the clouds, which remove the salt."


@pytest.fixture(scope="module")
def judge() -> CosineJudge:
    return CosineJudge()


def _graded_class(folder: Path, quiz: Quiz, title: str, judge: CosineJudge, students: int) -> None:
    """A quiz of the title with a class's answers, one group action, one answer graded alone, one split."""
    with open_store(folder) as store:
        with store.atomic() as db:
            quiz_id = add_quiz(db, quiz.model_copy(update={"title": title}))
        rows = [("student", "question", "answer")]
        rows += [(f"{title}-{n:02d}", "1", RIGHT if n % 3 else WRONG) for n in range(students)]
        path = folder / f"{title}.csv"
        with path.open("w", newline="", encoding="utf-8") as file:
            csv.writer(file).writerows(rows)
        import_answers(store, quiz_id, path)
        workspace = ClassWorkspace(store, quiz_id, judge=judge)
        groups = next(iter(workspace.view().groups.values()))
        workspace.grade(groups[0].answer_ids, 100)
        workspace.grade([groups[1].answer_ids[0]], 0)
        workspace.split([groups[1].answer_ids[-1]])
        workspace.regrade()


def _answer_keys(store: Store) -> dict[int, tuple[str, str]]:
    """Answer id -> (quiz title, student): what an answer is, whatever its number."""
    rows = store.db.execute(
        "SELECT a.id, z.title, r.label FROM answers a JOIN answer_runs r ON r.id = a.run_id "
        "JOIN quizzes z ON z.id = r.quiz_id"
    ).fetchall()
    return {answer: (title, student) for answer, title, student in rows}


def _grades(folder: Path) -> dict[tuple[str, str], list[tuple]]:
    """Each answer's grades with their source, origin, score and basis, answer ids named by what they are."""
    with open_store(folder) as store:
        keys = _answer_keys(store)
        rows = store.db.execute("SELECT answer_id, source, origin, score, basis FROM grades ORDER BY id").fetchall()
        labels = dict(store.db.execute("SELECT answer_id, label FROM answer_group_labels").fetchall())
    named: dict[tuple[str, str], list[tuple]] = {}
    for answer, source, origin, score, basis in rows:
        basis = json.loads(basis)
        for key in ("representative", "follows"):
            if isinstance(basis.get(key), int):
                basis[key] = keys[basis[key]]
        basis.pop("action", None)
        basis.pop("rests_on", None) if not basis.get("rests_on") else basis.update(
            rests_on=sorted(keys[i] for i in basis["rests_on"])
        )
        named.setdefault(keys[answer], []).append((source, origin, score, json.dumps(basis, sort_keys=True)))
    for answer, label in labels.items():
        named.setdefault(keys[answer], []).append(("label", label.split("-")[0], keys[int(label.split("-")[1])]))
    return named


def _integrity(folder: Path) -> str:
    with sqlite3.connect(folder / "library.sqlite3") as connection:
        return connection.execute("PRAGMA integrity_check").fetchone()[0]


@pytest.fixture
def libraries(tmp_path: Path, every_kind_quiz: Quiz, judge: CosineJudge) -> tuple[Path, Path, Path]:
    """Another library's graded class backed up, and a library of its own graded class to restore it into."""
    other, mine = tmp_path / "other", tmp_path / "mine"
    _graded_class(other, every_kind_quiz, "Theirs", judge, 9)
    _graded_class(mine, every_kind_quiz, "Mine", judge, 12)  # more answers: every id of theirs is renumbered
    with open_store(other) as store:
        archive = backup(store, other, tmp_path / "other.zip")
    return other, mine, archive


def test_every_grade_keeps_its_source_and_basis_through_a_merge(libraries: tuple[Path, Path, Path]) -> None:
    other, mine, archive = libraries
    theirs, own = _grades(other), _grades(mine)
    assert any(row[1] == "teacher_group" for rows in theirs.values() for row in rows)
    assert any('"follows": ["Theirs"' in row[3] for rows in theirs.values() for row in rows if len(row) == 4)
    report = restore(archive, mine)
    assert report.merged and report.added["grades"] == sum(row[0] != "label" for r in theirs.values() for row in r)
    assert _grades(mine) == own | theirs  # named by what they are, each basis points at the same answers
    with open_store(mine) as store:
        actions = store.db.execute(
            "SELECT z.title, json_extract(g.basis, '$.action') FROM grades g JOIN answers a ON a.id = g.answer_id "
            "JOIN answer_runs r ON r.id = a.run_id JOIN quizzes z ON z.id = r.quiz_id WHERE g.source = 'human'"
        ).fetchall()
    assert {n for title, n in actions if title == "Mine"} == {1, 2}
    assert {n for title, n in actions if title == "Theirs"} == {3, 4}  # numbered after the library's own
    assert _integrity(mine) == "ok"


def test_the_same_backup_restored_twice_adds_nothing_the_second_time(libraries: tuple[Path, Path, Path]) -> None:
    other, mine, archive = libraries
    assert restore(archive, mine).added
    after_first = _grades(mine)
    again = restore(archive, mine)
    assert again.merged and again.added == {} and again.merged_before
    assert _grades(mine) == after_first and _integrity(mine) == "ok"


def test_a_changed_backup_of_the_same_library_is_merged_again(
    libraries: tuple[Path, Path, Path], tmp_path: Path, every_kind_quiz: Quiz, judge: CosineJudge
) -> None:
    other, mine, archive = libraries
    restore(archive, mine)
    _graded_class(other, every_kind_quiz, "Later", judge, 6)
    with open_store(other) as store:
        later = backup(store, other, tmp_path / "later.zip")
    report = restore(later, mine)
    assert report.merged_before is None and report.added["quizzes"] == 2


def test_a_backup_merged_into_the_library_a_copy_came_from_is_recognised(
    libraries: tuple[Path, Path, Path], tmp_path: Path
) -> None:
    other, mine, archive = libraries
    restore(archive, mine)
    with open_store(mine) as store:
        copy_of_mine = backup(store, mine, tmp_path / "mine.zip")
    fresh = tmp_path / "fresh"
    assert not restore(copy_of_mine, fresh).merged  # an empty library: a copy, with what it had merged
    assert restore(archive, fresh).merged_before is not None and _integrity(fresh) == "ok"


def test_the_command_says_in_one_line_that_a_backup_was_merged_before(libraries: tuple[Path, Path, Path]) -> None:
    other, mine, archive = libraries
    command = [sys.executable, "-m", "sensemaking_desktop", "--data-dir", str(mine), "restore", str(archive)]
    first = subprocess.run(command, capture_output=True, text=True, timeout=300)
    assert first.returncode == 0 and first.stdout.startswith("merged: 1 quizzes"), first.stderr
    second = subprocess.run(command, capture_output=True, text=True, timeout=300)
    assert second.returncode == 0 and second.stderr == ""
    assert re.fullmatch(r"nothing added: other\.zip was already merged into this library on [-\d: ]+ \(UTC\)\n",
                        second.stdout)  # fmt: skip
