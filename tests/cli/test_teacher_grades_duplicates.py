"""`grade --teacher-grades` with an answer graded twice in the file (issue 47, finding 5): refused
by default, naming both rows and the option that keeps each last row, with nothing graded; with
`--duplicates last` the last row's grade is the teacher's. Through the real command on a real library."""

import json
import sqlite3
from pathlib import Path

from cli_process import sensemaking, write_csv

RIGHT = "The salt stays behind when water evaporates, so only pure water rises."
WRONG = "Rain water is filtered by the clouds, which remove the salt."


def _class(tmp_path: Path) -> Path:
    data = tmp_path / "data"
    quiz = write_csv(
        tmp_path / "quiz.csv",
        [("kind", "question", "reference_answer"), ("open", "Why is rain fresh water?", "The salt stays behind.")],
    )
    assert sensemaking(data, "import", "quiz", str(quiz), "--format", "csv").returncode == 0
    answers = [("student", "question", "answer")] + [(f"S{n}", "1", RIGHT if n % 3 else WRONG) for n in range(6)]
    result = sensemaking(data, "import", "answers", "1", str(write_csv(tmp_path / "answers.csv", answers)))
    assert result.returncode == 0, result.stderr
    return data


def _grades(data: Path) -> list[tuple[str, float]]:
    with sqlite3.connect(data / "library.sqlite3") as db:
        assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        return db.execute("SELECT source, score FROM grades ORDER BY id").fetchall()


def test_an_answer_graded_twice_is_refused_naming_both_rows_or_its_last_row_kept(tmp_path: Path) -> None:
    data = _class(tmp_path)
    twice = write_csv(
        tmp_path / "grades.csv",
        [("student", "question", "score"), ("S0", "1", "100"), ("S1", "1", "100"), ("S0", "1", "0")],
    )
    result = sensemaking(data, "grade", "1", "--teacher-grades", str(twice), "--judge", "cosine")
    assert result.returncode == 1 and "Traceback" not in result.stderr and "unexpected" not in result.stderr
    assert result.stderr.strip() == (
        "error: grades.csv was not imported; fix these rows (or keep each last one: --duplicates last):\n"
        "row 4: the answer of 'S0' to question '1' is graded again (row 2)"
    )
    assert _grades(data) == []
    result = sensemaking(
        data, "grade", "1", "--teacher-grades", str(twice), "--duplicates", "last", "--judge", "cosine", "--json"
    )
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    by_student = {row["student"]: row for row in report["grades"]}
    assert report["teacher_grades_read"] == 2
    assert (by_student["S0"]["score"], by_student["S0"]["source"]) == (0, "teacher")
    assert [score for source, score in _grades(data) if source == "human"] == [0, 100]


def test_a_file_grading_each_answer_once_is_taken_as_it_is(tmp_path: Path) -> None:
    data = _class(tmp_path)
    once = write_csv(tmp_path / "once.csv", [("student", "question", "score"), ("S0", "1", "0"), ("S1", "1", "100")])
    result = sensemaking(data, "grade", "1", "--teacher-grades", str(once), "--judge", "cosine", "--json")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["teacher_grades_read"] == 2
    assert sorted(score for source, score in _grades(data) if source == "human") == [0, 100]
