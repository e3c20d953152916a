"""Reviewing a quiz in the Quizzes area: the verdict and the highlighted span of each question,
edit, approve, reorder, delete, add by hand, and export in every format. The quiz is stored
through the core as the Teacher stores one, so these tests need no model."""

import zipfile
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import WAIT_MS, error_boxes
from materials import notes
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox

from sensemaking_desktop.gui.areas import quiz_view
from sensemaking_desktop.gui.areas.quiz_view import QuizView
from sensemaking_desktop.gui.main_window import MainWindow
from sensemaking_desktop.gui.quiz_export import ExportFormat, formats
from sensemaking_desktop.gui.widgets.export_dialog import ExportDialog
from sensemaking_desktop.gui.widgets.question_dialog import QuestionDialog
from sensemaking_desktop.ingest.importer import IngestHandler, IngestOptions
from sensemaking_desktop.quizzes.model import Question, QuestionKind, QuestionStatus, Quiz, Source
from sensemaking_desktop.store import Store
from sensemaking_desktop.store.materials import sections_of
from sensemaking_desktop.store.quizzes import add_question, add_quiz, get_quiz
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


def export_with(  # type: ignore[no-untyped-def]
    qtbot, view: QuizView, monkeypatch: pytest.MonkeyPatch, fill: Callable[[ExportDialog], None]
) -> ExportDialog:
    """Click Export…, let `fill` set the dialog's widgets, press OK and wait for the files."""
    shown: list[ExportDialog] = []

    def run(dialog: ExportDialog) -> int:
        shown.append(dialog)
        fill(dialog)
        ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
        assert ok.isEnabled()
        ok.click()
        return dialog.result()

    monkeypatch.setattr(ExportDialog, "exec", run)
    view.status.clear()
    click(qtbot, view.export_button)
    qtbot.waitUntil(lambda: view.status.text().startswith("Wrote"), timeout=WAIT_MS)
    return shown[0]


def test_export_in_every_format(
    qtbot, window: MainWindow, quiz_id: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    view = quizzes(window, quiz_id)
    for index, chosen in enumerate(formats()):

        def fill(dialog: ExportDialog, index: int = index, chosen: ExportFormat = chosen) -> None:
            dialog.format.setCurrentIndex(index)
            dialog.target.setText(str(tmp_path / f"quiz-{index}{chosen.suffix}"))
            dialog.answer_key.setChecked(chosen.format.answer_key)

        export_with(qtbot, view, monkeypatch, fill)
    written = {path.name for path in tmp_path.glob("quiz-*")}
    assert written == {
        "quiz-0.xml",
        "quiz-1.gift.txt",
        "quiz-2.qti.zip",
        "quiz-3.qti12.zip",
        "quiz-4.apkg",
        "quiz-5.csv",
        "quiz-6.pdf",
        "quiz-6-answer-key.pdf",
        "quiz-7.md",
        "quiz-7-answer-key.md",
    }
    assert "What forms the tiny droplets" in (tmp_path / "quiz-0.xml").read_text(encoding="utf-8")
    assert zipfile.is_zipfile(tmp_path / "quiz-2.qti.zip") and zipfile.is_zipfile(tmp_path / "quiz-3.qti12.zip")
    assert (tmp_path / "quiz-6-answer-key.pdf").read_bytes().startswith(b"%PDF")
    assert window.context.preferences.value(quiz_view.EXPORT_FOLDER_KEY) == str(tmp_path)


def test_the_dialog_writes_versions_each_with_its_answer_key(
    qtbot, window: MainWindow, store: Store, quiz_id: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for number in range(3):
        question = Question(kind=QuestionKind.TRUE_FALSE, text=f"Statement {number} is true.", reference_answer="true")
        add_question(store, quiz_id, question)
    view = quizzes(window, quiz_id)

    def fill(dialog: ExportDialog) -> None:
        dialog.format.setCurrentIndex(dialog.format.findData("gift"))
        assert dialog.target.text().endswith("water-quiz.gift.txt"), "the suffix follows the format"
        dialog.format.setCurrentIndex(dialog.format.findData("markdown"))
        assert dialog.target.text().endswith("water-quiz.md")
        dialog.target.setText(str(tmp_path / "sheet.md"))
        dialog.versions.setValue(2)
        ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
        assert not ok.isEnabled() and "shuffled" in dialog.note.text()
        assert dialog.answer_key.isChecked() and not dialog.answer_key.isEnabled()
        dialog.shuffle_questions.setChecked(True)
        dialog.seed.setValue(11)
        assert "2 versions" in dialog.note.text()

    dialog = export_with(qtbot, view, monkeypatch, fill)
    names = sorted(path.name for path in tmp_path.glob("sheet*"))
    assert names == ["sheet-A-answer-key.md", "sheet-A.md", "sheet-B-answer-key.md", "sheet-B.md"]
    a, b = ((tmp_path / f"sheet-{name}.md").read_text(encoding="utf-8") for name in "AB")
    assert a != b and "Who wrote this text?" not in a, "versions differ; the dropped question stays out"
    controls = [dialog.format, dialog.target, dialog.browse_button, dialog.versions, dialog.seed]
    assert all(control.accessibleName() for control in controls)


def test_the_dialog_exports_dropped_questions_only_when_ticked(
    qtbot, window: MainWindow, quiz_id: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    view = quizzes(window, quiz_id)
    for include in (False, True):

        def fill(dialog: ExportDialog, include: bool = include) -> None:
            dialog.format.setCurrentIndex(dialog.format.findData("markdown"))
            dialog.target.setText(str(tmp_path / f"sheet-{include}.md"))
            assert not dialog.include_dropped.isChecked(), "left out by default"
            dialog.include_dropped.setChecked(include)

        export_with(qtbot, view, monkeypatch, fill)
        sheet = (tmp_path / f"sheet-{include}.md").read_text(encoding="utf-8")
        assert "What forms the tiny droplets" in sheet
        assert ("Who wrote this text?" in sheet) is include
