"""A small library for screenshots and benchmarks: the bundled water-cycle sample imported
through the core's ingest job, and optionally a quiz written over one section, with open
questions added by hand."""

from pathlib import Path

from sensemaking_desktop.errors import SensemakingError
from sensemaking_desktop.samples import load_sample
from sensemaking_desktop.workflows.core import Core
from sensemaking_desktop.workflows.ingest_job import submit_ingest_job

DEMO_SECTION = 1
"""The second section ("Evaporation and Transpiration"): plain definitions, good questions."""
OPEN_QUESTIONS = (
    (
        "Why is rain fresh water, though most of it evaporated from the sea?",
        "When water evaporates, the salt and dirt in it are left behind; only pure water rises into the air.",
        ("When water evaporates", "salty seawater."),
    ),
    (
        "What is transpiration?",
        "Water vapour escaping from plants' leaves through tiny openings called stomata.",
        ("Plants also put water", "called transpiration."),
    ),
)
"""(question, reference, first and last words of the passage that answers it) over the demo
section. The embedded model is too small to write open questions (the Teacher writes cloze and
multiple-choice items from the material instead), so the demo adds these by hand, as a
teacher does with Add by hand… in the Quizzes area, for the Evaluator to grade."""


def import_sample(data_dir: Path) -> int:
    """Import the sample as a Markdown file; returns the material id."""
    from sensemaking_desktop.ingest.importer import IngestOptions
    from sensemaking_desktop.ingest.outcome import ImportOutcome
    from sensemaking_desktop.store import open_store

    sample = load_sample("water-cycle")
    source = data_dir.parent / f"{sample.title}.md"
    source.parent.mkdir(parents=True, exist_ok=True)
    source.write_text(sample.text + "\n", encoding="utf-8")
    with open_store(data_dir) as store:
        queue = Core(data_dir, store).jobs
        options = IngestOptions(language=sample.language)
        job_id = submit_ingest_job(queue, [source], options, "Import the sample")
        queue.run(job_id)
        (item,) = queue.items(job_id)
    outcome = ImportOutcome.of(item)
    if outcome is None:
        raise SensemakingError(f"The bundled sample did not import: {item['error']}")
    return outcome.material_id


def demo_section_id(data_dir: Path, material_id: int) -> int:
    from sensemaking_desktop.store import open_store
    from sensemaking_desktop.store.materials import sections_of

    with open_store(data_dir) as store:
        sections = sections_of(store, material_id)
    return sections[min(DEMO_SECTION, len(sections) - 1)].id


def write_quiz(data_dir: Path, material_id: int, count: int = 2) -> int:
    """A verified quiz over the demo section by the default model; returns the quiz id."""
    from sensemaking_desktop.quizzes.model import QuestionKind
    from sensemaking_desktop.store import open_store
    from sensemaking_desktop.workflows.teacher_job import TeacherOptions, submit_teach_job

    section_id = demo_section_id(data_dir, material_id)
    options = TeacherOptions(count=count, kinds=[QuestionKind.OPEN, QuestionKind.MULTIPLE_CHOICE])
    with open_store(data_dir) as store:
        queue = Core(data_dir, store).jobs
        job_id, quiz_id = submit_teach_job(store, queue, material_id, options, section_id=section_id, model=None)
        queue.run(job_id)
    return quiz_id


def add_open_questions(data_dir: Path, material_id: int, quiz_id: int) -> None:
    """Append OPEN_QUESTIONS to the quiz, each pointing at its passage in the demo section."""
    from sensemaking_desktop.quizzes.model import Question, QuestionKind, Source
    from sensemaking_desktop.store import open_store
    from sensemaking_desktop.store.materials import get_section
    from sensemaking_desktop.store.quizzes import add_question

    section_id = demo_section_id(data_dir, material_id)
    with open_store(data_dir) as store:
        text = get_section(store, section_id).text
        for question, reference, (first, last) in OPEN_QUESTIONS:
            start, end = text.find(first), text.find(last)
            if start < 0 or end < 0:
                raise SensemakingError(f"The sample's section no longer holds the passage {first!r}…{last!r}.")
            source = Source(section_id=section_id, span_start=start, span_end=end + len(last))
            add_question(
                store,
                quiz_id,
                Question(kind=QuestionKind.OPEN, text=question, reference_answer=reference, source=source),
            )
