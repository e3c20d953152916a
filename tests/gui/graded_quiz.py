"""A material imported by the core and a quiz over its section, stored as the Teacher stores
one, for the self-test, grading and robustness tests."""

from pathlib import Path
from typing import Any

from materials import notes

from sensemaking_desktop.ingest.importer import IngestHandler, IngestOptions
from sensemaking_desktop.quizzes.model import Choice, Question, QuestionKind, Quiz, Source
from sensemaking_desktop.store import Store
from sensemaking_desktop.store.answers import add_answer, add_grade, add_run
from sensemaking_desktop.store.materials import sections_of
from sensemaking_desktop.store.quizzes import add_quiz, get_quiz
from sensemaking_desktop.workflows.jobs import job_queue


def water_quiz(store: Store, data_dir: Path, folder: Path, *, closed: bool = True) -> int:
    """Two open questions, and with `closed` a multiple-choice and a true/false one first."""
    queue = job_queue(store, data_dir)
    items = [("water.md", {"path": str(notes(folder / "water.md"))})]
    job_id = queue.submit(
        IngestHandler, kind="ingest", title="import", params=IngestOptions().model_dump(), items=items
    )
    queue.run(job_id)
    material_id = queue.items(job_id)[0]["result"]["material_id"]
    (section,) = sections_of(store, material_id)

    def span(first: str, last: str) -> Source:
        start = section.text.index(first)
        return Source(section_id=section.id, span_start=start, span_end=section.text.index(last) + len(last))

    questions = [
        Question(
            kind=QuestionKind.OPEN,
            text="What forms the tiny droplets that make clouds?",
            reference_answer="Condensation of the rising water vapour.",
            source=span("Condensation", "clouds."),
        ),
        Question(
            kind=QuestionKind.OPEN,
            text="What is infiltration?",
            reference_answer="Rain soaking into the ground.",
            source=span("Some rain", "infiltration."),
        ),
    ]
    if closed:
        questions[:0] = [
            Question(
                kind=QuestionKind.MULTIPLE_CHOICE,
                text="What turns liquid water into vapour?",
                choices=[Choice(text="Condensation"), Choice(text="Evaporation", correct=True)],
                source=span("Evaporation", "sea."),
            ),
            Question(
                kind=QuestionKind.TRUE_FALSE,
                text="Precipitation is rain, snow or hail.",
                reference_answer="true",
                source=span("When the droplets", "precipitation."),
            ),
        ]
    with store.atomic() as db:
        return add_quiz(db, Quiz(material_id=material_id, title="Water quiz", questions=questions))


def one_machine_grade(store: Store, answer: str, **grade: Any) -> int:
    """A quiz of one open question about rain with one imported answer and its machine grade
    (`grade`: add_grade's keywords besides the answer, source and grader), for the review list's tests."""
    question = Question(kind=QuestionKind.OPEN, text="Why is rain fresh?", reference_answer="The salt stays behind.")
    with store.atomic() as db:
        quiz_id = add_quiz(db, Quiz(title="Rain", questions=[question]))
    question_id = get_quiz(store, quiz_id).questions[0].id
    with store.atomic() as db:
        answer_id = add_answer(db, add_run(db, quiz_id, "person", "class", "imported"), question_id, answer)
        add_grade(db, answer_id, source="machine", grader="m", **grade)
    return quiz_id
