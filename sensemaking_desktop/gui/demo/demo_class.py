"""A graded class and two self-test attempts on the demo quiz, made through the core's own calls,
so the Self-test, Grading and Robustness areas have something to show in screenshots.

The students' answers are made by a rule, not written by people: a right answer is the
question's reference (or its right choice), a wrong one the other choice or a vague line
(VAGUE). Every machine grade is real: the class's answers are graded by the grade job, as
`sensemaking grade QUIZ` grades them, and the self-test's open answers by `grade_open_answers`,
as the Self-test area grades them, both by the Evaluator on the default model. TEACHER stands
for a teacher's own grades of a few students' open answers, as a person would type them in the
Grading area; they are added after the machine has graded, so they neither guide nor copy it,
and the agreement figures shown are computed from the two. The adversarial suite is run for
real, with the default model, on a sample of the class's answers (SUITE_SAMPLE)."""

import tempfile
from pathlib import Path

from sensemaking_desktop.cancel import NEVER
from sensemaking_desktop.errors import SensemakingError
from sensemaking_desktop.llm.backend import ChatBackend
from sensemaking_desktop.quizzes.model import Question, QuestionKind
from sensemaking_desktop.store import Store
from sensemaking_desktop.workflows.core import Core

STUDENTS = ("Ana", "Ben", "Chloé", "Dev", "Emil", "Fatou")
VAGUE = "It is something about water, I think."
TEACHER = {"Ana": 90.0, "Ben": 80.0, "Chloé": 10.0, "Dev": 85.0, "Fatou": 20.0}
"""A teacher's grade of each of these students' open answers: input standing for a person's,
in line with the rule that makes the answers (Chloé and Fatou give the vague line)."""
SUITE_SAMPLE = 2
"""Genuine answers the screenshots' suite is built from: each brings five controls and up to
thirteen probes to grade, so the whole class's took the screenshot run past half an hour on a
busy machine; two are enough for the area's table and chart of controls beside genuine answers."""


def answers_right(student: int) -> bool:
    """Most students answer right; every third one (Chloé, Fatou) answers wrong."""
    return student % 3 != 2


def _answer(question: Question, student: int) -> str:
    good = answers_right(student)
    if question.kind == QuestionKind.MULTIPLE_CHOICE:
        wanted = [choice for choice in question.choices if choice.correct == good] or question.choices
        return wanted[0].text
    if question.kind == QuestionKind.TRUE_FALSE:
        return question.reference_answer if good else {"true": "false"}.get(question.reference_answer or "", "true")
    return (question.reference_answer or "") if good else VAGUE


def add_graded_class(data_dir: Path, quiz_id: int) -> None:
    """Import the class's answers, grade them with the grade job, add the teacher's grades,
    then take two self-test attempts whose open answers the Evaluator grades."""
    from sensemaking_desktop.store import open_store
    from sensemaking_desktop.workflows.selftest import attempt_questions

    with open_store(data_dir) as store:
        core = Core(data_dir, store)
        questions = attempt_questions(store, quiz_id)
        _import_class(store, quiz_id, questions)
        _grade_class(store, core, quiz_id)
        _add_teacher_grades(store, quiz_id)
        engine = core.models.engine(None)
        for attempt in range(2):
            _self_test(store, engine, quiz_id, questions, attempt)


def _import_class(store: Store, quiz_id: int, questions: list[Question]) -> None:
    from sensemaking_desktop.interchange.class_answers import import_answers
    from sensemaking_desktop.interchange.csvfile import csv_writer

    with tempfile.TemporaryDirectory() as scratch:
        sheet = Path(scratch) / "class.csv"
        with sheet.open("w", encoding="utf-8", newline="") as file:
            writer = csv_writer(file)
            writer.writerow(["student", "question", "answer"])
            for number, name in enumerate(STUDENTS):
                for position, question in enumerate(questions, start=1):
                    writer.writerow([name, position, " ".join(_answer(question, number).split())])
        import_answers(store, quiz_id, sheet)


def _grade_class(store: Store, core: Core, quiz_id: int) -> None:
    """The grade job over every imported answer, as `sensemaking grade QUIZ` runs it."""
    from sensemaking_desktop.workflows.grade_job import submit_grade_job

    queue = core.jobs
    job_id = submit_grade_job(store, queue, quiz_id)
    queue.run(job_id)
    failed = [item["error"] for item in queue.items(job_id) if item["status"] != "done"]
    if failed:
        raise SensemakingError(f"The demo class was not graded: {failed[0]}")


def _add_teacher_grades(store: Store, quiz_id: int) -> None:
    from sensemaking_desktop.store.answers import get_run, list_runs
    from sensemaking_desktop.store.grades import override

    for run in list_runs(store, quiz_id, kind="person"):
        if run.label in TEACHER:
            for answer in get_run(store, run.id).answers:
                if answer.kind == QuestionKind.OPEN:
                    override(store, answer.id, TEACHER[run.label])


def _self_test(store: Store, engine: ChatBackend, quiz_id: int, questions: list[Question], attempt: int) -> None:
    """One attempt as the Self-test area takes it: closed answers marked at once, open ones
    graded by the Evaluator when the attempt is finished."""
    from sensemaking_desktop.workflows.grading import grade_open_answers
    from sensemaking_desktop.workflows.selftest import (
        OpenAnswer,
        finish_attempt,
        record_answer,
        start_attempt,
    )

    run_id = start_attempt(store, quiz_id, "me")
    waiting = []
    for index, question in enumerate(questions):
        marked = record_answer(store, run_id, question, _answer(question, attempt + index), 12.0 + 5 * index)
        if marked.score is None:
            waiting.append(OpenAnswer(marked.answer_id, quiz_id, question, marked.text))
    finish_attempt(store, run_id)
    grade_open_answers(store, engine, waiting, NEVER, lambda graded: None)


def run_suite(data_dir: Path, quiz_id: int) -> None:
    """The adversarial suite over SUITE_SAMPLE of the demo class's answers, under the title the
    Robustness area reads its last suite by; a user's button still runs it over every answer."""
    from sensemaking_desktop.store import open_store
    from sensemaking_desktop.workflows.robustness import quiz_items, submit_suite_job, suite_title

    with open_store(data_dir) as store:
        queue = Core(data_dir, store).jobs
        job_id = submit_suite_job(
            queue, quiz_items(store, quiz_id, limit=SUITE_SAMPLE), title=suite_title(quiz_id), model=None
        )
        queue.run(job_id)
