"""`sensemaking experiment` and `triplets` from the command line: bad input is one line, the
shipped examples are valid, and a triplet set is created, listed and reported."""

import json
import subprocess
import sys
from pathlib import Path

from sensemaking_desktop import paths
from sensemaking_desktop.workflows.experiments.spec import load_spec


def sensemaking(data_dir: Path, *args: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "sensemaking_desktop", "--data-dir", str(data_dir), *args]
    return subprocess.run(command, capture_output=True, text=True, timeout=300)


def test_a_malformed_experiment_is_one_line_and_nothing_is_stored(tmp_path: Path) -> None:
    spec = tmp_path / "bad.toml"
    spec.write_text("name = 'x'\nrole = 'student'\n[grid]\ntemprature = [0.0]\n[[datasets]]\nkind = 'sample'\n")
    result = sensemaking(tmp_path / "data", "experiment", "run", str(spec), "--json")
    assert result.returncode == 1
    assert result.stderr.strip().splitlines() == [
        "error: bad.toml: grid.temprature is not something this role or section takes"
    ]
    listed = sensemaking(tmp_path / "data", "experiment", "list", "--json")
    assert listed.returncode == 0 and json.loads(listed.stdout) == []
    missing = sensemaking(tmp_path / "data", "experiment", "show", "7")
    assert missing.returncode == 1 and "no experiment 7" in missing.stderr


def test_the_shipped_examples_are_valid_with_two_configurations_or_more() -> None:
    examples = sorted((paths.resources_dir() / "experiments").glob("*.toml"))
    assert len(examples) >= 3
    for example in examples:
        assert len(load_spec(example).cells()) >= 2, example.name


def test_a_triplet_set_is_created_and_reported(tmp_path: Path) -> None:
    items = tmp_path / "reasons.txt"
    items.write_text("Rain falls from clouds.\nSnow falls from clouds.\nRocks are hard.\nGranite is a rock.\n")
    created = sensemaking(tmp_path / "data", "triplets", "create", str(items), "--json")
    assert created.returncode == 0, created.stderr
    assert json.loads(created.stdout)["set_id"] == 1 and json.loads(created.stdout)["triplets"] >= 2
    listed = json.loads(sensemaking(tmp_path / "data", "triplets", "list", "--json").stdout)
    assert listed[0]["name"] == "reasons" and listed[0]["judgments"] == 0
    report = sensemaking(tmp_path / "data", "triplets", "report", "1", "--json")
    assert report.returncode == 0, report.stderr
    assert json.loads(report.stdout)["correlations"]["embedding_cosine"] == {"spearman": None, "pairs": 0}
