"""`sensemaking metrics teacher|student` print JSON."""

import json
import subprocess
import sys
from pathlib import Path

TEXT = (
    "The sun heats the sea and water evaporates. Vapour rises and cools into clouds. "
    "Droplets grow and fall as rain. Rain soaks into soil or runs into rivers. Rivers carry water to the sea. "
) * 3


def run(data: Path, *args: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "sensemaking_desktop", "--data-dir", str(data), *args]
    return subprocess.run(command, capture_output=True, text=True, timeout=300)


def test_teacher_metrics_of_questions_over_a_text(tmp_path: Path) -> None:
    text, questions = tmp_path / "text.txt", tmp_path / "questions.json"
    text.write_text(TEXT)
    questions.write_text(json.dumps([["What heats the sea?", "The sun"], ["Where do rivers go?", "The sea"]]))
    result = run(tmp_path / "data", "metrics", "teacher", "--text", str(text), "--questions", str(questions))
    assert result.returncode == 0, result.stderr
    figures = json.loads(result.stdout)
    assert set(figures) == {"relevance", "coverage", "diversity", "questions", "windows"}
    assert figures["questions"] == 2 and figures["windows"] > 5


def test_student_metrics_of_answers(tmp_path: Path) -> None:
    items = tmp_path / "answers.jsonl"
    rows = [
        {"answer": "the sun heats it", "answerable": True, "references": ["The sun"]},
        {"answer": "not in the material", "answerable": False, "references": []},
        {"answer": "wind", "answerable": True, "references": []},
    ]
    items.write_text("\n".join(json.dumps(row) for row in rows))
    result = run(tmp_path / "data", "metrics", "student", "--items", str(items))
    assert result.returncode == 0, result.stderr
    figures = json.loads(result.stdout)
    assert figures["rouge_l_recall"] == 1.0 and figures["refused_unanswerable"] == 0.5 and figures["n"] == 3
