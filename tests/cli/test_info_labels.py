"""`sensemaking info` shows a teacher plain labels ("Data folder", not "data_dir"), while `--json`
keeps the keys scripts read (issue 46, a teacher's first hour)."""

import json
from pathlib import Path

from cli_process import sensemaking

KEYS = ("data_dir", "schema_version", "llama_cpp_python", "gpu_offload", "context_cap", "parallel_requests")


def test_the_table_has_plain_labels_and_the_json_its_keys(tmp_path: Path) -> None:
    shown = sensemaking(tmp_path / "data", "info")
    assert shown.returncode == 0, shown.stderr
    for label in ("Data folder", "Library file", "Library format version", "Processor threads", "Default model"):
        assert label in shown.stdout, shown.stdout
    assert "Longest text read at once (tokens)" in shown.stdout and "Requests at once" in shown.stdout
    assert not [key for key in (*KEYS, "default_model", "gpu_layers") if key in shown.stdout], shown.stdout
    data = json.loads(sensemaking(tmp_path / "data", "info", "--json").stdout)
    assert set(KEYS) <= set(data) and data["default_model"]["name"]
