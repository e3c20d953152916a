"""`bench class-grading`: a large class made from the sample, timed through the workspace `class grade` opens."""

import json
import subprocess
import sys
from pathlib import Path

from sensemaking_desktop.bench.class_grading import build_large_class, time_teacher_actions
from sensemaking_desktop.roles.pair_judges import CosineJudge
from sensemaking_desktop.store import Store, open_store
from sensemaking_desktop.store.class_grades import class_answers, class_questions
from sensemaking_desktop.store.quizzes import list_quizzes
from sensemaking_desktop.workflows.class_grading import ClassWorkspace


def test_the_class_has_right_half_right_and_wrong_answers_for_every_question(store: Store) -> None:
    quiz_id, grades = build_large_class(store, questions=14, answers=30)
    answers = class_answers(store, quiz_id)
    questions = class_questions(store, quiz_id)
    assert len(answers) == 14 * 30 == len(grades) and len(questions) == 14
    assert questions[12].text.endswith("(part 2)") and questions[12].reference == questions[0].reference
    for question in questions:
        mine = [answer for answer in answers if answer.question_id == question.question_id]
        assert {grades[answer.answer_id] for answer in mine} == {0.0, 50.0, 100.0}
        assert len({answer.text for answer in mine}) > 15  # reworded, not copies


def test_each_action_is_timed_and_leaves_the_teachers_grade_in_the_library(store: Store) -> None:
    quiz_id, grades = build_large_class(store, questions=2, answers=40)
    judge = CosineJudge()
    opened = lambda: ClassWorkspace(store, quiz_id, judge=judge)  # noqa: E731
    figures = time_teacher_actions(opened, store, quiz_id, grades, actions=4)
    assert figures["answers"] == 80 and figures["questions"] == 2 and figures["actions"] == 4
    assert figures["teacher_graded_first"] == 8 and figures["first_plan_s"] > 0
    assert 0 < figures["action_s_median"] <= figures["action_s_max"] and figures["peak_rss_mb"] > 0
    answers = class_answers(store, quiz_id)
    graded = [answer for answer in answers if answer.teacher_score is not None]
    assert len(graded) >= 8 + 4 and {answer.teacher_score for answer in graded} <= {0.0, 50.0, 100.0}
    machine = [answer.machine_origin for answer in answers if answer.teacher_score is None]
    assert set(machine) <= {"automatic", "suggestion"}


def test_the_command_prints_the_figures_as_json(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "sensemaking_desktop", "--data-dir", str(tmp_path), "bench", "class-grading",
         "--questions", "2", "--answers", "12", "--actions", "2"],
        capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    figures = json.loads(done.stdout)
    assert figures["answers"] == 24 and figures["actions"] == 2 and figures["judge"] == "cosine"
    with open_store(tmp_path) as library:
        assert list_quizzes(library) == []  # the class lived in a library of its own
