"""`sensemaking teach`: a quiz over a stored material as a job, and over a text file as JSON."""

import json
import subprocess
import sys
from pathlib import Path

TEXT = (
    "Evaporation turns liquid water into water vapour when the sun heats the sea. "
    "The vapour rises and cools. Condensation then forms tiny droplets, and the droplets make clouds. "
    "When the droplets grow heavy they fall as rain, snow or hail. This is called precipitation. "
    "Some rain soaks into the ground; this is infiltration. The rest runs off into rivers and back to the sea."
)


def run(data: Path, *args: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "sensemaking_desktop", "--data-dir", str(data), *args]
    return subprocess.run(command, capture_output=True, text=True, timeout=600)


def test_teach_a_stored_material_fills_a_quiz_with_verdicts(tmp_path: Path) -> None:
    notes = tmp_path / "water.md"
    notes.write_text(f"# Water\n\n{TEXT}\n")
    data = tmp_path / "data"
    assert run(data, "ingest", str(notes)).returncode == 0
    result = run(data, "teach", "1", "--count", "1", "--types", "open,cloze", "--json")
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout)
    assert summary["status"] == "done" and len(summary["sections"]) == 1
    quiz = json.loads(run(data, "quizzes", "show", str(summary["quiz_id"]), "--json").stdout)
    assert len(quiz["questions"]) == summary["sections"][0]["questions"]
    assert sum(q["status"] != "dropped" for q in quiz["questions"]) == summary["kept"]
    for question in quiz["questions"]:
        assert question["source"]["section_id"] is not None and "reasons" in question["verification"]
    assert json.loads(run(data, "jobs", "list", "--json").stdout)[0]["status"] == "done"


def test_teach_a_text_file_prints_the_quiz(tmp_path: Path) -> None:
    text = tmp_path / "water.txt"
    text.write_text(TEXT)
    result = run(tmp_path / "data", "teach", "--text", str(text), "--count", "1", "--types", "true_false")
    assert result.returncode == 0, result.stderr
    quiz = json.loads(result.stdout)
    assert set(quiz) == {"kept", "dropped", "exhausted", "failures", "notes"}
    assert quiz["notes"], "the embedded model is small, so the floor wrote the quiz and says so"
    assert all(q["kind"] == "true_false" for q in quiz["kept"] + quiz["dropped"])


def test_unknown_question_types_are_a_usage_error(tmp_path: Path) -> None:
    result = run(tmp_path / "data", "teach", "1", "--types", "essay")
    assert result.returncode == 2 and "comma-separated list of: open" in result.stderr
