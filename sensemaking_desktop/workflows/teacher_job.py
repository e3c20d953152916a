"""Writing a quiz over a stored material as a persistent job: one item per section.

The quiz row exists from the start; each section's questions (kept and dropped, with their
verdicts) are added in the transaction that marks the section done, so a crash loses no
finished section and a resume continues with the next one.
"""

from typing import Any

import sqlite_utils

from sensemaking_desktop.cancel import CancelToken
from sensemaking_desktop.errors import SensemakingError
from sensemaking_desktop.jobs import JobHandler, JobQueue
from sensemaking_desktop.llm.backend import ChatBackend
from sensemaking_desktop.quizzes.model import Question, Quiz
from sensemaking_desktop.roles.teacher import WRITTEN_KINDS as WRITTEN_KINDS  # the kinds a front end offers
from sensemaking_desktop.roles.teacher import TeacherOptions, generate_quiz
from sensemaking_desktop.store import Store
from sensemaking_desktop.store.materials import Section, get_material, get_section, sections_of
from sensemaking_desktop.store.quizzes import add_quiz, append_questions
from sensemaking_desktop.workflows.job_outcomes import SectionWritten
from sensemaking_desktop.workflows.selftest_texts import say

MAX_PER_SECTION = 50
"""The most questions one section is asked for, as `teach --count` allows."""


class TeachHandler(JobHandler):
    """params: quiz_id, model, options (TeacherOptions); payload: section_id."""

    name = "teach"

    def run(self, payload: dict[str, Any], cancel: CancelToken) -> dict[str, Any]:
        section = get_section(self.context.store, payload["section_id"])
        material = get_material(self.context.store, section.material_id)
        options = TeacherOptions.model_validate(self.params["options"])
        asked = options.count
        if "count" in payload:
            options = options.model_copy(update={"count": payload["count"]})
        engine = self.context.engine(self.params.get("model"))
        done: list[Question] = []

        def progress(question: Question) -> None:
            done.append(question)
            self.context.item_progress(min(1.0, len(done) / (2 * options.count)))

        result = generate_quiz(
            engine,
            section.text,
            options,
            section_id=section.id,
            cancel=cancel,
            on_question=progress,
            language=section.language,
            title=f"{material.title} {section.title or ''}",
            whole=_whole_text(sections_of(self.context.store, material.id), section),
        )
        return {
            "questions": [question.model_dump(mode="json") for question in result.kept + result.dropped],
            "kept": len(result.kept),
            "exhausted": result.exhausted,
            "failures": [reason for _, reason in result.failures],
            "notes": result.notes,
            "from_material": result.from_material,
            "left_out": result.left_out,
            "requested": asked,
        }

    def save(self, db: sqlite_utils.Database, payload: dict[str, Any], result: dict[str, Any]) -> dict[str, Any]:
        quiz_id = self.params["quiz_id"]
        append_questions(db, quiz_id, [Question.model_validate(fields) for fields in result["questions"]])
        written = SectionWritten(
            kept=result["kept"],
            exhausted=result["exhausted"],
            failures=result["failures"],
            notes=result.get("notes", []),
            from_material=result.get("from_material", False),
            questions=len(result["questions"]),
            left_out=result.get("left_out", {}),
            requested=result.get("requested", 0),
        )
        return written.as_json()


def _whole_text(sections: list[Section], section: Section) -> str:
    """The text of the sections in the section's language, in order: where the floor finds a
    section's options (a German section of a mostly English material takes German ones)."""
    return "\n\n".join(other.text for other in sections if other.language == section.language)


def submit_teach_job(
    store: Store,
    queue: JobQueue,
    material_id: int,
    options: TeacherOptions,
    *,
    section_id: int | None,
    model: str | None,
) -> tuple[int, int]:
    """Create the (empty) quiz and the job that fills it; returns (job id, quiz id)."""
    material = get_material(store, material_id)
    sections = [s for s in sections_of(store, material_id) if section_id is None or s.id == section_id]
    if not sections:
        raise SensemakingError(f"Section {section_id} is not part of material {material_id}.")
    with store.atomic() as db:
        title = say(material.language, "quiz_title", title=material.title)
        quiz_id = add_quiz(db, Quiz(material_id=material_id, title=title))
    counts = proportional_counts([len(section.text) for section in sections], options.count)
    items = [
        (section.title or f"section {section.position + 1}", {"section_id": section.id, "count": count})
        for section, count in zip(sections, counts, strict=True)
    ]
    params = {"quiz_id": quiz_id, "model": model, "options": options.model_dump(mode="json")}
    job_id = queue.submit(TeachHandler, title=title, params=params, items=items)
    return job_id, quiz_id


def quiz_on_text(engine: ChatBackend, text: str, options: TeacherOptions, cancel: CancelToken) -> dict[str, Any]:
    """A quiz over a text that is not in the library (`teach --text`), as JSON: nothing is stored."""
    result = generate_quiz(engine, text, options, cancel=cancel)
    return {
        "kept": [question.model_dump(mode="json") for question in result.kept],
        "dropped": [question.model_dump(mode="json") for question in result.dropped],
        "exhausted": result.exhausted,
        "failures": [reason for _, reason in result.failures],
        "notes": result.notes,
    }


def proportional_counts(lengths: list[int], per_section: int) -> list[int]:
    """Questions per section, `per_section` on average, shared out by the sections' lengths (largest
    remainders), at least one each: a long chapter gets more than a two-line preface, and the quiz
    covers the material in proportion (issue 34). A section of at least half the average length
    gets `per_section` or more, so `--count 3` means three questions on every real section."""
    total = per_section * len(lengths)
    whole = sum(lengths) or 1
    shares = [total * length / whole for length in lengths]
    counts = [max(1, int(share)) for share in shares]
    by_remainder = sorted(range(len(lengths)), key=lambda index: int(shares[index]) - shares[index])
    for index in by_remainder:
        if sum(counts) >= total:
            break
        counts[index] += 1
    floor = whole / len(lengths) / 2
    counts = [
        max(count, per_section) if length >= floor else count for count, length in zip(counts, lengths, strict=True)
    ]
    return [min(count, MAX_PER_SECTION) for count in counts]
