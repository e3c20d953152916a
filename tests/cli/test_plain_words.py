"""What a teacher reads on the first screens is in plain words, the window's where it has them: a
question not approved yet is not a "draft", an answer group shows how alike its answers are, not a
"spread". Real commands on a real library."""

from pathlib import Path

import pytest
from cli_process import import_class, sensemaking


def test_quizzes_show_says_not_approved_yet_as_the_window_does(library: Path) -> None:
    shown = sensemaking(library, "quizzes", "show", "1")
    assert shown.returncode == 0, shown.stderr
    assert "1. [open, not approved yet] Why is rain fresh water" in shown.stdout
    assert "draft" not in shown.stdout


def test_class_groups_say_how_alike_the_answers_are(tmp_path: Path) -> None:
    data = tmp_path / "data"
    answers = [("Ana", "1", "water vapour"), ("Ben", "1", "Water vapour."), ("Dan", "1", "ice")]
    import_class(data, tmp_path, [("What rises from the warm sea?", "water vapour")], answers)
    groups = sensemaking(data, "class", "groups", "1", "--judge", "cosine")
    assert groups.returncode == 0, groups.stderr
    assert "alike" in groups.stdout and "100 %" in groups.stdout and "spread" not in groups.stdout


def test_answers_list_counts_a_class_s_answers_not_as_an_unfinished_attempt(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "200")  # the table's width, so no cell is cut
    data = tmp_path / "data"
    questions = [("What rises from the warm sea?", "water vapour"), ("What falls from clouds?", "rain")]
    import_class(data, tmp_path, questions, [("Ana", "1", "water vapour"), ("Ana", "2", "rain"), ("Ben", "1", "ice")])
    listed = sensemaking(data, "answers", "list", "1")
    assert listed.returncode == 0, listed.stderr
    assert "class answers: 2" in listed.stdout and "class answers: 1" in listed.stdout
    assert "unfinished" not in listed.stdout
