"""The command group: global options, and every command module registered once."""

from pathlib import Path

import click

from sensemaking_desktop import __version__, paths
from sensemaking_desktop.cli.context import AppContext


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.option(
    "--data-dir",
    type=click.Path(file_okay=False, path_type=Path),
    help=f"Library folder (default: ${paths.DATA_DIR_ENV} or the system's data folder).",
)
@click.option("--debug", is_flag=True, help="Show tracebacks for errors.")
@click.version_option(__version__, prog_name="sensemaking")
@click.pass_context
def cli(context: click.Context, data_dir: Path | None, debug: bool) -> None:
    """Sensemaking Desktop: quizzes, grounded answers and robust grading on local models."""
    context.obj = AppContext(paths.data_dir(data_dir))
    context.call_on_close(context.obj.close)


def register_commands() -> None:
    from sensemaking_desktop.cli import (
        answers,
        bench,
        class_grading,
        exchange,
        experiments,
        grading,
        gui,
        info,
        jobs,
        library,
        materials,
        metrics,
        models,
        roles,
        selftest,
        triplets,
    )

    commands = (
        info.info,
        materials.ingest,
        materials.materials,
        library.quizzes,
        roles.teach,
        roles.answer,
        grading.grade,
        grading.review,
        class_grading.class_group,
        grading.robustness,
        answers.answers,
        selftest.selftest,
        gui.gui,
        metrics.metrics,
        exchange.export,
        exchange.import_group,
        library.backup,
        library.restore,
        models.models,
        jobs.jobs,
        bench.bench,
        experiments.experiment,
        triplets.triplets,
    )
    for command in commands:
        cli.add_command(command)


register_commands()
