"""Suggestions never pose as final grades (issue 47, finding 3), through the real commands on a real
library: the exports leave them out of the score columns unless asked and mark them, the class
export says how many grades are whose, and `grade QUIZ` grades answers that have only suggestions."""

import csv
import json
import sqlite3
from pathlib import Path

from cli_process import sensemaking, write_csv

from sensemaking_desktop.paths import database_path


def _rows(path: Path) -> list[dict[str, str]]:
    return list(csv.DictReader(path.read_text(encoding="utf-8-sig").splitlines()))


def _class(tmp_path: Path) -> Path:
    """A true/false question: ann's "true" graded 100 by the teacher makes the app suggest 100 for
    bob's "false" too (they read alike), which only the exact grader tells is wrong."""
    data = tmp_path / "data"
    quiz = write_csv(
        tmp_path / "quiz.csv",
        [("kind", "question", "reference_answer"), ("true_false", "Most of the water on Earth is salt water.", "true")],
    )
    assert sensemaking(data, "import", "quiz", str(quiz), "--format", "csv").returncode == 0
    answers = write_csv(tmp_path / "answers.csv", [("student", "question", "answer"), ("ann", "1", "true"),
                                                 ("bob", "1", "false"), ("cat", "1", "True")])  # fmt: skip
    assert sensemaking(data, "import", "answers", "1", str(answers)).returncode == 0
    result = sensemaking(data, "class", "grade", "1", "ann", "--question", "1", "--score", "100", "--judge", "cosine")
    assert result.returncode == 0, result.stderr
    return data


def test_exports_keep_suggestions_out_of_the_final_grades_unless_asked(tmp_path: Path) -> None:
    data = _class(tmp_path)
    target = tmp_path / "final.csv"
    result = sensemaking(data, "class", "export", "1", str(target))
    assert result.returncode == 0, result.stderr
    assert result.stdout == (
        f"final grades written to {target}: 1 yours, 0 checked against the key, 0 automatic from your grades, "
        "0 by the grading model, 0 ungraded; "
        "2 suggested, left out of the score columns (--include-suggestions writes them in).\n"
    )
    rows = {row["student"]: row for row in _rows(target)}
    assert (rows["ann"]["score"], rows["ann"]["suggested"], rows["ann"]["source"]) == ("100", "", "teacher")
    assert (rows["bob"]["score"], rows["bob"]["suggested"], rows["bob"]["source"]) == ("", "100", "suggestion")

    wide = tmp_path / "wide.csv"
    assert sensemaking(data, "class", "export", "1", str(wide), "--wide").returncode == 0
    assert [(row["student"], row["Q1"], row["total"]) for row in _rows(wide)] == [
        ("ann", "100", "100"), ("bob", "", "0"), ("cat", "", "0")
    ]  # fmt: skip
    result = sensemaking(data, "class", "export", "1", str(wide), "--wide", "--include-suggestions", "--json")
    assert json.loads(result.stdout) == {
        "written": str(wide), "teacher": 1, "key": 0, "automatic": 0, "evaluator": 0, "suggested": 2, "ungraded": 0,
        "suggestions_included": True,
    }  # fmt: skip
    assert [row["Q1"] for row in _rows(wide)] == ["100", "100", "100"]

    history = tmp_path / "grades.csv"
    assert sensemaking(data, "export", "1", "--format", "grades", "-o", str(history)).returncode == 0
    marks = [(row["student"], row["source"], row["origin"], row["final"]) for row in _rows(history)]
    assert marks == [("ann", "human", "teacher", "yes"), ("bob", "machine", "suggestion", "no"),
                     ("cat", "machine", "suggestion", "no")]  # fmt: skip


def test_grade_grades_the_answers_that_have_only_suggestions(tmp_path: Path) -> None:
    data = _class(tmp_path)
    result = sensemaking(data, "grade", "1")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("job 1 done: 3 answers graded"), result.stdout
    # The app's grading again after it leaves the exact grades standing over its newer suggestions.
    assert sensemaking(data, "class", "status", "1", "--judge", "cosine").returncode == 0
    target = tmp_path / "final.csv"
    result = sensemaking(data, "class", "export", "1", str(target))
    assert (
        "1 yours, 2 checked against the key, 0 automatic from your grades, 0 by the grading model, 0 ungraded"
        in result.stdout
    )
    assert [(row["student"], row["score"], row["source"]) for row in _rows(target)] == [
        ("ann", "100", "teacher"), ("bob", "0", "key"), ("cat", "100", "key")
    ]  # fmt: skip
    result = sensemaking(data, "grade", "1")
    assert result.returncode == 1
    assert result.stderr == "error: Quiz 1 has no ungraded answers (use --regrade to grade them again).\n"
    with sqlite3.connect(database_path(data)) as connection:
        assert connection.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
