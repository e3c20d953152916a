"""`sensemaking quizzes new` makes an empty quiz and says its number (issue 46, point 2)."""

import json
from pathlib import Path

from cli_process import sensemaking


def test_an_empty_quiz_is_made_and_its_number_printed(tmp_path: Path) -> None:
    data = tmp_path / "data"
    result = sensemaking(data, "quizzes", "new", "Water cycle")
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "made quiz 1 (Water cycle)"
    listed = json.loads(sensemaking(data, "quizzes", "list", "--json").stdout)
    assert [(quiz["id"], quiz["title"], quiz["questions"]) for quiz in listed] == [(1, "Water cycle", 0)]


def test_a_blank_title_or_an_unknown_material_is_refused_in_one_line(tmp_path: Path) -> None:
    data = tmp_path / "data"
    blank = sensemaking(data, "quizzes", "new", "  ")
    assert (blank.returncode, blank.stderr.strip()) == (1, "error: A quiz needs a title.")
    unknown = sensemaking(data, "quizzes", "new", "Water cycle", "--material", "9")
    assert unknown.returncode == 1 and unknown.stderr.strip().splitlines() == [
        "error: There is no material 9; `sensemaking materials list` shows them."
    ]
    assert json.loads(sensemaking(data, "quizzes", "list", "--json").stdout) == []
