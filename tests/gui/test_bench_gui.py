"""`bench gui` measures a real window writing a real quiz, and the window loads the native
engines before it shows, so that a job does not freeze it while they initialise."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from sensemaking_desktop.gui import bench, quiet_import


def test_bench_gui_measures_a_window_that_writes_a_quiz() -> None:
    figures = bench.run(count=1, platform="offscreen")
    assert figures["job_status"] == "done" and figures["questions"] >= 1
    assert 0 < figures["start_to_window_s"] < bench.TIMEOUT_S
    assert figures["probes"] > 0 and figures["longest_stall_ms"] >= 0
    assert figures["stalls_over_50ms"] <= figures["probes"]


def test_the_engines_are_imported_before_the_window_shows(tmp_path: Path) -> None:
    """Checked in a fresh process: in this one other tests have imported them already."""
    data_dir, ini = str(tmp_path / "data"), str(tmp_path / "gui.ini")
    code = (
        "import sys; from pathlib import Path; from PySide6.QtCore import QSettings;"
        "from sensemaking_desktop.gui.app import open_window;"
        f"open_window(Path({data_dir!r}), QSettings({ini!r}, QSettings.Format.IniFormat));"
        "print(sorted(name for name in ('onnxruntime', 'llama_cpp') if name in sys.modules))"
    )
    environment = os.environ | {"QT_QPA_PLATFORM": "offscreen"}
    shown = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300, env=environment)
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout.strip().splitlines()[-1] == "['llama_cpp', 'onnxruntime']"


def test_an_engine_that_cannot_be_imported_does_not_stop_the_window(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delitem(sys.modules, "colorsys", raising=False)
    monkeypatch.setattr(quiet_import, "NATIVE_ENGINES", ("sensemaking_no_such_engine", "colorsys"))
    quiet_import.import_engines()
    assert "colorsys" in sys.modules and "sensemaking_no_such_engine" not in sys.modules
