"""`models add-server --keyring` where no OS keyring works (issue 47, finding 6): the advice fits the
cause (install or unlock a keyring, or use an environment variable), nothing is saved, and with a
working keyring the same command saves the server. A real local server answers the check."""

import os
import subprocess
import sys
from pathlib import Path

from fakeopenai import FakeOpenAI


def _add(data: Path, url: str, backend: str, *extra: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "sensemaking_desktop", "--data-dir", str(data), "models", "add-server", "lab"]
    env = os.environ | {
        "PYTHON_KEYRING_BACKEND": backend,
        "SENSEMAKING_TEST_KEYRING": str(data.parent / "keyring.json"),
        "PYTHONPATH": os.pathsep.join([str(Path(__file__).parents[1]), os.environ.get("PYTHONPATH", "")]),
    }
    return subprocess.run([*command, url, "--keyring", *extra], input="secret-key\n", capture_output=True, text=True,
                          timeout=300, env=env)  # fmt: skip


def test_no_keyring_gives_advice_that_fits_and_saves_nothing(fake_openai: FakeOpenAI, tmp_path: Path) -> None:
    result = _add(tmp_path / "data", fake_openai.url, "keyring.backends.fail.Keyring")
    assert result.returncode == 1 and "Traceback" not in result.stderr
    message = result.stderr.strip().splitlines()[-1]
    assert message.startswith("error: The OS keyring cannot store the key (")
    assert "install or unlock a keyring" in message and "--api-key-env VARIABLE" in message
    assert "start the server" not in message
    listed = subprocess.run(
        [sys.executable, "-m", "sensemaking_desktop", "--data-dir", str(tmp_path / "data"), "models", "list"],
        capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert "lab" not in listed.stdout


def test_a_working_keyring_saves_the_server(fake_openai: FakeOpenAI, tmp_path: Path) -> None:
    result = _add(tmp_path / "data", fake_openai.url, "filekeyring.FileKeyring")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith(f"saved server lab ({fake_openai.url}), which serves fake-model:1b")


def test_no_keyring_saves_nothing_unchecked_either(tmp_path: Path) -> None:
    result = _add(tmp_path / "data", "http://127.0.0.1:9/v1", "keyring.backends.fail.Keyring", "--unchecked")
    assert result.returncode == 1 and "so nothing was saved" in result.stderr
    listed = subprocess.run(
        [sys.executable, "-m", "sensemaking_desktop", "--data-dir", str(tmp_path / "data"), "models", "list"],
        capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert "127.0.0.1:9" not in listed.stdout
