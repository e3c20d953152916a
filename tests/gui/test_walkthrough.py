"""A teacher's first hour on the real window, through the buttons the empty areas offer where
they offer one: import a PDF the test writes, make a quiz from it with the embedded model, sit it in
the Self-test, grade a class's ten answers from a CSV file and export the quiz to Moodle XML,
checking each screen on the way. It runs offscreen with the other window tests and again on a
real X display (`.ci/run`, Qt's xcb platform under Xvfb).

Each screen is saved as a PNG, into the test's folder or, when $SENSEMAKING_WALKTHROUGH_SHOTS
names a folder, there: `docs/screenshots/walkthrough-*.png` were taken with
`SENSEMAKING_WALKTHROUGH_SHOTS=docs/screenshots QT_QPA_PLATFORM=xcb xvfb-run -a pytest
tests/gui/test_walkthrough.py`."""

import csv
import os
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from conftest import MODEL_WAIT_MS, WAIT_MS, error_boxes
from materials import lecture_pdf
from PySide6.QtCore import QSize, QTimer
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QFileDialog

from sensemaking_desktop.gui.areas.grading_view import GradingView
from sensemaking_desktop.gui.areas.library_view import LibraryView
from sensemaking_desktop.gui.areas.quiz_view import QuizView
from sensemaking_desktop.gui.areas.selftest_view import SelfTestView
from sensemaking_desktop.gui.demo.screenshots import save_picture
from sensemaking_desktop.gui.main_window import MainWindow
from sensemaking_desktop.gui.widgets.export_dialog import ExportDialog
from sensemaking_desktop.quizzes.model import Question, QuestionKind, QuestionStatus
from sensemaking_desktop.store import Store
from sensemaking_desktop.store.class_grades import class_answers
from sensemaking_desktop.store.grades import review_list
from sensemaking_desktop.store.materials import list_materials
from sensemaking_desktop.store.quizzes import get_quiz
from sensemaking_desktop.workflows.jobs import job_queue

