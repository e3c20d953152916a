"""The Library area: import by dialog and by drop, sections with pages, merge, split, delete,
and bad files that end in a one-line message."""

from pathlib import Path

import pytest
from conftest import WAIT_MS, error_boxes
from materials import lecture_pdf, notes
from PySide6.QtCore import QMimeData, QPointF, QSettings, Qt, QUrl
from PySide6.QtGui import QDropEvent
from PySide6.QtWidgets import QFileDialog

from sensemaking_desktop.gui.areas.library_view import LibraryView
from sensemaking_desktop.gui.main_window import MainWindow
from sensemaking_desktop.store import Store
from sensemaking_desktop.store.materials import list_materials, sections_of


def library(window: MainWindow) -> LibraryView:
    view = window.open_area_of(LibraryView)
    assert isinstance(view, LibraryView)
    return view


def import_and_wait(qtbot, view: LibraryView, *paths: Path) -> None:  # type: ignore[no-untyped-def]
    view.import_files(list(paths))
    assert view.import_job is not None and view.progress.isVisible()
    qtbot.waitUntil(lambda: view.import_job is None, timeout=WAIT_MS)


def select_section(view: LibraryView, position: int) -> None:
    material = view.tree.topLevelItem(0)
    view.tree.setCurrentItem(material.child(position))


def test_a_pdf_chosen_in_the_dialog_shows_its_sections_with_pages(
    qtbot, window: MainWindow, store: Store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, preferences: QSettings
) -> None:
    """The section size chosen in Settings reaches the core: 600 tokens cut these pages in two."""
    preferences.setValue("import/token_budget", 600)
    pdf = lecture_pdf(tmp_path / "Lecture 3.pdf")
    monkeypatch.setattr(QFileDialog, "getOpenFileNames", lambda *args, **kwargs: ([str(pdf)], ""))
    view = library(window)
    qtbot.mouseClick(view.import_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: view.import_job is None, timeout=WAIT_MS)
    (material,) = list_materials(store)
    sections = sections_of(store, material.id)
    assert view.tree.topLevelItemCount() == 1 and view.tree.topLevelItem(0).childCount() == len(sections) == 2
    select_section(view, 1)
    assert view.text.toPlainText() == sections[1].text
    assert f"p. {sections[1].start_page}" in view.heading.text()
    assert "imported with 2 section(s)" in view.status.text()
    assert not error_boxes()


def test_files_dropped_on_the_window_are_imported(qtbot, window: MainWindow, store: Store, tmp_path: Path) -> None:
    data = QMimeData()
    data.setUrls([QUrl.fromLocalFile(str(notes(tmp_path / "water.md")))])
    drop = QDropEvent(
        QPointF(10, 10), Qt.DropAction.CopyAction, data, Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier
    )
    window.dropEvent(drop)
    view = window.stack.currentWidget()
    assert isinstance(view, LibraryView)
    qtbot.waitUntil(lambda: view.import_job is None, timeout=WAIT_MS)
    assert [material.title for material in list_materials(store)] == ["Part 1"]


def test_bad_files_give_one_line_each_and_nothing_is_stored(
    qtbot, window: MainWindow, store: Store, tmp_path: Path
) -> None:
    strange = tmp_path / "notes.xyz"
    strange.write_text("hello")
    empty = tmp_path / "empty.txt"
    empty.write_text("")
    import_and_wait(qtbot, library(window), strange, empty)
    (box,) = error_boxes()
    lines = box.text().splitlines()
    assert len(lines) == 2 and "notes.xyz" in lines[0] and "cannot be imported" in lines[0]
    assert "empty.txt is empty" in lines[1]
    assert "Traceback" not in box.text() and box.detailedText() == ""
    assert list_materials(store) == []


def test_merge_and_split_sections(
    qtbot, window: MainWindow, store: Store, tmp_path: Path, preferences: QSettings
) -> None:
    preferences.setValue("import/token_budget", 200)
    view = library(window)
    import_and_wait(qtbot, view, notes(tmp_path / "three.md", headings=3))
    (material,) = list_materials(store)
    first, second, third = sections_of(store, material.id)
    select_section(view, 0)
    qtbot.mouseClick(view.merge_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: len(sections_of(store, material.id)) == 2, timeout=WAIT_MS)
    merged = sections_of(store, material.id)[0]
    assert merged.id == first.id and second.text.split()[-1] in merged.text
    qtbot.waitUntil(lambda: view.text.toPlainText() == merged.text, timeout=WAIT_MS)
    cursor = view.text.textCursor()
    cursor.setPosition(len(first.text) + 1)
    view.text.setTextCursor(cursor)
    qtbot.mouseClick(view.split_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: len(sections_of(store, material.id)) == 3, timeout=WAIT_MS)
    qtbot.waitUntil(lambda: view.tree.topLevelItem(0).childCount() == 3, timeout=WAIT_MS)
    assert sections_of(store, material.id)[2].text == third.text


def test_deleting_a_material_asks_first(
    qtbot, window: MainWindow, store: Store, tmp_path: Path, answer_yes: list[str]
) -> None:
    view = library(window)
    import_and_wait(qtbot, view, notes(tmp_path / "water.md"))
    view.tree.setCurrentItem(view.tree.topLevelItem(0))
    qtbot.mouseClick(view.delete_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: list_materials(store) == [], timeout=WAIT_MS)
    assert "Part 1" in answer_yes[0]
    qtbot.waitUntil(lambda: view.tree.topLevelItemCount() == 0, timeout=WAIT_MS)


def test_every_column_of_the_tree_shows_whole(qtbot, window: MainWindow, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """A long title takes the spare width and is cut, whole in its tooltip; kind, place and words
    always show (issue 18)."""
    title = "The water cycle and what it means for farms, rivers, lakes and the cities along them"
    long_notes = tmp_path / "long title.md"
    long_notes.write_text(f"# {title}\n\n{notes(tmp_path / 'water.md').read_text()}", encoding="utf-8")
    view = library(window)
    import_and_wait(qtbot, view, long_notes, lecture_pdf(tmp_path / "Lecture 3.pdf"))
    qtbot.wait(50)
    header, shown = view.tree.header(), view.tree.viewport().width()
    for column in (1, 2):
        assert header.sectionSize(column) >= view.tree.sizeHintForColumn(column), column
        assert header.sectionViewportPosition(column) + header.sectionSize(column) <= shown, column
    assert header.sectionSize(0) >= 200, "the name has most of the width"
    titles = [view.tree.topLevelItem(row) for row in range(view.tree.topLevelItemCount())]
    assert any(item.toolTip(0) == item.text(0) and title in item.text(0) for item in titles)
