"""The command line on model servers and models found on disk: `answer --items` and
`grade --items` through llama-cpp-python's real server, saved servers, `models check URL`,
`bench backends`, an Ollama-style store, a server without log-probabilities, first-run advice."""

import json
import os
import subprocess
import sys
from pathlib import Path

from fakeopenai import FakeOpenAI
from ollamastore import ollama_store

from sensemaking_desktop.llm.registry import embedded_model_path

MATERIAL = "When sea water evaporates, the salt stays behind, so rain is fresh water."
QUESTION = "Why is rain fresh water?"
REFERENCE = "The salt stays behind when sea water evaporates."


def run(data: Path, *args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "sensemaking_desktop", "--data-dir", str(data), *args]
    return subprocess.run(command, capture_output=True, text=True, timeout=600, env=os.environ | (env or {}))


def lines(path: Path, items: list[dict]) -> str:
    path.write_text("".join(json.dumps(item) + "\n" for item in items))
    return str(path)


def test_answer_and_grade_items_through_the_server(llama_server: str, tmp_path: Path) -> None:
    questions = [{"material": MATERIAL, "question": QUESTION}, {"material": MATERIAL, "question": "What stays behind?"}]
    answered = run(
        tmp_path / "d",
        "answer",
        "--items",
        lines(tmp_path / "a.jsonl", questions),
        "--model",
        llama_server,
        "--parallel",
        "2",
    )
    assert answered.returncode == 0, answered.stderr
    replies = [json.loads(line) for line in answered.stdout.splitlines()]
    assert [reply["question"] for reply in replies] == [QUESTION, "What stays behind?"]
    graded_items = [
        {"id": "a", "question": QUESTION, "answer": "Because the salt stays behind.", "reference": REFERENCE},
        {"id": "b", "question": QUESTION, "answer": "", "reference": REFERENCE},
    ]
    graded = run(tmp_path / "d", "grade", "--items", lines(tmp_path / "g.jsonl", graded_items), "--model", llama_server)
    assert graded.returncode == 0, graded.stderr
    grades = [json.loads(line) for line in graded.stdout.splitlines()]
    assert [grade["id"] for grade in grades] == ["a", "b"]
    for provenance in [replies[0]["provenance"], replies[1]["provenance"], grades[0]["provenance"]]:
        assert provenance["server_url"] == llama_server
        assert provenance["model_file"] == str(embedded_model_path())
        assert provenance["backend"].startswith("openai-compatible server")
    assert "no_logprobs" in grades[0]["flags"]


def test_saved_servers_are_listed_checked_and_unreachable_ones_said_so(llama_server: str, tmp_path: Path) -> None:
    data = tmp_path / "d"
    assert run(data, "models", "add-server", "local", llama_server).returncode == 0
    assert (
        run(
            data, "models", "add-server", "gone", "http://127.0.0.1:9/v1", "--api-key-env", "GONE_KEY", "--unchecked"
        ).returncode
        == 0
    )
    listed = json.loads(run(data, "models", "list", "--all", "--json").stdout)
    by_name = {server["name"]: server for server in listed["servers"]}
    assert by_name["local"]["reachable"] and by_name["local"]["models"] == [str(embedded_model_path())]
    assert not by_name["gone"]["reachable"] and "Could not reach" in by_name["gone"]["error"]
    assert "unreachable" in run(data, "models", "list").stdout
    checked = run(data, "models", "check", "local", "--json")
    assert checked.returncode == 0, checked.stderr
    result = json.loads(checked.stdout)
    assert result["server_url"] == llama_server and result["model"] == str(embedded_model_path())
    assert result["latency_s"] > 0 and result["text"]
    failed = run(data, "models", "check", "gone")
    assert (
        failed.returncode == 1
        and failed.stderr.startswith("error: Could not reach")
        and "Traceback" not in failed.stderr
    )


def test_bench_backends_prints_throughput_per_level(llama_server: str, tmp_path: Path) -> None:
    text = tmp_path / "material.txt"
    text.write_text(MATERIAL)
    result = run(
        tmp_path / "d", "bench", "backends", "--model", llama_server, "--parallel", "1,2", "--items", "2",
        "--text", str(text),
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    figures = json.loads(result.stdout)
    assert figures["server_url"] == llama_server and [row["parallel"] for row in figures["levels"]] == [1, 2]
    assert all(
        row["items"] == 2 and row["tokens_per_s"] > 0 and row["items_per_minute"] > 0 for row in figures["levels"]
    )


def test_a_model_in_an_ollama_store_is_listed_and_used_without_copying(tmp_path: Path) -> None:
    blob = ollama_store(tmp_path / "ollama")
    env = {"OLLAMA_MODELS": str(tmp_path / "ollama")}
    data = tmp_path / "d"
    listed = run(data, "models", "list", "--all", "--json", env=env)
    assert [found["name"] for found in json.loads(listed.stdout)["found_on_disk"]] == ["smollm2:135m"]
    questions = [{"material": MATERIAL, "question": QUESTION}]
    answered = run(
        data, "answer", "--items", lines(tmp_path / "a.jsonl", questions), "--model", "smollm2:135m", env=env
    )
    assert answered.returncode == 0, answered.stderr
    assert json.loads(answered.stdout)["provenance"]["model_file"] == blob.name
    installed = json.loads(run(data, "models", "list", "--json", env=env).stdout)
    assert [model["path"] for model in installed if model["name"] == "smollm2-135m"] == [str(blob.resolve())]
    assert not (data / "models").exists() or not any((data / "models").iterdir())


def test_a_server_without_log_probabilities_lowers_the_grade_confidence(
    fake_openai: FakeOpenAI, tmp_path: Path
) -> None:
    items = [
        {
            "question": QUESTION,
            "answer": "Because the salt stays behind when sea water evaporates.",
            "reference": REFERENCE,
        }
    ]
    graded = run(tmp_path / "d", "grade", "--items", lines(tmp_path / "g.jsonl", items), "--model", fake_openai.url)
    assert graded.returncode == 0, graded.stderr
    grade = json.loads(graded.stdout)
    assert "no_logprobs" in grade["flags"] and grade["confidence"] <= 0.5 and grade["needs_review"]
    assert "log-probabilities" in " ".join(grade["details"]), "a figure for whoever checks, not the reason"


def test_first_run_advice_on_a_fresh_library(tmp_path: Path) -> None:
    result = run(tmp_path / "fresh", "info")
    assert result.returncode == 0, result.stderr
    assert "Only the small built-in model" in result.stdout and "sensemaking models download" in result.stdout
    assert not [word for word in ("135M", "Q4_K_M", "licence", "GGUF") if word in result.stdout], result.stdout
    data = json.loads(run(tmp_path / "fresh", "info", "--json").stdout)
    assert data["first_run"]["recommendation"]["license"] and data["gpu"]["reason"]
