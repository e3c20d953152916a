"""Prompt versions as a grid axis: a kept earlier version is rendered when a cell pins it, the
version rendered is recorded with each output, and the cache tells the versions apart."""

import json
from pathlib import Path

import pytest

from sensemaking_desktop.errors import SensemakingError
from sensemaking_desktop.jobs import JobQueue
from sensemaking_desktop.llm.prompts import load_template, pinned, template_version, template_versions
from sensemaking_desktop.store import Store
from sensemaking_desktop.workflows.core import Core
from sensemaking_desktop.workflows.experiments.cells import cache_key, versions
from sensemaking_desktop.workflows.experiments.leaderboard import leaderboard, outputs_of
from sensemaking_desktop.workflows.experiments.runs import submit_experiment
from sensemaking_desktop.workflows.experiments.spec import parse_spec

SPEC = """
name = "prompts"
role = "student"
resamples = 20
[grid]
template = ["student_answer@1", "student_answer@2"]
[[datasets]]
kind = "jsonl"
path = "items.jsonl"
"""
ITEM = {
    "material": "When water evaporates, the salt is left behind. Only pure water rises into the air.",
    "question": "What is left behind when water evaporates?",
    "answers": ["the salt"],
}


def test_a_kept_version_is_rendered_only_where_it_is_pinned() -> None:
    assert template_versions("student_answer") == ["1", "2"]
    installed, kept = template_version("student_answer"), template_version("student_answer", "1")
    assert (installed.version, kept.version) == ("2", "1")
    first = kept.render(material="M", question="Q?").messages
    assert "Material:\nM" in first[0]["content"] and "Material" not in first[1]["content"]
    with pinned({"student_answer": "1"}):
        assert load_template("student_answer").render(material="M", question="Q?").template_version == "1"
        assert load_template("evaluator_grade").version == template_version("evaluator_grade").version
    assert load_template("student_answer").version == "2"
    with pytest.raises(SensemakingError, match="has no version 7 \\(there are: 1, 2\\)"):
        template_version("student_answer", "7")


def test_the_cache_key_follows_the_version_a_cell_renders() -> None:
    chosen = {"student_answer": "2"}
    config = {"model": "default", "seed": 7, "template": None}
    key = lambda template: cache_key(  # noqa: E731
        "student",
        {"question": "q"},
        config | {"template": template},
        {"sha256": "abc"},
        versions("student", config | {"template": template}, chosen),
    )
    assert key(None) == key("student_answer@2") != key("student_answer@1")


@pytest.mark.parametrize(
    ("grid", "message"),
    [
        ('template = ["student_answer-1"]', "is not NAME@VERSION"),
        ('template = ["evaluator_grade@1"]', "the student renders no template 'evaluator_grade'"),
    ],
)
def test_a_template_axis_names_a_template_the_role_renders(grid: str, message: str) -> None:
    with pytest.raises(SensemakingError, match=message):
        parse_spec(SPEC.replace('template = ["student_answer@1", "student_answer@2"]', grid))


@pytest.fixture
def core(store: Store, data_dir: Path, engine) -> Core:
    opened = Core(data_dir, store)
    opened.__dict__["jobs"] = JobQueue(store, data_dir, engines=lambda ref: engine)
    return opened


def test_an_unknown_version_is_refused_before_anything_runs(core: Core, tmp_path: Path) -> None:
    (tmp_path / "items.jsonl").write_text(json.dumps(ITEM))
    with pytest.raises(SensemakingError, match="no version 9"):
        submit_experiment(core, SPEC.replace("student_answer@2", "student_answer@9"), tmp_path)
    with pytest.raises(SensemakingError, match="no version 5"):
        submit_experiment(core, SPEC + '[templates]\nstudent_answer = "5"\n', tmp_path)
    assert not list(core.store.db.query("SELECT id FROM experiments"))


@pytest.mark.timeout(1800)
def test_two_prompt_versions_run_side_by_side_and_each_output_records_its_own(core: Core, tmp_path: Path) -> None:
    (tmp_path / "items.jsonl").write_text(json.dumps(ITEM))
    experiment_id, job_id = submit_experiment(core, SPEC, tmp_path)
    assert core.jobs.run(job_id).status == "done"
    rows = leaderboard(core.store, experiment_id)["rows"]
    assert [row["label"] for row in rows] == ["template=student_answer@1", "template=student_answer@2"]
    rendered = [[o["output"]["template"] for o in outputs_of(core.store, row["cell"])] for row in rows]
    assert rendered == [["student_answer@1"], ["student_answer@2"]]
    assert all(row["metrics"]["rouge_l_recall"]["n"] == 1 for row in rows)
