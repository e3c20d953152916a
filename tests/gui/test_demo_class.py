"""The demo class the screenshots show: every machine grade in it is the real Evaluator's on the
embedded model (none written in), and the agreement figures pair those with the teacher's; the
adversarial suite the screenshots show grades a sample of the class, not all of it."""

from pathlib import Path
from statistics import mean
from types import SimpleNamespace

import pytest
from conftest import WAIT_MS
from graded_quiz import water_quiz

from sensemaking_desktop.gui.areas.robustness_view import RobustnessView
from sensemaking_desktop.gui.demo.demo_class import (
    STUDENTS,
    SUITE_SAMPLE,
    TEACHER,
    VAGUE,
    add_graded_class,
    answers_right,
    run_suite,
)
from sensemaking_desktop.gui.main_window import MainWindow
from sensemaking_desktop.store import Store
from sensemaking_desktop.store.answers import add_answer, add_run
from sensemaking_desktop.store.grades import human_and_machine
from sensemaking_desktop.store.quizzes import get_quiz
from sensemaking_desktop.workflows import robustness


def test_the_demo_class_is_graded_by_the_evaluator_and_compared_with_the_teacher(
    store: Store, data_dir: Path, tmp_path: Path
) -> None:
    quiz_id = water_quiz(store, data_dir, tmp_path)
    add_graded_class(data_dir, quiz_id)
    rows = store.db.execute(
        """
        SELECT r.label, q.kind, a.text, g.score, g.grader, g.generation_id
        FROM grades g JOIN answers a ON a.id = g.answer_id JOIN answer_runs r ON r.id = a.run_id
        JOIN questions q ON q.id = a.question_id WHERE g.source = 'machine'
        """
    ).fetchall()
    open_rows = [row for row in rows if row[1] == "open"]
    assert len(open_rows) == 2 * (len(STUDENTS) + 2)
    assert {row[4] for row in open_rows} == {"smollm2-135m-instruct"}
    templates = {store.db["generations"].get(row[5])["template_name"] for row in open_rows}
    assert templates == {"evaluator_grade"}
    assert len({row[3] for row in open_rows}) > 1
    right = [row[3] for row in open_rows if row[2] != VAGUE]
    vague = [row[3] for row in open_rows if row[2] == VAGUE]
    assert right and vague and mean(right) > mean(vague)

    closed = {(row[0], row[3]) for row in rows if row[1] != "open" and row[0] in STUDENTS}
    assert {row[4] for row in rows if row[1] != "open"} == {"exact-match"}
    assert closed == {(name, 100.0 if answers_right(n) else 0.0) for n, name in enumerate(STUDENTS)}

    pairs = human_and_machine(store, quiz_id)
    assert len(pairs) == 2 * len(TEACHER)
    labels = dict(
        store.db.execute("SELECT a.id, r.label FROM answers a JOIN answer_runs r ON r.id = a.run_id").fetchall()
    )
    machine = {(row[0], row[3]) for row in open_rows}
    for answer_id, _question, human, graded in pairs:
        assert human == TEACHER[labels[answer_id]]
        assert (labels[answer_id], graded) in machine


def test_the_screenshots_suite_grades_a_sample_of_the_class_not_all_of_it(
    qtbot, window: MainWindow, store: Store, data_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 46: `gui --screenshots` ran the suite over every answer of the class (up to 1,140
    grades) and did not finish in half an hour; it grades SUITE_SAMPLE answers and their controls,
    and the Robustness area shows that suite as its last one."""
    quiz_id = water_quiz(store, data_dir, tmp_path, closed=False)
    questions = get_quiz(store, quiz_id).questions
    with store.atomic() as db:
        for name in STUDENTS:
            run_id = add_run(db, quiz_id, "person", name, "imported")
            for question in questions:
                add_answer(db, run_id, question.id, question.reference_answer or VAGUE)
    graded: list[str] = []

    def grade(_engine, _question: str, answer: str, **_context):  # type: ignore[no-untyped-def]
        graded.append(answer)
        return SimpleNamespace(score=50.0, flags=[])

    monkeypatch.setattr(robustness, "grade", grade)
    run_suite(data_dir, quiz_id)
    sample = robustness.quiz_items(store, quiz_id, limit=SUITE_SAMPLE)
    whole = robustness.quiz_items(store, quiz_id)
    assert len(whole) == len(STUDENTS) * len(questions) > SUITE_SAMPLE
    assert len(graded) == len(sample) + len(robustness.suite_controls(sample, 0))
    assert len(graded) < len(whole) + len(robustness.suite_controls(whole, 0))
    view = window.open_area_of(RobustnessView)
    assert isinstance(view, RobustnessView)
    view.quiz_choice.select(quiz_id)
    qtbot.waitUntil(lambda: view.classes.rowCount() > 0, timeout=WAIT_MS)
    assert view.classes.item(0, 0).text() == "genuine" and view.classes.item(0, 1).text() == str(SUITE_SAMPLE)
