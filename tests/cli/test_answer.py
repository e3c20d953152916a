"""`sensemaking answer`: --items JSON lines in input order, and a stored quiz answered as a job."""

import json
import subprocess
import sys
from pathlib import Path

from sensemaking_desktop.quizzes.model import Question, QuestionKind, Quiz, Source
from sensemaking_desktop.roles.student import EXTRACTIVE, EXTRACTIVE_VERSION
from sensemaking_desktop.store import open_store
from sensemaking_desktop.store.materials import add_material, sections_of
from sensemaking_desktop.store.quizzes import add_quiz

SALT = "When water evaporates, the salt is left behind."
QUESTION = "What is left behind when water evaporates?"


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
    provenance = lines[0]["provenance"]
    assert (provenance["template_name"], provenance["template_version"]) == (EXTRACTIVE, EXTRACTIVE_VERSION)
    assert provenance["model_sha256"] and provenance["completion_tokens"] == 0, "the small model is named, not asked"
    assert lines[0]["answerable"] and "salt" in lines[0]["answer"]


def test_bad_lines_are_reported_and_nothing_runs(tmp_path: Path) -> None:
    path = tmp_path / "items.jsonl"
    path.write_text('{"material": "m", "question": "q"}\nnot json\n{"question": "q"}\n')
    result = run(tmp_path / "data", "answer", "--items", str(path))
    assert result.returncode == 1 and result.stdout == ""
    assert result.stderr.splitlines()[1:] == [
        "line 2: not JSON (Expecting value)",
        "line 3: needs the text field material",
    ]


def stored_quiz(data: Path) -> int:
    """A material of one section and a quiz with one question on it, written with the core API."""
    with open_store(data) as store:
        with store.atomic() as db:
            material_id = add_material(db, {"title": "Salt", "kind": "text"}, [{"text": SALT}])
        section_id = sections_of(store, material_id)[0].id
        question = Question(kind=QuestionKind.OPEN, text=QUESTION, source=Source(section_id=section_id))
        with store.atomic() as db:
            return add_quiz(db, Quiz(material_id=material_id, title="Salt quiz", questions=[question]))


def test_a_stored_quiz_is_answered_as_a_job_and_shown(tmp_path: Path) -> None:
    data = tmp_path / "data"
    quiz_id = stored_quiz(data)
    result = run(data, "answer", str(quiz_id), "--json")
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout)
    assert (summary["status"], summary["answers"], summary["extracted"]) == ("done", 1, 1)
    (listed,) = json.loads(run(data, "answers", "list", str(quiz_id), "--json").stdout)
    assert (listed["id"], listed["kind"], listed["label"]) == (summary["run_id"], "model", "smollm2-135m-instruct")
    assert listed["finished_at"] is not None
    assert (listed["number"], summary["run"]) == (1, 1)
    shown = json.loads(run(data, "answers", "show", str(quiz_id), "1", "--json").stdout)
    (answer,) = shown["answers"]
    assert answer["question"] == QUESTION and answer["generation_id"] is not None
    assert answer["answerable"] is not None and answer["passages"] is None
    job = json.loads(run(data, "jobs", "show", str(summary["job_id"]), "--json").stdout)
    assert job["kind"] == "answer" and job["items"][0]["result"]["answers"] == 1
    said = run(data, "answer", str(quiz_id))
    assert said.returncode == 0 and "too small to answer well" in said.stdout, "a person is told, not only JSON"


def test_answer_needs_a_quiz_or_items_but_not_both(tmp_path: Path) -> None:
    neither = run(tmp_path / "data", "answer")
    items = tmp_path / "items.jsonl"
    items.write_text('{"question": "Why is rain fresh water?", "material": "The salt stays behind."}\n')
    both = run(tmp_path / "data", "answer", "1", "--items", str(items))
    assert neither.returncode == both.returncode == 2 and "not both" in neither.stderr
    missing = run(tmp_path / "data", "answer", "5")
    assert missing.returncode == 1 and "There is no quiz 5" in missing.stderr
