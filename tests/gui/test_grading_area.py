"""Grading a class in the Grading area: a CSV of answers imported with mapped columns, the
grade job run with the real embedded model (one open answer; closed ones are marked exactly),
a confirm and an override from the review list with the keyboard, and the agreement figures."""

from pathlib import Path

import pytest
from conftest import MODEL_WAIT_MS, WAIT_MS, error_boxes
from graded_quiz import water_quiz
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from rubricgrades import COVERAGE, RUBRIC, rubric_quiz

from sensemaking_desktop.gui.areas.grading_view import GradingView
from sensemaking_desktop.gui.main_window import MainWindow
from sensemaking_desktop.gui.widgets.review_panel import ReviewPanel
from sensemaking_desktop.store import Store
from sensemaking_desktop.store.answers import add_answer, add_grade, add_run
from sensemaking_desktop.store.grades import human_and_machine
from sensemaking_desktop.store.quizzes import get_quiz
from sensemaking_desktop.workflows.jobs import job_queue

CSV = "Name;Item;Response\nalice;1;Evaporation\nbob;1;A\nalice;3;Condensation of the vapour forms the droplets.\n"


@pytest.fixture
def view(window: MainWindow, store: Store, data_dir: Path, tmp_path: Path) -> GradingView:
    quiz_id = water_quiz(store, data_dir, tmp_path)
    grading = window.open_area_of(GradingView)
    assert isinstance(grading, GradingView)
    grading.quiz_choice.select(quiz_id)
    return grading


def test_import_grade_review_and_agreement(
    qtbot, view: GradingView, window: MainWindow, store: Store, data_dir: Path, tmp_path: Path
) -> None:
    answers = tmp_path / "class.csv"
    answers.write_text(CSV, encoding="utf-8")
    for key, column in (("student", "Name"), ("question", "Item"), ("answer", "Response")):
        view.columns[key].setText(column)
    view.import_answers(answers)
    qtbot.waitUntil(lambda: view.status.text().startswith("Imported"), timeout=WAIT_MS)
    assert view.status.text() == "Imported 3 answer(s) of 2 student(s)."

    view.grade_button.click()
    assert view.progress.isVisible() and not view.grade_button.isEnabled()
    qtbot.waitUntil(lambda: view.grading is None, timeout=MODEL_WAIT_MS)
    assert not error_boxes(), [box.text() for box in error_boxes()]
    (job,) = job_queue(store, data_dir).jobs()[:1]
    assert job.kind == "grade" and job.status == "done"
    assert view.status.text().startswith("3 answer(s) graded")

    view.review.include_all.setChecked(True)
    review = view.review
    assert review.list.count() == 3
    assert [item.confidence for item in review.items] == sorted(item.confidence or 0 for item in review.items)
    first, second = review.items[0].answer_id, review.items[1].answer_id
    assert "Question: " in review.details.toPlainText() and "Machine grade: " in review.details.toPlainText()
    window.activateWindow()
    assert review.grade.hasFocus()
    QTest.keyClick(review.grade, Qt.Key.Key_Return)
    assert review.list.count() == 2 and review.items[0].answer_id == second
    QTest.keyClicks(review.grade, "40")
    QTest.keyClick(review.grade, Qt.Key.Key_Return)
    assert review.list.count() == 1

    pairs = {row[0]: (row[2], row[3]) for row in human_and_machine(store, view.quiz_choice.quiz_id())}
    assert set(pairs) == {first, second} and pairs[second][0] == 40
    assert pairs[first][0] == pairs[first][1]
    said = view.agreement.figures.text()
    assert said.startswith("2 answer(s) graded by you and by the app.") and "Pearson" not in said
    assert "Pearson" in view.agreement.figures.toolTip()
    assert view.agreement.report["overall"]["n"] == 2
    assert view.agreement.scatter.canvas is not None and view.agreement.bars.canvas is not None


def test_the_review_shows_each_rubric_criterion_with_points_and_feedback(qtbot, store: Store) -> None:
    panel = ReviewPanel(store)
    qtbot.addWidget(panel)
    panel.show_quiz(rubric_quiz(store, RUBRIC, COVERAGE))
    details = panel.details.toPlainText().splitlines()
    start = details.index("Rubric:")
    assert details[start + 1 : start + 5] == [
        "✓ Rivers carry salt into the sea — 2/2 points",
        "    Found: “rivers bring salt”",
        "✗ Evaporation leaves the salt behind — 0.25/1 points",
        "    Feedback: Say what happens when water evaporates.",
    ]
    panel.show_quiz(rubric_quiz(store, [], COVERAGE))
    assert "Rubric:" not in panel.details.toPlainText() and "Machine grade" in panel.details.toPlainText()


def self_test_grades(store: Store, quiz_id: int, confidences: list[float]) -> None:
    """A self-test attempt whose open answers have machine grades of these confidences, unreviewed."""
    open_questions = [question for question in get_quiz(store, quiz_id).questions if question.kind == "open"]
    with store.atomic() as db:
        run_id = add_run(db, quiz_id, "person", "Me", "one-by-one")
        for number, confidence in enumerate(confidences):
            answer_id = add_answer(db, run_id, open_questions[number % len(open_questions)].id, f"Try {number}.")
            add_grade(db, answer_id, source="machine", grader="m", score=50, reason="half", confidence=confidence)


def test_self_test_grades_to_review_are_counted_and_worded_not_figured(
    qtbot, window: MainWindow, store: Store, data_dir: Path, tmp_path: Path
) -> None:
    """Issue 46: with no class's answers but three self-test grades in the review list, the bar
    said "No answers to this quiz yet"; it counts them, and the list says how sure the app is in
    words (the window shows no bare confidence such as 0.43)."""
    quiz_id = water_quiz(store, data_dir, tmp_path)
    self_test_grades(store, quiz_id, [0.43, 0.2, 0.55])
    grading = window.open_area_of(GradingView)
    assert isinstance(grading, GradingView)
    grading.quiz_choice.select(quiz_id)
    said = grading.next_step.label.text()
    assert said.startswith("No class's answers to this quiz yet, but 3 of your self-test grades are worth")
    assert grading.next_step.button.isVisibleTo(grading.next_step)
    grading.next_step.button.click()
    assert grading.tabs.currentWidget() is grading.evaluator
    labels = [grading.review.list.item(row).text() for row in range(grading.review.list.count())]
    assert labels[0].startswith("50/100, the app is unsure · Me (self-test): ")
    assert "the app is not quite sure" in labels[1] and not any("0.43" in label for label in labels)
    details = grading.review.details.toPlainText()
    assert "Machine grade: 50/100 (the app is unsure)." in details and "0.2" not in details