SHOTS_ENV = "SENSEMAKING_WALKTHROUGH_SHOTS"
MAX_SHOT_BYTES = 150_000
SIZE = QSize(1280, 800)
STUDENTS = 10


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    folder = Path(os.environ.get(SHOTS_ENV) or tmp_path / "shots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def shoot(window: MainWindow, folder: Path, name: str) -> None:
    """Save the window as it is now, as the docs' pictures are saved; each stays small."""
    QApplication.processEvents()
    path = folder / f"walkthrough-{name}.png"
    save_picture(window, path)
    assert path.stat().st_size <= MAX_SHOT_BYTES, f"{path.name}: {path.stat().st_size} bytes"


def kept(store: Store, quiz_id: int) -> list[Question]:
    return [question for question in get_quiz(store, quiz_id).questions if question.status != QuestionStatus.DROPPED]


def key(question: Question) -> str:
    """The right answer as a student writes it: a choice's text, true or false, the gap's word."""
    if question.kind == QuestionKind.MULTIPLE_CHOICE:
        return next(choice.text for choice in question.choices if choice.correct)
    return question.reference_answer or ""


def wrong(question: Question) -> str:
    if question.kind == QuestionKind.MULTIPLE_CHOICE:
        return next(choice.text for choice in question.choices if not choice.correct)
    if question.kind == QuestionKind.TRUE_FALSE:
        return "false" if key(question) == "true" else "true"
    return "photosynthesis"


def give(view: SelfTestView, question: Question) -> None:
    """The right answer, in the input the Self-test shows for the question."""
    if question.kind == QuestionKind.MULTIPLE_CHOICE:
        for row, choice in enumerate(question.choices):
            view.input.choices.item(row).setSelected(choice.correct)
            if choice.correct:
                view.input.choices.setCurrentRow(row)
    elif question.kind == QuestionKind.TRUE_FALSE:
        view.input.choices.setCurrentRow(0 if key(question) == "true" else 1)
    else:
        view.input.line.setText(key(question))
        view.input.box.setPlainText(key(question))


def class_csv(path: Path, number: int, question: Question) -> Path:
    """Ten students' answers to question `number`: the even ones right, the odd ones wrong."""
    rows = [("student", "question", "answer")]
    for student in range(STUDENTS):
        rows.append((f"Student {student + 1:02d}", str(number), wrong(question) if student % 2 else key(question)))
    with path.open("w", newline="", encoding="utf-8") as file:
        csv.writer(file).writerows(rows)
    return path


def when_up(act) -> None:  # type: ignore[no-untyped-def]
    """Run `act` on the modal dialog as soon as it is up (exec() blocks the test till it closes)."""

    def poll() -> None:
        dialog = QApplication.activeModalWidget()
        if isinstance(dialog, ExportDialog):
            act(dialog)
        else:
            QTimer.singleShot(20, poll)

    QTimer.singleShot(0, poll)


@pytest.mark.timeout(1800)
def test_a_first_hour_from_a_pdf_to_a_graded_class_and_a_moodle_export(  # type: ignore[no-untyped-def]
    qtbot, window: MainWindow, store: Store, data_dir: Path, tmp_path: Path, shots: Path, monkeypatch
) -> None:
    window.resize(SIZE)
    qtbot.waitUntil(lambda: len(window.areas) == len(window.area_paths), timeout=WAIT_MS)
    pdf = lecture_pdf(tmp_path / "The water cycle.pdf")
    monkeypatch.setattr(QFileDialog, "getOpenFileNames", lambda *args, **kwargs: ([str(pdf)], ""))

    # Library: empty, it offers the import; the PDF comes in with its sections.
    library = window.stack.currentWidget()
    assert isinstance(library, LibraryView) and library.next_step.isVisible()
    assert library.next_step.button.text() == "Import your &first file…"
    library.next_step.button.click()
    qtbot.waitUntil(lambda: library.import_job is None, timeout=WAIT_MS)
    assert not error_boxes(), [box.text() for box in error_boxes()]
    (material,) = list_materials(store)
    assert material.kind == "pdf" and material.sections >= 1
    assert (
        library.next_step.button.text() == "Make a &quiz from this material"
        and "imported with" in library.status.text()
    )
    top = library.tree.topLevelItem(0)
    assert library.tree.topLevelItemCount() == 1 and top.childCount() == material.sections
    library.tree.setCurrentItem(top.child(0))
    assert "p. 1" in library.heading.text()
    shoot(window, shots, "1-library")

    # Quizzes: the Library leads there with the material chosen; the form offers the kinds the
    # embedded model writes (no open question) and the README's two questions per section.
    library.next_step.button.click()
    quizzes = window.stack.currentWidget()
    assert isinstance(quizzes, QuizView) and quizzes.next_step.isVisible()
    assert quizzes.options.material.currentData() == material.id and quizzes.options.count.value() == 2
    qtbot.waitUntil(lambda: quizzes.generate_button.isEnabled(), timeout=WAIT_MS)
    assert QuestionKind.OPEN not in quizzes.options.chosen_kinds() and quizzes.options.chosen_kinds()
    quizzes.generate_button.click()
    assert quizzes.generation is not None and "being written" in quizzes.next_step.label.text()
    qtbot.waitUntil(lambda: quizzes.generation is None, timeout=MODEL_WAIT_MS)
    assert not error_boxes(), [box.text() for box in error_boxes()]
    job = job_queue(store, data_dir).jobs()[0]
    assert job.kind == "teach" and job.status == "done"
    quiz_id = quizzes.quiz_choice.currentData()
    questions = kept(store, quiz_id)
    assert questions, "the checks kept at least one question"
    assert quizzes.questions.count() == len(get_quiz(store, quiz_id).questions)
    assert "kept" in quizzes.status.text() and not quizzes.next_step.button.isVisible()
    quizzes.questions.setCurrentRow(
        next(row for row, q in enumerate(get_quiz(store, quiz_id).questions) if q in questions)
    )
    assert quizzes.editor.verdict.text().startswith("Kept")
    shoot(window, shots, "2-quiz")

    # Self-test: one question at a time, each answered right and marked at once.
    window.open_area_of(SelfTestView)
    selftest = window.stack.currentWidget()
    assert isinstance(selftest, SelfTestView) and not selftest.next_step.isVisible()
    assert selftest.quiz_choice.quiz_id() == quiz_id and selftest.start_button.isEnabled()
    selftest.start_button.click()
    for position, question in enumerate(questions, start=1):
        assert selftest.header.text().startswith(f"Question {position} of {len(questions)}")
        give(selftest, question)
        selftest.answer_button.click()
        qtbot.waitUntil(selftest.next_button.isEnabled, timeout=MODEL_WAIT_MS)
        assert "✓" in selftest.results.toPlainText() or "Evaluator:" in selftest.results.toPlainText()
        selftest.next_button.click()
    assert selftest.header.text().startswith(f"Attempt done: {len(questions)} of {len(questions)} answered")
    assert selftest.history.rowCount() == 1 and selftest.start_button.isEnabled()
    shoot(window, shots, "3-self-test")

    # Grading: the Self-test's answers are marked already; a class's answers come from a CSV
    # file, and then the Evaluator is offered for them; half the class is right.
    window.open_area_of(GradingView)
    grading = window.stack.currentWidget()
    assert isinstance(grading, GradingView) and grading.quiz_choice.quiz_id() == quiz_id
    offered = grading.next_step.label.text() if grading.next_step.isVisible() else ""
    assert "wait for a grade" not in offered, "the Self-test's answers need no grade"
    closed = (QuestionKind.MULTIPLE_CHOICE, QuestionKind.TRUE_FALSE)
    first = next((question for question in questions if question.kind in closed), questions[0])
    number = [q.id for q in get_quiz(store, quiz_id).questions].index(first.id) + 1
    answers = class_csv(tmp_path / "class.csv", number, first)
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *args, **kwargs: (str(answers), ""))
    grading.import_button.click()
    qtbot.waitUntil(lambda: grading.status.text().startswith("Imported") or bool(error_boxes()), timeout=WAIT_MS)
    assert not error_boxes(), [box.text() for box in error_boxes()]
    assert grading.status.text() == f"Imported {STUDENTS} answer(s) of {STUDENTS} student(s)."
    qtbot.waitUntil(grading.next_step.isVisible, timeout=WAIT_MS)
    assert not grading.next_step.button.isVisible(), "the bar points to the Evaluator's own button"
    assert grading.next_step.label.text().startswith(f"{STUDENTS} answer(s) wait for a grade")
    grading.tabs.setCurrentWidget(grading.evaluator)
    grading.grade_button.click()
    qtbot.waitUntil(lambda: grading.grading is None, timeout=MODEL_WAIT_MS)
    assert not error_boxes(), [box.text() for box in error_boxes()]
    assert grading.status.text().startswith(f"{STUDENTS} answer(s) graded")
    assert not grading.next_step.isVisible()
    scores = {item.student: item.score for item in review_list(store, quiz_id, include_all=True)}
    scores |= {
        answer.student: answer.machine_score
        for answer in class_answers(store, quiz_id)
        if answer.machine_score is not None
    }
    assert scores.pop("me") == 100, "the Self-test's answers keep their marks"
    assert sorted(scores) == [f"Student {n:02d}" for n in range(1, STUDENTS + 1)]
    assert all(scores[f"Student {n:02d}"] == 100 for n in range(1, STUDENTS + 1, 2)), scores
    assert all(scores[f"Student {n:02d}"] < 50 for n in range(2, STUDENTS + 1, 2)), scores
    grading.review.include_all.setChecked(True)
    grading.tabs.setCurrentWidget(grading.evaluator)
    shoot(window, shots, "4-grading")

    # Export: the Quizzes area writes the kept questions to Moodle XML.
    target = tmp_path / "water-cycle.xml"

    def to_moodle(dialog: ExportDialog) -> None:
        dialog.format.setCurrentIndex(dialog.format.findData("moodle"))
        dialog.target.setText(str(target))
        dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).click()

    window.open_area_of(QuizView)
    when_up(to_moodle)
    quizzes.export_button.click()
    qtbot.waitUntil(lambda: quizzes.status.text().startswith("Wrote"), timeout=WAIT_MS)
    assert not error_boxes(), [box.text() for box in error_boxes()]
    written = ET.parse(target).getroot()
    exported = [q for q in written.iter("question") if q.get("type") != "category"]
    assert len(exported) == len(questions) and all(q.findtext("questiontext/text") for q in exported)
