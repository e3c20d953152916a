"""Numerical and matching questions in the window: written by hand, their keys edited as lines in
the Quizzes area (a line that is no key is a message and changes nothing), sat in the Self-test
with a number typed or an answer picked beside each prompt, and exported with a note on what the
format cannot carry."""

from pathlib import Path

import pytest
from conftest import error_boxes
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractItemView

from sensemaking_desktop.gui.areas.quiz_view import QuizView
from sensemaking_desktop.gui.areas.selftest_view import SelfTestView
from sensemaking_desktop.gui.main_window import MainWindow
from sensemaking_desktop.gui.quiz_export import ExportRequest, losses
from sensemaking_desktop.gui.widgets.question_dialog import QuestionDialog
from sensemaking_desktop.interchange.attachments import attachment_path, keep_files
from sensemaking_desktop.interchange.formats import quiz_format
from sensemaking_desktop.interchange.variants import Variants
from sensemaking_desktop.quizzes.model import Choice, Numerical, NumericAnswer, Pair, Question, QuestionKind, Quiz, Unit
from sensemaking_desktop.store import Store
from sensemaking_desktop.store.answers import get_run
from sensemaking_desktop.store.quizzes import add_quiz, get_quiz
from sensemaking_desktop.workflows.selftest import history


@pytest.fixture
def quiz_id(store: Store) -> int:
    number = Question(
        kind=QuestionKind.NUMERICAL,
        text="How many legs has a spider?",
        numerical=Numerical(answers=[NumericAnswer(value=8), NumericAnswer(value=6, fraction=50)]),
    )
    pairs = [Pair(prompt="spider", answer="8 legs"), Pair(prompt="ant", answer="6 legs"), Pair(answer="4 legs")]
    matching = Question(kind=QuestionKind.MATCHING, text="Match the animals.", pairs=pairs)
    with store.atomic() as db:
        return add_quiz(db, Quiz(title="Legs", questions=[number, matching]))


def quizzes(window: MainWindow, quiz_id: int) -> QuizView:
    view = window.open_area_of(QuizView)
    assert isinstance(view, QuizView)
    view.select_quiz(quiz_id)
    return view


def test_keys_are_edited_as_lines_and_a_bad_line_changes_nothing(
    qtbot, window: MainWindow, store: Store, quiz_id: int
) -> None:
    view = quizzes(window, quiz_id)
    view.questions.setCurrentRow(0)
    editor = view.editor
    assert editor.summary.text().startswith("Numerical")
    assert editor.choices.isEnabled() and editor.choices.toPlainText() == "8\n50 % 6"
    assert editor.answer.isReadOnly() and editor.answer.text() == "8"
    editor.choices.setPlainText("8 ± 0.5 # Right\nunit: legs")
    qtbot.mouseClick(editor.save_button, Qt.MouseButton.LeftButton)
    number = get_quiz(store, quiz_id).questions[0]
    assert number.numerical.answers == [NumericAnswer(value=8, tolerance=0.5, feedback="Right")]
    assert number.numerical.units == [Unit(name="legs")]
    view.questions.setCurrentRow(1)
    assert editor.choices.toPlainText() == "spider -> 8 legs\nant -> 6 legs\n-> 4 legs"
    editor.choices.setPlainText("spider -> 8 legs\nant has six legs")
    qtbot.mouseClick(editor.save_button, Qt.MouseButton.LeftButton)
    (box,) = error_boxes()
    assert "line 2 ('ant has six legs') needs a prompt, an arrow -> and its answer" in box.text()
    box.close()
    assert get_quiz(store, quiz_id).questions[1].pairs[1] == Pair(prompt="ant", answer="6 legs")


