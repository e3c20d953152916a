"""What every command shares: the data folder, the library, its models and jobs."""

import click

from sensemaking_desktop.workflows.core import Core


class AppContext(Core):
    """The core a command works on; opened lazily, so `--help` never touches the disk."""


pass_app = click.make_pass_decorator(AppContext)
