"""The `sensemaking` command: the core's capabilities, headless, with progress bars.

Errors are one line on stderr and a non-zero exit; `--debug` adds the traceback.
"""

import sys

import click

from sensemaking_desktop.cli.app import cli
from sensemaking_desktop.errors import Cancelled, SensemakingError

EXIT_ERROR = 1
EXIT_USAGE = 2
EXIT_CANCELLED = 130


def main(argv: list[str] | None = None) -> None:
    debug = "--debug" in (argv if argv is not None else sys.argv[1:])
    try:
        cli.main(args=argv, prog_name="sensemaking", standalone_mode=False)
    except click.exceptions.Abort:
        _fail("cancelled", EXIT_CANCELLED)
    except click.UsageError as error:
        error.show()  # the command's usage helps with a wrong or missing argument
        sys.exit(error.exit_code)
    except click.ClickException as error:
        _fail(error.format_message(), error.exit_code)  # a file that is not there: one line, as every error
    except Cancelled:
        _fail("cancelled; finished work is kept and the job can be resumed", EXIT_CANCELLED)
    except SensemakingError as error:
        if debug:
            raise
        _fail(str(error), EXIT_ERROR)
    except Exception as error:
        if debug:
            raise
        _fail(f"unexpected failure ({type(error).__name__}: {error}); run with --debug for details", EXIT_ERROR)


def _fail(message: str, code: int) -> None:
    click.echo(f"error: {message}" if code != EXIT_CANCELLED else message, err=True)
    sys.exit(code)


__all__ = ["main", "cli"]
