"""Errors of import and export."""

from sensemaking_desktop.errors import SensemakingError


class InterchangeError(SensemakingError):
    """A file to import is malformed, or an export cannot be written; the message names the file."""


class EmptyQuizError(InterchangeError):
    """A quiz with no question to hand out (none, or only dropped ones): every format refuses it
    with the same one-line message (common.handed_out)."""
