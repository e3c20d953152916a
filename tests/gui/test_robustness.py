"""The Robustness area on a tiny quiz: the adversarial suite runs as a job with the real
embedded model (two genuine answers and their controls) and fills the classes table and chart;
the Teacher metrics and the histogram of machine grades show for the quiz."""

from pathlib import Path

from conftest import MODEL_WAIT_MS, WAIT_MS, error_boxes
from graded_quiz import water_quiz

from sensemaking_desktop.gui.areas.robustness_view import RobustnessView
from sensemaking_desktop.gui.main_window import MainWindow
from sensemaking_desktop.interchange.class_answers import import_answers
from sensemaking_desktop.store import Store
from sensemaking_desktop.store.answers import add_grade
from sensemaking_desktop.store.quizzes import add_quiz, get_quiz
from sensemaking_desktop.workflows.jobs import job_queue

CSV = "student,question,answer\nalice,1,Condensation makes the droplets.\nalice,2,Rain soaking into the ground.\n"


def test_the_suite_fills_the_classes_table(
    qtbot, window: MainWindow, store: Store, data_dir: Path, tmp_path: Path
) -> None:
    quiz_id = water_quiz(store, data_dir, tmp_path, closed=False)
    answers = tmp_path / "class.csv"
    answers.write_text(CSV, encoding="utf-8")
    import_answers(store, quiz_id, answers)
    answer_id = store.db.execute("SELECT MIN(id) FROM answers").fetchone()[0]
    with store.atomic() as db:
        add_grade(db, answer_id, source="machine", score=70, reason="close", grader="test", confidence=0.5)
    view = window.open_area_of(RobustnessView)
    assert isinstance(view, RobustnessView)
    view.quiz_choice.select(quiz_id)
    qtbot.waitUntil(lambda: view.teacher.text().startswith("Relevance"), timeout=WAIT_MS)
    assert view.histogram.canvas is not None and view.classes.rowCount() == 0

    view.run_button.click()
    assert view.progress.isVisible() and not view.run_button.isEnabled()
    qtbot.waitUntil(lambda: view.suite is None, timeout=MODEL_WAIT_MS)
    qtbot.waitUntil(lambda: view.report is not None, timeout=WAIT_MS)
    assert not error_boxes(), [box.text() for box in error_boxes()]
    (job,) = job_queue(store, data_dir).jobs()[:1]
    assert job.kind == "robustness" and job.status == "done"
    names = [view.classes.item(row, 0).text() for row in range(view.classes.rowCount())]
    assert names[0] == "genuine" and "random text" in names and "swapped answer" in names
    assert view.classes.item(0, 1).text() == "2"
    assert view.report["classes"]["genuine"]["n"] == 2
    assert view.warnings.isVisible() == bool(view.report["warnings"])
    assert view.class_chart.canvas is not None


def test_teacher_metrics_of_a_lone_question_say_why_there_are_none(
    qtbot, window: MainWindow, store: Store, data_dir: Path, tmp_path: Path
) -> None:
    quiz = get_quiz(store, water_quiz(store, data_dir, tmp_path, closed=False))
    lone = quiz.model_copy(update={"id": None, "questions": [quiz.questions[0].model_copy(update={"id": None})]})
    with store.atomic() as db:
        lone_id = add_quiz(db, lone)
    view = window.open_area_of(RobustnessView)
    assert isinstance(view, RobustnessView)
    view.quiz_choice.select(lone_id)
    qtbot.waitUntil(lambda: "at least two" in view.teacher.text(), timeout=WAIT_MS)
    assert view.teacher.text().endswith("this quiz has 1.")
