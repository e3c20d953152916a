"""`sensemaking info`: where things are and what this machine's llama.cpp can do."""

import click

from sensemaking_desktop import __version__
from sensemaking_desktop.cli.context import AppContext, pass_app
from sensemaking_desktop.cli.output import json_option, print_json, print_table
from sensemaking_desktop.llm.llama_engine import default_threads, gpu_available
from sensemaking_desktop.store.migrations import schema_version


@click.command()
@json_option
@pass_app
def info(app: AppContext, as_json: bool) -> None:
    """Show the data folder, the library, the default model and GPU support."""
    import llama_cpp

    settings = app.store.load_settings()
    default = app.models.resolve(None)
    data = {
        "version": __version__,
        "data_dir": str(app.data_dir),
        "database": str(app.store.path),
        "schema_version": schema_version(app.store.db),
        "llama_cpp_python": llama_cpp.__version__,
        "gpu_offload": gpu_available(),
        "threads": settings.threads or default_threads(),
        "context_cap": settings.context_cap,
        "default_model": {"name": default.name, "path": str(default.path), "sha256": default.sha256},
    }
    if as_json:
        print_json(data)
        return
    rows = [(key, value["name"] if isinstance(value, dict) else value) for key, value in data.items()]
    print_table(("setting", "value"), rows)
