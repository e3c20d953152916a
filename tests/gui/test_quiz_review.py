"""Reviewing a quiz in the Quizzes area: the verdict and the highlighted span of each question,
edit, approve, reorder, delete, add by hand, and export in every format. The quiz is stored
through the core as the Teacher stores one, so these tests need no model."""

import zipfile
from pathlib import Path

import pytest
from conftest import WAIT_MS, error_boxes
from materials import notes
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog

from sensemaking_desktop.gui.areas import quiz_view
from sensemaking_desktop.gui.areas.quiz_view import QuizView
from sensemaking_desktop.gui.main_window import MainWindow
from sensemaking_desktop.gui.quiz_export import formats
from sensemaking_desktop.gui.widgets.question_dialog import QuestionDialog
from sensemaking_desktop.ingest.importer import IngestHandler, IngestOptions
from sensemaking_desktop.quizzes.model import Question, QuestionKind, QuestionStatus, Quiz, Source
from sensemaking_desktop.store import Store
from sensemaking_desktop.store.materials import sections_of
from sensemaking_desktop.store.quizzes import add_quiz, get_quiz
from sensemaking_desktop.workflows.jobs import job_queue

KEPT = {
    "reasons": [],
    "checks": {"student_from_passage": {"answer": "condensation", "agreement": 1.0, "agrees": True}},
    "answerable_without_material": False,
}
DROPPED = {"reasons": ["it asks about the document or its author, not the subject"], "checks": {}}


@pytest.fixture
def quiz_id(store: Store, data_dir: Path, tmp_path: Path) -> int:
    """A material imported by the core and a two-question quiz pointing at spans of its section."""
    queue = job_queue(store, data_dir)
    items = [("water.md", {"path": str(notes(tmp_path / "water.md"))})]
    job_id = queue.submit(
        IngestHandler, kind="ingest", title="import", params=IngestOptions().model_dump(), items=items
    )
    queue.run(job_id)
    material_id = queue.items(job_id)[0]["result"]["material_id"]
    (section,) = sections_of(store, material_id)
    start = section.text.index("Condensation")
    end = section.text.index("clouds.") + len("clouds.")
    kept = Question(
        kind=QuestionKind.OPEN,
        text="What forms the tiny droplets that make clouds?",
        reference_answer="condensation",
        source=Source(section_id=section.id, span_start=start, span_end=end),
        verification=KEPT,
    )
    dropped = Question(
        kind=QuestionKind.OPEN,
        text="Who wrote this text?",
        reference_answer="nobody knows",
        status=QuestionStatus.DROPPED,
        source=Source(section_id=section.id, span_start=0, span_end=10),
        verification=DROPPED,
    )
    with store.atomic() as db:
        return add_quiz(db, Quiz(material_id=material_id, title="Water quiz", questions=[kept, dropped]))


def quizzes(window: MainWindow, quiz_id: int) -> QuizView:
    view = window.open_area_of(QuizView)
    assert isinstance(view, QuizView)
    view.select_quiz(quiz_id)
    return view


def click(qtbot, button) -> None:  # type: ignore[no-untyped-def]
    assert button.isEnabled(), button.text()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def test_a_question_shows_its_verdict_and_its_span_highlighted(window: MainWindow, quiz_id: int) -> None:
    view = quizzes(window, quiz_id)
    assert view.questions.count() == 2
    view.questions.setCurrentRow(0)
    assert view.editor.verdict.text().startswith("Kept")
    assert "“condensation”" in view.editor.verdict.text()
    assert view.editor.highlighted_text() == ("Condensation then forms tiny droplets, and the droplets make clouds.")
    view.questions.setCurrentRow(1)
    assert view.editor.verdict.text() == "Dropped: it asks about the document or its author, not the subject."
    assert "dropped" in view.questions.item(1).text() and view.questions.item(1).font().italic()


def test_edit_approve_reorder_add_and_delete(
    qtbot, window: MainWindow, store: Store, quiz_id: int, answer_yes: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    view = quizzes(window, quiz_id)
    view.questions.setCurrentRow(0)
    view.editor.text.setPlainText("Which process forms the droplets in clouds?")
    view.editor.answer.setText("Condensation")
    click(qtbot, view.editor.save_button)
    edited = get_quiz(store, quiz_id).questions[0]
    assert (edited.text, edited.reference_answer) == ("Which process forms the droplets in clouds?", "Condensation")
    click(qtbot, view.approve_button)
    assert get_quiz(store, quiz_id).questions[0].status == QuestionStatus.APPROVED
    assert "approved" in view.questions.item(0).text()

    def write_by_hand(dialog: QuestionDialog) -> int:
        dialog.kind.setCurrentIndex(dialog.kind.findData("true_false"))
        dialog.text.setPlainText("Infiltration is rain soaking into the ground.")
        dialog.answer.setText("maybe")
        dialog.accept()
        assert dialog.question is None and "true" in dialog.problem.text()
        dialog.answer.setText("true")
        dialog.accept()
        return dialog.result()

    monkeypatch.setattr(QuestionDialog, "exec", write_by_hand)
    click(qtbot, view.add_button)
    texts = [question.text for question in get_quiz(store, quiz_id).questions]
    assert texts[-1] == "Infiltration is rain soaking into the ground." and len(texts) == 3
    assert view.questions.currentRow() == 2
    click(qtbot, view.up_button)
    assert [question.text for question in get_quiz(store, quiz_id).questions] == [texts[0], texts[2], texts[1]]
    assert view.questions.currentRow() == 1
    click(qtbot, view.delete_button)
    assert [question.text for question in get_quiz(store, quiz_id).questions] == [texts[0], texts[1]]
    assert "Infiltration" in answer_yes[0]


def test_an_edit_the_core_refuses_is_a_message_and_changes_nothing(
    qtbot, window: MainWindow, store: Store, quiz_id: int
) -> None:
    view = quizzes(window, quiz_id)
    view.questions.setCurrentRow(0)
    view.editor.text.setPlainText("")
    click(qtbot, view.editor.save_button)
    (box,) = error_boxes()
    assert "would break question" in box.text() and box.detailedText() == ""
    assert get_quiz(store, quiz_id).questions[0].text == "What forms the tiny droplets that make clouds?"


def test_export_in_every_format(
    qtbot, window: MainWindow, quiz_id: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    view = quizzes(window, quiz_id)
    targets = iter([tmp_path / f"quiz-{index}{chosen.suffix}" for index, chosen in enumerate(formats())])
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *args, **kwargs: (str(next(targets)), ""))
    menu = view.export_button.menu()
    for action in menu.actions():
        action.trigger()
        qtbot.waitUntil(lambda: view.status.text().startswith("Wrote"), timeout=WAIT_MS)
        view.status.clear()
    written = {path.name for path in tmp_path.glob("quiz-*")}
    assert written == {
        "quiz-0.xml",
        "quiz-1.gift.txt",
        "quiz-2.qti.zip",
        "quiz-3.apkg",
        "quiz-4.csv",
        "quiz-5.pdf",
        "quiz-6.pdf",
        "quiz-6-answer-key.pdf",
        "quiz-7.md",
        "quiz-8.md",
        "quiz-8-answer-key.md",
    }
    assert "What forms the tiny droplets" in (tmp_path / "quiz-0.xml").read_text(encoding="utf-8")
    assert zipfile.is_zipfile(tmp_path / "quiz-2.qti.zip")
    assert (tmp_path / "quiz-6-answer-key.pdf").read_bytes().startswith(b"%PDF")
    assert quiz_view.EXPORT_FOLDER_KEY in window.context.preferences.allKeys()
