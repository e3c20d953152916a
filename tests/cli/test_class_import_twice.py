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
