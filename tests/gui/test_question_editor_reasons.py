"""The question editor says why the Teacher's checks dropped a question in the interface's
language where the question kept its reasons as keys, and as stored where it did not; the review
list explains a grade's flags in that language too."""

from collections.abc import Iterator

import pytest
from graded_quiz import one_machine_grade
from PySide6.QtCore import QCoreApplication, QLocale
from PySide6.QtWidgets import QApplication

from sensemaking_desktop.gui import app
from sensemaking_desktop.gui.widgets.question_editor import QuestionEditor
from sensemaking_desktop.gui.widgets.review_panel import ReviewPanel
from sensemaking_desktop.quizzes.model import Question, QuestionKind, QuestionStatus
from sensemaking_desktop.quizzes.verification import Reason, Verification
from sensemaking_desktop.store import Store

KEYED = Verification(
    reasons=["two options say the same", "it has the same key as question 3"],
    reason_keys=[Reason(key="options_alike"), Reason(key="same_key", values={"question": 3})],
)
OLD = Verification(reasons=["it asks about the document or its author, not the subject"])


def dropped(verification: Verification) -> Question:
    return Question(
        kind=QuestionKind.OPEN, text="Which nut is all metal?", status=QuestionStatus.DROPPED, verification=verification
    )


@pytest.fixture
def czech(qapp) -> Iterator[None]:  # type: ignore[no-untyped-def]
    """The window in Czech, as the app sets it at start: the default locale and the translators."""
    previous = QLocale()
    QLocale.setDefault(QLocale("cs_CZ"))
    installed = app.install_translations(QApplication.instance(), QLocale("cs_CZ"))  # type: ignore[arg-type]
    try:
        yield
    finally:
        for translator in installed:
            QCoreApplication.removeTranslator(translator)
        QLocale.setDefault(previous)


def test_a_dropped_questions_reasons_read_in_the_interface_language(qtbot, czech: None) -> None:  # type: ignore[no-untyped-def]
    editor = QuestionEditor()
    qtbot.addWidget(editor)
    editor.show_question(dropped(KEYED), None)
    assert editor.verdict.text() == "Vyřazeno: dvě varianty říkají totéž; má stejnou referenční odpověď jako otázka 3."


def test_reasons_stored_without_keys_read_as_stored(qtbot, czech: None) -> None:  # type: ignore[no-untyped-def]
    editor = QuestionEditor()
    qtbot.addWidget(editor)
    editor.show_question(dropped(OLD), None)
    assert editor.verdict.text() == "Vyřazeno: it asks about the document or its author, not the subject."


def test_in_english_the_stored_text_shows(qtbot) -> None:  # type: ignore[no-untyped-def]
    previous = QLocale()
    QLocale.setDefault(QLocale("en_US"))
    try:
        editor = QuestionEditor()
        qtbot.addWidget(editor)
        editor.show_question(dropped(KEYED), None)
        assert editor.verdict.text() == "Dropped: two options say the same; it has the same key as question 3."
    finally:
        QLocale.setDefault(previous)


def test_a_grades_flags_read_in_the_interface_language(qtbot, store: Store, czech: None) -> None:  # type: ignore[no-untyped-def]
    quiz_id = one_machine_grade(store, "Clouds.", score=5, reason="", flags=["off_topic"], confidence=0.2)
    panel = ReviewPanel(store)
    qtbot.addWidget(panel)
    panel.show_quiz(quiz_id)
    assert "! odpověď neodpovídá referenční odpovědi ani otázce" in panel.details.toPlainText()
    assert panel.list.item(0).toolTip() == "odpověď neodpovídá referenční odpovědi ani otázce"
