"""Students come out of class exports and the grades export in the order people read names: S2 before
S10 (issue 46, point 2), through the real command on a real library."""

import csv
import json
from pathlib import Path

from cli_process import import_class, sensemaking, write_csv

# In the file's order, which is neither the plain text order (S1, S10, S2) nor the natural one.
STUDENTS = ["S10", "S2", "anna", "S1", "Bert"]
NATURAL = ["anna", "Bert", "S1", "S2", "S10"]


def _class(tmp_path: Path) -> Path:
    data = tmp_path / "data"
    questions = [("Why is rain fresh?", "The salt stays behind."), ("What rises?", "Water vapour.")]
    import_class(
        data, tmp_path, questions, [(student, str(n), "The salt stays.") for n in (2, 1) for student in STUDENTS]
    )
    grades = [("student", "question", "score"), *((student, "1", "50") for student in STUDENTS)]
    result = sensemaking(data, "import", "grades", "1", str(write_csv(tmp_path / "grades.csv", grades)))
    assert result.returncode == 0, result.stderr
    return data


def _rows(path: Path) -> list[dict[str, str]]:
    return list(csv.DictReader(path.read_text(encoding="utf-8-sig").splitlines()))


def test_class_exports_and_the_grades_export_sort_names_naturally(tmp_path: Path) -> None:
    data = _class(tmp_path)
    wide, long = tmp_path / "wide.csv", tmp_path / "long.csv"
    assert sensemaking(data, "class", "export", "1", str(wide), "--wide").returncode == 0
    assert [row["student"] for row in _rows(wide)] == NATURAL
    assert sensemaking(data, "class", "export", "1", str(long)).returncode == 0
    assert [(row["student"], row["question_number"]) for row in _rows(long)] == [
        (student, number) for student in NATURAL for number in ("1", "2")
    ]
    graded = tmp_path / "grades.json"
    assert sensemaking(data, "export", "1", "--format", "grades", "-o", str(graded)).returncode == 0
    assert [row["student"] for row in json.loads(graded.read_text(encoding="utf-8"))] == NATURAL
