"""A class's answers file imported again adds none of the answers the quiz already holds word for
word, and says how many it skipped, so a student's answer is never there twice (a grade by name would
then be refused as ambiguous). Real commands on a real library."""

import json
from pathlib import Path

from cli_process import import_class, sensemaking, write_csv


def test_the_same_class_file_imported_twice_adds_its_answers_once(tmp_path: Path) -> None:
    data = tmp_path / "data"
    rows = [("Ana", "1", "water vapour"), ("Ben", "1", "vapour")]
    import_class(data, tmp_path, [("What rises from the warm sea?", "water vapour")], rows)
    answers = tmp_path / "answers.csv"
    again = sensemaking(data, "import", "answers", "1", str(answers))
    assert again.returncode == 0, again.stderr
    assert again.stdout.strip() == "imported 0 answers of 0 students; 2 skipped: already imported, word for word"
    write_csv(answers, [("student", "question", "answer"), ("Ana", "1", "water vapour"), ("Cleo", "1", "steam")])
    more = json.loads(sensemaking(data, "import", "answers", "1", str(answers), "--json").stdout)
    assert (more["answers"], more["skipped"], more["students"]) == (1, 1, 1)
    runs = json.loads(sensemaking(data, "answers", "list", "1", "--json").stdout)
    assert [run["label"] for run in runs] == ["Ana", "Ben", "Cleo"]
    graded = sensemaking(data, "class", "grade", "1", "Ana", "--question", "1", "--score", "100", "--judge", "cosine")
    assert graded.returncode == 0, graded.stderr


def test_an_answer_changed_since_its_import_leaves_the_first_with_its_grade_and_says_so(tmp_path: Path) -> None:
    """The fresh run's class of 30: a file edited after its import gave Dan two answers to one
    question and emptied his teacher's grade in the gradebook."""
    data = tmp_path / "data"
    import_class(data, tmp_path, [("What rises from the warm sea?", "water vapour")], [("Dan", "1", "rivers")])
    graded = sensemaking(data, "class", "grade", "1", "Dan", "--question", "1", "--score", "0")
    assert graded.returncode == 0, graded.stderr
    answers = write_csv(tmp_path / "edited.csv", [("student", "question", "answer"), ("Dan", "1", "vapour"),
                                                  ("Eva", "1", "steam")])  # fmt: skip
    again = sensemaking(data, "import", "answers", "1", str(answers))
    assert again.returncode == 0, again.stderr
    assert again.stdout.startswith("imported 1 answer of 1 student"), again.stdout
    assert "1 answer left out" in again.stdout and "Dan, question 1" in again.stdout
    status = json.loads(sensemaking(data, "class", "status", "1", "--json").stdout)
    assert status["answers"] == 2 and status["teacher_graded"] == 1
