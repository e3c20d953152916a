"""The pipeline role: the Teacher's questions go to the Student and its answers to the
Evaluator, each stage committed on its own (a cancelled job resumes at the next stage), with
per-stage metrics and intervals on the leaderboard that follow what each stage produced."""

import json
from pathlib import Path

import pytest

from sensemaking_desktop.cancel import CancelToken
from sensemaking_desktop.errors import SensemakingError
from sensemaking_desktop.jobs import JobProgress, JobQueue
from sensemaking_desktop.store import Store
from sensemaking_desktop.workflows.core import Core
from sensemaking_desktop.workflows.experiments.leaderboard import compare, leaderboard
from sensemaking_desktop.workflows.experiments.runs import submit_experiment
from sensemaking_desktop.workflows.experiments.spec import parse_spec

TEXT = (
    "Glaciers form where more snow falls in winter than melts in summer. "
    "Over many years the buried snow is pressed into dense blue ice. "
    "A glacier moves slowly downhill under its own enormous weight. "
    "As it moves, the glacier scrapes rocks and carves deep valleys. "
    "Meltwater from glaciers feeds rivers during the dry summer months. "
    "Many mountain glaciers have been shrinking as the climate warms. "
    "Scientists measure glaciers with satellites, stakes and radar."
)
SPEC = """
name = "chain"
role = "pipeline"
resamples = 50
[grid.teacher]
count = [2, 3]
kinds = ["cloze"]
[grid.student]
temperature = [0.0]
[grid.evaluator]
reference = [true]
[[datasets]]
kind = "jsonl"
path = "documents.jsonl"
"""
STAGE_METRICS = {"student.rouge_l_recall", "student.refusal_share", "evaluator.mean_grade", "tokens_per_question"}
TEACHER_METRICS = {"teacher.relevance", "teacher.coverage", "teacher.diversity"}


@pytest.fixture
def core(store: Store, data_dir: Path, engine) -> Core:
    opened = Core(data_dir, store)
    opened.__dict__["jobs"] = JobQueue(store, data_dir, engines=lambda ref: engine)
    return opened


def stored(store: Store, experiment_id: int) -> dict[tuple[int, str], dict]:
    rows = store.db.query(
        "SELECT o.* FROM experiment_outputs o JOIN experiment_cells c ON c.id = o.cell_id WHERE c.experiment_id = ?",
        [experiment_id],
    )
    return {(row["cell_id"], row["item_key"]): dict(row, output=json.loads(row["output"])) for row in rows}


@pytest.mark.timeout(1800)
def test_a_pipeline_chains_the_stages_resumes_after_a_cancel_and_ranks_per_stage(core: Core, tmp_path: Path) -> None:
    (tmp_path / "documents.jsonl").write_text(json.dumps({"id": "glaciers", "text": TEXT}))
    experiment_id, job_id = submit_experiment(core, SPEC, tmp_path)
    labels = [item["label"] for item in core.jobs.items(job_id)]
    assert len(labels) == 6 and [label.split()[-2] for label in labels[:3]] == ["teacher", "student", "evaluator"]

    token = CancelToken()

    def stop_after_the_teacher(progress: JobProgress) -> None:
        if progress.done >= 1:
            token.cancel()

    assert core.jobs.run(job_id, cancel=token, on_progress=stop_after_the_teacher).status == "cancelled"
    first = stored(core.store, experiment_id)
    assert [key for _, key in first] == ["teacher:glaciers"]
    assert core.jobs.run(job_id).status == "done"
    outputs = stored(core.store, experiment_id)
    assert outputs[next(iter(first))]["id"] == first[next(iter(first))]["id"]  # the Teacher did not run again

    board = leaderboard(core.store, experiment_id)
    assert [row["label"] for row in board["rows"]] == ["teacher.count=2", "teacher.count=3"]
    for row, count in zip(board["rows"], (2, 3)):
        cell = row["cell"]
        teacher = outputs[(cell, "teacher:glaciers")]["output"]
        assert len(teacher["items"]) == count
        for number, question in enumerate(teacher["items"]):
            student = outputs[(cell, f"student:glaciers#{number}")]["output"]
            graded = outputs[(cell, f"evaluator:glaciers#{number}")]["output"]
            assert student["question"] == question["prompt"] and student["references"] == [question["reference"]]
            assert (graded["answer"], graded["reference"]) == (student["answer"], question["reference"])
        assert STAGE_METRICS | TEACHER_METRICS <= set(row["metrics"])
        for name in STAGE_METRICS:
            assert row["metrics"][name]["n"] == count and row["metrics"][name]["value"] is not None, name
        assert row["metrics"]["teacher.relevance"]["value"] > 0
    first_row, second_row = (row["metrics"] for row in board["rows"])
    assert any(first_row[name]["value"] != second_row[name]["value"] for name in TEACHER_METRICS)

    again_id, again_job = submit_experiment(core, SPEC, tmp_path)
    assert core.jobs.run(again_job).status == "done"
    assert [row["cached"] for row in leaderboard(core.store, again_id)["rows"]] == [5, 7]


def insert_cell(store: Store, experiment_id: int, label: str, outputs: dict[str, dict]) -> None:
    cell = (
        store.db["experiment_cells"]
        .insert({"experiment_id": experiment_id, "position": 0, "label": label, "config": "{}"})
        .last_pk
    )
    for key, output in outputs.items():
        store.db["experiment_outputs"].insert(
            {
                "cell_id": cell,
                "dataset": "d",
                "item_key": key,
                "cluster": "doc",
                "output": json.dumps(output),
                "cached": 0,
            }
        )


