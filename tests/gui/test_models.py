"""The Models area: the embedded model and GPU support, a download from a local hub with
progress, adding a GGUF file, choosing the default, removing."""

import json
import shutil
from dataclasses import replace
from pathlib import Path

import pytest
from conftest import WAIT_MS, error_boxes
from fakehub import REPO, REVISION, FakeHub
from PySide6.QtCore import QRect, QSize, Qt
from PySide6.QtWidgets import QFileDialog

from sensemaking_desktop import paths
from sensemaking_desktop.gui.areas.models_view import ModelsView
from sensemaking_desktop.gui.main_window import MainWindow
from sensemaking_desktop.llm import catalogue
from sensemaking_desktop.llm.gpu import GpuDevice, GpuReport, OffloadPlan
from sensemaking_desktop.llm.llama_engine import gpu_available
from sensemaking_desktop.llm.registry import EMBEDDED_NAME, ModelRegistry, embedded_model_path
from sensemaking_desktop.settings import Settings
from sensemaking_desktop.store import Store


def models(qtbot, window: MainWindow) -> ModelsView:  # type: ignore[no-untyped-def]
    view = window.open_area_of(ModelsView)
    assert isinstance(view, ModelsView)
    qtbot.waitUntil(
        lambda: view.installed.rowCount() > 0 and window.context.models.snapshot.gpu is not None, timeout=WAIT_MS
    )
    return view


def row_of(table, name: str) -> int:  # type: ignore[no-untyped-def]
    return next(row for row in range(table.rowCount()) if table.item(row, 0).data(Qt.ItemDataRole.UserRole) == name)


@pytest.fixture
def tiny_catalogue(hub: FakeHub, gguf, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, store: Store) -> str:  # type: ignore[no-untyped-def]
    """A catalogue with one model that the local hub serves, and the library pointed at that hub."""
    _, sha, size = gguf
    entry = {
        "name": "tiny-test",
        "title": "Tiny",
        "repo": REPO,
        "file": "model.gguf",
        "revision": REVISION,
        "size_bytes": size,
        "sha256": sha,
        "license": "apache-2.0",
        "ram_gb": 0.5,
        "context_length": 8192,
        "languages": ["en"],
        "good_for": "tests",
    }
    path = tmp_path / "catalogue.json"
    path.write_text(json.dumps({"version": 1, "models": [entry]}))
    monkeypatch.setattr(paths, "catalogue_path", lambda: path)
    catalogue.load_catalogue.cache_clear()
    store.save_settings(Settings(hf_endpoint=hub.url))
    yield "tiny-test"
    catalogue.load_catalogue.cache_clear()


def test_the_embedded_model_and_gpu_support_are_shown(qtbot, window: MainWindow) -> None:
    view = models(qtbot, window)
    assert view.installed.item(0, 0).text() == EMBEDDED_NAME and view.installed.item(0, 1).text() == "✓"
    assert ("no GPU support" not in view.gpu.text()) == gpu_available()
    assert "Uses your graphics card for" in view.gpu.text() and "backend" not in view.gpu.text()
    assert view.catalogue.rowCount() >= 5


def test_the_graphics_card_is_described_in_plain_words(qtbot, window: MainWindow, store: Store) -> None:
    """How many layers go to the graphics card and why not more, with the way to get GPU support."""
    view = models(qtbot, window)
    snapshot = window.context.models.snapshot
    card = GpuDevice("CUDA0", "NVIDIA GeForce RTX 3060", free_bytes=6 * 10**9, total_bytes=12 * 10**9)

    def shown(gpu: GpuReport, layers: int) -> str:
        window.context.models.snapshot = replace(
            snapshot, gpu=gpu.offload, gpu_report=gpu, offload=OffloadPlan(layers, 30, "")
        )
        view.show_models()
        return view.gpu.text()

    without = shown(GpuReport(False, ["CPU"]), 0)
    assert without.startswith("Uses your graphics card for 0 of 30 layers: this build of llama.cpp has no GPU support")
    assert "How to get one:" in without and "CPU" not in without and "llama.cpp backends: CPU" == view.gpu.toolTip()
    assert shown(GpuReport(True, ["CUDA", "CPU"], [card]), 30) == (
        "Uses your graphics card for 30 of 30 layers (NVIDIA GeForce RTX 3060)."
    )
    store.save_settings(store.load_settings().model_copy(update={"gpu_layers": 0}))
    assert shown(GpuReport(True, ["CUDA", "CPU"], [card]), 0) == (
        "Uses your graphics card for 0 of 30 layers: it is switched off under “GPU layers” in Settings."
    )


