"""Errors whose message is written for the person using the app.

The CLI and the GUI show a `SensemakingError` as one line; anything else is a bug
and is reported as such.
"""


class SensemakingError(Exception):
    """A failure the user can understand and act on."""


class Cancelled(SensemakingError):
    """The user cancelled the work; finished items are kept."""

    def __init__(self, message: str = "cancelled") -> None:
        super().__init__(message)


class ModelFileError(SensemakingError):
    """A model file is missing, not GGUF, truncated, damaged or fails its checksum."""


class StructuredOutputError(SensemakingError):
    """The model's output did not validate against the requested schema, twice."""

    def __init__(self, message: str, *, raw_outputs: list[str], errors: list[str]) -> None:
        super().__init__(message)
        self.raw_outputs = raw_outputs
        self.errors = errors


class StoreError(SensemakingError):
    """The library database cannot be opened, upgraded or written."""


class JobError(SensemakingError):
    """A job cannot be found, started or resumed."""


class DownloadError(SensemakingError):
    """A model download failed; the partial file is kept for a later resume."""


class KeyringUnavailable(SensemakingError):
    """The OS keyring cannot keep or give a server's API key (none installed, locked or refused)."""


class ServerError(SensemakingError):
    """A model server cannot be reached, refuses the request, lacks the model or does not answer in time."""
