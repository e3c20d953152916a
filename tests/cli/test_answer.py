"""`sensemaking answer --items`: JSON lines in, JSON lines out in input order."""

import json
import subprocess
import sys
from pathlib import Path


def run(data: Path, *args: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "sensemaking_desktop", "--data-dir", str(data), *args]
    return subprocess.run(command, capture_output=True, text=True, timeout=300)


def test_items_are_answered_in_input_order_with_provenance(tmp_path: Path) -> None:
    rain = "Rain forms when droplets in a cloud grow too heavy to float."
    salt = "When water evaporates, the salt is left behind."
    items = [
        {"material": salt, "question": "What is left behind when water evaporates?"},
        {"material": rain, "question": "When does rain form?"},
        {"material": salt, "question": "What rises when water evaporates?"},
    ]
    path = tmp_path / "items.jsonl"
    path.write_text("\n".join(json.dumps(item) for item in items) + "\n")
    result = run(tmp_path / "data", "answer", "--items", str(path))
    assert result.returncode == 0, result.stderr
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert [line["question"] for line in lines] == [item["question"] for item in items]
    assert all({"answer", "answerable", "evidence", "supported", "provenance"} <= set(line) for line in lines)
    assert lines[0]["provenance"]["template_version"] == "1"


def test_bad_lines_are_reported_and_nothing_runs(tmp_path: Path) -> None:
    path = tmp_path / "items.jsonl"
    path.write_text('{"material": "m", "question": "q"}\nnot json\n{"question": "q"}\n')
    result = run(tmp_path / "data", "answer", "--items", str(path))
    assert result.returncode == 1 and result.stdout == ""
    assert result.stderr.splitlines()[1:] == [
        "line 2: not JSON (Expecting value)",
        "line 3: needs the text field(s) material",
    ]
