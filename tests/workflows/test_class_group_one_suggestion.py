"""An answer group gets one suggested grade (issue 46, second fresh run): on the class of 30, the
group of "the oceans" showed 0 and 100 at once, as the answer judge read "sea" as wrong beside
"from the seas" read right, although the teacher grades the group in one action. A real library,
the real answer judge and answer groups, the README's example question."""

import csv
from collections import defaultdict
from pathlib import Path

from sensemaking_desktop.interchange.class_answers import import_answers
from sensemaking_desktop.quizzes.model import Question, QuestionKind, Quiz
from sensemaking_desktop.store import Store
from sensemaking_desktop.store.quizzes import add_quiz
from sensemaking_desktop.workflows.class_grading import ClassWorkspace

QUESTION = "Most of the water vapour in the air comes from the _____, because they cover most of the planet's surface."
RIGHT = ["the oceans", "oceans", "The ocean.", "from the seas", "sea"]
WRONG = ["rivers", "lakes", "clouds"]


def test_each_answer_group_shows_one_suggestion_and_right_stays_apart_from_wrong(store: Store, tmp_path: Path) -> None:
    quiz = Quiz(title="Water", questions=[Question(kind=QuestionKind.CLOZE, text=QUESTION, reference_answer="oceans")])
    with store.atomic() as db:
        quiz_id = add_quiz(db, quiz)
    answers = (RIGHT + WRONG) * 3 + RIGHT * 2
    path = tmp_path / "class.csv"
    with path.open("w", newline="", encoding="utf-8") as file:
        csv.writer(file).writerows([("student", "question", "answer")] + [
            (f"S{number}", "1", text) for number, text in enumerate(answers, start=1)
        ])  # fmt: skip
    import_answers(store, quiz_id, path)

    workspace = ClassWorkspace(store, quiz_id)
    workspace.regrade()
    view = workspace.view()
    by_group: dict[frozenset[int], set[float | None]] = defaultdict(set)
    for answer in view.answers:
        by_group[frozenset(workspace.group_of(answer.answer_id))].add(answer.machine_score)
    assert all(len(scores) == 1 for scores in by_group.values()), by_group
    suggested = {answer.text: answer.machine_score for answer in view.answers}
    assert all((suggested[text] or 0) >= 50 for text in RIGHT[:4]), suggested
    assert all(suggested[text] is not None and suggested[text] < 50 for text in WRONG), suggested
