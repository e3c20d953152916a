"""Errors of import and export."""

from sensemaking_desktop.errors import SensemakingError


class InterchangeError(SensemakingError):
    """A file to import is malformed, or an export cannot be written; the message names the file."""
