"""Every shipped example experiment is valid: it parses, names prompt versions that exist, and
its datasets (and suite) load from the files beside it, with two configurations or more."""

from pathlib import Path

import pytest

from sensemaking_desktop import paths
from sensemaking_desktop.store import Store
from sensemaking_desktop.workflows.experiments.runs import prepare
from sensemaking_desktop.workflows.experiments.spec import TEMPLATES, load_spec

EXAMPLES = sorted((paths.resources_dir() / "experiments").glob("*.toml"))


def test_the_examples_cover_every_role_the_pipeline_the_suite_and_a_prompt_comparison() -> None:
    specs = [load_spec(example) for example in EXAMPLES]
    assert {spec.role for spec in specs} == {"teacher", "student", "evaluator", "pipeline"}
    assert any(spec.suite is not None for spec in specs)
    assert any(len({cell.get("student.template") for cell in spec.cells()}) > 1 for spec in specs)


@pytest.mark.parametrize("example", EXAMPLES, ids=[example.stem for example in EXAMPLES])
def test_a_shipped_example_parses_and_its_datasets_load(example: Path, store: Store) -> None:
    spec = load_spec(example)
    assert len(spec.cells()) >= 2 and spec.varying()
    templates, datasets = prepare(store, spec, example.parent)
    assert set(templates) == set(TEMPLATES[spec.role]) and all(templates.values())
    assert len(datasets) == len(spec.datasets) * (2 if spec.suite else 1)
    for label, items in datasets:
        assert items, label
        assert len({item["key"] for item in items}) == len(items), label
        needed = {"teacher": "text", "student": "question", "evaluator": "answer"}[spec.item_role]
        assert all(item[needed].strip() for item in items), label
