"""The `--items` runs of `sensemaking grade` and `sensemaking answer`: JSON lines in, one JSON
line per item out, in input order. Both run a `workflows.batch` function the same way (the model
checked and loaded, Ctrl+C to stop, a bar over the items), so that way is written once here."""

import json
import sys
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
    print each result's `as_json()` as a JSON line as soon as every earlier item's is printed.

    A run that is stopped (Ctrl+C) or fails still prints every result it finished, before its
    error: one done after an unfinished item names its place in the file (`item`, from 1) when
    the item has no `id`."""
    engine = usable_engine(app, model)
    printer = _InputOrder()
    try:
        with cancel_on_interrupt() as cancel, item_progress(description) as update:
            settings = app.store.load_settings()
            run(engine, items, settings, parallel=parallel, cancel=cancel, on_progress=update, on_result=printer.add)
    finally:
        printer.flush()


class _InputOrder:
    """Results printed in input order as they come; the ones held behind an unfinished item are
    printed by `flush`, with their place, when the run ends without it."""

    def __init__(self) -> None:
        self.next = 0
        self.held: dict[int, Any] = {}

    def add(self, index: int, result: Any) -> None:
        self.held[index] = result
        while self.next in self.held:
            _print(self.held.pop(self.next).as_json())
            self.next += 1

    def flush(self) -> None:
        for index in sorted(self.held):
            line = self.held.pop(index).as_json()
            _print(line if "id" in line else {"item": index + 1} | line)


def _print(line: dict[str, Any]) -> None:
    """One JSON line, on its way at once (stdout to a file or pipe is buffered otherwise)."""
    click.echo(json.dumps(line, ensure_ascii=False))
    sys.stdout.flush()
