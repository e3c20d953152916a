"""The first screens a teacher reads say things in plain words: the Welcome window and the
Self-test area show no file format, compression, scheduler or role name from the researcher's
vocabulary (those stay in Models, Settings and docs/), and the Welcome table shows each column
whole, with the recommended model marked."""

import re
import xml.etree.ElementTree as ET
from pathlib import Path

from conftest import WAIT_MS
from PySide6.QtWidgets import QAbstractButton, QGroupBox, QLabel, QLineEdit, QTableWidget, QWidget

from sensemaking_desktop.gui import app
from sensemaking_desktop.gui.areas.selftest_view import SelfTestView
from sensemaking_desktop.gui.main_window import MainWindow
from sensemaking_desktop.gui.widgets.welcome import WelcomeDialog

JARGON = re.compile(
    r"GGUF|Q4_K_M|ONNX|FSRS|QTI|\bthe Student\b|\bStudent's\b|\bEvaluator\b|\bfloor\b|\bspread\b|\bdrafts?\b|API key",
    re.IGNORECASE,
)
"""The words issue 46 found on the first screens, which a teacher would need a glossary for."""
PLAIN_CONTEXTS = ("WelcomeDialog", "SelfTestView", "Recommendation")
"""The translation contexts of those screens' own code (its messages shown later included)."""
ROLE_NAMES = re.compile(r"\bBewerter|\bHodnotitel|Оцінювач|\bLehrer\b|\bUčitel\b|\bУчитель\b")
"""The glossary's names of the model roles in German, Czech and Ukrainian."""


def shown_texts(root: QWidget) -> list[str]:
    """Every text a widget under `root` shows or says: labels, buttons, titles, placeholders,
    tooltips, accessible names, table headers and cells."""
    texts = [root.windowTitle()]
    for widget in [root, *root.findChildren(QWidget)]:
        texts += [widget.toolTip(), widget.accessibleName()]
        if isinstance(widget, QLabel | QAbstractButton):
            texts.append(widget.text())
        if isinstance(widget, QLineEdit):
            texts += [widget.text(), widget.placeholderText()]
        if isinstance(widget, QGroupBox):
            texts.append(widget.title())
        if isinstance(widget, QTableWidget):
            for column in range(widget.columnCount()):
                header = widget.horizontalHeaderItem(column)
                texts.append(header.text() if header else "")
                texts += [widget.item(row, column).text() for row in range(widget.rowCount())]
    return [text for text in texts if text]


def jargon_in(texts: list[str]) -> list[str]:
    return [text for text in texts if JARGON.search(text)]


def loaded_welcome(qtbot, window: MainWindow) -> WelcomeDialog:  # type: ignore[no-untyped-def]
    window.context.models.refresh()
    qtbot.waitUntil(lambda: window.context.models.loaded, timeout=WAIT_MS)
    dialog = window.show_welcome()
    qtbot.waitExposed(dialog)
    return dialog


def test_the_jargon_check_finds_what_the_issue_found() -> None:
    found = jargon_in(["Use a &GGUF file…", "Qwen2.5 3B Instruct (Q4_K_M)", "API key, if the server needs one"])
    assert len(found) == 3
    assert jargon_in(["Use a model &file you already have…", "Grade: 80/100.", "Access key"]) == []


def test_the_welcome_window_reads_without_a_glossary(qtbot, window: MainWindow) -> None:
    dialog = loaded_welcome(qtbot, window)
    texts = shown_texts(dialog)
    assert dialog.catalogue.rowCount() > 0 and any("Gemma" in text or "Qwen" in text for text in texts)
    assert jargon_in(texts) == []
    dialog.reject()


def test_the_self_test_area_reads_without_a_glossary(qtbot, window: MainWindow) -> None:
    area = window.open_area_of(SelfTestView)
    texts = shown_texts(area)
    assert "Past attempts" in " ".join(texts)
    assert jargon_in(texts) == []


def test_those_screens_messages_name_no_role_or_format_in_any_language() -> None:
    """Messages shown later (a grade, progress) too, in the template and every translation."""
    folder = Path(app.__file__).parent / "translations"
    found = []
    for ts_file in sorted(folder.glob("*.ts")):
        for context in ET.parse(ts_file).getroot().iter("context"):
            if context.findtext("name") not in PLAIN_CONTEXTS:
                continue
            for message in context.iter("message"):
                source = message.findtext("source") or ""
                translation = "".join(message.find("translation").itertext())  # type: ignore[union-attr]
                texts = (source, translation)
                found += [f"{ts_file.name}: {text}" for text in texts if JARGON.search(text) or ROLE_NAMES.search(text)]
    assert found == []


def test_the_welcome_table_shows_each_column_whole_and_marks_the_recommendation(qtbot, window: MainWindow) -> None:
    dialog = loaded_welcome(qtbot, window)
    table = dialog.catalogue
    header = table.horizontalHeader()
    for column in range(table.columnCount()):
        needed = max(table.sizeHintForColumn(column), header.sectionSizeHint(column))
        assert table.columnWidth(column) >= needed, f"column {column} is cut off"
    assert table.viewport().width() >= header.length(), "every column fits in the table's width"
    recommendation = window.context.models.snapshot.first_run.recommendation
    marked = [row for row in range(table.rowCount()) if table.item(row, 0).font().bold()]
    assert marked == [0] and "(recommended)" in table.item(0, 0).text()
    assert recommendation.entry.title.split(" (")[0] in dialog.recommended.text()
    dialog.reject()
