"""The Evaluator's adversarial suite in an experiment: a seeded sample of questions, each with
its best answer, its controls and its probes; class means on the leaderboard, kept apart from
the agreement with people's grades."""

import json
from pathlib import Path

import pytest

from sensemaking_desktop.errors import SensemakingError
from sensemaking_desktop.jobs import JobQueue
from sensemaking_desktop.store import Store
from sensemaking_desktop.workflows.core import Core
from sensemaking_desktop.workflows.experiments.leaderboard import compare, leaderboard
from sensemaking_desktop.workflows.experiments.runs import submit_experiment
from sensemaking_desktop.workflows.experiments.spec import Suite, parse_spec
from sensemaking_desktop.workflows.experiments.suite import suite_items

MATERIAL = (
    "Bees collect nectar from flowers and turn it into honey. "
    "A colony has one queen, who lays all the eggs. "
    "Worker bees build the comb from wax made in their own bodies. "
    "Bees tell each other where flowers are with a waggle dance."
)
QUESTIONS = [
    ("What do bees turn nectar into?", "Honey.", "Wax."),
    ("Who lays all the eggs in a colony?", "The queen lays all the eggs.", "The worker bees."),
    ("What do worker bees build the comb from?", "From wax made in their own bodies.", "From honey."),
    ("How do bees tell each other where flowers are?", "With a waggle dance.", "They follow the queen."),
]
SPEC = """
name = "suite"
role = "evaluator"
resamples = 50
[grid]
reference = [true]
material = [true]
[suite]
questions = 2
seed = 3
classes = ["contradiction", "echo", "random_text"]
[[datasets]]
kind = "jsonl"
path = "graded.jsonl"
score_max = 5
limit = 4
"""


def graded_rows() -> list[dict]:
    rows = []
    for number, (question, right, wrong) in enumerate(QUESTIONS):
        for suffix, answer, score in (("wrong", wrong, 0), ("right", right, 5)):
            rows.append(
                {
                    "id": f"{number}-{suffix}",
                    "question": question,
                    "reference_answer": right,
                    "student_answer": answer,
                    "score": score,
                    "material": MATERIAL,
                }
            )
    return rows


def evaluator_items() -> list[dict]:
    return [
        {
            "key": row["id"],
            "cluster": row["question"],
            "question": row["question"],
            "answer": row["student_answer"],
            "human": row["score"] * 20.0,
            "reference": row["reference_answer"],
            "material": MATERIAL,
        }
        for row in graded_rows()
    ]


def test_the_suite_samples_questions_by_seed_and_takes_each_ones_best_answer() -> None:
    items = evaluator_items()
    cases = suite_items(items, Suite(questions=2, seed=3))
    genuine = [case for case in cases if case["suite_class"] == "genuine"]
    assert len(genuine) == 2 and all(case["key"].endswith("-right") for case in genuine)
    assert {case["cluster"] for case in cases} == {case["question"] for case in genuine}
    assert {"contradiction", "echo", "random_text", "genuine_no_reference"} <= {case["suite_class"] for case in cases}
    assert all(case["human"] is None and case["other_questions"] for case in cases)
    assert suite_items(items, Suite(questions=2, seed=3)) == cases
    samples = {tuple(c["key"] for c in suite_items(items, Suite(questions=2, seed=seed))[:2]) for seed in range(8)}
    assert len(samples) > 1
    assert len([c for c in suite_items(items, Suite(questions=9)) if c["suite_class"] == "genuine"]) == 4
    chosen = suite_items(items, Suite(questions=2, seed=3, classes=["echo", "contradiction_no_reference"]))
    assert sorted(c["suite_class"] for c in chosen) == [
        "contradiction_no_reference",
        "contradiction_no_reference",
        "echo",
        "echo",
        "genuine",
        "genuine",
    ]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            SPEC.replace('role = "evaluator"', 'role = "student"').replace(
                "[grid]\nreference = [true]\nmaterial = [true]\n", ""
            ),
            "the student has none",
        ),
        (SPEC.replace("seed = 3", "size = 3"), "suite.size is not something"),
        (SPEC.replace("questions = 2", "questions = 1"), "suite.questions"),
        (SPEC.replace('"echo"', '"flattery"'), "'flattery' is not a class of the suite"),
    ],
)
def test_a_suite_is_only_the_evaluators_and_takes_only_its_keys(text: str, message: str) -> None:
    with pytest.raises(SensemakingError, match=message):
        parse_spec(text)


