"""The interface is translated: the template holds every string the GUI shows, each shipped
language translates every one of them (placeholders, markup and accelerators kept), its compiled
.qm matches its .ts, and the window speaks the language once its translator is installed."""

import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path
from typing import NamedTuple

import pytest
from conftest import WAIT_MS
from graded_quiz import water_quiz
from PySide6.QtCore import QCoreApplication, QLocale, QTranslator
from PySide6.QtWidgets import QAbstractButton, QApplication, QGroupBox, QLabel

from sensemaking_desktop.gui import app
from sensemaking_desktop.gui.areas.library_view import LibraryView
from sensemaking_desktop.gui.areas.quiz_view import QuizView
from sensemaking_desktop.gui.main_window import AREAS, MainWindow
from sensemaking_desktop.interchange import formats
from sensemaking_desktop.quizzes.model import Quiz
from sensemaking_desktop.store import Store
from sensemaking_desktop.store.materials import sections_of
from sensemaking_desktop.store.quizzes import add_quiz, get_quiz

GUI = Path(app.__file__).resolve().parent
TEMPLATE = GUI / "translations" / "sensemaking.ts"
TOOLS = Path(sys.executable).parent
PLURAL_FORMS = {"de": 2, "cs": 3, "uk": 3}
"""The shipped languages and their plural forms in Qt's rules: German one/other, Czech
one/few (2-4)/other, Ukrainian one (1, 21, …)/few (2-4, 22-24, …)/many (0, 5-20, 25-30, …)."""
HOW_TO_FIX = (
    "after changing the GUI's strings, run pyside6-lupdate for the template and for each "
    "sensemaking_<language>.ts, translate the new strings, and compile with pyside6-lrelease "
    "(sensemaking_desktop/gui/translations/README.md)"
)
TOKEN = re.compile(r"%(?:\d+|n)|\{[^{}]*\}|</?\w+>")
"""Placeholders (%1, %n, {name}) the code fills in, and markup Qt renders."""
ACCELERATOR = re.compile(r"(?<!&)&([^&\s])")


class Message(NamedTuple):
    kind: str | None
    """The translation's type: None when finished, else unfinished, vanished or obsolete."""
    plural: bool
    forms: list[str]


def translation_file(language: str) -> Path:
    return TEMPLATE.with_name(f"sensemaking_{language}.ts")


def read_ts(ts_file: Path) -> dict[tuple[str, str], Message]:
    """(context, source) -> the message's translation."""
    found = {}
    for context in ET.parse(ts_file).getroot().iter("context"):
        for message in context.iter("message"):
            translation = message.find("translation")
            assert translation is not None
            plural = message.get("numerus") == "yes"
            forms = (
                [form.text or "" for form in translation.iter("numerusform")] if plural else [translation.text or ""]
            )
            key = (context.findtext("name") or "", message.findtext("source") or "")
            found[key] = Message(translation.get("type"), plural, forms)
    return found


def messages(ts_file: Path) -> set[tuple[str, str]]:
    return set(read_ts(ts_file))


def untranslated(template: Path, translated: Path, plural_forms: int) -> list[tuple[str, str]]:
    """The template's strings that `translated` lacks, leaves unfinished, or leaves empty."""
    done = read_ts(translated)
    missing = []
    for key, source in read_ts(template).items():
        message = done.get(key)
        if (
            message is None
            or message.kind is not None
            or len(message.forms) != (plural_forms if source.plural else 1)
            or not all(form.strip() for form in message.forms)
        ):
            missing.append(key)
    return missing


def lupdate(target: Path) -> None:
    sources = sorted(str(path) for path in GUI.rglob("*.py")) + [formats.__file__]
    tool = shutil.which("pyside6-lupdate", path=str(TOOLS)) or "pyside6-lupdate"
    subprocess.run([tool, "-locations", "none", *sources, "-ts", str(target)], check=True, capture_output=True)


def lrelease(source: Path, target: Path) -> None:
    tool = shutil.which("pyside6-lrelease", path=str(TOOLS)) or "pyside6-lrelease"
    subprocess.run([tool, str(source), "-qm", str(target)], check=True, capture_output=True)


