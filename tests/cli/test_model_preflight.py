"""A command given a model that cannot run stops before it stores anything, in one line naming
the cause and the fix; a model that can run still makes its quiz and answers; a job that
failed says why in `jobs list`; `models add-server` saves only a server that answered."""

import socket
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from fakeopenai import MODEL, FakeOpenAI

from sensemaking_desktop.cli.app import cli
from sensemaking_desktop.quizzes.model import Question, QuestionKind, Quiz, Source
from sensemaking_desktop.store import Store
from sensemaking_desktop.store.materials import add_material, sections_of
from sensemaking_desktop.store.quizzes import add_quiz

SECTION = (
    "When water evaporates, the salt is left behind. Clouds form when water vapour cools and condenses. "
    "About 97 percent of Earth's water is salt water in the oceans."
)
TABLES = ("quizzes", "questions", "answer_runs", "answers", "jobs")


def invoke(data_dir: Path, *args: str) -> Result:
    return CliRunner().invoke(cli, ["--data-dir", str(data_dir), *args], env={"COLUMNS": "250"})


def counts(store: Store) -> dict[str, int]:
    return {table: store.db.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0] for table in TABLES}


def salt_quiz(store: Store) -> tuple[int, int]:
    """A one-section material and a quiz with one question on it: (material id, quiz id)."""
    with store.atomic() as db:
        material_id = add_material(db, {"title": "Salt", "kind": "text"}, [{"text": SECTION}])
    section_id = sections_of(store, material_id)[0].id
    question = Question(
        kind=QuestionKind.OPEN, text="What is left behind when water evaporates?", source=Source(section_id=section_id)
    )
    with store.atomic() as db:
        return material_id, add_quiz(db, Quiz(material_id=material_id, title="Salt quiz", questions=[question]))


def dead_url() -> str:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    return f"http://127.0.0.1:{port}/v1"


def bad_models(folder: Path) -> dict[str, tuple[str, str]]:
    """Each kind of unusable model: (--model value, what the message must say)."""
    text = folder / "notes.txt"
    text.write_text("not a model\n")
    return {
        "missing file": (str(folder / "gone.gguf"), "Model file not found"),
        "text file": (str(text), "notes.txt is not a GGUF model file"),
        "unknown name": ("nonesuch-7b", "No model named 'nonesuch-7b'"),
        "dead server": (dead_url(), "Could not reach the model server"),
    }


@pytest.mark.parametrize("kind", ["missing file", "text file", "unknown name", "dead server"])
def test_teach_and_answer_with_an_unusable_model_store_nothing(
    store: Store, data_dir: Path, tmp_path: Path, kind: str
) -> None:
    material_id, quiz_id = salt_quiz(store)
    model, cause = bad_models(tmp_path)[kind]
    before = counts(store)
    for command in (["teach", str(material_id)], ["answer", str(quiz_id)]):
        result = invoke(data_dir, *command, "--model", model)
        message = str(result.exception)
        assert result.exit_code != 0 and cause in message and "sensemaking models list" in message, message
        assert "\n" not in message
    assert counts(store) == before


def test_the_command_line_says_it_in_one_line(store: Store, data_dir: Path, tmp_path: Path) -> None:
    material_id, _ = salt_quiz(store)
    command = [sys.executable, "-m", "sensemaking_desktop", "--data-dir", str(data_dir), "teach", str(material_id)]
    result = subprocess.run([*command, "--model", str(tmp_path / "gone.gguf")], capture_output=True, text=True)
    assert result.returncode == 1 and result.stdout == ""
    assert result.stderr.startswith("error: Model file not found:") and result.stderr.count("\n") == 1


def test_a_usable_model_still_writes_and_answers(store: Store, data_dir: Path) -> None:
    material_id, quiz_id = salt_quiz(store)
    taught = invoke(
        data_dir, "teach", str(material_id), "--count", "1", "--types", "cloze", "--model", "smollm2-135m-instruct"
    )
    assert taught.exit_code == 0, taught.output
    answered = invoke(data_dir, "answer", str(quiz_id), "--model", "smollm2-135m-instruct")
    assert answered.exit_code == 0, answered.output
    assert counts(store)["answers"] == 1 and counts(store)["quizzes"] == 2


def test_a_failed_job_shows_its_cause_in_the_list(store: Store, data_dir: Path, tmp_path: Path) -> None:
    from sensemaking_desktop.roles.teacher import TeacherOptions
    from sensemaking_desktop.workflows.jobs import job_queue
    from sensemaking_desktop.workflows.teacher_job import submit_teach_job

    material_id, _ = salt_quiz(store)
    queue = job_queue(store, data_dir)
    gone = str(tmp_path / "gone.gguf")
    job_id, _ = submit_teach_job(store, queue, material_id, TeacherOptions(count=1), section_id=None, model=gone)
    assert queue.run(job_id).status == "failed"
    listed = invoke(data_dir, "jobs", "list")
    assert "failed" in listed.output and f"the first: Model file not found: {gone}" in listed.output


def test_add_server_saves_only_a_server_that_answered(data_dir: Path, fake_openai: FakeOpenAI) -> None:
    refused = invoke(data_dir, "models", "add-server", "gone", dead_url())
    assert refused.exit_code != 0 and "Nothing was saved" in str(refused.exception)
    assert "--unchecked" in str(refused.exception)
    saved = invoke(data_dir, "models", "add-server", "lab", fake_openai.url)
    assert saved.exit_code == 0 and f"which serves {MODEL}" in saved.output
    offline = invoke(data_dir, "models", "add-server", "later", dead_url(), "--unchecked")
    assert offline.exit_code == 0 and "without contacting it" in offline.output
    listed = invoke(data_dir, "models", "list", "--all", "--json").output
    assert '"name": "lab"' in listed and '"name": "later"' in listed and '"name": "gone"' not in listed
