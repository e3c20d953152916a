"""How files are imported (speech recogniser, its model, language, section size): chosen in
Settings, kept in QSettings with the window's other choices, handed to the core's IngestOptions."""

from typing import Any

from PySide6.QtCore import QSettings

from sensemaking_desktop.ingest.asr import DEFAULT_BACKEND

DEFAULTS: dict[str, Any] = {
    "asr_backend": DEFAULT_BACKEND,
    "asr_model": "base",
    "language": "",
    "token_budget": 1500,
}
PREFIX = "import/"


def read(preferences: QSettings) -> dict[str, Any]:
    values = {}
    for key, default in DEFAULTS.items():
        value = preferences.value(PREFIX + key, default)
        values[key] = type(default)(value) if value is not None else default
    return values


def write(preferences: QSettings, values: dict[str, Any]) -> None:
    for key in DEFAULTS:
        preferences.setValue(PREFIX + key, values[key])


def ingest_options(preferences: QSettings) -> dict[str, Any]:
    """The core's IngestOptions fields; an empty language lets Whisper detect it."""
    values = read(preferences)
    return values | {"language": values["language"].strip() or None}
