"""Before the teacher grades anything, a class's suggestions follow what each answer says (issue 46,
finding 2): the default judge reads every answer against the reference as right or wrong, where
embedding closeness to the reference alone suggested 100 for every answer, "rivers" included.
A real library, the real answer judge, the README's example question."""

import csv
from pathlib import Path

from sensemaking_desktop.interchange.class_answers import import_answers
from sensemaking_desktop.quizzes.model import Question, QuestionKind, Quiz
from sensemaking_desktop.store import Store
from sensemaking_desktop.store.quizzes import add_quiz
from sensemaking_desktop.workflows.class_grading import ClassWorkspace

QUESTION = "Most of the water vapour in the air comes from the _____, because they cover most of the planet's surface."
RIGHT = ["the oceans", "oceans", "The ocean.", "From the oceans."]
WRONG = ["rivers", "volcanoes", "ice", "the clouds"]


def test_before_any_teacher_grade_right_answers_are_suggested_high_and_wrong_ones_low(
    store: Store, tmp_path: Path
) -> None:
    quiz = Quiz(title="Water", questions=[Question(kind=QuestionKind.CLOZE, text=QUESTION, reference_answer="oceans")])
    with store.atomic() as db:
        quiz_id = add_quiz(db, quiz)
    path = tmp_path / "answers.csv"
    with path.open("w", newline="", encoding="utf-8") as file:
        csv.writer(file).writerows([("student", "question", "answer")] + [
            (f"S{number}", "1", text) for number, text in enumerate(RIGHT + WRONG, start=1)
        ])  # fmt: skip
    import_answers(store, quiz_id, path)

    workspace = ClassWorkspace(store, quiz_id)
    workspace.regrade()
    suggested = {answer.text: answer.machine_score for answer in workspace.view().answers}
    assert all(suggested[text] is not None and suggested[text] >= 50 for text in RIGHT), suggested
    assert all(suggested[text] is not None and suggested[text] < 50 for text in WRONG), suggested
    assert {answer.machine_origin for answer in workspace.view().answers} == {"suggestion"}


def test_a_suggestion_s_reason_goes_its_way(store: Store, tmp_path: Path) -> None:
    """Fresh run 3: every suggestion read against the model answer said "Says what the model answer
    says, so it gets 0." for wrong answers too."""
    quiz = Quiz(title="Water", questions=[Question(kind=QuestionKind.CLOZE, text=QUESTION, reference_answer="oceans")])
    with store.atomic() as db:
        quiz_id = add_quiz(db, quiz)
    path = tmp_path / "answers.csv"
    with path.open("w", newline="", encoding="utf-8") as file:
        csv.writer(file).writerows([("student", "question", "answer"), ("S1", "1", "oceans"), ("S2", "1", "volcanoes")])
    import_answers(store, quiz_id, path)
    workspace = ClassWorkspace(store, quiz_id)
    workspace.regrade()
    reasons = {answer.text: answer.machine_reason for answer in workspace.view().answers}
    assert reasons["oceans"].startswith("Says what the model answer says, so it gets 100"), reasons
    assert reasons["volcanoes"].startswith("Does not say what the model answer says, so it gets 0"), reasons
