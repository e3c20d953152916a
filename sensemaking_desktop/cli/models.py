"""`sensemaking models`: list, catalogue, add, download, remove, check, add-server, remove-server."""

import time
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
from sensemaking_desktop.errors import SensemakingError, ServerError
from sensemaking_desktop.llm.backend import Prompt, Sampling
from sensemaking_desktop.llm.found import FoundModel, find_on_disk
from sensemaking_desktop.llm.registry import ModelFile
from sensemaking_desktop.llm.servers import Server


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


def _found_json(model: FoundModel) -> dict:
    return {
        "name": model.name,
        "path": str(model.path),
        "source": model.source,
        "size_bytes": model.size_bytes,
        "sha256": model.sha256,
    }


def _server_json(server: Server) -> dict:
    """A saved server and the models it serves now (asked with a short timeout)."""
    from sensemaking_desktop.llm.openai_backend import list_model_ids

    try:
        served, error = list_model_ids(server.config()), None
    except SensemakingError as failure:
        served, error = [], str(failure)
    return {
        "name": server.name,
        "url": server.url,
        "api_key_env": server.api_key_env,
        "verify_tls": server.verify_tls,
        "reachable": error is None,
        "models": served,
        "error": error,
    }


@models.command("list")
@click.option("--all", "show_all", is_flag=True, help="Also the servers and the models found on disk (with --json).")
@json_option
@pass_app
def list_models(app: AppContext, show_all: bool, as_json: bool) -> None:
    """Models on this computer, saved servers with their models, and GGUF files that Ollama or
    LM Studio downloaded (usable where they lie)."""
    registry = app.models
    installed = registry.installed()
    if as_json and not show_all:
        print_json([_model_json(model) for model in installed])
        return
    servers = [_server_json(server) for server in registry.servers()]
    found = registry.found_on_disk()
    if as_json:
        print_json(
            {
                "installed": [_model_json(model) for model in installed],
                "servers": servers,
                "found_on_disk": [_found_json(model) for model in found],
            }
        )
        return
    print_table(
        ("name", "source", "size", "sha256", "path"),
        [(m.name, m.source, _size(m.size_bytes), m.sha256[:12], m.path) for m in installed],
    )
    if servers:
        print_table(
            ("name", "url", "models"),
            [
                (s["name"], s["url"], ", ".join(s["models"]) if s["reachable"] else f"unreachable: {s['error']}")
                for s in servers
            ],
            title="Servers (--model NAME or NAME#MODEL)",
        )
    if found:
        print_table(
            ("name", "from", "size", "path"),
            [(f.name, f.source, _size(f.size_bytes), f.path) for f in found],
            title="Found on disk (sensemaking models add NAME, or --model NAME)",
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
@click.argument("path")
@click.option("--name", help="Name to use instead of the file name.")
@json_option
@pass_app
def add(app: AppContext, path: str, name: str | None, as_json: bool) -> None:
    """Use a GGUF file from this computer, or one Ollama or LM Studio downloaded, by its name
    in `models list` (it stays where it is)."""
    found = find_on_disk(path) if not Path(path).expanduser().exists() else None
    model = app.models.add_found(found) if found else app.models.add_local(Path(path), name)
    report(_model_json(model), as_json, f"added {model.name} ({_size(model.size_bytes)}, {model.path})")


@models.command("add-server")
@click.argument("name")
@click.argument("url")
@click.option("--api-key-env", metavar="VARIABLE", help="Environment variable that holds the server's API key.")
@click.option("--keyring", "use_keyring", is_flag=True, help="Ask for the API key and keep it in the OS keyring.")
@click.option("--insecure", is_flag=True, help="Do not verify the server's TLS certificate.")
@click.option("--unchecked", is_flag=True, help="Save it without asking it for its models (to set up offline).")
@json_option
@pass_app
def add_server(
    app: AppContext,
    name: str,
    url: str,
    api_key_env: str | None,
    use_keyring: bool,
    insecure: bool,
    unchecked: bool,
    as_json: bool,
) -> None:
    """Save an OpenAI-compatible server (http://HOST:PORT/v1) under NAME once it answered with
    its models; the API key is never written to the library."""
    from sensemaking_desktop.llm.server_client import parse_server_url
    from sensemaking_desktop.llm.servers import store_api_key

    key = click.prompt("API key", hide_input=True) if use_keyring else None
    if unchecked:
        if key:  # first, so that a keyring that cannot take it leaves nothing saved
            store_api_key(parse_server_url(url).base_url, key)
        server, served = app.models.add_server(name, url, api_key_env=api_key_env, verify_tls=not insecure), []
    else:
        server, served = _answering_server(app, name, url, api_key_env, key, insecure)
    line = f"saved server {server.name} ({server.url})"
    line += f", which serves {', '.join(served[:5])}" if served else " without contacting it"
    report(_server_json(server), as_json, f"{line}; use it with --model {name}")


def _answering_server(
    app: AppContext, name: str, url: str, api_key_env: str | None, key: str | None, insecure: bool
) -> tuple[Server, list[str]]:
    """Save the server once it answered; when it does not, say how to save it all the same."""
    try:
        return app.models.add_answering_server(name, url, api_key_env=api_key_env, api_key=key, verify_tls=not insecure)
    except ServerError as error:
        raise ServerError(
            f"{error} Nothing was saved; start the server and try again, or add --unchecked to save it unasked."
        ) from error


@models.command("remove-server")
@click.argument("name")
@pass_app
def remove_server(app: AppContext, name: str) -> None:
    """Forget a saved server (a key in the OS keyring stays there)."""
    server = app.models.remove_server(name)
    click.echo(f"removed server {server.name}")


@models.command("download")
@click.argument("name")
@json_option
@pass_app
def download(app: AppContext, name: str, as_json: bool) -> None:
    """Download a catalogue model, or a GGUF by hf://REPO/FILE or its huggingface.co URL; an
    interrupted download resumes."""
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
    """Let a model (a name, a file or a server URL) answer one line, to see that it works here."""
    started = time.perf_counter()
    engine = app.models.engine(name)
    ready_s = time.perf_counter() - started
    prompt = Prompt([{"role": "user", "content": "In one sentence: what is a quiz?"}])
    with cancel_on_interrupt() as cancel:
        generation = engine.chat(
            prompt,
            sampling=Sampling(max_tokens=48),
            cancel=cancel,
            on_text=None if as_json else lambda text: click.echo(text, nl=False),
        )
    served = engine.identity.server_url
    data = {
        "model": engine.identity.name,
        "server_url": served,
        "context_size": engine.context_size,
        "gpu_layers": getattr(engine, "gpu_layers", None),
        "load_s": round(getattr(engine, "load_s", ready_s), 3),
        "latency_s": round(generation.prompt_s, 3),
        "text": generation.text,
        "tokens_per_s": round(generation.tokens_per_s, 1),
    }
    if as_json:
        print_json(data)
    elif served:
        click.echo(
            f"\n\n{engine.identity.name} on {served}: connected in {ready_s:.2f} s, first token after "
            f"{generation.prompt_s:.2f} s, {generation.tokens_per_s:.0f} tokens/s, context {engine.context_size}"
        )
    else:
        click.echo(
            f"\n\n{engine.identity.name}: context {engine.context_size}, loaded in {engine.load_s:.2f} s, "
            f"{generation.tokens_per_s:.0f} tokens/s, GPU layers {engine.gpu_layers}"
        )
