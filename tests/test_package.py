"""The core is a library without Qt; the package runs as `python -m sensemaking_desktop`."""

import pkgutil
import subprocess
import sys

import sensemaking_desktop


def test_core_modules_import_without_qt() -> None:
    modules = [
        m.name
        for m in pkgutil.walk_packages(sensemaking_desktop.__path__, "sensemaking_desktop.")
        if ".gui" not in m.name and not m.name.endswith("__main__")
    ]
    code = f"import sys; [__import__(m) for m in {modules!r}]; print(any(k.startswith('PySide6') for k in sys.modules))"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "False"


def test_module_entry_point_shows_help() -> None:
    result = subprocess.run([sys.executable, "-m", "sensemaking_desktop", "--help"], capture_output=True, text=True)
    assert result.returncode == 0 and "models" in result.stdout and "jobs" in result.stdout
