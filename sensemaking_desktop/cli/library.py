"""`sensemaking backup`, `restore`, `quizzes` and `export`: the library as files."""

import dataclasses
import json
from pathlib import Path

import click

from sensemaking_desktop.cli.context import AppContext, pass_app
from sensemaking_desktop.cli.output import cancel_on_interrupt, json_option, plural, print_json, print_table, report
from sensemaking_desktop.errors import SensemakingError
from sensemaking_desktop.interchange.backup import backup as make_backup
from sensemaking_desktop.interchange.backup import restore as restore_backup
from sensemaking_desktop.quizzes.key_text import parse_numerical, parse_pairs
from sensemaking_desktop.quizzes.model import Choice, Question, QuestionKind, QuestionStatus, Quiz
from sensemaking_desktop.quizzes.truth_words import truth_word
from sensemaking_desktop.store.materials import get_material
from sensemaking_desktop.store.quizzes import (
    add_question,
    add_quiz,
    delete_question,
    get_question,
    get_quiz,
    list_quizzes,
    move_question,
    update_question,
)
from sensemaking_desktop.workflows.selftest import quiz_language


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
@click.option(
    "--replace",
    is_flag=True,
    help="Make the backup the library even when the library holds something; what it held is first "
    "written to a backup in the data folder's backups/ folder.",
)
@json_option
@pass_app
def restore(app: AppContext, archive: Path, replace: bool, as_json: bool) -> None:
    """Restore a backup: a copy into an empty library, else merged in without losing anything.

    The whole archive is checked first (paths, manifest, checksums, the database's integrity and
    schema); a bad one is refused and the library is left as it was. A library that holds anything
    (settings, servers, models, triplets, answers...) is never replaced unless --replace is given."""
    with cancel_on_interrupt() as cancel:
        result = restore_backup(archive, app.data_dir, replace=replace, cancel=cancel)
    if result.merged_before:
        when = result.merged_before[:16].replace("T", " ")
        line = f"nothing added: {archive.name} was already merged into this library on {when} (UTC)"
        report(dataclasses.asdict(result), as_json, line)
        return
    added = ", ".join(f"{count} {table}" for table, count in result.added.items()) or "nothing new"
    verb = "merged" if result.merged else "replaced" if result.replaced else "restored"
    line = f"{verb}: {added}; {plural(result.files, 'file')}"
    if result.skipped_materials:
        line += f"; {plural(result.skipped_materials, 'material was', 'materials were')} already in the library"
    if result.before_replace:
        line += f"\nthe library as it was before is in {result.before_replace}"
    report(dataclasses.asdict(result), as_json, "\n".join([line, *(f"warning: {w}" for w in result.warnings)]))


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


@quizzes.command("new")
@click.argument("title")
@click.option(
    "--material", "material_id", type=int, help="The material the quiz is on (see `sensemaking materials list`)."
)
@json_option
@pass_app
def new(app: AppContext, title: str, material_id: int | None, as_json: bool) -> None:
    """An empty quiz, to fill with `quizzes add` (as the window's "New quiz" makes one)."""
    if not title.strip():
        raise SensemakingError("A quiz needs a title.")
    if material_id is not None:
        get_material(app.store, material_id)  # refuses a material that is not in the library, naming it
    with app.store.atomic() as db:
        quiz_id = add_quiz(db, Quiz(material_id=material_id, title=title.strip()))
    report({"quiz_id": quiz_id, "title": title.strip()}, as_json, f"made quiz {quiz_id} ({title.strip()})")


STATUS_WORDS = {
    QuestionStatus.DRAFT: "not approved yet",
    QuestionStatus.APPROVED: "approved",
    QuestionStatus.DROPPED: "dropped",
}
"""A question's status in the window's words: "draft" is the library's name for one not approved yet."""


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
    language = quiz_language(app.store, quiz_id)
    for number, question in enumerate(quiz.questions, start=1):
        click.echo(f"\n{number}. [{question.kind}, {STATUS_WORDS[question.status]}] {question.text}")
        for letter, choice in zip("ABCDEFGH", question.choices, strict=False):
            click.echo(f"   {letter}) {choice.text}{'  ✓' if choice.correct else ''}")
        if question.reference_answer and not question.choices:
            click.echo(f"   answer: {_key_as_asked(question, language)}")


