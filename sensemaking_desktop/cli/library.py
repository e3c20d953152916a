"""`sensemaking backup`, `restore`, `quizzes` and `export`: the library as files."""

import dataclasses
from pathlib import Path

import click

from sensemaking_desktop.cli.app import AppContext, pass_app
from sensemaking_desktop.cli.output import cancel_on_interrupt, json_option, print_json, print_table, report
from sensemaking_desktop.interchange.backup import backup as make_backup
from sensemaking_desktop.interchange.backup import restore as restore_backup
from sensemaking_desktop.store.quizzes import get_quiz, list_quizzes


@click.command()
@click.argument("target", type=click.Path(dir_okay=False, path_type=Path))
@json_option
@pass_app
def backup(app: AppContext, target: Path, as_json: bool) -> None:
    """Write the whole library (database and imported files) to one zip file."""
    with cancel_on_interrupt() as cancel:
        written = make_backup(app.store, app.data_dir, target, cancel=cancel)
    size = written.stat().st_size
    report({"path": str(written), "size_bytes": size}, as_json, f"backup written to {written} ({size / 1e6:.1f} MB)")


@click.command()
@click.argument("archive", type=click.Path(dir_okay=False, path_type=Path))
@json_option
@pass_app
def restore(app: AppContext, archive: Path, as_json: bool) -> None:
    """Restore a backup: a copy into an empty library, else merged in without losing anything."""
    with cancel_on_interrupt() as cancel:
        result = restore_backup(archive, app.data_dir, cancel=cancel)
    added = ", ".join(f"{count} {table}" for table, count in result.added.items()) or "nothing new"
    line = f"{'merged' if result.merged else 'restored'}: {added}; {result.files} file(s)"
    if result.skipped_materials:
        line += f"; {result.skipped_materials} material(s) were already in the library"
    report(dataclasses.asdict(result), as_json, line)


@click.group()
def quizzes() -> None:
    """The quizzes in the library."""


@quizzes.command("list")
@json_option
@pass_app
def list_command(app: AppContext, as_json: bool) -> None:
    """All quizzes."""
    found = list_quizzes(app.store)
    if as_json:
        print_json(found)
        return
    print_table(
        ("id", "title", "material", "questions", "created"),
        [(q["id"], q["title"], q["material_id"], q["questions"], q["created_at"][:16]) for q in found],
    )


@quizzes.command("show")
@click.argument("quiz_id", type=int)
@json_option
@pass_app
def show(app: AppContext, quiz_id: int, as_json: bool) -> None:
    """A quiz with its questions and answers."""
    quiz = get_quiz(app.store, quiz_id)
    if as_json:
        print_json(quiz.model_dump(mode="json"))
        return
    click.echo(f"quiz {quiz.id}: {quiz.title}")
    for number, question in enumerate(quiz.questions, start=1):
        click.echo(f"\n{number}. [{question.kind}, {question.status}] {question.text}")
        for letter, choice in zip("ABCDEFGH", question.choices, strict=False):
            click.echo(f"   {letter}) {choice.text}{'  ✓' if choice.correct else ''}")
        if question.reference_answer and not question.choices:
            click.echo(f"   answer: {question.reference_answer}")
