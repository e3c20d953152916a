"""The README's quick start and class walk-through, run as written on a fresh library (issue 46,
finding 3): its example answers fit the question they answer, its comments say what happens, and
the export holds the five grades. The commands and the CSV are read from the README itself, so
the test fails when either drifts from what the app does."""

import csv
import re
import shlex
import tomllib
from pathlib import Path

from cli_process import sensemaking

README = Path(__file__).resolve().parents[2] / "README.md"
SAMPLE = Path(__file__).resolve().parents[2] / "resources/samples/water-cycle.toml"


def _blocks() -> list[str]:
    return re.findall(r"```\n(.*?)```", README.read_text(encoding="utf-8"), flags=re.S)


def _commands(block: str) -> list[list[str]]:
    """The block's `sensemaking` lines, their comments dropped, as argument lists."""
    lines = [line.split(" # ")[0].strip() for line in block.splitlines()]
    return [shlex.split(line)[1:] for line in lines if line.startswith("sensemaking ")]


def test_the_readme_walkthrough_runs_as_written_and_says_what_happens(tmp_path: Path) -> None:
    quick = next(block for block in _blocks() if "sensemaking teach 1" in block)
    walk = next(block for block in _blocks() if "student,question,answer" in block)
    (tmp_path / "water-cycle.md").write_text(tomllib.loads(SAMPLE.read_text(encoding="utf-8"))["text"])
    csv_text = walk.split("<<'EOF'\n", 1)[1].split("\nEOF", 1)[0] + "\n"
    (tmp_path / "answers.csv").write_text(csv_text, encoding="utf-8")
    data = tmp_path / "data"
    said = {}
    for args in _commands(quick)[:3] + _commands(walk):
        result = _run(data, tmp_path, args)
        assert result.returncode == 0, (args, result.stderr)
        said[" ".join(args[:2])] = said.get(" ".join(args[:2]), "") + result.stdout

    rows = list(csv.DictReader(csv_text.splitlines()))
    answers, number = {row["student"]: row["answer"] for row in rows}, rows[0]["question"]
    pattern = rf"^{number}\. \[.*?\] (.*)\n\s+answer: (.*)$"
    question = re.search(pattern, said["quizzes show"], flags=re.M)
    assert question and question.group(2) in answers["Ben"], said["quizzes show"]
    assert "water vapour" in question.group(1)
    groups = said["class groups"]
    assert re.search(r"│ Ana\s+│ 3\s+│", groups), groups  # "Ana's stands for three"
    assert "Eva" in said["class review"] and "suggested 100" in said["class review"], said["class review"]
    with (tmp_path / "grades.csv").open(encoding="utf-8-sig") as file:
        scores = {row["student"]: row["score"] for row in csv.DictReader(file)}
    assert scores == {"Ana": "100", "Ben": "100", "Cleo": "100", "Dan": "0", "Eva": "100"}


def _run(data: Path, folder: Path, args: list[str]):
    """One README command, its file arguments taken in `folder` as a teacher's shell would."""
    local = [str(folder / arg) if (folder / arg).exists() or arg.endswith((".csv", ".xml")) else arg for arg in args]
    return sensemaking(data, *local)
