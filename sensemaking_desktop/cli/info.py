"""`sensemaking info`: where things are and what this machine's llama.cpp can do."""

import click

from sensemaking_desktop import __version__, paths
from sensemaking_desktop.cli.app import AppContext, pass_app
from sensemaking_desktop.cli.output import json_option, print_json, print_table
from sensemaking_desktop.llm.llama_engine import default_threads, gpu_available, llama_backends
from sensemaking_desktop.llm.registry import ModelRegistry
from sensemaking_desktop.store.migrations import schema_version


@click.command()
@json_option
@pass_app
def info(app: AppContext, as_json: bool) -> None:
    """Show the data folder, the library, the default model, llama.cpp's backends and, in an
    installer bundle, what it was built from."""
    import llama_cpp

    settings = app.store.load_settings()
    default = ModelRegistry(app.store, app.data_dir).resolve(None)
    data = {
        "version": __version__,
        "data_dir": str(app.data_dir),
        "database": str(app.store.path),
        "schema_version": schema_version(app.store.db),
        "llama_cpp_python": llama_cpp.__version__,
        "gpu_offload": gpu_available(),
        "llama_backends": llama_backends(),
        "threads": settings.threads or default_threads(),
        "context_cap": settings.context_cap,
        "default_model": {"name": default.name, "path": str(default.path), "sha256": default.sha256},
        "bundle": paths.build_info(),
    }
    if as_json:
        print_json(data)
        return
    print_table(("setting", "value"), [(key, _cell(value)) for key, value in data.items()])


def _cell(value: object) -> object:
    """One table cell: the default model by name, the bundle by its llama.cpp variant."""
    if isinstance(value, dict):
        return value.get("name") or value.get("variant")
    if isinstance(value, list):
        return ", ".join(value)
    return "-" if value is None else value