def test_download_with_progress_then_remove(
    qtbot, window: MainWindow, store: Store, data_dir: Path, tiny_catalogue: str, answer_yes: list[str]
) -> None:
    view = models(qtbot, window)
    view.catalogue.selectRow(row_of(view.catalogue, tiny_catalogue))
    values: list[int] = []
    view.progress.bar.valueChanged.connect(values.append)
    qtbot.mouseClick(view.download_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: view.download is None, timeout=WAIT_MS)
    assert not error_boxes() and view.status.text() == "Downloaded tiny-test."
    assert values and max(values) == view.progress.bar.maximum()
    downloaded = ModelRegistry(store, data_dir).resolve(tiny_catalogue)
    assert downloaded.path.is_relative_to(paths.models_dir(data_dir))
    qtbot.waitUntil(lambda: view.catalogue.item(0, 5).text() == "yes", timeout=WAIT_MS)
    view.installed.selectRow(row_of(view.installed, tiny_catalogue))
    qtbot.mouseClick(view.remove_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not downloaded.path.exists(), timeout=WAIT_MS)
    qtbot.waitUntil(lambda: view.installed.rowCount() == 1, timeout=WAIT_MS)


def test_add_a_gguf_file_and_make_it_the_default(
    qtbot, window: MainWindow, store: Store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    mine = tmp_path / "Mine.gguf"
    shutil.copy(embedded_model_path(), mine)
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *args, **kwargs: (str(mine), ""))
    view = models(qtbot, window)
    qtbot.mouseClick(view.add_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: view.installed.rowCount() == 2, timeout=WAIT_MS)
    view.installed.selectRow(row_of(view.installed, "mine"))
    qtbot.mouseClick(view.default_button, Qt.MouseButton.LeftButton)
    assert store.load_settings().default_model == "mine"
    assert view.installed.item(row_of(view.installed, "mine"), 1).text() == "✓"
    view.installed.selectRow(row_of(view.installed, EMBEDDED_NAME))
    assert view.default_button.isEnabled() and not view.remove_button.isEnabled()


def test_a_file_that_is_not_a_model_is_refused_with_a_message(
    qtbot, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake = tmp_path / "fake.gguf"
    fake.write_bytes(b"not a model at all" * 100)
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *args, **kwargs: (str(fake), ""))
    view = models(qtbot, window)
    qtbot.mouseClick(view.add_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: bool(error_boxes()), timeout=WAIT_MS)
    (box,) = error_boxes()
    assert "fake.gguf" in box.text() and box.detailedText() == ""
    assert view.installed.rowCount() == 1


def test_a_fresh_library_shows_the_first_run_banner_with_a_recommendation(qtbot, window: MainWindow) -> None:
    view = models(qtbot, window)
    assert not view.banner.isHidden() and "Only the small model that comes with the app" in view.banner.text()
    advice = window.context.models.snapshot.first_run
    assert advice.recommendation is not None and not view.recommended_button.isHidden()
    title = advice.recommendation.entry.plain_title
    assert view.recommended_button.text() == f"Download {title}", "the plain name, not the file's"
    assert "llama.cpp backends: " in view.gpu.toolTip()
    cells = [view.catalogue.item(row, 0) for row in range(view.catalogue.rowCount())]
    marked = [cell.text() for cell in cells if cell.font().bold()]
    assert marked == [advice.recommendation.entry.title], "one row marked, the recommended one"
    assert [cell.toolTip().splitlines()[0] for cell in cells if cell.font().bold()] == [f"{title} (recommended)"]


