"""Printing data as tables for people or JSON for scripts, progress bars, and running a job
with one."""

import json
import signal
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
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
from sensemaking_desktop.errors import SensemakingError
from sensemaking_desktop.jobs import JobInfo, JobProgress, JobQueue
from sensemaking_desktop.wording import plural as plural  # the commands' counts, in the words of every layer

json_option = click.option("--json", "as_json", is_flag=True, help="Print JSON (stable keys, see docs/cli.md).")


class InputFile(click.Path):
    """A file a command reads: a missing or unreadable one is refused before any work starts, in one line
    that names it (not a usage message: the command was typed right, the file is what is wrong)."""

    def __init__(self) -> None:
        super().__init__(exists=True, dir_okay=False, readable=True, path_type=Path)

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        try:
            return super().convert(value, param, ctx)
        except click.BadParameter as error:
            raise click.ClickException(error.message) from error


input_file = InputFile()


def _model_without_key(_context: click.Context, _parameter: click.Parameter, value: str | None) -> str | None:
    """A server address given with its key has the key moved to the OS keyring (or is refused),
    so the key never reaches a job's row, the library or what is printed."""
    if value is None:
        return None
    from sensemaking_desktop.llm.servers import clean_model_ref

    return clean_model_ref(value)


model_option = click.option(
    "--model",
    "model",
    callback=_model_without_key,
    metavar="NAME|PATH|URL",
    help="Model name, model file, server name or http://HOST:PORT/v1[#MODEL] (default: the default model).",
)
parallel_option = click.option(
    "--parallel",
    type=click.IntRange(1, 256),
    help="Requests sent to a model server at once (default: the parallel_requests setting, else what the "
    "server reports); an in-process model always takes one.",
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


def report_rows(rows: Sequence[dict[str, Any]], columns: Sequence[str], as_json: bool, title: str) -> None:
    """Print whole rows as JSON for scripts, or a table of `columns` (keys of the rows) for people."""
    if as_json:
        print_json(rows)
    else:
        print_table(columns, [[row[key] for key in columns] for row in rows], title=title)


def print_table(columns: Sequence[str], rows: Sequence[Sequence[Any]], title: str | None = None) -> None:
    table = Table(*columns, title=title)
    for row in rows:
        table.add_row(*("" if value is None else str(value) for value in row))
    Console().print(table)


@contextmanager
def text_file(path: Path) -> Iterator[None]:
    """Reading `path` as text: bytes that are not text in its encoding (a UTF-16 file with damage, a
    file saved in one encoding and marked as another) end the command in one line naming the file and
    what to do. Files are read whole before anything is written, so nothing was imported."""
    try:
        yield
    except UnicodeDecodeError as error:
        raise SensemakingError(
            f"{path.name} cannot be read as {error.encoding.upper()} text (from byte {error.start} on it holds bytes "
            "that are not text); nothing from it was imported or used. Save it again as a UTF-8 CSV (in a spreadsheet: "
            "Save as, 'CSV UTF-8') and give that."
        ) from error


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


@dataclass(frozen=True)
class JobOutcome:
    """How a job run ended, with each item's row (status, error, result)."""

    info: JobInfo
    items: list[dict[str, Any]]


def fail_unless_done(info: JobInfo) -> None:
    """End a command whose job failed, or partly failed, with its first cause and exit status 1;
    called once the command has printed what the job did."""
    if info.status in ("failed", "partial"):
        what = "failed" if info.status == "failed" else "partly failed"
        raise SensemakingError(
            f"job {info.id} {what}: {info.error} (`sensemaking jobs show {info.id}` lists every item)"
        )


def run_job(queue: JobQueue, job_id: int, description: str) -> JobOutcome:
    """Run (or resume) a job with a progress bar; Ctrl+C cancels after the current step and
    keeps what is finished."""
    with cancel_on_interrupt() as cancel, item_progress(description) as update:

        def show(progress: JobProgress) -> None:
            update(progress.done + progress.failed + progress.item_fraction, progress.total, progress.label)

        info = queue.run(job_id, cancel=cancel, on_progress=show)
    return JobOutcome(info, queue.items(job_id))
