"""`sensemaking bench`: benchmarks that print JSON figures."""

import click

from sensemaking_desktop.cli.context import AppContext, pass_app
from sensemaking_desktop.cli.output import cancel_on_interrupt, item_progress, model_option, print_json


@click.group()
def bench() -> None:
    """Measure speed, memory and reliability; each prints JSON."""


@bench.command("engine")
@model_option
@pass_app
def engine(app: AppContext, model: str | None) -> None:
    """Load time, engine overhead, prefix reuse and structured decoding speed."""
    from sensemaking_desktop.bench import engine as engine_bench

    print_json(engine_bench.run(app.models.engine(model)))


@bench.command("structured")
@model_option
@click.option("--calls", default=200, show_default=True, help="Number of structured calls.")
@pass_app
def structured(app: AppContext, model: str | None, calls: int) -> None:
    """Reliability of schema-constrained output: unparseable outputs and typed errors."""
    from sensemaking_desktop.bench import structured as structured_bench

    loaded = app.models.engine(model)
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
@click.option(
    "--platform",
    type=click.Choice(["xcb", "offscreen"]),
    help="Qt platform: xcb draws on an X display (xvfb-run -a gives one); default $QT_QPA_PLATFORM, else offscreen.",
)
def gui(count: int, all_sections: bool, platform: str | None) -> None:
    """Window start-up time and the longest event-loop stall while a quiz is written."""
    from sensemaking_desktop.gui import bench as gui_bench

    print_json(gui_bench.run(count, all_sections, platform))


@bench.command("embeddings")
@click.option("--texts", "count", default=512, show_default=True, type=click.IntRange(1, 6000), help="Texts to embed.")
def embeddings(count: int) -> None:
    """Load time, texts per second and peak memory of the ONNX and torch embedding backends."""
    from sensemaking_desktop.bench import embeddings as embeddings_bench

    print_json(embeddings_bench.run(count))
