"""`bench gui`: how soon the window appears, and how smooth it stays while a quiz is written.

A fresh process opens the window over a library holding the bundled sample; the time from
launching that process to the first paint of any widget is `start_to_window_s`. (psutil's
process creation time is not used: on Linux it rests on the boot time in whole seconds, and
was measured here up to 0.3 s off.)
Then the Quizzes area's Generate button starts a real Teacher job, and a 5 ms timer probes
the event loop: the longest gap beyond its interval is `longest_stall_ms`.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from sensemaking_desktop.errors import SensemakingError

PROBE_MS = 5
STALL_LIMIT_MS = 50
TIMEOUT_S = 3600
PAINT_TIMEOUT_MS = 120_000


READY_POLL_MS = 50
"""How often the bench looks whether the Generate button is enabled yet."""


def run(count: int = 1, all_sections: bool = False, platform: str | None = None) -> dict[str, Any]:
    """Prepare a library, run the measured window in a child process, return its figures.

    `platform` is Qt's (xcb for a real X display, e.g. under `xvfb-run`; offscreen draws
    nowhere); by default $QT_QPA_PLATFORM, else offscreen."""
    from sensemaking_desktop.gui.demo.demo_library import demo_section_id, import_sample

    platform = platform or os.environ.get("QT_QPA_PLATFORM", "offscreen")
    if platform == "xcb" and not os.environ.get("DISPLAY"):
        raise SensemakingError("The xcb platform needs an X display: run it under `xvfb-run -a`, or set DISPLAY.")

    with tempfile.TemporaryDirectory(prefix="sensemaking-bench-gui-") as scratch:
        data_dir = Path(scratch) / "data"
        material_id = import_sample(data_dir)
        section = None if all_sections else demo_section_id(data_dir, material_id)
        out = Path(scratch) / "figures.json"
        environment = os.environ | {"QT_QPA_PLATFORM": platform}
        command = [sys.executable, "-m", "sensemaking_desktop.gui.bench", str(data_dir), str(out), str(count)]
        command += [str(section)] if section is not None else []
        launched = time.time()
        finished = subprocess.run(command, env=environment, capture_output=True, text=True, timeout=TIMEOUT_S)
        if finished.returncode != 0 or not out.exists():
            raise SensemakingError(f"The measured window failed:\n{finished.stderr[-4000:]}")
        child = json.loads(out.read_text(encoding="utf-8"))
    return {
        "start_to_window_s": round(child["first_paint"] - launched, 3),
        "longest_stall_ms": round(child["longest_stall_ms"], 1),
        "stalls_over_50ms": child["stalls_over_limit"],
        "longest_stall_at_s": child["longest_stall_at_s"],
        "probe_interval_ms": PROBE_MS,
        "probes": child["probes"],
        "job_s": round(child["job_s"], 1),
        "job_status": child["job_status"],
        "questions": child["questions"],
        "count": count,
        "sections": "all" if all_sections else 1,
        "qt_platform": environment["QT_QPA_PLATFORM"],
        "cpu_count": os.cpu_count(),
    }


def measure_in_this_process(data_dir: Path, out: Path, count: int, section_id: int | None) -> None:
    """The child: open the window, note its first paint, write a quiz through the GUI, probe."""
    from PySide6.QtCore import QSettings, QTimer

    from sensemaking_desktop.gui.app import application, open_window

    figures: dict[str, Any] = {}
    app = application()

    def start_job() -> None:
        _write_quiz(window, count, section_id, probe, finish)

    def finish(view: Any, status: str) -> None:
        figures.update(probe.stalls(), job_status=status, questions=view.questions.count())
        out.write_text(json.dumps(figures), encoding="utf-8")
        QTimer.singleShot(0, app.quit)

    def give_up() -> None:
        if "first_paint" not in figures:
            app.exit(2)

    watcher = _first_paint_watcher(app, figures, start_job)
    app.installEventFilter(watcher)
    preferences = QSettings(str(out.with_suffix(".ini")), QSettings.Format.IniFormat)
    window = open_window(data_dir, preferences)
    probe = _Probe()
    QTimer.singleShot(PAINT_TIMEOUT_MS, give_up)
    if app.exec() != 0:
        raise SystemExit("the window was never painted")
    window.context.workers.stop_all()


def _first_paint_watcher(app: Any, figures: dict[str, Any], then: Callable[[], None]) -> Any:
    """An event filter that notes the time of the first paint of any widget in `figures`, then
    removes itself and starts `then` on the next turn of the event loop."""
    from PySide6.QtCore import QEvent, QObject, QTimer

    class FirstPaint(QObject):
        def eventFilter(self, _watched: QObject, event: QEvent) -> bool:
            if event.type() == QEvent.Type.Paint and "first_paint" not in figures:
                figures["first_paint"] = time.time()
                app.removeEventFilter(self)
                QTimer.singleShot(0, then)
            return False

    return FirstPaint()


def _write_quiz(
    window: Any, count: int, section_id: int | None, probe: "_Probe", finish: Callable[[Any, str], None]
) -> None:
    """Start a Teacher job from the Quizzes area's Generate button, as a user would, with the
    probe running; `finish(view, status)` is called when the job ends. The button waits for the
    form to learn which kinds the chosen model writes, so the click waits for it too."""
    from PySide6.QtCore import QTimer

    from sensemaking_desktop.gui.areas.quiz_view import QuizView

    view = window.open_area_of(QuizView)
    view.options.count.setValue(count)
    view.options.section.setCurrentIndex(max(view.options.section.findData(section_id), 0))

    def click_when_ready() -> None:
        if not view.generate_button.isEnabled():
            QTimer.singleShot(READY_POLL_MS, click_when_ready)
            return
        probe.start()
        view.generate_button.click()
        view.generation.finished.connect(lambda info: finish(view, info.status))
        view.generation.failed.connect(lambda message, _details: finish(view, f"failed: {message}"))

    click_when_ready()


class _Probe:
    """A timer due every PROBE_MS on the event loop: a gap beyond that interval is a stall, the
    time the loop was busy elsewhere."""

    def __init__(self) -> None:
        from PySide6.QtCore import QElapsedTimer, Qt, QTimer

        self.timer = QTimer()
        self.timer.setTimerType(Qt.TimerType.PreciseTimer)
        self.timer.setInterval(PROBE_MS)
        self.timer.timeout.connect(self._tick)
        self.clock = QElapsedTimer()
        self.gaps: list[float] = []
        self.ends: list[float] = []
        """When each gap ended, in seconds since the job was started."""
        self.job_clock = QElapsedTimer()

    def start(self) -> None:
        self.clock.start()
        self.job_clock.start()
        self.timer.start()

    def _tick(self) -> None:
        self.gaps.append(self.clock.nsecsElapsed() / 1e6)
        self.ends.append(self.job_clock.elapsed() / 1000)
        self.clock.restart()

    def stalls(self) -> dict[str, Any]:
        """Stop probing; the longest stall, when it ended, how many passed STALL_LIMIT_MS, and the job's time."""
        self.timer.stop()
        stalls = [gap - PROBE_MS for gap in self.gaps]
        return {
            "longest_stall_ms": max(stalls, default=0.0),
            "longest_stall_at_s": self.ends[stalls.index(max(stalls))] if stalls else None,
            "stalls_over_limit": sum(stall > STALL_LIMIT_MS for stall in stalls),
            "probes": len(stalls),
            "job_s": self.job_clock.elapsed() / 1000,
        }


def _child_main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("data_dir", type=Path)
    parser.add_argument("out", type=Path)
    parser.add_argument("count", type=int)
    parser.add_argument("section_id", type=int, nargs="?")
    args = parser.parse_args()
    measure_in_this_process(args.data_dir, args.out, args.count, args.section_id)


if __name__ == "__main__":
    _child_main()
