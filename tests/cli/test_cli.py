"""The `sensemaking` command as a user runs it: JSON output, one-line errors, exit codes."""

import json
import subprocess
import sys
from pathlib import Path

from sensemaking_desktop.llm.registry import EMBEDDED_NAME


def sensemaking(*args: str, data_dir: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "sensemaking_desktop", "--data-dir", str(data_dir), *args],
        capture_output=True,
        text=True,
        timeout=600,
    )


def test_info_json_names_the_data_folder_and_default_model(tmp_path: Path) -> None:
    result = sensemaking("info", "--json", data_dir=tmp_path)
    assert result.returncode == 0, result.stderr
    info = json.loads(result.stdout)
    assert info["data_dir"] == str(tmp_path.resolve())
    assert info["default_model"]["name"] == EMBEDDED_NAME
    assert (tmp_path / "library.sqlite3").exists()


def test_models_list_and_catalogue_json(tmp_path: Path) -> None:
    listed = json.loads(sensemaking("models", "list", "--json", data_dir=tmp_path).stdout)
    assert [model["name"] for model in listed] == [EMBEDDED_NAME]
    assert set(listed[0]) == {"name", "path", "sha256", "size_bytes", "source", "catalogue_name"}
    catalogue = json.loads(sensemaking("models", "catalogue", "--json", data_dir=tmp_path).stdout)
    assert catalogue and all(entry["installed"] is False for entry in catalogue)


def test_bad_model_file_is_one_clear_line_and_exit_1(tmp_path: Path) -> None:
    bad = tmp_path / "broken.gguf"
    bad.write_bytes(b"\x00" * 1000)
    result = sensemaking("models", "add", str(bad), data_dir=tmp_path / "data")
    assert result.returncode == 1
    assert result.stderr.strip() == "error: broken.gguf is not a GGUF model file (llama.cpp needs .gguf files)."
    assert "Traceback" not in result.stderr


def test_debug_flag_shows_the_traceback(tmp_path: Path) -> None:
    result = sensemaking("--debug", "models", "add", str(tmp_path / "missing.gguf"), data_dir=tmp_path / "data")
    assert result.returncode == 1 and "Traceback" in result.stderr


def test_unusable_data_folder_is_a_clear_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    result = sensemaking("info", data_dir=blocker / "data")
    assert result.returncode == 1 and result.stderr.startswith("error: ") and "Traceback" not in result.stderr


def test_models_check_runs_the_embedded_model(tmp_path: Path) -> None:
    result = sensemaking("models", "check", "--json", data_dir=tmp_path)
    assert result.returncode == 0, result.stderr
    check = json.loads(result.stdout)
    assert check["model"] == EMBEDDED_NAME and check["text"].strip() and check["tokens_per_s"] > 0


def test_jobs_commands_on_an_empty_library_and_unknown_job(tmp_path: Path) -> None:
    assert json.loads(sensemaking("jobs", "list", "--json", data_dir=tmp_path).stdout) == []
    result = sensemaking("jobs", "resume", "42", data_dir=tmp_path)
    assert result.returncode == 1 and result.stderr.strip() == "error: There is no job 42."


def test_bench_structured_prints_json_figures(tmp_path: Path) -> None:
    result = sensemaking("bench", "structured", "--calls", "3", data_dir=tmp_path)
    assert result.returncode == 0, result.stderr
    figures = json.loads(result.stdout)
    assert figures["calls"] == 3 and figures["valid"] + figures["typed_errors"] == 3
    assert figures["unparseable_outputs"] == 0 and figures["peak_rss_mb"] > 0