def test_a_server_is_added_tested_and_removed(
    qtbot, window: MainWindow, fake_openai, monkeypatch: pytest.MonkeyPatch, answer_yes: list[str]
) -> None:
    from fakeopenai import MODEL

    from sensemaking_desktop.gui.widgets.server_dialog import ServerDialog, ServerEntry

    entry = ServerEntry("lab", fake_openai.url, None, None, True)
    monkeypatch.setattr(ServerDialog, "exec", lambda self: ServerDialog.DialogCode.Accepted)
    monkeypatch.setattr(ServerDialog, "entry", lambda self: entry)
    view = models(qtbot, window)
    qtbot.mouseClick(view.add_server_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: view.servers.rowCount() == 1, timeout=WAIT_MS)
    assert view.servers.item(0, 2).text() == MODEL
    view.servers.selectRow(0)
    qtbot.mouseClick(view.test_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: "answers" in view.status.text(), timeout=WAIT_MS)
    assert MODEL in view.status.text() and not error_boxes()
    qtbot.mouseClick(view.remove_server_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: view.servers.rowCount() == 0, timeout=WAIT_MS)


def test_a_model_found_in_an_ollama_store_is_used_where_it_lies(
    qtbot, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, data_dir: Path
) -> None:
    from ollamastore import ollama_store

    blob = ollama_store(tmp_path / "ollama")
    monkeypatch.setenv("OLLAMA_MODELS", str(tmp_path / "ollama"))
    view = models(qtbot, window)
    qtbot.waitUntil(lambda: view.found.rowCount() == 1, timeout=WAIT_MS)
    assert view.found.item(0, 0).text() == "smollm2:135m" and view.found.item(0, 1).text() == "Ollama"
    view.found.selectRow(0)
    qtbot.mouseClick(view.use_found_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: view.installed.rowCount() == 2 and view.found.rowCount() == 0, timeout=WAIT_MS)
    assert view.installed.item(row_of(view.installed, "smollm2-135m"), 4).text() == str(blob.resolve())
    assert view.banner.isHidden()


def test_the_catalogue_shows_what_each_model_is_good_for_whole(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    """Every column lies inside the table and "Good for" wraps, each row as tall as its text (issue 21)."""
    view = models(qtbot, window)
    qtbot.wait(50)
    table, good_for = view.catalogue, view.catalogue.columnCount() - 1
    header, shown = table.horizontalHeader(), table.viewport().width()
    assert header.sectionViewportPosition(good_for) + header.sectionSize(good_for) <= shown
    for column in range(good_for):
        assert header.sectionSize(column) >= table.sizeHintForColumn(column), column
    for row in range(table.rowCount()):
        cell = table.item(row, good_for)
        room = QRect(0, 0, header.sectionSize(good_for) - 8, 10_000)
        needed = table.fontMetrics().boundingRect(room, Qt.TextFlag.TextWordWrap, cell.text()).height()
        assert table.rowHeight(row) >= needed, cell.text()


def rows_in_sight(table) -> int:  # type: ignore[no-untyped-def]
    """How many of the table's rows show whole without scrolling."""
    height = table.viewport().height()
    return sum(table.rowViewportPosition(row) + table.rowHeight(row) <= height for row in range(table.rowCount()))


@pytest.mark.parametrize("width, height, rows", [(1200, 760, 6), (1600, 1000, 10)])
def test_the_catalogue_has_the_room_of_the_area(qtbot, window: MainWindow, width: int, height: int, rows: int) -> None:  # type: ignore[no-untyped-def]
    """Issue 46: at the first window size, 1200×760, the catalogue showed one model whole under
    three lists that are mostly empty; now six ("Good for" wraps each to two lines there), and
    all ten at 1600×1000. The short lists keep a row or two each, and the window does not grow."""
    window.resize(width, height)
    view = models(qtbot, window)
    qtbot.waitUntil(lambda: view.catalogue.rowCount() > 0, timeout=WAIT_MS)
    qtbot.wait(50)
    assert rows_in_sight(view.catalogue) >= min(rows, view.catalogue.rowCount())
    assert rows_in_sight(view.installed) >= 1 and window.size() == QSize(width, height)