def _key_as_asked(question: Question, language: str | None) -> str:
    """The key in the words the self-test asks for it: a German true/false key reads "wahr"."""
    key = question.reference_answer or ""
    return truth_word(key, language) if question.kind == QuestionKind.TRUE_FALSE else key


quiz_option = click.option(
    "--quiz",
    "quiz_id",
    type=int,
    help="The quiz whose question QUESTION is, by its number there as `quizzes show` prints it "
    "(without --quiz, QUESTION is the question's id, as --json gives it).",
)


def _question_id(app: AppContext, question: int, quiz_id: int | None) -> int:
    """The id of the question a person named: its number in `quiz_id`, else (no quiz) its id."""
    if quiz_id is None:
        return question
    questions = get_quiz(app.store, quiz_id).questions
    if not 1 <= question <= len(questions):
        raise SensemakingError(f"Quiz {quiz_id} has questions 1 to {len(questions)}, not {question}.")
    found = questions[question - 1].id
    assert found is not None  # a stored quiz's questions have ids
    return found


def _named(question: int, quiz_id: int | None) -> str:
    return f"question {question}" if quiz_id is None else f"question {question} of quiz {quiz_id}"


@quizzes.command("approve")
@click.argument("questions", type=int, nargs=-1, required=True)
@quiz_option
@pass_app
def approve(app: AppContext, questions: tuple[int, ...], quiz_id: int | None) -> None:
    """Approve questions: they go into exports and are never replaced by regeneration."""
    for question in questions:
        update_question(app.store, _question_id(app, question, quiz_id), {"status": QuestionStatus.APPROVED})
    click.echo(f"approved {plural(len(questions), 'question')}")


@quizzes.command("edit")
@click.argument("question", type=int)
@quiz_option
@click.option("--text", help="New question text (for cloze, keep the gap _____).")
@click.option("--answer", "reference_answer", help="New reference answer.")
@click.option("--feedback", help="Feedback shown after answering.")
@click.option("--points", type=click.FloatRange(min=0, min_open=True))
@click.option("--status", type=click.Choice([status.value for status in QuestionStatus]))
@json_option
@pass_app
def edit(app: AppContext, question: int, quiz_id: int | None, as_json: bool, **fields: object) -> None:
    """Change a question's text, answer, feedback, points or status."""
    changes = {name: value for name, value in fields.items() if value is not None}
    if not changes:
        raise click.UsageError("Say what to change (--text, --answer, --feedback, --points or --status).")
    updated = update_question(app.store, _question_id(app, question, quiz_id), changes)
    report(updated.model_dump(mode="json"), as_json, f"{_named(question, quiz_id)} updated")


@quizzes.command("rubric")
@click.argument("question", type=int)
@click.argument("rubric_file", type=click.Path(exists=True, dir_okay=False, path_type=Path), required=False)
@click.option("--clear", is_flag=True, help="Remove the rubric: the reference's key points are used again.")
@quiz_option
@json_option
@pass_app
def rubric(
    app: AppContext, question: int, rubric_file: Path | None, clear: bool, quiz_id: int | None, as_json: bool
) -> None:
    """Give an open question a rubric from a JSON file: a list of criteria, each
    {"text": ..., "points": 2, "feedback": "shown to a student who misses it"}. Grades then come
    per criterion. Without a file, show the rubric (or the key points used in its place)."""
    question_id = _question_id(app, question, quiz_id)
    if clear:
        found = update_question(app.store, question_id, {"rubric": []})
    elif rubric_file is not None:
        found = update_question(app.store, question_id, {"rubric": _read_rubric(rubric_file)})
    else:
        found = get_question(app.store, question_id)[1]
    criteria = [criterion.model_dump() for criterion in found.rubric] or [
        {"text": text, "points": 1.0, "feedback": None} for text in found.key_points
    ]
    source = "rubric" if found.rubric else "key points" if found.key_points else "none yet"
    if as_json:
        print_json({"question_id": question_id, "source": source, "criteria": criteria})
        return
    click.echo(f"{_named(question, quiz_id)}: {source}")
    for criterion in criteria:
        click.echo(f"  [{criterion['points']:g}] {criterion['text']}")