def test_suite_class_means_are_kept_apart_from_agreement_and_follow_the_grades(store: Store) -> None:
    experiment_id = (
        store.db["experiments"]
        .insert(
            {
                "name": "s",
                "role": "evaluator",
                "spec": "",
                "record": json.dumps({"resamples": 200}),
                "created_at": "now",
            }
        )
        .last_pk
    )
    for label, genuine, contradiction in (("strict", (90.0, 80.0, 70.0), 0.0), ("lenient", (95.0, 85.0, 75.0), 60.0)):
        cell = (
            store.db["experiment_cells"]
            .insert({"experiment_id": experiment_id, "position": 0, "label": label, "config": "{}"})
            .last_pk
        )
        rows = [("d", f"{n}", f"q{n}", {"human": 100.0 * (n % 2), "score": 100.0 * (n % 2)}) for n in range(4)]
        rows += [("d suite", f"g{n}", f"q{n}", {"score": s, "suite_class": "genuine"}) for n, s in enumerate(genuine)]
        rows += [
            ("d suite", f"c{n}", f"q{n}", {"score": contradiction, "suite_class": "contradiction"}) for n in range(3)
        ]
        for dataset, key, cluster, output in rows:
            cost = {"human": None, "prompt_tokens": 0, "completion_tokens": 0, "seconds": 1.0}
            store.db["experiment_outputs"].insert(
                {
                    "cell_id": cell,
                    "dataset": dataset,
                    "item_key": key,
                    "cluster": cluster,
                    "output": json.dumps(cost | output),
                    "cached": 0,
                }
            )
    strict, lenient = (row["metrics"] for row in leaderboard(store, experiment_id)["rows"])
    assert strict["pearson"]["value"] == pytest.approx(1.0) and strict["pearson"]["n"] == 4
    assert strict["suite.genuine"]["value"] == pytest.approx(80.0) and strict["suite.genuine"]["n"] == 3
    assert strict["suite.genuine"]["ci_low"] < 80.0 < strict["suite.genuine"]["ci_high"]
    assert (strict["suite.contradiction"]["value"], lenient["suite.contradiction"]["value"]) == (0.0, 60.0)
    assert strict["tokens_per_item"]["n"] == 4
    difference = compare(store, experiment_id)["comparisons"][0]["differences"]
    assert difference["suite.contradiction"]["value"] == pytest.approx(60.0)
    assert difference["suite.genuine"]["value"] == pytest.approx(5.0)


@pytest.fixture
def core(store: Store, data_dir: Path, engine) -> Core:
    opened = Core(data_dir, store)
    opened.__dict__["jobs"] = JobQueue(store, data_dir, engines=lambda ref: engine)
    return opened


@pytest.mark.timeout(1800)
def test_an_evaluator_experiment_with_a_suite_grades_every_class(core: Core, tmp_path: Path) -> None:
    (tmp_path / "graded.jsonl").write_text("\n".join(json.dumps(row) for row in graded_rows()))
    experiment_id, job_id = submit_experiment(core, SPEC, tmp_path)
    assert core.jobs.run(job_id).status == "done"
    (row,) = leaderboard(core.store, experiment_id)["rows"]
    metrics = row["metrics"]
    assert metrics["pearson"]["n"] == 4 and metrics["pearson"]["value"] is not None
    assert metrics["suite.genuine"]["n"] == 2
    classes = {name for name in metrics if name.startswith("suite.")}
    assert classes == {"suite.genuine", "suite.contradiction", "suite.echo", "suite.random_text"}
    for name in classes:
        assert metrics[name]["value"] is not None and 0.0 <= metrics[name]["value"] <= 100.0, name
    assert metrics["suite.genuine"]["value"] > max(
        metrics["suite.random_text"]["value"], metrics["suite.echo"]["value"]
    )
    record = json.loads(next(core.store.db.query("SELECT record FROM experiments"))["record"])
    assert record["items"] == {"graded.jsonl": 4, "graded.jsonl suite": 8} and row["items"] == 12
