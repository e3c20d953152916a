"""The `--items` runs of `sensemaking grade` and `sensemaking answer`: JSON lines in, one JSON
line per item out, in input order. Both run a `workflows.batch` function the same way (the model
checked and loaded, Ctrl+C to stop, a bar over the items), so that way is written once here."""

import json
from collections.abc import Callable
from typing import Any

import click

from sensemaking_desktop.cli.context import AppContext
from sensemaking_desktop.cli.model_check import usable_engine
from sensemaking_desktop.cli.output import cancel_on_interrupt, item_progress


def print_item_results(
    app: AppContext,
    items: list[dict[str, Any]],
    run: Callable[..., list[Any]],
    *,
    model: str | None,
    parallel: int | None,
    description: str,
) -> None:
    """Run `run` (`grade_items` or `answer_items`) over `items` with the model `model` names, and
    print each result's `as_json()` as a JSON line."""
    engine = usable_engine(app, model)
    with cancel_on_interrupt() as cancel, item_progress(description) as update:
        results = run(engine, items, app.store.load_settings(), parallel=parallel, cancel=cancel, on_progress=update)
    for result in results:
        click.echo(json.dumps(result.as_json(), ensure_ascii=False))
