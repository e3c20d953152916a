"""`grade --items` writes each result as it is done (issue 47, finding 5): a run stopped partway keeps
what it graded, on a real local server through the real command; a whole run still prints every item
in input order."""

import json
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from fakeopenai import FakeOpenAI

from sensemaking_desktop.cli.batch import _InputOrder

QUESTION = "Why is rain fresh water?"
REFERENCE = "The salt stays behind when sea water evaporates."


def _items(path: Path, count: int) -> Path:
    answers = [f"Rain is fresh because of reason {n}: clouds filter water number {n}." for n in range(count)]
    rows = [{"id": f"a{n}", "question": QUESTION, "answer": a, "reference": REFERENCE} for n, a in enumerate(answers)]
    path.write_text("".join(json.dumps(row) + "\n" for row in rows))
    return path


def _grade(data: Path, items: Path, url: str) -> subprocess.Popen[str]:
    command = [sys.executable, "-m", "sensemaking_desktop", "--data-dir", str(data), "grade", "--items", str(items)]
    return subprocess.Popen(
        [*command, "--model", url, "--parallel", "1"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )


def test_a_run_stopped_after_its_first_result_keeps_it(fake_openai: FakeOpenAI, tmp_path: Path) -> None:
    fake_openai.delay_s = 0.4  # with 300 items the run takes far longer than its first item
    process = _grade(tmp_path / "data", _items(tmp_path / "items.jsonl", 300), fake_openai.url)
    try:
        assert process.stdout is not None
        first = process.stdout.readline()  # written as soon as the first item is graded, not at the end
        assert json.loads(first)["id"] == "a0", process.stderr.read() if process.stderr else ""
        process.send_signal(signal.SIGINT)
        rest, errors = process.communicate(timeout=120)
    finally:
        process.kill()
    lines = [json.loads(line) for line in [first, *rest.splitlines()]]
    assert 1 <= len(lines) < 300 and [line["id"] for line in lines] == [f"a{n}" for n in range(len(lines))]
    assert all(0 <= line["score"] <= 100 for line in lines)
    assert process.returncode == 130 and "cancelled" in errors and "Traceback" not in errors


def test_a_whole_run_prints_every_item_in_input_order(fake_openai: FakeOpenAI, tmp_path: Path) -> None:
    process = _grade(tmp_path / "data", _items(tmp_path / "items.jsonl", 3), fake_openai.url)
    out, errors = process.communicate(timeout=300)
    assert process.returncode == 0, errors
    assert [json.loads(line)["id"] for line in out.splitlines()] == ["a0", "a1", "a2"]


class _Result:
    def __init__(self, **fields: object) -> None:
        self.fields = fields

    def as_json(self) -> dict[str, object]:
        return dict(self.fields)


def test_results_behind_an_unfinished_item_are_printed_with_their_place_when_the_run_ends(
    capsys: pytest.CaptureFixture[str],
) -> None:
    printer = _InputOrder()
    printer.add(1, _Result(score=50))  # held: item 0 is not done
    printer.add(3, _Result(id="d", score=10))
    assert capsys.readouterr().out == ""
    printer.add(0, _Result(score=100))  # item 0, then the held item 1, at once
    assert [json.loads(line) for line in capsys.readouterr().out.splitlines()] == [{"score": 100}, {"score": 50}]
    started = time.monotonic()
    printer.flush()  # item 2 never finished; item 3 is kept, named by its id
    assert capsys.readouterr().out.splitlines() == ['{"id": "d", "score": 10}'] and time.monotonic() - started < 1
    printer.add(5, _Result(score=0))
    printer.flush()
    assert capsys.readouterr().out.splitlines() == ['{"item": 6, "score": 0}']