def test_a_numerical_question_is_written_by_hand(
    qtbot, window: MainWindow, store: Store, quiz_id: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    view = quizzes(window, quiz_id)

    def write_by_hand(dialog: QuestionDialog) -> int:
        dialog.kind.setCurrentIndex(dialog.kind.findData("numerical"))
        assert dialog.choices.isEnabled() and "3 ± 0.5" in dialog.choices.placeholderText()
        dialog.text.setPlainText("How many wings has a fly?")
        dialog.choices.setPlainText("two")
        dialog.accept()
        assert dialog.question is None and "line 1 ('two') is not a number" in dialog.problem.text()
        dialog.choices.setPlainText("2")
        dialog.accept()
        return dialog.result()

    monkeypatch.setattr(QuestionDialog, "exec", write_by_hand)
    qtbot.mouseClick(view.add_button, Qt.MouseButton.LeftButton)
    added = get_quiz(store, quiz_id).questions[-1]
    assert (added.kind, added.reference_answer) == (QuestionKind.NUMERICAL, "2")


def test_numbers_and_matches_are_sat_in_the_selftest(qtbot, window: MainWindow, store: Store, quiz_id: int) -> None:
    view = window.open_area_of(SelfTestView)
    assert isinstance(view, SelfTestView)
    view.quiz_choice.select(quiz_id)
    view.start_button.click()
    assert view.input.currentWidget() is view.input.line
    view.input.line.setText("six")
    view.answer_button.click()
    assert "not an answer" in view.status.text()
    view.input.line.setText("6")
    view.answer_button.click()
    assert "Partly right (50 %); the best answer is 8." in view.results.toPlainText()
    view.next_button.click()
    assert view.input.currentWidget() is view.input.matches
    spider, ant = view.input.match_boxes
    assert [spider.itemText(index) for index in range(spider.count())][1:] == ["A) 4 legs", "B) 6 legs", "C) 8 legs"]
    spider.setCurrentIndex(spider.findData("8 legs"))
    view.answer_button.click()
    assert "not an answer" in view.status.text()
    ant.setCurrentIndex(ant.findData("4 legs"))
    view.answer_button.click()
    assert "Partly right (50 %)" in view.results.toPlainText() and not error_boxes()
    view.next_button.click()
    (attempt,) = history(store)
    assert [answer.score for answer in attempt.answers] == [50, 50]


def test_an_export_says_what_the_format_cannot_carry(store: Store, quiz_id: int, tmp_path: Path) -> None:
    quiz = get_quiz(store, quiz_id)
    request = ExportRequest(quiz_format("csv"), tmp_path / "legs.csv", False, Variants())
    assert [line.split(":")[0] for line in losses(quiz, request)] == [
        "question 1 (numerical)",
        "question 2 (matching)",
    ]
    assert losses(quiz, request._replace(format=quiz_format("moodle"))) == []


def test_several_choices_are_ticked_for_a_multiple_response_question(window: MainWindow, store: Store) -> None:
    choices = [
        Choice(text="spider", correct=True, fraction=50),
        Choice(text="ant", fraction=-100),
        Choice(text="mite", correct=True, fraction=50),
    ]
    question = Question(kind=QuestionKind.MULTIPLE_CHOICE, text="Which have eight legs?", choices=choices)
    with store.atomic() as db:
        quiz_id = add_quiz(db, Quiz(title="Eight legs", questions=[question]))
    view = window.open_area_of(SelfTestView)
    assert isinstance(view, SelfTestView)
    view.quiz_choice.select(quiz_id)
    view.start_button.click()
    assert view.input.choices.selectionMode() == QAbstractItemView.SelectionMode.MultiSelection
    view.input.choices.item(0).setSelected(True)
    view.input.choices.item(2).setSelected(True)
    view.answer_button.click()
    assert "Right: A) spider and C) mite." in view.results.toPlainText()
    assert get_run(store, history(store)[0].run.id).answers[0].text == "spider\nmite"


def test_a_questions_embedded_files_are_links_to_the_librarys_copies(
    window: MainWindow, store: Store, data_dir: Path
) -> None:
    result = quiz_format("moodle").read(
        Path(__file__).parents[1] / "interchange" / "fixtures" / "moodle" / "multichoice.xml"
    )
    keep_files(data_dir, result)
    with store.atomic() as db:
        quiz_id = add_quiz(db, result.quiz)
    view = window.open_area_of(QuizView)
    assert isinstance(view, QuizView)
    view.select_quiz(quiz_id)
    view.questions.setCurrentRow(0)
    shown = view.editor.files.text()
    mp3 = result.quiz.questions[0].attachments[0]
    assert shown.startswith("Files: <a href=") and ">bonjour.mp3</a>" in shown and ">flag-denmark.jpg</a>" in shown
    assert attachment_path(data_dir, mp3).as_posix() in shown and attachment_path(data_dir, mp3).is_file()
