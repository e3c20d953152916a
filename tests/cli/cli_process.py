"""The command line as a user runs it: a child process on a library folder of the test's own."""

import csv
import subprocess
import sys
from pathlib import Path


def sensemaking(data_dir: Path, *args: str, input: str | None = None) -> subprocess.CompletedProcess[str]:
    """The command run on `data_dir`; `input` is what is typed at its prompts."""
    return subprocess.run(
        [sys.executable, "-m", "sensemaking_desktop", "--data-dir", str(data_dir), *args],
        capture_output=True,
        text=True,
        timeout=600,
        input=input,
    )


def write_csv(path: Path, rows: list[tuple[str, ...]]) -> Path:
    """`rows` as a CSV file at `path`, as a spreadsheet saves one."""
    with path.open("w", newline="", encoding="utf-8") as file:
        csv.writer(file).writerows(rows)
    return path


def import_class(
    data_dir: Path, folder: Path, questions: list[tuple[str, str]], answers: list[tuple[str, ...]]
) -> None:
    """A quiz of open `questions` (question, reference) and its class's `answers` (student,
    question number, answer), imported from CSV files in `folder` as a teacher would."""
    rows = [("kind", "question", "reference_answer"), *(("open", text, key) for text, key in questions)]
    quiz = write_csv(folder / "quiz.csv", rows)
    assert sensemaking(data_dir, "import", "quiz", str(quiz), "--format", "csv").returncode == 0
    written = write_csv(folder / "answers.csv", [("student", "question", "answer"), *answers])
    result = sensemaking(data_dir, "import", "answers", "1", str(written))
    assert result.returncode == 0, result.stderr
