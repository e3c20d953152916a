"""Before Qt starts on X11, the app names exactly the system libraries its xcb plugin lacks, with
the command that installs them, instead of Qt's abort naming the wrong one."""

import shutil
import subprocess
import sys
from pathlib import Path

import PySide6
import pytest

from sensemaking_desktop.gui import app
from sensemaking_desktop.gui.platform_libraries import XCB_LIBRARIES, platform_problem, uses_xcb

QT = Path(PySide6.__file__).parent / "Qt"
LOADED_BEFORE = ("libQt6", "libc.so", "libm.so", "libstdc++", "libgcc_s", "libglib-2.0", "libgthread-2.0")
"""Qt's own libraries and what importing PySide6 has loaded already: not the plugin's to name."""


def needed(library: Path) -> set[str]:
    """The libraries an ELF file links to, as `readelf -d` lists them."""
    dynamic = subprocess.run(["readelf", "-d", str(library)], capture_output=True, text=True, check=True).stdout
    return {line.split("[", 1)[1].rstrip("]") for line in dynamic.splitlines() if "(NEEDED)" in line}


@pytest.mark.skipif(not sys.platform.startswith("linux") or not shutil.which("readelf"), reason="Linux, readelf")
def test_every_library_the_xcb_plugin_links_to_is_checked() -> None:
    plugin = needed(QT / "plugins" / "platforms" / "libqxcb.so") | needed(QT / "lib" / "libQt6XcbQpa.so.6")
    system = {name for name in plugin if not name.startswith(LOADED_BEFORE)}
    assert system <= {library.soname for library in XCB_LIBRARIES}


def refuse(*missing: str):  # type: ignore[no-untyped-def]
    def load(soname: str) -> None:
        if soname in missing:
            raise OSError(f"{soname}: cannot open shared object file")

    return load


def test_the_missing_libraries_and_their_packages_are_named_in_one_line() -> None:
    load = refuse("libxcb-icccm.so.4", "libxcb-keysyms.so.1")
    on_debian = platform_problem({"QT_QPA_PLATFORM": "xcb"}, load, which=lambda tool: tool == "apt-get" or None)
    assert on_debian == (
        "The window cannot open: Qt's X11 platform needs libxcb-icccm.so.4, libxcb-keysyms.so.1, which this system "
        "lacks; install them with `sudo apt-get install libxcb-icccm4 libxcb-keysyms1` (docs/install.md lists what "
        "each system needs)."
    )
    on_fedora = platform_problem({}, load, which=lambda tool: tool == "dnf" or None)
    assert on_fedora is not None and "`sudo dnf install xcb-util-wm xcb-util-keysyms`" in on_fedora
    elsewhere = platform_problem({}, load, which=lambda _tool: None)
    assert elsewhere is not None and "libxcb-icccm4 libxcb-keysyms1 (Debian, Ubuntu) or xcb-util-wm" in elsewhere
    assert platform_problem({"QT_QPA_PLATFORM": "xcb"}, refuse()) is None


@pytest.mark.parametrize(
    ("environ", "platform", "expected"),
    [
        ({}, "linux", True),
        ({"QT_QPA_PLATFORM": "xcb"}, "linux", True),
        ({"QT_QPA_PLATFORM": "offscreen"}, "linux", False),
        ({"QT_QPA_PLATFORM": "wayland;xcb"}, "linux", False),
        ({"WAYLAND_DISPLAY": "wayland-0"}, "linux", False),
        ({"WAYLAND_DISPLAY": "wayland-0", "QT_QPA_PLATFORM": "xcb"}, "linux", True),
        ({}, "darwin", False),
        ({}, "win32", False),
    ],
)
def test_only_a_start_on_x11_is_checked(environ: dict[str, str], platform: str, expected: bool) -> None:
    assert uses_xcb(environ, platform) is expected


def test_the_window_is_not_started_when_a_library_is_missing(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(app, "platform_problem", lambda _environ: "The window cannot open: …")
    monkeypatch.setattr(app, "application", lambda: pytest.fail("Qt must not start"))
    assert app.run() == 1
    assert capsys.readouterr().err == "The window cannot open: …\n"
