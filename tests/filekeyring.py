"""An OS keyring kept in a JSON file, for commands run in a child process in a test: the child
is given PYTHON_KEYRING_BACKEND=filekeyring.FileKeyring, this folder on PYTHONPATH and the file
in SENSEMAKING_TEST_KEYRING, and the test reads what the app stored there."""

import json
import os
from pathlib import Path

from keyring.backend import KeyringBackend

VARIABLE = "SENSEMAKING_TEST_KEYRING"


class FileKeyring(KeyringBackend):
    priority = 1  # type: ignore[assignment]

    @property
    def _file(self) -> Path:
        return Path(os.environ[VARIABLE])

    def _read(self) -> dict[str, str]:
        return json.loads(self._file.read_text()) if self._file.exists() else {}

    def get_password(self, service: str, username: str) -> str | None:
        return self._read().get(f"{service}|{username}")

    def set_password(self, service: str, username: str, password: str) -> None:
        self._file.write_text(json.dumps(self._read() | {f"{service}|{username}": password}))

    def delete_password(self, service: str, username: str) -> None:
        kept = self._read()
        kept.pop(f"{service}|{username}", None)
        self._file.write_text(json.dumps(kept))
