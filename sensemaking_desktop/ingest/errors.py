"""Errors raised while importing a material, written for the person who chose the file."""

from sensemaking_desktop.errors import SensemakingError


class IngestError(SensemakingError):
    """A file cannot be imported: missing, empty, damaged, not the format it claims, or without text."""


class PasswordRequired(IngestError):
    """The document is encrypted and no password, or a wrong one, was given; asking again can fix it."""
