"""The Library area shows the language of the chosen material or section and lets the user change
it with a combo box; the store keeps what was chosen."""

from pathlib import Path

from conftest import WAIT_MS
from materials import notes
from PySide6.QtCore import QSettings
from test_library import import_and_wait, library, select_section

from sensemaking_desktop.gui.main_window import MainWindow
from sensemaking_desktop.store import Store
from sensemaking_desktop.store.materials import get_material, list_materials, sections_of


def choose(view, code: str) -> None:  # type: ignore[no-untyped-def]
    index = view.language.findData(code)
    assert index >= 0, code
    view.language.setCurrentIndex(index)
    view.language.activated.emit(index)


def test_the_language_of_a_material_and_of_a_section_is_shown_and_changed(
    qtbot, window: MainWindow, store: Store, tmp_path: Path, preferences: QSettings
) -> None:
    preferences.setValue("import/token_budget", 200)
    view = library(window)
    import_and_wait(qtbot, view, notes(tmp_path / "water.md", headings=2))
    (material,) = list_materials(store)
    view.tree.setCurrentItem(view.tree.topLevelItem(0))
    assert view.language.isEnabled() and view.language.currentData() == "en"
    assert view.language.currentText() == "English (en)"
    assert view.language.itemText(view.language.findData("cs")) == "Čeština (cs)"

    choose(view, "de")
    qtbot.waitUntil(lambda: get_material(store, material.id).language == "de", timeout=WAIT_MS)
    assert [section.language for section in sections_of(store, material.id)] == ["de", "de"]

    qtbot.waitUntil(lambda: view.materials[material.id].language == "de", timeout=WAIT_MS)  # reloaded
    select_section(view, 1)
    assert view.language.currentData() == "de"
    choose(view, "cs")
    qtbot.waitUntil(lambda: sections_of(store, material.id)[1].language == "cs", timeout=WAIT_MS)
    assert sections_of(store, material.id)[0].language == "de" and get_material(store, material.id).language == "de"
    second = sections_of(store, material.id)[1]
    qtbot.waitUntil(lambda: view.sections[second.id].language == "cs", timeout=WAIT_MS)
    assert view.language.currentData() == "cs"


def test_nothing_chosen_shows_no_language_to_change(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    view = library(window)
    assert not view.language.isEnabled() and view.language.currentText() == "not known"