def test_the_template_holds_every_string_of_the_gui(tmp_path: Path) -> None:
    fresh = tmp_path / "fresh.ts"
    lupdate(fresh)
    missing = messages(fresh) - messages(TEMPLATE)
    assert not missing, f"{HOW_TO_FIX}; missing from the template: {sorted(missing)[:5]}"
    assert ("Area", "Grading") in messages(TEMPLATE) and len(messages(TEMPLATE)) > 200


@pytest.mark.parametrize("language", PLURAL_FORMS)
def test_every_string_of_the_template_is_translated(language: str) -> None:
    missing = untranslated(TEMPLATE, translation_file(language), PLURAL_FORMS[language])
    assert not missing, f"{len(missing)} string(s) not translated to {language!r}, e.g. {missing[:3]}: {HOW_TO_FIX}"


def test_an_untranslated_file_is_reported_string_by_string(tmp_path: Path) -> None:
    """The check above is no formality: a fresh file with nothing translated fails it in full,
    and one translated string leaves the rest reported."""
    fresh = tmp_path / "sensemaking_de.ts"
    lupdate(fresh)
    assert len(untranslated(TEMPLATE, fresh, 2)) == len(messages(TEMPLATE))
    german = translation_file("de").read_text(encoding="utf-8")
    lacking = german.replace("<translation>Bewertung</translation>", '<translation type="unfinished"></translation>')
    fresh.write_text(lacking, encoding="utf-8")
    assert ("Area", "Grading") in untranslated(TEMPLATE, fresh, 2)
    assert ("Area", "Library") not in untranslated(TEMPLATE, fresh, 2)


@pytest.mark.parametrize("language", PLURAL_FORMS)
def test_translations_keep_placeholders_markup_and_one_accelerator(language: str) -> None:
    wrong = []
    for key, message in read_ts(translation_file(language)).items():
        source = key[1]
        for form in message.forms:
            if Counter(TOKEN.findall(form)) != Counter(TOKEN.findall(source)):
                wrong.append(("placeholders or markup", key, form))
            if len(ACCELERATOR.findall(form)) != len(ACCELERATOR.findall(source)):
                wrong.append(("accelerator", key, form))
            for ending in (":", "…"):
                if source.endswith(ending) and not form.endswith(ending):
                    wrong.append((f"ending {ending}", key, form))
    assert not wrong, wrong[:5]


@pytest.mark.parametrize("language", PLURAL_FORMS)
def test_accelerators_do_not_clash_within_a_window(language: str) -> None:
    """Each context is one window, panel or form: two of its controls on one Alt key would make
    the key reach only the first."""
    letters: dict[str, Counter[str]] = {}
    for (context, _source), message in read_ts(translation_file(language)).items():
        for letter in ACCELERATOR.findall(message.forms[0]):
            letters.setdefault(context, Counter())[letter.lower()] += 1
    clashes = {context: [k for k, n in used.items() if n > 1] for context, used in letters.items()}
    assert not {context: keys for context, keys in clashes.items() if keys}


@pytest.mark.parametrize("language", PLURAL_FORMS)
def test_the_compiled_translation_is_that_of_its_ts_file(tmp_path: Path, language: str) -> None:
    shipped = translation_file(language).with_suffix(".qm")
    compiled = tmp_path / shipped.name
    lrelease(translation_file(language), compiled)
    assert shipped.exists() and shipped.read_bytes() == compiled.read_bytes(), f"{shipped.name} is stale: {HOW_TO_FIX}"


@pytest.mark.parametrize("language", PLURAL_FORMS)
def test_the_compiled_translation_answers_every_string(qapp, language: str) -> None:  # type: ignore[no-untyped-def]
    """What Qt looks up is what the .ts says, plural forms chosen by the language's own rule."""
    translator = QTranslator()
    assert translator.load(str(translation_file(language).with_suffix(".qm")))
    counts = {"de": (1, 5), "cs": (1, 3, 5), "uk": (21, 3, 11)}[language]
    for (context, source), message in read_ts(translation_file(language)).items():
        if message.plural:
            found = [translator.translate(context, source, None, n) for n in counts]
        else:
            found = [translator.translate(context, source)]
        assert found == message.forms, (context, source)
    none = translator.translate("LibraryView", "%n word(s)", None, 0)
    assert none == {"de": "%n Wörter", "cs": "%n slov", "uk": "%n слів"}[language], "no words take the 'other' form"


