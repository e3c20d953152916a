"""The first screens a teacher reads say things in plain words: the Welcome window and the
Library, Quizzes, Self-test and Grading areas show no file format, compression, scheduler or role
name from the researcher's vocabulary (those stay in Models, Settings and docs/), and the Welcome
table shows each column whole, with the recommended model marked."""

import re
import xml.etree.ElementTree as ET
from pathlib import Path

from conftest import WAIT_MS
from graded_quiz import water_quiz
from PySide6.QtWidgets import (
    QAbstractButton,
    QComboBox,
    QGroupBox,
    QLabel,
    QLineEdit,
    QListWidget,
    QTableWidget,
    QTabWidget,
    QTreeWidget,
    QWidget,
)

from sensemaking_desktop.gui import app
from sensemaking_desktop.gui.areas.grading_view import GradingView
from sensemaking_desktop.gui.areas.library_view import LibraryView
from sensemaking_desktop.gui.areas.quiz_view import QuizView
from sensemaking_desktop.gui.areas.selftest_view import SelfTestView
from sensemaking_desktop.gui.main_window import MainWindow
from sensemaking_desktop.gui.widgets.welcome import WelcomeDialog
from sensemaking_desktop.interchange.class_answers import import_answers
from sensemaking_desktop.store import Store

JARGON = re.compile(
    r"GGUF|Q4_K_M|ONNX|FSRS|QTI|\bthe Student\b|\bStudent's\b|\bEvaluator\b|\bfloor\b|\bspread\b|\bdrafts?\b|API key",
    re.IGNORECASE,
)
"""The words issue 46 found on the first screens, which a teacher would need a glossary for."""
PLAIN_CONTEXTS = (
    "WelcomeDialog",
    "Recommendation",
    "SelfTestView",
    "LibraryView",
    "QuizView",
    "QuizOptionsForm",
    "QuestionEditor",
    "GradingView",
    "ClassWorkspacePanel",
    "ReviewPanel",
    "AgreementPanel",
)
"""The translation contexts of those screens' own code (its messages shown later included)."""
GLOSSARY_WORDS = re.compile(
    r"\bBewerter|\bHodnotitel|Оцінювач|\bLehrer\b|\bUčitel\b|\bУчитель\b"
    r"|Entwurf|\b[Kk]oncept|[Чч]ернетк|Streuung|Rozptyl|Розкид"
)
"""The glossary's names of the model roles, of a draft question and of a group's spread in German,
Czech and Ukrainian."""


def shown_texts(root: QWidget) -> list[str]:
    """Every text a widget under `root` shows or says, on a hidden tab too: labels, buttons, tabs,
    titles, placeholders, choices of a drop-down, tooltips, accessible names, the rows of lists,
    trees and tables and their headers."""
    texts = [root.windowTitle()]
    for widget in [root, *root.findChildren(QWidget)]:
        texts += [widget.toolTip(), widget.accessibleName()]
        if isinstance(widget, QLabel | QAbstractButton):
            texts.append(widget.text())
        if isinstance(widget, QLineEdit):
            texts += [widget.text(), widget.placeholderText()]
        if isinstance(widget, QGroupBox):
            texts.append(widget.title())
        if isinstance(widget, QComboBox):
            texts += [widget.itemText(index) for index in range(widget.count())]
        if isinstance(widget, QTabWidget):
            for index in range(widget.count()):
                texts += [widget.tabText(index), widget.tabToolTip(index)]
        if isinstance(widget, QListWidget):
            for row in range(widget.count()):
                texts += [widget.item(row).text(), widget.item(row).toolTip()]
        if isinstance(widget, QTreeWidget):
            header = widget.headerItem()
            texts += [header.text(column) for column in range(widget.columnCount())]
            items = [widget.topLevelItem(index) for index in range(widget.topLevelItemCount())]
            items += [item.child(index) for item in list(items) for index in range(item.childCount())]
            texts += [item.text(column) for item in items for column in range(widget.columnCount())]
        if isinstance(widget, QTableWidget):
            headers = [widget.horizontalHeaderItem(column) for column in range(widget.columnCount())]
            cells = [
                widget.item(row, column) for row in range(widget.rowCount()) for column in range(widget.columnCount())
            ]
            texts += [text for item in [*headers, *cells] if item for text in (item.text(), item.toolTip())]
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


def test_the_library_reads_without_a_glossary(window: MainWindow, store: Store, data_dir: Path, tmp_path: Path) -> None:
    water_quiz(store, data_dir, tmp_path)
    area = window.open_area_of(LibraryView)
    assert isinstance(area, LibraryView)
    area.reload()
    area.tree.setCurrentItem(area.tree.topLevelItem(0).child(0))
    texts = shown_texts(area)
    assert "Material / section" in texts and "Part 1" in texts
    assert jargon_in(texts) == []


def test_the_quizzes_area_reads_without_a_glossary(
    window: MainWindow, store: Store, data_dir: Path, tmp_path: Path
) -> None:
    """A quiz the app wrote, its questions not approved yet, one of them open in the editor."""
    quiz_id = water_quiz(store, data_dir, tmp_path)
    area = window.open_area_of(QuizView)
    assert isinstance(area, QuizView)
    area.select_quiz(quiz_id)
    area.questions.setCurrentRow(0)
    texts = shown_texts(area)
    assert "1. [not approved yet] Multiple choice (key: Evaporation): What turns liquid water into vapour?" in texts
    assert area.editor.status.currentText() == "Not approved yet"
    assert jargon_in(texts) == []


def test_the_grading_area_reads_without_a_glossary(
    qtbot, window: MainWindow, store: Store, data_dir: Path, tmp_path: Path
) -> None:
    """A class's answer waiting for a grade: the bar says how to grade it, both tabs are walked."""
    quiz_id = water_quiz(store, data_dir, tmp_path)
    answers = tmp_path / "class.csv"
    answers.write_text("student,question,answer\nana,3,Condensation of the vapour.\n", encoding="utf-8")
    import_answers(store, quiz_id, answers)
    area = window.open_area_of(GradingView)
    assert isinstance(area, GradingView)
    area.quiz_choice.select(quiz_id)
    qtbot.waitUntil(lambda: "wait for a grade" in area.next_step.label.text(), timeout=WAIT_MS)
    texts = shown_texts(area)
    assert [area.tabs.tabText(index) for index in range(area.tabs.count())] == ["Grade in groups", "Let the app grade"]
    assert "Answers differ by" in texts
    assert area.next_step.label.text() == (
        "1 answer(s) wait for a grade: open the class below and grade them in groups, "
        "or let the app grade them all under Let the app grade."
    )
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
                found += [
                    f"{ts_file.name}: {text}" for text in texts if JARGON.search(text) or GLOSSARY_WORDS.search(text)
                ]
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


def test_the_readme_names_the_grading_tabs_as_the_window_does(window: MainWindow) -> None:
    area = window.open_area_of(GradingView)
    assert isinstance(area, GradingView)
    readme = (Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8")
    grading = readme[readme.index("### Grading") : readme.index("### Models and Settings")]
    for index in range(area.tabs.count()):
        assert f"**{area.tabs.tabText(index)}**" in grading
