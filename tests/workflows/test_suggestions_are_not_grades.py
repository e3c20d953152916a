"""A grade job grades answers whose only machine grades are class grading's suggestions, even those
suggested after it was submitted (issue 47, finding 3): a suggestion waits for the teacher, it is no grade."""

from pathlib import Path

from sensemaking_desktop.quizzes.model import Question, QuestionKind, Quiz
from sensemaking_desktop.roles.pair_judges import CosineJudge
from sensemaking_desktop.store import Store
from sensemaking_desktop.store.answers import add_answer, add_run
from sensemaking_desktop.store.class_grades import final_grades
from sensemaking_desktop.store.quizzes import add_quiz, get_quiz
from sensemaking_desktop.workflows.class_grading import ClassWorkspace
from sensemaking_desktop.workflows.grade_job import submit_grade_job
from sensemaking_desktop.workflows.jobs import job_queue


def test_suggestions_made_while_a_grade_job_waits_do_not_make_it_skip_their_answers(
    store: Store, data_dir: Path
) -> None:
    question = Question(
        kind=QuestionKind.TRUE_FALSE, text="Most water on Earth is salt water.", reference_answer="true"
    )
    with store.atomic() as db:
        quiz_id = add_quiz(db, Quiz(title="Water", questions=[question]))
    question_id = get_quiz(store, quiz_id).questions[0].id
    with store.atomic() as db:
        answers = [add_answer(db, add_run(db, quiz_id, "person", name, None), question_id, text)
                   for name, text in (("ann", "true"), ("bob", "false"), ("cat", "True"))]  # fmt: skip
    queue = job_queue(store, data_dir)
    job_id = submit_grade_job(store, queue, quiz_id)
    ClassWorkspace(store, quiz_id, judge=CosineJudge()).grade([answers[0]], 100)
    assert [grade.source for grade in final_grades(store, quiz_id)] == ["teacher", "suggestion", "suggestion"]

    assert queue.run(job_id).status == "done"
    (summary,) = [item["result"] for item in queue.items(job_id)]
    assert (summary["graded"], summary["skipped"]) == (3, 0)
    assert [(g.score, g.source) for g in final_grades(store, quiz_id)] == [
        (100, "teacher"), (0, "key"), (100, "key")
    ]  # fmt: skip
