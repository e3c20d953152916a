"""Starting the window where it cannot open: with no screen, a screen that does not answer, or a
library Qt's GUI needs missing, each way of starting it prints one line saying why and what to do
and exits with 1, never Qt's abort; with a screen (Xvfb) or offscreen it still starts."""

import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

BIN = Path(sys.executable).parent
STARTS = {
    "sensemaking-desktop": [str(BIN / "sensemaking-desktop")],
    "sensemaking gui": [str(BIN / "sensemaking"), "gui"],
    "python -m": [sys.executable, "-m", "sensemaking_desktop.gui"],
}
QT_ABORT = ("qt.qpa", "Aborted", "Traceback", "platform plugin")
STARTED_S = 120
REFUSE_EGL = """
import ctypes, importlib.abc, runpy, sys

class NoEGL(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name == "PySide6.QtWidgets":
            raise ImportError("libEGL.so.1: cannot open shared object file: No such file or directory")

def load(name, *args, **kwargs):
    if name == "libEGL.so.1":
        raise OSError(name + ": cannot open shared object file")
    return real_load(name, *args, **kwargs)

real_load, ctypes.CDLL = ctypes.CDLL, load
sys.meta_path.insert(0, NoEGL())
runpy.run_module("sensemaking_desktop.gui", run_name="__main__")
"""
"""This system has libEGL, so its absence is made: the loader refuses it, and importing the
widgets fails as it does where libegl1 is not installed."""


def environment(tmp_path: Path, **settings: str) -> dict[str, str]:
    """This process's environment without any screen, plus `settings`."""
    environ = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    return environ | {"SENSEMAKING_DATA_DIR": str(tmp_path / "data")} | settings


def refused(command: list[str], environ: dict[str, str]) -> str:
    """The one line a start that cannot open the window prints; it must exit with 1."""
    result = subprocess.run(command, env=environ, capture_output=True, text=True, timeout=120)
    assert result.returncode == 1, result.stderr
    assert result.stdout == "" and not any(text in result.stderr for text in QT_ABORT), result.stderr
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    return lines[0]


@pytest.mark.parametrize("start", STARTS)
def test_without_a_screen_each_start_says_so_in_one_line(tmp_path: Path, start: str) -> None:
    line = refused(STARTS[start], environment(tmp_path))
    assert line.startswith("The window cannot open: there is no screen here (DISPLAY is not set).")
    assert "`sensemaking --help`" in line
    assert not (tmp_path / "data").exists(), "nothing is made before the window can open"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="X11")
def test_a_screen_that_does_not_answer_is_named(tmp_path: Path) -> None:
    line = refused(STARTS["sensemaking-desktop"], environment(tmp_path, DISPLAY=":77"))
    assert line.startswith("The window cannot open: the display :77 (DISPLAY) does not answer.")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux's libraries")
@pytest.mark.parametrize("platform", ["xcb", "offscreen"])
def test_a_missing_qt_library_is_named_with_its_install_command(tmp_path: Path, platform: str) -> None:
    line = refused([sys.executable, "-c", REFUSE_EGL], environment(tmp_path, QT_QPA_PLATFORM=platform))
    assert line.startswith("The window cannot open: ") and "needs libEGL.so.1, which this system lacks" in line
    assert "libegl1" in line or "libglvnd-egl" in line, "the package, as apt-get or dnf names it"


@pytest.fixture
def xvfb() -> Iterator[str]:
    """A virtual screen of its own: its display name."""
    if not shutil.which("Xvfb"):
        pytest.skip("Xvfb is not installed")
    server = subprocess.Popen(["Xvfb", "-displayfd", "1", "-nolisten", "tcp"], stdout=subprocess.PIPE, text=True)
    assert server.stdout is not None
    number = server.stdout.readline().strip()
    yield f":{number}"
    server.terminate()
    server.wait(timeout=30)


def starts(command: list[str], environ: dict[str, str], data_dir: Path) -> None:
    """The window opens: its library appears and the process runs on, without a complaint."""
    window = subprocess.Popen(command, env=environ, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + STARTED_S
        while not (data_dir / "library.sqlite3").exists() and window.poll() is None and time.monotonic() < deadline:
            time.sleep(0.2)
        time.sleep(1)
        assert window.poll() is None, window.communicate()[1]
        assert (data_dir / "library.sqlite3").exists()
    finally:
        window.terminate()
        _out, errors = window.communicate(timeout=60)
    assert not any(text in errors for text in QT_ABORT), errors


def test_on_a_virtual_screen_the_window_starts(tmp_path: Path, xvfb: str) -> None:
    starts(STARTS["sensemaking-desktop"], environment(tmp_path, DISPLAY=xvfb), tmp_path / "data")


def test_offscreen_the_window_starts(tmp_path: Path) -> None:
    starts(STARTS["sensemaking gui"], environment(tmp_path, QT_QPA_PLATFORM="offscreen"), tmp_path / "data")