def teacher_output(questions: list[str]) -> dict:
    similarities = [[0.9 if n == w else 0.1 for w in range(4)] for n in range(len(questions))]
    items = [{"kind": "cloze", "prompt": q, "reference": f"key {n}"} for n, q in enumerate(questions)]
    cost = {"prompt_tokens": 0, "completion_tokens": 0, "seconds": 0.0}
    return {"questions": questions, "items": items, "similarities": similarities, "relevance": 0.0, **cost}


def answered(question: str, recall: float, answerable: bool, seconds: float = 1.0) -> dict:
    return {
        "question": question,
        "references": ["key"],
        "answer": "an answer" if answerable else "not in the material",
        "answerable": answerable,
        "recall": recall,
        "prompt_tokens": 10,
        "completion_tokens": 5,
        "seconds": seconds,
    }


def graded(score: float) -> dict:
    return {"score": score, "prompt_tokens": 0, "completion_tokens": 0, "seconds": 0.5}


def test_pipeline_metrics_follow_each_stage_and_pair_only_the_same_questions(store: Store) -> None:
    questions = [f"Question {n}?" for n in range(6)]
    experiment_id = (
        store.db["experiments"]
        .insert(
            {"name": "p", "role": "pipeline", "spec": "", "record": json.dumps({"resamples": 200}), "created_at": "now"}
        )
        .last_pk
    )
    good = {"teacher:doc": teacher_output(questions)}
    poor = {"teacher:doc": teacher_output(questions)}
    for n, question in enumerate(questions):
        good[f"student:doc#{n}"] = answered(question, 1.0 - 0.1 * n, True)
        good[f"evaluator:doc#{n}"] = graded(100.0 - 10 * n)
        poor[f"student:doc#{n}"] = answered(question, 0.0, n % 3 == 0)
        if n < 4:  # the Evaluator has not reached the last two answers
            poor[f"evaluator:doc#{n}"] = graded(10.0 * n)
    insert_cell(store, experiment_id, "good", good)
    insert_cell(store, experiment_id, "poor", poor)
    board = leaderboard(store, experiment_id)
    good_row, poor_row = (row["metrics"] for row in board["rows"])
    assert good_row["student.rouge_l_recall"]["value"] == pytest.approx(0.75)
    assert poor_row["student.rouge_l_recall"]["value"] == 0.0
    assert (good_row["student.refusal_share"]["value"], poor_row["student.refusal_share"]["value"]) == (0.0, 4 / 6)
    assert good_row["evaluator.mean_grade"]["value"] == pytest.approx(75.0)
    assert poor_row["evaluator.mean_grade"]["value"] == pytest.approx(15.0)
    interval = good_row["evaluator.mean_grade"]
    assert interval["ci_low"] < interval["value"] < interval["ci_high"] and interval["n"] == 6
    assert good_row["teacher.relevance"] == poor_row["teacher.relevance"]
    assert good_row["seconds_per_question"]["value"] == pytest.approx(1.5)

    difference = compare(store, experiment_id)["comparisons"][0]["differences"]
    assert difference["evaluator.mean_grade"]["value"] == pytest.approx(15.0 - 85.0)  # on the answers both graded
    assert difference["evaluator.mean_grade"]["p_value"] is not None
    assert difference["student.refusal_share"]["ci_low"] is not None

    other = {"teacher:doc": teacher_output([f"Another {n}?" for n in range(6)])}
    for n in range(6):
        other[f"student:doc#{n}"] = answered(f"Another {n}?", 0.5, True)
    insert_cell(store, experiment_id, "other teacher", other)
    unpaired = compare(store, experiment_id)["comparisons"][1]["differences"]
    assert unpaired["student.rouge_l_recall"]["value"] == pytest.approx(0.5 - 0.75)
    assert unpaired["student.rouge_l_recall"]["ci_low"] is None and unpaired["evaluator.mean_grade"]["value"] is None


@pytest.mark.parametrize(
    ("grid", "message"),
    [
        ("[grid.student]\nsignals = [true]", "grid.student.signals is not something"),
        ("[grid]\nmodel = ['default']", "grid.model is not something"),
        ("[grid.critic]\nmodel = ['default']", "grid.critic is not something"),
        ("[grid.teacher]\nkinds = ['essay']", "grid.teacher.kinds"),
    ],
)
def test_a_pipeline_grid_takes_only_each_stages_keys(grid: str, message: str) -> None:
    text = f"name = 'p'\nrole = 'pipeline'\n{grid}\n[[datasets]]\nkind = 'sample'\nname = 'water-cycle'\n"
    with pytest.raises(SensemakingError, match=message):
        parse_spec(text)


def test_a_pipeline_cell_names_its_keys_by_stage() -> None:
    spec = parse_spec(SPEC.replace("temperature = [0.0]", "temperature = [0.0, 0.8]"))
    cells = spec.cells()
    assert len(cells) == 4 and spec.varying() == ["teacher.count", "student.temperature"]
    assert cells[1]["teacher.count"] == 2 and cells[1]["student.temperature"] == 0.8
    assert cells[0]["evaluator.reference"] is True and cells[0]["student.model"] == "default"
