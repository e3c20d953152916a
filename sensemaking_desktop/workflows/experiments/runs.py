"""Submitting an experiment as one resumable job, and repeating one.

The job has one item per cell × dataset chunk, each carrying its items, so a resumed job
never re-reads a dataset. A pipeline has one item per cell × dataset × stage × chunk of
documents, the stages in order, so each stage's outputs are committed before the next reads
them and a resumed job starts at the first stage not finished. Before anything runs, every
model is resolved to its file and sha256, every template to its version, and the spec is
checked; all of it is kept with the experiment (`record`) together with the library's and
llama.cpp's versions. `rerun` repeats an experiment from its stored spec without the cache,
after checking that the models are still the same files, so at temperature 0 on the same
build the outputs are identical.
"""

import importlib.metadata
from pathlib import Path
from typing import Any

from sensemaking_desktop import __version__
from sensemaking_desktop.errors import SensemakingError
from sensemaking_desktop.llm.prompts import template_version
from sensemaking_desktop.redact import scrub, strip_credentials
from sensemaking_desktop.store import Store
from sensemaking_desktop.store.experiments import add_experiment, set_experiment_job
from sensemaking_desktop.workflows.core import Core
from sensemaking_desktop.workflows.experiments.cells import ExperimentHandler
from sensemaking_desktop.workflows.experiments.datasets import Item, load_items
from sensemaking_desktop.workflows.experiments.leaderboard import get_experiment
from sensemaking_desktop.workflows.experiments.spec import (
    TEMPLATES,
    Spec,
    cell_label,
    parse_spec,
    stage_config,
    stages,
)
from sensemaking_desktop.workflows.experiments.suite import suite_items


def submit_experiment(
    core: Core,
    text: str,
    base: Path,
    *,
    source: str = "the experiment",
    use_cache: bool = True,
    rerun_of: int | None = None,
) -> tuple[int, int]:
    """Check the spec, resolve its models, read its datasets and create the job; (experiment id, job id)."""
    spec = parse_spec(text, source)
    cells = spec.cells()
    configs = [stage_config(cell, spec.role, stage) for cell in cells for stage in stages(spec.role)]
    models = {ref: _identity(core, ref) for ref in dict.fromkeys(config["model"] for config in configs)}
    templates, datasets = prepare(core.store, spec, base)
    record = {
        "library_version": __version__,
        "llama_cpp_python": _version("llama-cpp-python"),
        "models": models,
        "templates": templates,
        "seeds": sorted({config["seed"] for config in configs}),
        "base": str(base.resolve()),
        "resamples": spec.resamples,
        "use_cache": use_cache,
        "items": {label: len(items) for label, items in datasets},
    }
    varying = spec.varying()
    experiment_id, cell_ids = add_experiment(
        core.store,
        spec.name,
        spec.role,
        strip_credentials(text),
        scrub(record),
        [(cell_label(cell, varying), scrub(cell)) for cell in cells],
        rerun_of=rerun_of,
    )
    job_items = _job_items(spec, cell_ids, cells, datasets)
    params = {
        "experiment_id": experiment_id,
        "role": spec.role,
        "use_cache": use_cache,
        "models": models,
        "templates": templates,
    }
    job_id = core.jobs.submit(ExperimentHandler, title=f"experiment {spec.name}", params=params, items=job_items)
    set_experiment_job(core.store, experiment_id, job_id)
    return experiment_id, job_id


def _job_items(
    spec: Spec, cell_ids: list[int], cells: list[dict[str, Any]], datasets: list[tuple[str, list[Item]]]
) -> list[tuple[str, dict[str, Any]]]:
    """(title, payload) of each job item: one per cell × dataset × stage × chunk of `spec.chunk`
    items, in that order, so a pipeline's stages run one after the other for each dataset."""
    varying = spec.varying()
    return [
        (
            f"{cell_label(cell, varying)} · {label}{f' {stage}' if spec.role == 'pipeline' else ''} "
            f"{start + 1}-{start + len(items[start : start + spec.chunk])}",
            {
                "cell_id": cell_id,
                "config": cell,
                "dataset": label,
                "stage": stage,
                "items": items[start : start + spec.chunk],
            },
        )
        for cell_id, cell in zip(cell_ids, cells)
        for label, items in datasets
        for stage in stages(spec.role)
        for start in range(0, len(items), spec.chunk)
    ]


def prepare(store: Store, spec: Spec, base: Path) -> tuple[dict[str, str], list[tuple[str, list[Item]]]]:
    """Everything an experiment reads besides its models: the template versions, and each
    dataset's items (and its suite's) by label; whatever is missing is refused here."""
    templates = _templates(spec)
    datasets = [(dataset.label, load_items(store, dataset, spec.item_role, base)) for dataset in spec.datasets]
    if spec.suite is not None:
        datasets += [(f"{label} suite", suite_items(items, spec.suite)) for label, items in datasets]
    return templates, datasets


def submit_file(core: Core, path: Path, *, use_cache: bool = True) -> tuple[int, int]:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise SensemakingError(f"Cannot read {path}: {error}.") from error
    return submit_experiment(core, text, path.parent, source=path.name, use_cache=use_cache)


def rerun(core: Core, experiment_id: int) -> tuple[int, int]:
    """The same experiment again, with no cached outputs, refused if a model file has changed."""
    experiment = get_experiment(core.store, experiment_id)
    recorded = experiment["record"]
    for ref, identity in recorded["models"].items():
        current = _identity(core, ref)
        if (current["sha256"], current["server_url"]) != (identity["sha256"], identity["server_url"]):
            raise SensemakingError(
                f"Model {ref} is not the one experiment {experiment_id} used "
                f"({identity['sha256'][:12] or identity['server_url']}, now "
                f"{current['sha256'][:12] or current['server_url']}); a rerun would not repeat it."
            )
    return submit_experiment(
        core,
        experiment["spec"],
        Path(recorded["base"]),
        source=experiment["name"],
        use_cache=False,
        rerun_of=experiment_id,
    )


def spec_of(core: Core, experiment_id: int) -> Spec:
    experiment = get_experiment(core.store, experiment_id)
    return parse_spec(experiment["spec"], experiment["name"])


def _identity(core: Core, ref: str) -> dict[str, Any]:
    """A model file's path and sha256, or a server's URL and model id (a server has no sha256)."""
    model = core.models.resolve(None if ref == "default" else ref)
    identity = model.identity
    file = str(getattr(model, "path", identity.file))
    return {"name": identity.name, "file": file, "sha256": identity.sha256, "server_url": identity.server_url}


def _templates(spec: Spec) -> dict[str, str]:
    """The version of every template the role renders: the installed one, or the one [templates]
    names; every version named there or in the grid must exist."""
    found = {name: template_version(name).version for name in TEMPLATES[spec.role]}
    for name, version in spec.templates.items():
        if name not in found:
            raise SensemakingError(f"The {spec.role} does not use a template named {name!r}.")
        found[name] = template_version(name, str(version)).version
    for cell in spec.cells():
        for stage in stages(spec.role):
            pin = stage_config(cell, spec.role, stage)["template"]
            if pin is not None:
                template_version(*pin.split("@", 1))
    return found


def _version(distribution: str) -> str | None:
    try:
        return importlib.metadata.version(distribution)
    except importlib.metadata.PackageNotFoundError:
        return None
