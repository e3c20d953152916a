"""A graded class and two self-test attempts on the demo quiz, through the core's own calls, so
the Self-test, Grading and Robustness areas have something to show in screenshots. Machine
grades are written directly (no model calls); a few are confirmed or overridden by a person.
The adversarial suite is run for real, with the default model, on the class's answers."""

import tempfile
from pathlib import Path

from sensemaking_desktop.quizzes.model import Question, QuestionKind
from sensemaking_desktop.workflows.core import Core

STUDENTS = ("Ana", "Ben", "Chloé", "Dev", "Emil", "Fatou")
MACHINE = ((92, 0.9, []), (55, 0.45, ["judge_disagrees"]), (20, 0.35, ["off_topic"]), (78, 0.7, []),
           (35, 0.5, ["not_in_material"]), (88, 0.8, []))  # fmt: skip
"""(score, confidence, flags) of each student's open answers, as the Evaluator might give them."""
HUMAN = {"Ana": 95.0, "Ben": 40.0, "Dev": 80.0}


def _answer(question: Question, student: int) -> str:
    """Right answers for most, a wrong choice or a vague line for the rest."""
    good = student % 3 != 2
    if question.kind == QuestionKind.MULTIPLE_CHOICE:
        wanted = [choice for choice in question.choices if choice.correct == good] or question.choices
        return wanted[0].text
    if question.kind == QuestionKind.TRUE_FALSE:
        return question.reference_answer if good else {"true": "false"}.get(question.reference_answer or "", "true")
    return (question.reference_answer or "") if good else "It is something about water, I think."


def add_graded_class(data_dir: Path, quiz_id: int) -> None:
    from sensemaking_desktop.interchange.class_answers import import_answers
    from sensemaking_desktop.interchange.csvfile import csv_writer
    from sensemaking_desktop.store import open_store
    from sensemaking_desktop.store.answers import add_grade, get_run, list_runs
    from sensemaking_desktop.store.grades import override
    from sensemaking_desktop.workflows.selftest import (
        attach_grade,
        attempt_questions,
        finish_attempt,
        record_answer,
        start_attempt,
    )

    with open_store(data_dir) as store:
        questions = attempt_questions(store, quiz_id)
        with tempfile.TemporaryDirectory() as scratch:
            sheet = Path(scratch) / "class.csv"
            with sheet.open("w", encoding="utf-8", newline="") as file:
                writer = csv_writer(file)
                writer.writerow(["student", "question", "answer"])
                for number, name in enumerate(STUDENTS):
                    for position, question in enumerate(questions, start=1):
                        writer.writerow([name, position, " ".join(_answer(question, number).split())])
            import_answers(store, quiz_id, sheet)
        for number, run in enumerate(list_runs(store, quiz_id, kind="person")):
            score, confidence, flags = MACHINE[number % len(MACHINE)]
            for answer in get_run(store, run.id).answers:
                with store.atomic() as db:
                    add_grade(db, answer.id, source="machine", score=score, reason="Demo grade.",
                              grader="demo", flags=flags, confidence=confidence)  # fmt: skip
                if run.label in HUMAN:
                    override(store, answer.id, HUMAN[run.label])
        for attempt in range(2):
            run_id = start_attempt(store, quiz_id, "me")
            for index, question in enumerate(questions):
                marked = record_answer(store, run_id, question, _answer(question, attempt + index), 12.0 + 5 * index)
                if marked.score is None:
                    attach_grade(
                        store, marked.answer_id, score=60.0 + 25 * attempt, reason="Demo grade.", grader="demo"
                    )
            finish_attempt(store, run_id)


def run_suite(data_dir: Path, quiz_id: int) -> None:
    """The adversarial suite over the demo class's answers, as the Robustness area runs it."""
    from sensemaking_desktop.store import open_store
    from sensemaking_desktop.workflows.robustness import quiz_items, submit_suite_job, suite_title

    with open_store(data_dir) as store:
        queue = Core(data_dir, store).jobs
        job_id = submit_suite_job(queue, quiz_items(store, quiz_id), title=suite_title(quiz_id), model=None)
        queue.run(job_id)