EXPECTED = {
    "de": ("&Hilfe", ["Bibliothek", "Quizze", "Selbsttest", "Lernen", "Bewertung", "Modelle", "Einstellungen"]),
    "cs": ("&Nápověda", ["Knihovna", "Kvízy", "Sebetestování", "Učení", "Hodnocení", "Modely", "Nastavení"]),
    "uk": ("&Довідка", ["Бібліотека", "Тести", "Самоперевірка", "Навчання", "Оцінювання", "Моделі", "Налаштування"]),
}
ENGLISH = ("&Help", ["Library", "Quizzes", "Self-test", "Study", "Grading", "Models", "Settings"])


def shown_texts(window: MainWindow) -> tuple[str, list[str]]:
    """The Help menu's title and the navigation's first seven area names."""
    names = [window.navigation.item(row).text() for row in range(window.navigation.count())]
    return window.menuBar().actions()[0].text(), names[:7]


def accelerator_clashes(window: MainWindow) -> dict[str, list[str]]:
    """Each area's Alt keys that more than one visible control (or the menu bar) answers to."""
    clashes = {}
    assert window.isVisible(), "only shown controls take Alt keys"
    for index, area in enumerate(window.areas):
        window.open_area(index)
        QApplication.processEvents()
        texts = [action.text() for action in window.menuBar().actions()]
        texts += [button.text() for button in area.findChildren(QAbstractButton) if button.isVisible()]
        texts += [label.text() for label in area.findChildren(QLabel) if label.isVisible()]
        texts += [box.title() for box in area.findChildren(QGroupBox) if box.isVisible()]
        keys = {text: ACCELERATOR.findall(text)[0].lower() for text in texts if ACCELERATOR.search(text)}
        used = Counter(keys.values())
        if any(count > 1 for count in used.values()):
            clashes[type(area).__name__] = [text for text, key in keys.items() if used[key] > 1]
    return clashes


def new_window_texts(qtbot, window: MainWindow, clashes: bool = False) -> tuple:  # type: ignore[no-untyped-def,type-arg]
    """What a window built now, over the same library, shows: its texts are made as it is built;
    with `clashes`, also the Alt keys its areas use twice (visiting every area takes a while)."""
    fresh = MainWindow(window.context)
    qtbot.addWidget(fresh)
    fresh.show()
    qtbot.waitExposed(fresh)
    fresh.build_areas()
    assert len(fresh.areas) == len(AREAS)
    qtbot.waitUntil(lambda: not window.context.workers.busy, timeout=WAIT_MS)
    texts = (*shown_texts(fresh), fresh.navigation.item(0).toolTip(), accelerator_clashes(fresh) if clashes else {})
    fresh.close()
    return texts


@pytest.mark.parametrize("language", EXPECTED)
def test_the_window_speaks_an_installed_language(qtbot, window: MainWindow, language: str) -> None:  # type: ignore[no-untyped-def]
    """The shipped translation loads from the package's folder the way the app loads it at start;
    without it the same window is English. No two controls of an area share an Alt key, in
    English or in the translation."""
    *english, english_clashes = new_window_texts(qtbot, window, clashes=True)
    assert tuple(english) == (*ENGLISH, "Library (Ctrl+1)")
    assert not english_clashes, f"English controls of one area on one Alt key: {english_clashes}"
    installed = app.install_translations(QApplication.instance(), QLocale(language))  # type: ignore[arg-type]
    try:
        assert len(installed) == 2, "Qt's own translation and ours"
        menu, names, tip, clashes = new_window_texts(qtbot, window, clashes=True)
    finally:
        for translator in installed:
            QCoreApplication.removeTranslator(translator)
    assert (menu, names) == EXPECTED[language]
    assert tip == {"de": "Bibliothek (Strg+1)", "cs": "Knihovna (Ctrl+1)", "uk": "Бібліотека (Ctrl+1)"}[language]
    assert not clashes, f"controls of one area on one Alt key: {clashes}"
    assert new_window_texts(qtbot, window)[:2] == ENGLISH


