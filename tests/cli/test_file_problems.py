"""A file that is missing, a folder or unreadable is one line naming it, and a failed import names a job
to resume only when that job is still there (issue 46, point 3)."""

import json
from pathlib import Path

import pytest
from cli_process import sensemaking


@pytest.mark.parametrize(
    "command",
    [
        ("import", "answers", "1"),
        ("import", "grades", "1"),
        ("import", "quiz", "--format", "moodle"),
        ("import", "submission"),
        ("grade", "1", "--teacher-grades"),
    ],
)
def test_a_missing_file_is_one_line_naming_it(library: Path, tmp_path: Path, command: tuple[str, ...]) -> None:
    missing = tmp_path / "answers of 7b.csv"
    result = sensemaking(library, *command, str(missing))
    assert result.returncode == 1
    assert result.stderr.strip().splitlines() == [f"error: File '{missing}' does not exist."]


def test_a_folder_is_refused_naming_it(library: Path, tmp_path: Path) -> None:
    result = sensemaking(library, "import", "answers", "1", str(tmp_path))
    assert result.returncode == 1
    assert result.stderr.strip().splitlines() == [f"error: File '{tmp_path}' is a directory."]


def test_a_file_that_is_there_is_read(library: Path, tmp_path: Path) -> None:
    answers = tmp_path / "answers.csv"
    answers.write_text("student,question,answer\nAnna,1,The salt stays behind.\n")
    result = sensemaking(library, "import", "answers", "1", str(answers))
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("imported 1 answer of 1 student")


def test_a_failed_import_names_no_job_that_is_gone(library: Path, tmp_path: Path) -> None:
    empty = tmp_path / "empty.txt"
    empty.write_text("")
    result = sensemaking(library, "ingest", str(empty))
    assert result.returncode == 1
    assert "empty.txt is empty" in result.stderr
    assert "jobs resume" not in result.stdout + result.stderr
    listed = sensemaking(library, "jobs", "list", "--json")
    assert json.loads(listed.stdout) == []
