"""The Settings area: engine settings go to the library through the core's Settings, import
choices and the data folder to the window's preferences (the folder from the next start)."""

from pathlib import Path

import pytest
from conftest import WAIT_MS
from PySide6.QtCore import QCoreApplication, QLocale, QSettings, Qt
from PySide6.QtWidgets import QApplication, QFileDialog

from sensemaking_desktop import paths
from sensemaking_desktop.gui import import_preferences
from sensemaking_desktop.gui.app import LANGUAGE_KEY, choose_data_dir, install_translations, interface_locale
from sensemaking_desktop.gui.areas.settings_view import SettingsView
from sensemaking_desktop.gui.main_window import MainWindow
from sensemaking_desktop.store import Store


def settings_area(qtbot, window: MainWindow) -> SettingsView:  # type: ignore[no-untyped-def]
    view = window.open_area_of(SettingsView)
    assert isinstance(view, SettingsView)
    qtbot.waitUntil(lambda: view.asr_loaded, timeout=WAIT_MS)
    return view


def test_saved_settings_reach_the_library_and_the_import_options(
    qtbot, window: MainWindow, store: Store, preferences: QSettings
) -> None:
    view = settings_area(qtbot, window)
    assert view.asr_backend.findData("faster-whisper") >= 0 and view.asr_model.findData("tiny.en") >= 0
    view.threads.setValue(2)
    view.context_cap.setValue(2048)
    view.gpu_layers.setValue(0)
    view.hub.setText("http://mirror.example")
    view.asr_model.setCurrentIndex(view.asr_model.findData("tiny.en"))
    view.language.setText("de")
    view.section_tokens.setValue(800)
    qtbot.mouseClick(view.save_button, Qt.MouseButton.LeftButton)
    saved = store.load_settings()
    assert (saved.threads, saved.context_cap, saved.gpu_layers, saved.hf_endpoint) == (
        2,
        2048,
        0,
        "http://mirror.example",
    )
    options = import_preferences.ingest_options(preferences)
    assert options == {"asr_backend": "faster-whisper", "asr_model": "tiny.en", "language": "de", "token_budget": 800}
    assert view.status.text().startswith("Saved")


def test_a_new_data_folder_is_used_from_the_next_start(
    qtbot, window: MainWindow, preferences: QSettings, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    other = tmp_path / "elsewhere"
    monkeypatch.setattr(QFileDialog, "getExistingDirectory", lambda *args, **kwargs: str(other))
    monkeypatch.delenv(paths.DATA_DIR_ENV)
    view = settings_area(qtbot, window)
    qtbot.mouseClick(view.choose_folder, Qt.MouseButton.LeftButton)
    assert view.folder_now.text() == str(window.context.data_dir)
    assert str(other) in view.folder_next.text() and "next start" in view.folder_next.text()
    assert choose_data_dir(None, preferences) == other.resolve()
    assert choose_data_dir(tmp_path / "given", preferences) == (tmp_path / "given").resolve()
    qtbot.mouseClick(view.default_folder, Qt.MouseButton.LeftButton)
    assert choose_data_dir(None, preferences) == paths.data_dir(None)


def test_the_interface_language_chosen_is_the_one_of_the_next_start(
    qtbot, window: MainWindow, preferences: QSettings
) -> None:
    view = settings_area(qtbot, window)
    choices = [view.interface_language.itemData(row) for row in range(view.interface_language.count())]
    assert choices == ["", "en", "cs", "de", "uk"]
    names = [view.interface_language.itemText(row) for row in range(view.interface_language.count())]
    assert "Українська" in names, "each language named in its own language"
    assert view.interface_language.currentData() == "" and interface_locale(preferences) == QLocale.system()
    view.interface_language.setCurrentIndex(view.interface_language.findText("Čeština"))
    qtbot.mouseClick(view.save_button, Qt.MouseButton.LeftButton)
    assert preferences.value(LANGUAGE_KEY) == "cs"
    chosen = interface_locale(preferences)
    assert chosen.language() == QLocale.Language.Czech
    installed = install_translations(QApplication.instance(), chosen)  # type: ignore[arg-type]
    try:
        assert QCoreApplication.translate("MainWindow", "&Help") == "&Nápověda"
    finally:
        for translator in installed:
            QCoreApplication.removeTranslator(translator)
    view.interface_language.setCurrentIndex(0)
    view.opened()
    assert view.interface_language.currentData() == "cs", "the stored choice is shown again"
    view.interface_language.setCurrentIndex(view.interface_language.findData(""))
    qtbot.mouseClick(view.save_button, Qt.MouseButton.LeftButton)
    assert interface_locale(preferences) == QLocale.system()
