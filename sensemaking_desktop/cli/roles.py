"""`sensemaking answer`: the Student, for scripts and researchers."""

import json
from pathlib import Path
from typing import Any

import click

from sensemaking_desktop.cli.app import AppContext, pass_app
from sensemaking_desktop.cli.output import cancel_on_interrupt, item_progress, model_option
from sensemaking_desktop.errors import SensemakingError
from sensemaking_desktop.llm.registry import ModelRegistry


def read_items(path: Path, required: tuple[str, ...]) -> list[dict[str, Any]]:
    """JSON lines with the required keys; every bad line is reported before any work starts."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as error:
        raise SensemakingError(f"Cannot read {path}: {error}.") from error
    items, problems = [], []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            item = json.loads(line)
        except json.JSONDecodeError as error:
            problems.append(f"line {number}: not JSON ({error.msg})")
            continue
        missing = [key for key in required if not isinstance(item, dict) or not isinstance(item.get(key), str)]
        if missing:
            problems.append(f"line {number}: needs the text field(s) {', '.join(missing)}")
        else:
            items.append(item)
    if problems:
        raise SensemakingError(f"{path.name} has bad lines; nothing was run:\n" + "\n".join(problems[:20]))
    if not items:
        raise SensemakingError(f"{path.name} holds no items.")
    return items


@click.command()
@click.option(
    "--items",
    "items_path",
    required=True,
    type=click.Path(dir_okay=False, path_type=Path),
    help='JSON lines, each {"material": "...", "question": "..."}.',
)
@model_option
@pass_app
def answer(app: AppContext, items_path: Path, model: str | None) -> None:
    """Answer each question from its material only; prints one JSON line per item, in input order.

    Items over the same material run back to back, so the material is read by the model once.
    """
    from sensemaking_desktop.roles.student import answer_one

    items = read_items(items_path, ("material", "question"))
    engine = ModelRegistry(app.store, app.data_dir).engine(model)
    order = sorted(range(len(items)), key=lambda index: items[index]["material"])
    results: dict[int, dict[str, Any]] = {}
    with cancel_on_interrupt() as cancel, item_progress("Answering") as update:
        for done, index in enumerate(order):
            item = items[index]
            results[index] = answer_one(engine, item["material"], item["question"], cancel=cancel).as_json()
            update(done + 1, len(items), item["question"])
    for index in range(len(items)):
        click.echo(json.dumps(results[index], ensure_ascii=False))
