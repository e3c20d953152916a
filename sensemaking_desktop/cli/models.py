"""`sensemaking models`: list, catalogue, add, download, remove, check."""

from pathlib import Path

import click

from sensemaking_desktop.cli.context import AppContext, pass_app
from sensemaking_desktop.cli.output import (
    byte_progress,
    cancel_on_interrupt,
    json_option,
    print_json,
    print_table,
    report,
)
from sensemaking_desktop.llm.backend import Prompt, Sampling
from sensemaking_desktop.llm.registry import ModelFile


def _model_json(model: ModelFile) -> dict:
    return {
        "name": model.name,
        "path": str(model.path),
        "sha256": model.sha256,
        "size_bytes": model.size_bytes,
        "source": model.source,
        "catalogue_name": model.catalogue_name,
    }


def _size(size_bytes: int) -> str:
    return f"{size_bytes / 1e9:.2f} GB" if size_bytes >= 1e9 else f"{size_bytes / 1e6:.0f} MB"


@click.group()
def models() -> None:
    """Manage the GGUF models the app can use."""


@models.command("list")
@json_option
@pass_app
def list_models(app: AppContext, as_json: bool) -> None:
    """Models on this computer."""
    installed = app.models.installed()
    if as_json:
        print_json([_model_json(model) for model in installed])
        return
    print_table(
        ("name", "source", "size", "sha256", "path"),
        [(m.name, m.source, _size(m.size_bytes), m.sha256[:12], m.path) for m in installed],
    )


@models.command("catalogue")
@json_option
@pass_app
def catalogue(app: AppContext, as_json: bool) -> None:
    """Models worth downloading, with size, RAM and what each is good for."""
    registry = app.models
    have = {model.catalogue_name for model in registry.installed()}
    entries = registry.catalogue()
    if as_json:
        print_json([dict(entry.model_dump(), installed=entry.name in have) for entry in entries])
        return
    print_table(
        ("name", "size", "RAM", "licence", "installed", "good for"),
        [
            (e.name, _size(e.size_bytes), f"{e.ram_gb:g} GB", e.license, "yes" if e.name in have else "", e.good_for)
            for e in entries
        ],
    )


@models.command("add")
@click.argument("path", type=click.Path(path_type=Path))
@click.option("--name", help="Name to use instead of the file name.")
@json_option
@pass_app
def add(app: AppContext, path: Path, name: str | None, as_json: bool) -> None:
    """Use a GGUF file from this computer (it stays where it is)."""
    model = app.models.add_local(path, name)
    report(_model_json(model), as_json, f"added {model.name} ({_size(model.size_bytes)})")


@models.command("download")
@click.argument("name")
@json_option
@pass_app
def download(app: AppContext, name: str, as_json: bool) -> None:
    """Download a catalogue model; an interrupted download resumes."""
    registry = app.models
    with cancel_on_interrupt() as cancel, byte_progress(f"Downloading {name}") as update:
        model = registry.download(name, on_progress=update, cancel=cancel)
    report(_model_json(model), as_json, f"downloaded {model.name} to {model.path}")


@models.command("remove")
@click.argument("name")
@json_option
@pass_app
def remove(app: AppContext, name: str, as_json: bool) -> None:
    """Forget a model; downloaded files are deleted, your own files are kept."""
    model = app.models.remove(name)
    report(_model_json(model), as_json, f"removed {model.name}")


@models.command("check")
@click.argument("name", required=False)
@json_option
@pass_app
def check(app: AppContext, name: str | None, as_json: bool) -> None:
    """Load a model and let it answer one line, to see that it works here."""
    engine = app.models.engine(name)
    prompt = Prompt([{"role": "user", "content": "In one sentence: what is a quiz?"}])
    with cancel_on_interrupt() as cancel:
        generation = engine.chat(
            prompt,
            sampling=Sampling(max_tokens=48),
            cancel=cancel,
            on_text=None if as_json else lambda text: click.echo(text, nl=False),
        )
    if as_json:
        print_json(
            {
                "model": engine.identity.name,
                "context_size": engine.context_size,
                "gpu_layers": engine.gpu_layers,
                "load_s": round(engine.load_s, 3),
                "text": generation.text,
                "tokens_per_s": round(generation.tokens_per_s, 1),
            }
        )
    else:
        click.echo(
            f"\n\n{engine.identity.name}: context {engine.context_size}, loaded in {engine.load_s:.2f} s, "
            f"{generation.tokens_per_s:.0f} tokens/s, GPU layers {engine.gpu_layers}"
        )
