"""One recommendation: for a given computer the Welcome window's marked row, the Models area's
banner, `sensemaking info` and `sensemaking teach` name the same model, the one
llm/recommend.py chooses, and say why in a teacher's words (memory, speed, what it writes)."""

import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import WAIT_MS
from PySide6.QtGui import QFont

from sensemaking_desktop.cli.app import cli
from sensemaking_desktop.gui.areas.models_view import ModelsView
from sensemaking_desktop.gui.main_window import MainWindow
from sensemaking_desktop.gui.widgets.welcome import ROLE
from sensemaking_desktop.llm.catalogue import load_catalogue
from sensemaking_desktop.llm.recommend import Machine, recommend

GB = 1_000_000_000
MACHINES = [Machine(4 * GB), Machine(8 * GB), Machine(16 * GB, 8 * GB)]
"""An old laptop, a common one and one with a graphics card: three different models."""
ADVICE = re.compile(r"^Recommended for this computer: (.+?), a [\d.]+ GB download", re.MULTILINE)


def told_by(data_dir: Path, *args: str) -> str:
    """The title the command's first-run advice recommends."""
    result = CliRunner().invoke(cli, ["--data-dir", str(data_dir), *args], env={"COLUMNS": "250"})
    found = ADVICE.search(result.output)
    assert found, (result.output, result.exception)
    return found.group(1)


def marked_rows(window: MainWindow) -> list[str]:
    """The names of the Welcome table's rows marked as recommended (bold, and saying so)."""
    dialog = window.show_welcome()
    table = dialog.catalogue
    marked = []
    for row in range(table.rowCount()):
        cell = table.item(row, 0)
        if QFont(cell.font()).bold() and "(recommended)" in cell.text():
            marked.append(cell.data(ROLE))
    dialog.reject()
    return marked


def test_recommend_tells_these_machines_apart() -> None:
    chosen = [recommend(load_catalogue(), ram_bytes=m.ram_bytes, gpu_memory_bytes=m.gpu_memory_bytes) for m in MACHINES]
    assert len({recommendation.entry.name for recommendation in chosen if recommendation}) == len(MACHINES)


@pytest.mark.parametrize(
    "machine", MACHINES, ids=lambda machine: f"{machine.ram_bytes // GB}GB-gpu{machine.gpu_memory_bytes // GB}"
)
def test_the_window_info_and_teach_recommend_the_same_model(
    qtbot, window: MainWindow, data_dir: Path, monkeypatch: pytest.MonkeyPatch, machine: Machine
) -> None:
    monkeypatch.setattr(Machine, "here", classmethod(lambda _cls: machine))
    expected = recommend(load_catalogue(), ram_bytes=machine.ram_bytes, gpu_memory_bytes=machine.gpu_memory_bytes)
    assert expected is not None
    window.context.models.refresh()
    qtbot.waitUntil(lambda: window.context.models.loaded, timeout=WAIT_MS)
    assert marked_rows(window) == [expected.entry.name]
    dialog = window.show_welcome()
    assert dialog.catalogue.item(0, 0).data(ROLE) == expected.entry.name, "the recommended model comes first"
    why = dialog.recommended.text()
    dialog.reject()
    title = expected.entry.title.split(" (")[0]
    assert why.startswith(f"Recommended for this computer: {title}.") and "GB of memory here" in why
    assert why.endswith(" " + expected.reason), "the reason in the words `sensemaking info` prints"
    speed = "graphics card" if machine.gpu_memory_bytes else "processor alone"
    assert speed in why and "grades" in why
    models = window.open_area_of(ModelsView)
    assert isinstance(models, ModelsView)
    models.show_models()
    assert f"Recommended for this computer: {title}." in models.banner.text()
    assert models.recommended_button.text() == f"Download {title}"
    qtbot.waitUntil(lambda: not window.context.workers.busy, timeout=WAIT_MS)
    assert told_by(data_dir, "info") == title, "the same plain name"
    assert told_by(data_dir, "teach") == title, "teach prints the advice before it asks for a material"
