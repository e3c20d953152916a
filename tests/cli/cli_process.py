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
