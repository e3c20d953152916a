"""`sensemaking gui`: open the desktop window, or save a screenshot of each of its areas."""

from pathlib import Path

import click


@click.command("gui")
@click.option(
    "--screenshots",
    type=click.Path(file_okay=False, path_type=Path),
    help="Save one PNG per area, over a demo library made for the purpose, into this folder and exit.",
)
@click.pass_context
def gui(context: click.Context, screenshots: Path | None) -> None:
    """Open the desktop window (the same as `sensemaking-desktop`)."""
    if screenshots is not None:
        from sensemaking_desktop.gui.demo.screenshots import save_screenshots

        for path in save_screenshots(screenshots, on_step=lambda text: click.echo(text + "…", err=True)):
            click.echo(path)
        return
    from sensemaking_desktop.gui.app import run

    status = run(context.find_root().params.get("data_dir"))
    if status:
        raise SystemExit(status)
