"""`sensemaking class` and `grade --teacher-grades` through the real command on a real library."""

import csv
import json
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
    result = sensemaking(data, "import", "quiz", str(quiz), "--format", "csv")
    assert result.returncode == 0, result.stderr
    answers = [("student", "question", "answer")]
    answers += [(f"S{n:02d}", "1", RIGHT if n % 3 else WRONG) for n in range(12)]
    result = sensemaking(data, "import", "answers", "1", str(write_csv(tmp_path / "answers.csv", answers)))
    assert result.returncode == 0, result.stderr
    return data


def test_grade_with_some_teacher_grades_says_which_grades_are_whose(tmp_path: Path) -> None:
    data = _class(tmp_path)
    grades = write_csv(
        tmp_path / "grades.csv", [("student", "question", "score"), ("S00", "1", "0"), ("S01", "1", "100")]
    )
    result = sensemaking(data, "grade", "1", "--teacher-grades", str(grades), "--judge", "cosine", "--json")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["teacher_grades_read"] == 2 and report["answers"] == 12
    by_student = {row["student"]: row for row in report["grades"]}
    assert (by_student["S00"]["score"], by_student["S00"]["source"]) == (0, "teacher")
    assert (by_student["S01"]["score"], by_student["S01"]["source"]) == (100, "teacher")
    assert {row["source"] for s, row in by_student.items() if s not in ("S00", "S01")} == {"suggestion"}
    assert by_student["S03"]["score"] == 0 and by_student["S04"]["score"] == 100
    assert report["automatic"] == 0 and "too small for automatic grades" in report["advice"]


def test_a_group_is_graded_in_one_action_and_exported(tmp_path: Path) -> None:
    data = _class(tmp_path)
    groups = json.loads(sensemaking(data, "class", "groups", "1", "--judge", "cosine", "--json").stdout)
    assert [len(group["answers"]) for group in groups] == [8, 4]
    assert groups[0]["text"] == RIGHT and groups[0]["grades"] == ["ungraded"]
    result = sensemaking(data, "class", "grade", "1", groups[0]["student"], "--question", "1", "--group",
                         "--score", "100", "--judge", "cosine", "--json")  # fmt: skip
    assert result.returncode == 0, result.stderr
    graded = json.loads(result.stdout)
    assert sorted(graded["graded"]) == sorted(groups[0]["answers"]) and graded["actions"] == 1
    target = tmp_path / "final.csv"
    assert sensemaking(data, "class", "export", "1", str(target)).returncode == 0
    rows = list(csv.DictReader(target.read_text(encoding="utf-8-sig").splitlines()))
    assert sorted(row["source"] for row in rows) == ["suggestion"] * 4 + ["teacher_group"] * 8


def test_bad_input_is_one_line_and_exit_one(tmp_path: Path) -> None:
    data = _class(tmp_path)
    result = sensemaking(data, "class", "grade", "1", "--answer-id", "999", "--score", "50", "--judge", "cosine")
    assert result.returncode == 1 and result.stderr.strip() == "error: There is no answer 999."
    result = sensemaking(data, "class", "status", "7")
    assert result.returncode == 1 and "no answers from people" in result.stderr


def test_suggestions_are_reviewed_by_grade_and_confirmed(tmp_path: Path) -> None:
    data = _class(tmp_path)
    grades = write_csv(
        tmp_path / "grades.csv", [("student", "question", "score"), ("S00", "1", "0"), ("S01", "1", "100")]
    )
    assert sensemaking(data, "grade", "1", "--teacher-grades", str(grades), "--judge", "cosine").returncode == 0
    groups = json.loads(
        sensemaking(data, "class", "review", "1", "--question", "1", "--judge", "cosine", "--json").stdout
    )
    assert [(group["score"], len(group["answers"])) for group in groups] == [(100, 7), (0, 3)]
    result = sensemaking(data, "class", "confirm", "1", "--question", "1", "--suggested", "100", "--judge", "cosine",
                         "--json")  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["teacher_graded"] == 9
