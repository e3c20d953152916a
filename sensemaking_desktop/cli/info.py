"""`sensemaking info`: where things are, what this machine's llama.cpp can do with a GPU,
and, on a first run, which model to get."""

import click

from sensemaking_desktop import __version__, paths
from sensemaking_desktop.cli.context import AppContext, pass_app
from sensemaking_desktop.cli.output import json_option, print_json, print_table
from sensemaking_desktop.llm.gpu import gpu_report, offload_plan
from sensemaking_desktop.llm.llama_engine import default_threads
from sensemaking_desktop.llm.recommend import first_run
from sensemaking_desktop.store.migrations import schema_version

LABELS = {
    "version": "App version",
    "data_dir": "Data folder",
    "database": "Library file",
    "schema_version": "Library format version",
    "llama_cpp_python": "llama.cpp version",
    "gpu_offload": "Can run on the graphics card",
    "gpu_backends": "Graphics and processor backends",
    "threads": "Processor threads",
    "context_cap": "Longest text read at once (tokens)",
    "parallel_requests": "Requests at once",
    "default_model": "Default model",
}
"""The table's label of each --json key: a teacher reads the table, scripts read the keys."""


def _plain(key: str, value: object) -> str:
    """A value as the table shows it: yes or no, a list joined, a model by its name, and no 0 that
    means "as the server says"."""
    if key == "parallel_requests" and value == 0:
        return "as many as the server serves"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return ", ".join(map(str, value)) or "none"
    if isinstance(value, dict):
        return str(value.get("name"))
    return str(value)


@click.command()
@json_option
@pass_app
def info(app: AppContext, as_json: bool) -> None:
    """Show the data folder, the library, the default model, the GPU, first-run advice and, in an
    installer bundle, what it was built from."""
    import llama_cpp

    settings = app.store.load_settings()
    default = app.models.resolve(None)
    gpu = gpu_report()
    model_path = getattr(default, "path", None)
    plan = offload_plan(gpu, settings, model_path, default.size_bytes) if model_path else None
    advice = first_run(app.models)
    data = {
        "version": __version__,
        "data_dir": str(app.data_dir),
        "database": str(app.store.path),
        "schema_version": schema_version(app.store.db),
        "llama_cpp_python": llama_cpp.__version__,
        "gpu_offload": gpu.offload,
        "gpu_backends": gpu.backends,
        "gpu": gpu.as_json()
        | ({"layers": plan.layers, "total_layers": plan.total_layers, "reason": plan.reason} if plan else {}),
        "threads": settings.threads or default_threads(),
        "context_cap": settings.context_cap,
        "parallel_requests": settings.parallel_requests,
        "default_model": {
            "name": default.name,
            "path": str(model_path) if model_path else None,
            "sha256": default.identity.sha256,
            "server_url": default.identity.server_url,
        },
        "first_run": advice.as_json() if advice else None,
        "bundle": paths.build_info(),
    }
    if as_json:
        print_json(data)
        return
    rows = [(label, _plain(key, data[key])) for key, label in LABELS.items()]
    if data["bundle"]:
        rows.append(("Installer build", data["bundle"]["variant"]))
    if plan:
        rows.append(
            ("Model layers on the graphics card", f"{plan.layers} of {plan.total_layers or '?'}: {plan.reason}")
        )
    print_table(("Setting", "Value"), rows)
    for line in advice.lines() if advice else []:
        click.echo(line)
