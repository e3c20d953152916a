"""Printing data as tables for people or JSON for scripts, and progress bars."""

import json
import signal
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import click
from rich.console import Console
from rich.progress import (
    BarColumn,
    DownloadColumn,
    Progress,
    TaskProgressColumn,
    TextColumn,
    TimeRemainingColumn,
    TransferSpeedColumn,
)
from rich.table import Table

from sensemaking_desktop.cancel import CancelToken

json_option = click.option("--json", "as_json", is_flag=True, help="Print JSON (stable keys, see README).")
model_option = click.option(
    "--model", "model", metavar="NAME|PATH", help="Model name or GGUF path (default: the default model)."
)

console = Console(stderr=True)


def print_json(data: Any) -> None:
    click.echo(json.dumps(data, indent=2, ensure_ascii=False, default=str))


def report(data: Any, as_json: bool, line: str) -> None:
    """Print `data` as JSON for scripts, or one line for people."""
    if as_json:
        print_json(data)
    else:
        click.echo(line)


def print_table(columns: Sequence[str], rows: Sequence[Sequence[Any]], title: str | None = None) -> None:
    table = Table(*columns, title=title)
    for row in rows:
        table.add_row(*("" if value is None else str(value) for value in row))
    Console().print(table)


@contextmanager
def cancel_on_interrupt() -> Iterator[CancelToken]:
    """The first Ctrl+C asks the work to stop cleanly; a second one stops at once."""
    token = CancelToken()
    previous = signal.getsignal(signal.SIGINT)

    def handle(_signum: int, _frame: Any) -> None:
        if token.cancelled:
            raise KeyboardInterrupt
        console.print("[yellow]Cancelling… (Ctrl+C again to stop at once)[/]")
        token.cancel()

    signal.signal(signal.SIGINT, handle)
    try:
        yield token
    finally:
        signal.signal(signal.SIGINT, previous)


@contextmanager
def item_progress(description: str) -> Iterator[Callable[[float, int, str], None]]:
    """A bar over items; yields update(done, total, label)."""
    with Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        TaskProgressColumn(),
        TimeRemainingColumn(),
        TextColumn("{task.fields[label]}"),
        console=console,
        transient=False,
    ) as progress:
        task = progress.add_task(description, total=None, label="")

        def update(done: float, total: int, label: str) -> None:
            progress.update(task, completed=done, total=total, label=label[:40])

        yield update


@contextmanager
def byte_progress(description: str) -> Iterator[Callable[[int, int | None], None]]:
    """A bar over bytes (downloads, hashing); yields update(done, total)."""
    with Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        DownloadColumn(),
        TransferSpeedColumn(),
        TimeRemainingColumn(),
        console=console,
    ) as progress:
        task = progress.add_task(description, total=None)

        def update(done: int, total: int | None) -> None:
            progress.update(task, completed=done, total=total)

        yield update
