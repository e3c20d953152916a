"""`sensemaking triplets`: IDEAlign odd-one-out judgments from people and a model, and how well
automated similarities agree with people's."""

from pathlib import Path

import click

from sensemaking_desktop.cli.context import AppContext, pass_app
from sensemaking_desktop.cli.model_check import usable_engine
from sensemaking_desktop.cli.output import (
    cancel_on_interrupt,
    input_file,
    item_progress,
    json_option,
    model_option,
    plural,
    print_json,
    print_table,
    report,
    report_rows,
)
from sensemaking_desktop.errors import SensemakingError


@click.group()
def triplets() -> None:
    """IDEAlign triplets: which texts on one source people and models see as alike."""


@triplets.command("create")
@click.argument("items_path", type=input_file)
@click.option("--name", help="A name for the set (default: the file's name).")
@click.option("--source", default="", help="The text the items are about, shown with every triplet.")
@click.option("--per-pair", default=1, show_default=True, type=click.IntRange(1, 10), help="Triplets per pair.")
@click.option("--budget", type=click.IntRange(1), help="At most this many triplets.")
@json_option
@pass_app
def create(
    app: AppContext, items_path: Path, name: str | None, source: str, per_pair: int, budget: int | None, as_json: bool
) -> None:
    """A set from a text file with one item per line (questions, reasons, feedback)."""
    from sensemaking_desktop.workflows.triplets import create_set, get_set

    try:
        lines = items_path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as error:
        raise SensemakingError(f"Cannot read {items_path}: {error}.") from error
    set_id = create_set(app.store, name or items_path.stem, lines, source=source, per_pair=per_pair, budget=budget)
    count = len(get_set(app.store, set_id)["triplets"])
    report({"set_id": set_id, "triplets": count}, as_json, f"triplet set {set_id}: {plural(count, 'triplet')}")


@triplets.command("list")
@json_option
@pass_app
def list_command(app: AppContext, as_json: bool) -> None:
    """Triplet sets with their counts of triplets and judgments."""
    from sensemaking_desktop.workflows.triplets import list_sets

    report_rows(list_sets(app.store), ("id", "name", "triplets", "judgments", "created_at"), as_json, "Triplet sets")


@triplets.command("judge")
@click.argument("set_id", type=int)
@click.option("--seeds", default="1,2,3", show_default=True, help="One judgment per triplet and seed.")
@model_option
@json_option
@pass_app
def judge(app: AppContext, set_id: int, seeds: str, model: str | None, as_json: bool) -> None:
    """Let a model pick the odd one out of every triplet, once per seed."""
    from sensemaking_desktop.workflows.triplets import judge_with_model

    try:
        seed_list = [int(seed) for seed in seeds.split(",") if seed.strip()]
    except ValueError as error:
        raise click.BadParameter("use comma-separated whole numbers", param_hint="--seeds") from error
    engine = usable_engine(app, model)
    with cancel_on_interrupt() as cancel, item_progress("Judging") as update:
        count = judge_with_model(
            app.store,
            engine,
            set_id,
            seeds=seed_list,
            cancel=cancel,
            on_progress=lambda done, total: update(done, total, ""),
        )
    report({"set_id": set_id, "judgments": count}, as_json, f"{plural(count, 'judgment')} by {engine.identity.name}")


@triplets.command("walk")
@click.argument("set_id", type=int)
@click.option("--judge", "person", required=True, help="Your name, kept with your judgments.")
@pass_app
def walk(app: AppContext, set_id: int, person: str) -> None:
    """Judge the set's triplets yourself: type 1, 2 or 3 for the odd one out (q stops)."""
    from sensemaking_desktop.workflows.triplets import get_set, pending_for, record_judgment

    items = get_set(app.store, set_id)["items"]
    for triplet in pending_for(app.store, set_id, person):
        for number, index in enumerate(triplet["items"], start=1):
            click.echo(f"  {number}. {items[index]}")
        choice = click.prompt("odd one out", type=click.Choice(["1", "2", "3", "q"]))
        if choice == "q":
            return
        record_judgment(app.store, triplet["id"], judge_kind="person", judge=person, odd=int(choice) - 1)


@triplets.command("report")
@click.argument("set_id", type=int)
@json_option
@pass_app
def report_command(app: AppContext, set_id: int, as_json: bool) -> None:
    """Spearman correlation of people's pairwise similarities with the model's, embeddings' and ROUGE-L's."""
    from sensemaking_desktop.workflows.triplets import report as triplet_report

    result = triplet_report(app.store, set_id)
    if as_json:
        print_json(result)
        return
    rows = [
        [name, "–" if c["spearman"] is None else f"{c['spearman']:.3f}", c["pairs"]]
        for name, c in result["correlations"].items()
    ]
    print_table(("measure", "Spearman with people", "pairs"), rows, title=f"triplet set {set_id}")