def _read_rubric(path: Path) -> list[dict[str, object]]:
    """The criteria of a rubric file, refused whole with a reason when it is not a list of criteria."""
    try:
        found = json.loads(path.read_text(encoding="utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise SensemakingError(f"{path.name} is not JSON: {error}") from error
    if isinstance(found, dict):
        found = found.get("criteria")
    if not isinstance(found, list) or not found or not all(isinstance(item, dict) for item in found):
        raise SensemakingError(f'{path.name} must hold a list of criteria like {{"text": "...", "points": 1}}.')
    return found


@quizzes.command("move")
@click.argument("question", type=int)
@click.argument("position", type=click.IntRange(min=1))
@quiz_option
@pass_app
def move(app: AppContext, question: int, position: int, quiz_id: int | None) -> None:
    """Move a question to POSITION (1 = first) in its quiz."""
    move_question(app.store, _question_id(app, question, quiz_id), position - 1)
    click.echo(f"{_named(question, quiz_id)} is now number {position}")


@quizzes.command("remove")
@click.argument("question", type=int)
@quiz_option
@pass_app
def remove(app: AppContext, question: int, quiz_id: int | None) -> None:
    """Delete a question from its quiz."""
    delete_question(app.store, _question_id(app, question, quiz_id))
    click.echo(f"{_named(question, quiz_id)} deleted")


@quizzes.command("add")
@click.argument("quiz_id", type=int)
@click.option("--kind", type=click.Choice([kind.value for kind in QuestionKind]), default="open", show_default=True)
@click.option("--text", required=True, help="The question (for cloze, mark the gap with _____).")
@click.option("--answer", "reference_answer", help="Reference answer (true/false for true_false).")
@click.option("--choice", "choices", multiple=True, help="A choice; mark the right ones with a leading '*'.")
@click.option(
    "--key",
    "key_lines",
    multiple=True,
    help="A numerical question's accepted number ('3 ± 0.5', '50 % 3 ± 2 # close', 'unit: cm = 100') "
    "or a matching question's pair ('prompt -> answer', '-> extra answer'); one per --key.",
)
@click.option("--points", type=click.FloatRange(min=0, min_open=True), default=1.0, show_default=True)
@json_option
@pass_app
def add(
    app: AppContext,
    quiz_id: int,
    kind: str,
    text: str,
    reference_answer: str | None,
    choices: tuple[str, ...],
    key_lines: tuple[str, ...],
    points: float,
    as_json: bool,
) -> None:
    """Add a question written by hand (it is approved at once)."""
    parsed = [Choice(text=c.removeprefix("*").strip(), correct=c.startswith("*")) for c in choices]
    try:
        key = _key(kind, "\n".join(key_lines))
        question = Question(
            kind=kind, text=text, reference_answer=reference_answer, choices=parsed, points=points, **key
        )
    except ValueError as error:
        raise click.UsageError(str(error)) from error
    question_id = add_question(app.store, quiz_id, question)
    number = [found.id for found in get_quiz(app.store, quiz_id).questions].index(question_id) + 1
    report({"question_id": question_id, "number": number}, as_json, f"added question {number} to quiz {quiz_id}")


def _key(kind: str, lines: str) -> dict[str, object]:
    """The --key lines as a numerical or matching question's key; none for the other kinds."""
    if kind == QuestionKind.NUMERICAL:
        return {"numerical": parse_numerical(lines)}
    if kind == QuestionKind.MATCHING:
        return {"pairs": parse_pairs(lines)}
    if lines:
        raise ValueError(f"--key is for numerical and matching questions, not {kind}")
    return {}
