"""`sensemaking bench`: benchmarks that print JSON figures."""

import json
from pathlib import Path

import click

from sensemaking_desktop.cli.app import AppContext, pass_app
from sensemaking_desktop.cli.output import cancel_on_interrupt, item_progress, model_option, print_json
from sensemaking_desktop.llm.registry import ModelRegistry


@click.group()
def bench() -> None:
    """Measure speed, memory and reliability; each prints JSON."""


@bench.command("engine")
@model_option
@pass_app
def engine(app: AppContext, model: str | None) -> None:
    """Load time, engine overhead, prefix reuse and structured decoding speed."""
    from sensemaking_desktop.bench import engine as engine_bench

    print_json(engine_bench.run(ModelRegistry(app.store, app.data_dir).engine(model)))


@bench.command("structured")
@model_option
@click.option("--calls", default=200, show_default=True, help="Number of structured calls.")
@pass_app
def structured(app: AppContext, model: str | None, calls: int) -> None:
    """Reliability of schema-constrained output: unparseable outputs and typed errors."""
    from sensemaking_desktop.bench import structured as structured_bench

    loaded = ModelRegistry(app.store, app.data_dir).engine(model)
    with cancel_on_interrupt() as cancel, item_progress("structured calls") as update:
        figures = structured_bench.run(
            loaded, calls, on_call=lambda done, total: update(done, total, ""), cancel=cancel
        )
    print_json(figures)


@bench.command("ingest")
def ingest() -> None:
    """PDF pages per second and speech-to-text speed and word error rate."""
    from sensemaking_desktop.bench import ingest as ingest_bench

    print_json(ingest_bench.run())


@bench.command("gui")
@click.option("--count", default=1, show_default=True, type=click.IntRange(1, 50), help="Questions per section.")
@click.option("--all-sections", is_flag=True, help="Write over every section of the sample (default: one).")
def gui(count: int, all_sections: bool) -> None:
    """Window start-up time and the longest event-loop stall while a quiz is written."""
    from sensemaking_desktop.gui import bench as gui_bench

    print_json(gui_bench.run(count, all_sections))


@bench.command("embeddings")
@click.option("--texts", "count", default=512, show_default=True, type=click.IntRange(1, 6000), help="Texts to embed.")
def embeddings(count: int) -> None:
    """Load time, texts per second and peak memory of the ONNX and torch embedding backends."""
    from sensemaking_desktop.bench import embeddings as embeddings_bench

    print_json(embeddings_bench.run(count))


@bench.command("grading")
@click.argument("items_path", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option(
    "--fit",
    "fit_path",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Fit the combination on these items and write the coefficients here (no grading).",
)
@model_option
@pass_app
def grading(app: AppContext, items_path: Path, fit_path: Path | None, model: str | None) -> None:
    """The Evaluator against human grades in JSON lines (question, answer, human_score,
    human_max; optionally reference, material, topic): Pearson, Spearman, QWK, AUC of correct
    (human >= 50% of the scale) against wrong, calibration, large errors caught by reviewing the
    least confident 20%, answers per minute and peak memory. With --fit, fit the combination
    instead (resources/grading/model.json is such a file)."""
    from sensemaking_desktop.bench import grading as grading_bench

    items = grading_bench.read_items(items_path)
    if fit_path is not None:
        with item_progress("Fitting") as update:
            fitted = grading_bench.fit(items, on_item=lambda done, total: update(done, total, ""))
        fit_path.write_text(json.dumps(fitted, indent=1) + "\n", encoding="utf-8")
        print_json(fitted)
        return
    loaded = ModelRegistry(app.store, app.data_dir).engine(model)
    with cancel_on_interrupt() as cancel, item_progress("Grading") as update:
        figures = grading_bench.run(loaded, items, on_item=lambda done, total: update(done, total, ""), cancel=cancel)
    print_json(figures)
