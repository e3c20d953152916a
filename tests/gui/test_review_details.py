"""The review list shows a machine grade's reason in the interface's language and its figures
only under "Show details"."""

from graded_quiz import one_machine_grade
from PySide6.QtCore import QLocale

from sensemaking_desktop.gui.widgets.review_panel import ReviewPanel
from sensemaking_desktop.store import Store

DETAILS = ["Closeness to the reference answer 0.94 (cosine 0.94, ROUGE-L 0.80).", "Confidence 0.19."]
SAID = [{"key": "contradicts_reference", "values": {}, "text": None}]


def graded_quiz(store: Store) -> int:
    signals = {"signals": {}, "parts": {}, "criteria": [], "details": DETAILS, "said": SAID}
    reason = "Says the opposite of the model answer."
    return one_machine_grade(store, "Salt rises.", score=0, reason=reason, confidence=0.2, signals=signals)


def test_the_figures_show_only_under_details(qtbot, store: Store) -> None:
    panel = ReviewPanel(store)
    qtbot.addWidget(panel)
    panel.show_quiz(graded_quiz(store))
    shown = panel.details.toPlainText()
    assert "Says the opposite of the model answer." in shown and "0.94" not in shown
    panel.show_details.setChecked(True)
    shown = panel.details.toPlainText()
    assert all(line in shown for line in DETAILS) and shown.index("Details:") > shown.index("Machine grade")


def test_the_reason_follows_the_interface_language(qtbot, store: Store) -> None:
    previous = QLocale()
    QLocale.setDefault(QLocale("de_DE"))
    try:
        panel = ReviewPanel(store)
        qtbot.addWidget(panel)
        panel.show_quiz(graded_quiz(store))
        assert "Sagt das Gegenteil der Musterantwort." in panel.details.toPlainText()
    finally:
        QLocale.setDefault(previous)
