"""`sensemaking ingest` and `sensemaking materials`: bring material in, look at it, reshape it."""

import dataclasses
from pathlib import Path

import click

from sensemaking_desktop.cli.context import AppContext, pass_app
from sensemaking_desktop.cli.output import (
    console,
    json_option,
    plural,
    print_json,
    print_table,
    report,
    run_job,
)
from sensemaking_desktop.errors import SensemakingError
from sensemaking_desktop.ingest.asr import ASR_BACKENDS, DEFAULT_BACKEND
from sensemaking_desktop.ingest.importer import IngestOptions
from sensemaking_desktop.ingest.outcome import ImportOutcome
from sensemaking_desktop.ingest.reshape import merge_sections, split_section
from sensemaking_desktop.store import materials as library
from sensemaking_desktop.text.language import language_name
from sensemaking_desktop.workflows.ingest_job import submit_ingest_job


def _where(section: library.Section) -> str:
    if section.start_page is not None:
        pages = (
            section.start_page if section.start_page == section.end_page else f"{section.start_page}–{section.end_page}"
        )
        return f"p. {pages}"
    if section.start_s is not None:
        return f"{_clock(section.start_s)}–{_clock(section.end_s or section.start_s)}"
    return ""


def _clock(seconds: float) -> str:
    minutes, rest = divmod(int(seconds), 60)
    return f"{minutes // 60}:{minutes % 60:02d}:{rest:02d}" if minutes >= 60 else f"{minutes}:{rest:02d}"


@click.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option(
    "--language", help="Language of the files (en, de, cs, uk, ...); detected from speech or text when left out."
)
@click.option(
    "--asr-backend",
    type=click.Choice(ASR_BACKENDS),
    default=DEFAULT_BACKEND,
    show_default=True,
    help="Speech recogniser for audio and video.",
)
@click.option("--asr-model", default="base", show_default=True, help="Whisper model: base (multilingual) or tiny.en.")
@click.option("--password", help="Password for encrypted PDFs.")
@click.option(
    "--section-tokens",
    type=click.IntRange(min=200),
    default=1500,
    show_default=True,
    help="Largest section in tokens (1500 suits a model with a 4k context).",
)
@click.option("--again", is_flag=True, help="Import files that are already in the library once more.")
@json_option
@pass_app
def ingest(
    app: AppContext,
    paths: tuple[Path, ...],
    language: str | None,
    asr_backend: str,
    asr_model: str,
    password: str | None,
    section_tokens: int,
    again: bool,
    as_json: bool,
) -> None:
    """Import files as materials with sections.

    
    Documents: PDF, EPUB, text/Markdown, Word (.docx, .doc), PowerPoint (.pptx, .ppt),
    OpenDocument (.odt, .odp), saved web pages (.html, .htm, .mhtml).
    Subtitles (.srt, .vtt); pictures of text (.png, .jpg, .tiff, read by OCR);
    audio and video (speech to text). .doc and .ppt need LibreOffice, pictures Tesseract.
    """
    options = IngestOptions(
        language=language,
        asr_backend=asr_backend,
        asr_model=asr_model,
        password=password,
        token_budget=section_tokens,
        again=again,
    )
    queue = app.jobs
    job_id = submit_ingest_job(queue, list(paths), options, f"Import {plural(len(paths), 'file')}")
    outcome = run_job(queue, job_id, "Importing")
    finished, outcomes = outcome.info, outcome.items
    kept = finished.status not in ("done", "partial", "failed") or finished.done + finished.failed < finished.total
    if not kept:
        queue.delete(job_id)  # every file was tried and each outcome is printed below
    if as_json:
        print_json([_item_json(item) for item in outcomes])
    else:
        _print_outcomes(outcomes)
    if kept and not as_json:  # only a job that is still there can be resumed
        click.echo(f"import {finished.status}; `sensemaking jobs resume {job_id}` finishes it")
    if finished.failed and finished.failed == finished.total and not as_json:
        raise SystemExit(1)  # each file's own error line above says it all
    if finished.failed:
        raise SensemakingError(_failed_files_line(finished.failed, finished.done, finished.total))


def _failed_files_line(failed: int, done: int, total: int) -> str:
    """The line after each failed file's own error: how the import went as a whole, not the
    failures again."""
    if failed == total:
        return "The file could not be imported." if total == 1 else f"None of the {total} files could be imported."
    line = f"{failed} of {plural(total, 'file')} could not be imported"
    if failed + done < total:
        return f"{line}."
    rest = "the other is" if total - failed == 1 else "the others are"
    return f"{line}; {rest} in the library."


def _item_json(item: dict) -> dict:
    outcome = ImportOutcome.of(item)
    found = {"path": item["payload"]["path"], "status": item["status"], "error": item["error"]}
    return found | (outcome.as_json() if outcome else {})


