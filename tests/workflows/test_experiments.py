"""Experiments: a TOML grid runs as one job with a leaderboard of intervals, reuses cached outputs,
is refused in one line when malformed, and reruns identically at temperature 0."""

import json
from pathlib import Path

import numpy as np
import pytest

from sensemaking_desktop.errors import SensemakingError
from sensemaking_desktop.jobs import JobQueue
from sensemaking_desktop.store import Store
from sensemaking_desktop.workflows.core import Core
from sensemaking_desktop.workflows.experiments.leaderboard import (
    auc,
    calibration_error,
    compare,
    export_table,
    leaderboard,
    outputs_of,
)
from sensemaking_desktop.workflows.experiments.runs import rerun, submit_experiment
from sensemaking_desktop.workflows.experiments.spec import parse_spec

SALT = "When water evaporates, the salt is left behind. Only pure water rises into the air."
ITEM = {
    "id": "salt",
    "material": SALT,
    "question": "What is left behind when water evaporates?",
    "answers": ["the salt"],
}
SPEC = """
name = "tiny"
role = "student"
resamples = 50
chunk = 1
[grid]
temperature = 0.0
seed = [7, 8]
[[datasets]]
kind = "jsonl"
path = "items.jsonl"
"""


@pytest.fixture
def core(store: Store, data_dir: Path, engine) -> Core:
    """A core whose jobs use the session's embedded model instead of loading it again."""
    opened = Core(data_dir, store)
    opened.__dict__["jobs"] = JobQueue(store, data_dir, engines=lambda ref: engine)
    return opened


def run(core: Core, experiment_and_job: tuple[int, int]) -> int:
    experiment_id, job_id = experiment_and_job
    assert core.jobs.run(job_id).status == "done"
    return experiment_id


def answers(core: Core, experiment_id: int) -> list[list[str]]:
    board = leaderboard(core.store, experiment_id)
    return [[o["output"]["answer"] for o in outputs_of(core.store, row["cell"])] for row in board["rows"]]


@pytest.mark.timeout(1800)
def test_a_grid_runs_as_one_job_with_intervals_caches_and_reruns_identically(core: Core, tmp_path: Path) -> None:
    (tmp_path / "items.jsonl").write_text(json.dumps(ITEM))
    first = run(core, submit_experiment(core, SPEC, tmp_path))
    board = leaderboard(core.store, first)
    assert [row["config"]["seed"] for row in board["rows"]] == [7, 8]
    for row in board["rows"]:
        assert row["items"] == 1 and row["cached"] == 0
        recall = row["metrics"]["rouge_l_recall"]
        assert set(recall) == {"value", "ci_low", "ci_high", "n"} and recall["n"] == 1
        assert 0.0 <= recall["value"] <= 1.0
        assert {"refusal_share", "answerable_accuracy", "tokens_per_item", "items_per_minute"} <= set(row["metrics"])
    differences = compare(core.store, first)["comparisons"][0]["differences"]
    assert {"value", "ci_low", "ci_high", "p_value", "n"} == set(differences["rouge_l_recall"])
    assert "rouge_l_recall" in export_table(board, "markdown") and "\\begin{tabular}" in export_table(board, "latex")

    cached = run(core, submit_experiment(core, SPEC, tmp_path))
    assert [row["cached"] for row in leaderboard(core.store, cached)["rows"]] == [1, 1]

    repeated = run(core, rerun(core, first))
    assert [row["cached"] for row in leaderboard(core.store, repeated)["rows"]] == [0, 0]
    assert answers(core, repeated) == answers(core, first)
    record = json.loads(next(core.store.db.query("SELECT record FROM experiments WHERE id = ?", [repeated]))["record"])
    assert record["models"]["default"]["sha256"] and record["templates"]["student_answer"]
    assert record["library_version"] and record["seeds"] == [7, 8]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("name = 'x'\nrole = ", "not valid TOML"),
        (
            "name = 'x'\nrole = 'student'\n[grid]\nsignals = [true]\n[[datasets]]\nkind='sample'\nname='water-cycle'",
            "grid.signals is not something this role or section takes",
        ),
        ("name = 'x'\nrole = 'oracle'\n[[datasets]]\nkind='sample'\nname='water-cycle'", "role"),
        ("name = 'x'\nrole = 'student'\n[[datasets]]\nkind='jsonl'", "needs `path`"),
    ],
)
def test_a_bad_spec_is_one_line(text: str, message: str) -> None:
    with pytest.raises(SensemakingError, match=message) as caught:
        parse_spec(text)
    assert "\n" not in str(caught.value)


def test_an_unknown_model_or_a_missing_dataset_is_refused_before_anything_runs(core: Core, tmp_path: Path) -> None:
    missing = SPEC.replace("items.jsonl", "nowhere.jsonl")
    with pytest.raises(SensemakingError, match="does not exist"):
        submit_experiment(core, missing, tmp_path)
    (tmp_path / "items.jsonl").write_text(json.dumps(ITEM))
    with pytest.raises(SensemakingError, match="No model named"):
        submit_experiment(core, SPEC.replace("[grid]", "[grid]\nmodel = ['no-such-model']"), tmp_path)
    assert not list(core.store.db.query("SELECT id FROM experiments"))


def test_evaluator_auc_and_calibration_follow_their_definitions() -> None:
    human = np.array([100.0, 100.0, 0.0, 0.0])
    assert auc(human, np.array([90.0, 80.0, 10.0, 20.0])) == 1.0
    assert auc(human, np.array([10.0, 20.0, 90.0, 80.0])) == 0.0
    assert auc(human, np.array([50.0, 50.0, 50.0, 50.0])) == 0.5
    assert auc(np.array([100.0, 90.0]), np.array([1.0, 2.0])) is None
    assert calibration_error(human, np.array([100.0, 100.0, 0.0, 0.0])) == 0.0
    assert calibration_error(human, np.array([50.0, 50.0, 50.0, 50.0])) == 0.0  # right half the time
    assert calibration_error(np.full(4, 100.0), np.full(4, 50.0)) == 0.5


def test_the_leaderboard_exports_as_csv_markdown_and_latex() -> None:
    metric = {"value": 0.5, "ci_low": 0.25, "ci_high": 0.75, "n": 4}
    board = {"rows": [{"cell": 1, "label": "seed=7", "metrics": {"rouge_l_recall": metric}}]}
    assert export_table(board, "csv").splitlines()[1] == "1,seed=7,rouge_l_recall,0.5,0.25,0.75,4"
    assert "| seed=7 | 0.5 [0.25, 0.75] |" in export_table(board, "markdown")
    assert "rouge\\_l\\_recall" in export_table(board, "latex")
    with pytest.raises(SensemakingError, match="Unknown table format"):
        export_table(board, "xlsx")
