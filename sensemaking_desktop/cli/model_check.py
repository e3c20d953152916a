"""The model a command names, checked before the command stores anything.

A quiz, answer run or job made for a model that cannot run would only fill with failures, so
every command that takes `--model` resolves and checks it first, and a model that cannot be
used ends the command with one line: the cause, then how to name another.
"""

from typing import TYPE_CHECKING

from sensemaking_desktop.cli.context import AppContext
from sensemaking_desktop.errors import SensemakingError

if TYPE_CHECKING:
    from sensemaking_desktop.llm.backend import ChatBackend
    from sensemaking_desktop.llm.registry import Model

FIX = "Name a model that works with --model (`sensemaking models list` shows yours)."


def usable_model(app: AppContext, ref: str | None) -> "Model":
    """The model `ref` names (None: the default), resolved and checked (a server must answer)."""
    try:
        return app.models.check(ref)
    except SensemakingError as error:
        raise SensemakingError(with_fix(str(error))) from error


def usable_engine(app: AppContext, ref: str | None) -> "ChatBackend":
    """The model `ref` names, checked as `usable_model` does, then loaded."""
    usable_model(app, ref)
    return app.models.engine(ref)


def with_fix(cause: str) -> str:
    """`cause`, with how to name another model unless it already says where to look."""
    if "sensemaking models" in cause:
        return cause
    return f"{cause.rstrip()}{'' if cause.rstrip().endswith(('.', '?', '!')) else '.'} {FIX}"
