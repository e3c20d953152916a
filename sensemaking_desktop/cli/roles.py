"""`sensemaking teach` and `sensemaking answer`: the Teacher and the Student from the command line."""

from pathlib import Path

import click

from sensemaking_desktop.cli.batch import print_item_results
from sensemaking_desktop.cli.context import AppContext, pass_app
from sensemaking_desktop.cli.model_check import usable_model
from sensemaking_desktop.cli.output import (
    cancel_on_interrupt,
    console,
    fail_unless_done,
    input_file,
    json_option,
    model_option,
    parallel_option,
    plural,
    print_json,
    report,
    run_job,
)
from sensemaking_desktop.interchange.jsonlines import read_items
from sensemaking_desktop.quizzes.model import QuestionKind


@click.command()
@click.argument("quiz_id", type=int, required=False)
@click.option(
    "--items",
    "items_path",
    type=input_file,
    help='Answer JSON lines instead, each {"material": "...", "question": "..."}, and print JSON lines.',
)
@model_option
@parallel_option
@json_option
@pass_app
def answer(
    app: AppContext,
    quiz_id: int | None,
    items_path: Path | None,
    model: str | None,
    parallel: int | None,
    as_json: bool,
) -> None:
    """Answer a stored quiz from its material as a job, one item per section (Ctrl+C keeps
    finished sections; `sensemaking jobs resume` goes on); or answer --items lines.

    Questions over the same section or material run back to back, so the model reads it once.
    """
    if (quiz_id is None) == (items_path is None):
        raise click.UsageError("Name a quiz (see `sensemaking quizzes list`) or give --items FILE, not both.")
    if items_path is not None:
        _answer_items(app, items_path, model, parallel)
        return
    from sensemaking_desktop.store.answers import run_number
    from sensemaking_desktop.workflows.job_outcomes import AnswerCounts
    from sensemaking_desktop.workflows.student_job import submit_answer_job

    model_name = usable_model(app, model).name
    queue = app.jobs
    job_id, run_id = submit_answer_job(app.store, queue, quiz_id, model=model, model_name=model_name)
    outcome = run_job(queue, job_id, "Answering")
    finished, answered = outcome.info, AnswerCounts.of(outcome.items)
    number = run_number(app.store, run_id)
    line = (
        f"answer run {number} on quiz {quiz_id}: {plural(answered.answers, 'answer')}, "
        f"{answered.supported} with evidence "
        f"found in the material; job {job_id} {finished.status} (see `sensemaking answers show {quiz_id} {number}`)"
    )
    if answered.extracted:
        line += f"\n{EXTRACTED_NOTE}"
    report(
        {"run_id": run_id, "run": number, "job_id": job_id, "status": finished.status} | answered.as_json(),
        as_json,
        line,
    )
    fail_unless_done(finished)


EXTRACTED_NOTE = (
    "The model is too small to answer well, so each answer is the material's clause nearest the question"
    " (kept only where it fits the question); choose a larger model under Models for its own answers."
)


def _answer_items(app: AppContext, items_path: Path, model: str | None, parallel: int | None) -> None:
    """JSON lines in, one JSON line per item out in input order."""
    from sensemaking_desktop.workflows.batch import answer_items

    items = read_items(items_path, ("material", "question"))
    print_item_results(app, items, answer_items, model=model, parallel=parallel, description="Answering")


def _kinds(value: str) -> list[QuestionKind]:
    """The question kinds asked for, each one the Teacher writes."""
    from sensemaking_desktop.workflows.teacher_job import WRITTEN_KINDS

    choices = {kind.value: kind for kind in WRITTEN_KINDS}
    asked = [kind.strip() for kind in value.split(",") if kind.strip()]
    if not asked or any(kind not in choices for kind in asked):
        raise click.BadParameter(f"use a comma-separated list of: {', '.join(choices)}")
    return [choices[kind] for kind in asked]


@click.command()
@click.argument("material_id", type=int, required=False)
@click.option(
    "--text",
    "text_path",
    type=input_file,
    help="Write a quiz for a plain text file instead, and print it as JSON (nothing is stored).",
)
@click.option("--section", "section_id", type=int, help="Only this section of the material.")
@click.option(
    "--count",
    default=5,
    show_default=True,
    type=click.IntRange(1, 50),
    help="Questions per section; longer sections get more, one under half the average length fewer.",
)
@click.option(
    "--types",
    "kinds",
    default="open",
    show_default=True,
    help="Comma-separated: open, multiple_choice, true_false, cloze.",
)
@click.option("--difficulty", type=click.Choice(["easy", "medium", "hard"]), default="medium", show_default=True)
@click.option("--language", help="Language of the questions (default: that of the material).")
@model_option
@json_option
@pass_app
def teach(
    app: AppContext,
    material_id: int | None,
    text_path: Path | None,
    section_id: int | None,
    count: int,
    kinds: str,
    difficulty: str,
    language: str | None,
    model: str | None,
    as_json: bool,
) -> None:
    """Write a verified quiz over a material, one job item per section (Ctrl+C keeps finished sections)."""
    from sensemaking_desktop.workflows.teacher_job import TeacherOptions, quiz_on_text, submit_teach_job

    options = TeacherOptions(count=count, kinds=_kinds(kinds), difficulty=difficulty, language=language)
    usable_model(app, model)
    if model is None:
        _first_run_hint(app, language)
    if text_path is not None:
        engine = app.models.engine(model)
        text = read_text(text_path)
        with cancel_on_interrupt() as cancel:
            print_json(quiz_on_text(engine, text, options, cancel))
        return
    if material_id is None:
        raise click.UsageError("Name a material (see `sensemaking materials list`) or give --text FILE.")
    from sensemaking_desktop.workflows.job_outcomes import TeachOutcome

    queue = app.jobs
    job_id, quiz_id = submit_teach_job(app.store, queue, material_id, options, section_id=section_id, model=model)
    outcome = run_job(queue, job_id, "Writing questions")
    finished, taught = outcome.info, TeachOutcome.of(outcome.items)
    line = f"quiz {quiz_id}: {plural(taught.kept, 'question')} kept over {plural(len(taught.sections), 'section')}"
    line += f", job {job_id} {finished.status}"
    if taught.exhausted:
        line += "; some sections ran out of passages before the count was met (see `sensemaking quizzes show`)"
    if taught.notes:
        line += "\n" + "\n".join(taught.notes)
    sections = [section.as_json() for section in taught.sections]
    data = {"quiz_id": quiz_id, "job_id": job_id, "status": finished.status, "kept": taught.kept}
    report(data | {"sections": sections}, as_json, line)
    fail_unless_done(finished)


def _first_run_hint(app: AppContext, language: str | None) -> None:
    """While the embedded model is the only one, say so before it writes a weak quiz."""
    from sensemaking_desktop.llm.recommend import first_run

    advice = first_run(app.models, language=language)
    for line in advice.lines() if advice and app.store.load_settings().default_model is None else []:
        console.print(line, style="yellow", highlight=False)


def read_text(path: Path) -> str:
    from sensemaking_desktop.ingest.text import extract_text

    return "\n\n".join(block.text for block in extract_text(path).blocks)
