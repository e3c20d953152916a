"""The interface is ready for translation: the template holds every string the GUI shows, and a
compiled translation changes what the window says."""

import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QTranslator

from sensemaking_desktop.gui import app
from sensemaking_desktop.gui.areas.grading_view import GradingView
from sensemaking_desktop.interchange import formats

GUI = Path(app.__file__).resolve().parent
TEMPLATE = GUI / "translations" / "sensemaking.ts"
TOOLS = Path(sys.executable).parent


def messages(ts_file: Path) -> set[tuple[str, str]]:
    root = ET.parse(ts_file).getroot()
    return {
        (context.findtext("name") or "", message.findtext("source") or "")
        for context in root.iter("context")
        for message in context.iter("message")
    }


def lupdate(target: Path) -> None:
    sources = sorted(str(path) for path in GUI.rglob("*.py")) + [formats.__file__]
    tool = shutil.which("pyside6-lupdate", path=str(TOOLS)) or "pyside6-lupdate"
    subprocess.run([tool, "-locations", "none", *sources, "-ts", str(target)], check=True, capture_output=True)


def test_the_template_holds_every_string_of_the_gui(tmp_path: Path) -> None:
    fresh = tmp_path / "fresh.ts"
    lupdate(fresh)
    missing = messages(fresh) - messages(TEMPLATE)
    assert not missing, f"run pyside6-lupdate (see README, Translating); missing: {sorted(missing)[:5]}"
    assert ("Area", "Grading") in messages(TEMPLATE) and len(messages(TEMPLATE)) > 200


def test_a_compiled_translation_renames_an_area(qtbot, tmp_path: Path, window) -> None:  # type: ignore[no-untyped-def]
    german = tmp_path / "sensemaking_de.ts"
    german.write_text(
        TEMPLATE.read_text(encoding="utf-8").replace(
            '<source>Grading</source>\n        <translation type="unfinished"></translation>',
            "<source>Grading</source>\n        <translation>Bewertung</translation>",
        ),
        encoding="utf-8",
    )
    tool = shutil.which("pyside6-lrelease", path=str(TOOLS)) or "pyside6-lrelease"
    subprocess.run([tool, str(german), "-qm", str(tmp_path / "sensemaking_de.qm")], check=True, capture_output=True)
    translator = QTranslator()
    assert translator.load(str(tmp_path / "sensemaking_de.qm"))
    QCoreApplication.installTranslator(translator)
    try:
        assert GradingView(window.context).title() == "Bewertung"
    finally:
        QCoreApplication.removeTranslator(translator)
    assert GradingView(window.context).title() == "Grading"
