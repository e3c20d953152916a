"""`sensemaking experiment`: run a grid of configurations from a TOML file as one job, and read
its leaderboard, comparisons and tables."""

from pathlib import Path
from typing import Any

import click

from sensemaking_desktop.cli.context import AppContext, pass_app
from sensemaking_desktop.cli.output import (
    fail_unless_done,
    input_file,
    json_option,
    print_json,
    print_table,
    report_rows,
    run_job,
)


@click.group()
def experiment() -> None:
    """Experiments: a TOML grid of models, settings and datasets, with a leaderboard (see docs/research.md)."""


@experiment.command("run")
@click.argument("path", type=input_file)
@click.option("--no-cache", is_flag=True, help="Run the model on every item, even where an identical output is cached.")
@json_option
@pass_app
def run(app: AppContext, path: Path, no_cache: bool, as_json: bool) -> None:
    """Run the experiment in PATH as one job (Ctrl+C keeps finished cells; `jobs resume` goes on)."""
    from sensemaking_desktop.workflows.experiments.runs import submit_file

    experiment_id, job_id = submit_file(app, path, use_cache=not no_cache)
    _run_and_show(app, experiment_id, job_id, as_json)


@experiment.command("rerun")
@click.argument("experiment_id", type=int)
@json_option
@pass_app
def rerun(app: AppContext, experiment_id: int, as_json: bool) -> None:
    """Repeat an experiment from its stored spec, without the cache, on the same model files."""
    from sensemaking_desktop.workflows.experiments.runs import rerun as submit_rerun

    new_id, job_id = submit_rerun(app, experiment_id)
    _run_and_show(app, new_id, job_id, as_json)


@experiment.command("list")
@json_option
@pass_app
def list_command(app: AppContext, as_json: bool) -> None:
    """Experiments in the library."""
    from sensemaking_desktop.workflows.experiments.leaderboard import list_experiments

    columns = ("id", "name", "role", "job_id", "status", "rerun_of", "created_at")
    report_rows(list_experiments(app.store), columns, as_json, "Experiments")


@experiment.command("show")
@click.argument("experiment_id", type=int)
@json_option
@pass_app
def show(app: AppContext, experiment_id: int, as_json: bool) -> None:
    """An experiment's leaderboard (every metric with its 95 % bootstrap interval) and its record."""
    from sensemaking_desktop.workflows.experiments.leaderboard import get_experiment, leaderboard

    board = leaderboard(app.store, experiment_id)
    board["record"] = get_experiment(app.store, experiment_id)["record"]
    _print_board(board, as_json)


@experiment.command("compare")
@click.argument("experiment_id", type=int)
@click.option("--baseline", type=int, help="The cell to compare against (default: the first).")
@json_option
@pass_app
def compare(app: AppContext, experiment_id: int, baseline: int | None, as_json: bool) -> None:
    """Each cell minus the baseline on the same items: difference, 95 % interval, permutation p."""
    from sensemaking_desktop.workflows.experiments.leaderboard import compare as compare_cells
    from sensemaking_desktop.workflows.experiments.leaderboard import format_interval

    result = compare_cells(app.store, experiment_id, baseline)
    if as_json:
        print_json(result)
        return
    rows = [
        [c["label"], name, format_interval(d), "–" if d["p_value"] is None else f"{d['p_value']:.3g}", c["items"]]
        for c in result["comparisons"]
        for name, d in c["differences"].items()
    ]
    title = f"{result['experiment']['name']}: each cell minus {result['baseline']['label']}"
    print_table(("config", "metric", "difference [95% CI]", "p", "items"), rows, title=title)


@experiment.command("export")
@click.argument("experiment_id", type=int)
@click.option("--format", "fmt", type=click.Choice(["csv", "markdown", "latex"]), default="markdown", show_default=True)
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), help="Write to a file.")
@pass_app
def export(app: AppContext, experiment_id: int, fmt: str, output: Path | None) -> None:
    """The leaderboard as a CSV, Markdown or LaTeX table."""
    from sensemaking_desktop.workflows.experiments.leaderboard import export_table, leaderboard

    table = export_table(leaderboard(app.store, experiment_id), fmt)
    if output is None:
        click.echo(table, nl=False)
        return
    output.write_text(table, encoding="utf-8")
    click.echo(f"wrote {output}")


def _run_and_show(app: AppContext, experiment_id: int, job_id: int, as_json: bool) -> None:
    from sensemaking_desktop.workflows.experiments.leaderboard import leaderboard
    from sensemaking_desktop.workflows.job_outcomes import CellCounts

    outcome = run_job(app.jobs, job_id, "Experiment")
    board = leaderboard(app.store, experiment_id)
    board["job"] = {"id": job_id, "status": outcome.info.status} | CellCounts.of(outcome.items).as_json()
    _print_board(board, as_json)
    fail_unless_done(outcome.info)


def _print_board(board: dict[str, Any], as_json: bool) -> None:
    from sensemaking_desktop.workflows.experiments.leaderboard import format_interval

    if as_json:
        print_json(board)
        return
    names = sorted({name for row in board["rows"] for name in row["metrics"]})
    rows = [
        [row["cell"], row["label"], row["items"], *(format_interval(row["metrics"].get(n)) for n in names)]
        for row in board["rows"]
    ]
    experiment = board["experiment"]
    print_table(
        ("cell", "config", "items", *names),
        rows,
        title=f"experiment {experiment['id']} {experiment['name']} ({experiment['role']}), 95% intervals",
    )