def _print_outcomes(outcomes: list[dict]) -> None:
    for item in outcomes:
        outcome = ImportOutcome.of(item)
        if item["status"] == "failed":
            console.print(f"[red]error:[/] {item['error']}")
        elif outcome and outcome.existing:
            click.echo(
                f"{item['label']}: already in the library as material {outcome.material_id} "
                f"({outcome.title}); use --again to import it once more"
            )
        elif outcome:
            click.echo(f"{item['label']}: material {outcome.material_id} ({plural(outcome.sections, 'section')})")


@click.group()
def materials() -> None:
    """The materials in the library and their sections."""


@materials.command("list")
@json_option
@pass_app
def list_materials(app: AppContext, as_json: bool) -> None:
    """All materials."""
    found = library.list_materials(app.store)
    if as_json:
        print_json([dataclasses.asdict(material) for material in found])
        return
    print_table(
        ("id", "title", "kind", "language", "sections", "imported"),
        [(m.id, m.title, m.kind, m.language, m.sections, m.created_at[:16]) for m in found],
    )


@materials.command("show")
@click.argument("material_id", type=int)
@click.option("--text", "with_text", is_flag=True, help="Print each section's text too.")
@json_option
@pass_app
def show(app: AppContext, material_id: int, with_text: bool, as_json: bool) -> None:
    """A material and its sections with their pages or times."""
    material, sections = library.get_material(app.store, material_id), library.sections_of(app.store, material_id)
    if as_json:
        print_json(dataclasses.asdict(material) | {"sections": [dataclasses.asdict(s) for s in sections]})
        return
    click.echo(f"material {material.id}: {material.title} [{material.kind}, {_language(material.language)}]")
    if with_text:
        for section in sections:
            place = ", ".join(part for part in (_where(section), section.language or "") if part)
            click.echo(f"\n## {section.position + 1}. {section.title or '(untitled)'}  [{place}]\n\n{section.text}")
        return
    print_table(
        ("id", "#", "title", "where", "language", "words"),
        [(s.id, s.position + 1, s.title, _where(s), s.language, len(s.text.split())) for s in sections],
    )


def _language(code: str | None) -> str:
    return f"{language_name(code)} ({code})" if code else "language unknown"


@materials.command("language")
@click.argument("material_id", type=int)
@click.argument("code")
@click.option("--section", "number", type=click.IntRange(min=1), help="Only this section (its # in `materials show`).")
@json_option
@pass_app
def language(app: AppContext, material_id: int, code: str, number: int | None, as_json: bool) -> None:
    """Set the language of a material, or of one of its sections, as an ISO code (en, de, cs, uk, ...).

    Quizzes are written in it. A material's sections follow it, except those in another language."""
    if number is None:
        material = library.set_material_language(app.store, material_id, code)
        report(dataclasses.asdict(material), as_json, f"material {material.id} is in {_language(material.language)}")
        return
    library.get_material(app.store, material_id)  # an unknown material is named as such
    sections = library.sections_of(app.store, material_id)
    if number > len(sections):
        raise SensemakingError(
            f"Material {material_id} has {plural(len(sections), 'section')}; there is no section {number}."
        )
    section = library.set_section_language(app.store, sections[number - 1].id, code)
    report(
        dataclasses.asdict(section),
        as_json,
        f"section {number} of material {material_id} is in {_language(section.language)}",
    )


@materials.command("delete")
@click.argument("material_id", type=int)
@click.option("--yes", is_flag=True, help="Do not ask for confirmation.")
@json_option
@pass_app
def delete(app: AppContext, material_id: int, yes: bool, as_json: bool) -> None:
    """Delete a material with its sections, quizzes, answers and grades."""
    material = library.get_material(app.store, material_id)
    if not yes:
        click.confirm(f"Delete '{material.title}' and everything made from it?", abort=True)
    library.delete_material(app.store, material_id)
    report(dataclasses.asdict(material), as_json, f"deleted material {material.id} ({material.title})")


@materials.command("merge")
@click.argument("first_section", type=int)
@click.argument("second_section", type=int)
@pass_app
def merge(app: AppContext, first_section: int, second_section: int) -> None:
    """Join two neighbouring sections."""
    merged = merge_sections(app.store, first_section, second_section)
    click.echo(f"merged into section {merged.id} ({len(merged.text.split())} words)")


@materials.command("split")
@click.argument("section_id", type=int)
@click.argument("offset", type=int)
@pass_app
def split(app: AppContext, section_id: int, offset: int) -> None:
    """Cut a section in two at the sentence boundary nearest to character OFFSET."""
    first, second = split_section(app.store, section_id, offset)
    click.echo(
        f"section {first.id} ({len(first.text.split())} words) and {second.id} ({len(second.text.split())} words)"
    )