@pytest.mark.parametrize("locale", ["en", "en_US", "en_GB", "fr_FR"])
def test_english_and_an_untranslated_language_load_the_english_plurals(qapp, locale: str) -> None:  # type: ignore[no-untyped-def]
    """English is the source, but its plurals come from sensemaking.qm ("1 word", "3 words", not
    "3 word(s)"): choosing English on a German, Czech or Ukrainian system, or running in a language
    the app has no translation for, loads that file and none of the translations."""
    installed = app.install_translations(qapp, QLocale(locale))
    try:
        assert TEMPLATE.with_suffix(".qm").samefile(installed[-1].filePath())
        assert QCoreApplication.translate("Area", "Library") == "Library"
        words = [QCoreApplication.translate("LibraryView", "%n word(s)", None, n) for n in (1, 3)]
        assert words == ["1 word", "3 words"]
    finally:
        for translator in installed:
            QCoreApplication.removeTranslator(translator)
    assert app.shipped_languages() == ["en", "cs", "de", "uk"]
    names = [app.language_name(code) for code in app.shipped_languages()]
    assert names == ["English", "Čeština", "Deutsch", "Українська"]


def test_the_template_gives_every_plural_its_english_forms(tmp_path: Path) -> None:
    """Every %n string has its English singular and plural, with no "(s)" left, and the compiled
    English file is the template's."""
    plurals = {key: message for key, message in read_ts(TEMPLATE).items() if message.plural}
    assert len(plurals) > 30
    lacking = [key for key, message in plurals.items() if message.kind is not None or len(message.forms) != 2]
    assert not lacking, f"{HOW_TO_FIX}; English plural forms missing: {lacking[:3]}"
    assert not [form for message in plurals.values() for form in message.forms if "(s)" in form]
    compiled = tmp_path / "sensemaking.qm"
    lrelease(TEMPLATE, compiled)
    assert compiled.read_bytes() == TEMPLATE.with_suffix(".qm").read_bytes(), f"sensemaking.qm is stale: {HOW_TO_FIX}"


def test_the_window_counts_in_words_of_its_language(  # type: ignore[no-untyped-def]
    qtbot, window: MainWindow, store: Store, data_dir: Path, tmp_path: Path
) -> None:
    """Issue 46: the English window said "224 word(s)" and "quiz (#4, 3 question(s))"; it says
    "224 words" and "3 questions", "1 question" for one, and German says "3 Fragen"."""
    water = water_quiz(store, data_dir, tmp_path)
    questions = get_quiz(store, water).questions
    with store.atomic() as db:
        three = add_quiz(db, Quiz(title="Three", questions=questions[:3]))
        one = add_quiz(db, Quiz(title="One", questions=questions[:1]))
    (section,) = sections_of(store, get_quiz(store, water).material_id)
    words = len(section.text.split())
    installed = app.install_translations(QApplication.instance(), QLocale("en_US"))  # type: ignore[arg-type]
    try:
        library = window.open_area_of(LibraryView)
        assert isinstance(library, LibraryView)
        library.tree.setCurrentItem(library.tree.topLevelItem(0).child(0))
        assert library.heading.text().endswith(f" — {words} words") and words > 1
        chooser = window.open_area_of(QuizView).quiz_choice  # type: ignore[attr-defined]
        labels = [chooser.itemText(index) for index in range(chooser.count())]
        assert f"Three (#{three}, 3 questions)" in labels and f"One (#{one}, 1 question)" in labels
        assert not [label for label in labels if "(s)" in label]
    finally:
        for translator in installed:
            QCoreApplication.removeTranslator(translator)
    installed = app.install_translations(QApplication.instance(), QLocale("de_DE"))  # type: ignore[arg-type]
    try:
        chooser.fill(store)
        labels = [chooser.itemText(index) for index in range(chooser.count())]
        assert f"Three (#{three}, 3 Fragen)" in labels and f"One (#{one}, 1 Frage)" in labels
    finally:
        for translator in installed:
            QCoreApplication.removeTranslator(translator)


def test_sizes_follow_the_interface_language(qapp) -> None:  # type: ignore[no-untyped-def]
    from sensemaking_desktop.gui.formatting import size

    before = QLocale()
    try:
        QLocale.setDefault(QLocale("de"))
        assert (size(1_234_000_000), size(98_400_000)) == ("1,23 GB", "98 MB")
        QLocale.setDefault(QLocale("en"))
        assert (size(1_234_000_000), size(98_400_000)) == ("1.23 GB", "98 MB")
    finally:
        QLocale.setDefault(before)
