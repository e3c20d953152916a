"""`sensemaking export` and `sensemaking import`: quizzes to and from LMS formats, Anki,
print and CSV, and the ELOQUENT 2025 submission format."""

import functools
import importlib
import json
from pathlib import Path

import click

from sensemaking_desktop.cli.context import AppContext, pass_app
from sensemaking_desktop.cli.output import cancel_on_interrupt, input_file, json_option, plural, report, text_file
from sensemaking_desktop.interchange.attachments import keep_files, remove
from sensemaking_desktop.interchange.class_answers import DUPLICATES, Columns
from sensemaking_desktop.interchange.class_answers import import_answers as read_answers
from sensemaking_desktop.interchange.class_answers import import_grades as read_grades
from sensemaking_desktop.interchange.common import handed_out, write_atomically
from sensemaking_desktop.interchange.export_notes import export_notes
from sensemaking_desktop.interchange.formats import FORMATS, export_file_name, quiz_format, readable_formats
from sensemaking_desktop.interchange.variants import MAX_VERSIONS, Variants, export_quiz
from sensemaking_desktop.store.quizzes import add_quiz, get_quiz
from sensemaking_desktop.workflows.quiz_sources import placed_in_material

ELOQUENT_KINDS = ("teacher", "student", "evaluator")


def _interchange(module: str, name: str):  # type: ignore[no-untyped-def]
    return getattr(importlib.import_module(f"sensemaking_desktop.interchange.{module}"), name)


@click.command("export")
@click.argument("quiz_id", type=int, required=False)
@click.option(
    "--format",
    "format_name",
    required=True,
    type=click.Choice([*(found.name for found in FORMATS), "grades", "eloquent"]),
    help="A quiz format (" + ", ".join(f"{found.name}: {found.label}" for found in FORMATS) + "), "
    "grades (CSV), or eloquent (all quizzes).",
)
@click.option("--output", "-o", type=click.Path(path_type=Path), help="File to write (default: from the title).")
@click.option(
    "--answer-key",
    is_flag=True,
    help="Also write the answer key: the format's own (pdf, markdown), a Markdown key for the others.",
)
@click.option(
    "--versions",
    type=click.IntRange(1, MAX_VERSIONS),
    default=1,
    show_default=True,
    help="Write this many versions (A, B, …), each with its own answer key; needs a shuffle option.",
)
@click.option("--shuffle-questions", is_flag=True, help="Shuffle the order of the questions.")
@click.option("--shuffle-choices", is_flag=True, help="Shuffle the choices of each multiple-choice question.")
@click.option("--seed", type=int, default=0, show_default=True, help="The same seed gives the same versions.")
@click.option(
    "--include-dropped",
    is_flag=True,
    help="Also export the questions the checks dropped (left out by default: they are not part of the quiz).",
)
@click.option(
    "--kind",
    type=click.Choice(ELOQUENT_KINDS),
    default="teacher",
    show_default=True,
    help="With --format eloquent: which submission to write.",
)
@json_option
@pass_app
def export(
    app: AppContext,
    quiz_id: int | None,
    format_name: str,
    output: Path | None,
    answer_key: bool,
    versions: int,
    shuffle_questions: bool,
    shuffle_choices: bool,
    seed: int,
    include_dropped: bool,
    kind: str,
    as_json: bool,
) -> None:
    """Export quiz QUIZ_ID to a file, or the library's ELOQUENT submission. What the format cannot
    carry of a question (a numerical question's units in GIFT, a matching key in CSV) is listed,
    one note a line."""
    notes: list[str] = []
    if format_name == "eloquent":
        submission = _interchange("eloquent", f"export_{kind}")(app.store)
        target = output or Path(f"{kind}-submission.json")
        write_atomically(target, json.dumps(submission, ensure_ascii=False, indent=2).encode("utf-8"))
        written = [target]
    elif quiz_id is None:
        raise click.UsageError("Name the quiz to export (see `sensemaking quizzes list`).")
    elif format_name == "grades":
        written = [
            _interchange("class_answers", "export_grades")(app.store, quiz_id, output or Path(f"grades-{quiz_id}.csv"))
        ]
    else:
        chosen = quiz_format(format_name)
        quiz = get_quiz(app.store, quiz_id)
        target = output or Path(export_file_name(quiz.title, chosen.suffix))
        variants = Variants(versions, shuffle_questions, shuffle_choices, seed)
        written = export_quiz(
            quiz, chosen, target, answer_key=answer_key, variants=variants, include_dropped=include_dropped
        )
        notes = export_notes(handed_out(quiz, include_dropped=include_dropped), format_name)
    lines = ["wrote " + ", ".join(map(str, written)), *(f"note: {note}" for note in notes)]
    report({"written": [str(path) for path in written], "notes": notes}, as_json, "\n".join(lines))


@click.group("import")
def import_group() -> None:
    """Bring quizzes, ELOQUENT data and submissions into the library."""


@import_group.command("quiz")
@click.argument("path", type=input_file)
@click.option(
    "--format",
    "format_name",
    required=True,
    type=click.Choice([found.name for found in readable_formats()]),
)
@click.option(
    "--material",
    "material_id",
    type=int,
    help="Attach the quiz to this material; each question is shown with the passage of it that answers it.",
)
@click.option(
    "--strict",
    is_flag=True,
    help="Refuse the file if any question would be skipped or any field lost, instead of importing the rest.",
)
@json_option
@pass_app
def import_quiz(
    app: AppContext, path: Path, format_name: str, material_id: int | None, strict: bool, as_json: bool
) -> None:
    """Import a quiz from Moodle XML, GIFT, a QTI package or CSV.

    Questions the app cannot hold (embedded-answers cloze, calculated, …) are skipped and listed one a line
    with the reason, as is every field that has no place in the app; --strict refuses instead."""
    with text_file(path):
        result = quiz_format(format_name).read(path, strict=strict)
    quiz = result.quiz.model_copy(update={"material_id": material_id})
    if material_id is not None:
        quiz = placed_in_material(app.store, quiz, material_id)
    written = keep_files(app.data_dir, result)
    try:
        with app.store.atomic() as db:
            quiz_id = add_quiz(db, quiz)
    except Exception:
        remove(written)
        raise
    summary = f"imported quiz {quiz_id} ({plural(len(quiz.questions), 'question')}"
    summary += f", {len(result.skipped)} skipped)" if result.skipped else ")"
    report(
        {
            "quiz_id": quiz_id,
            "questions": len(quiz.questions),
            "skipped": len(result.skipped),
            "notes": [
                {"kind": note.kind.value, "question": note.question, "name": note.name, "reason": note.reason}
                for note in result.notes
            ],
        },
        as_json,
        "\n".join([summary, *result.lines()]),
    )


@import_group.command("eloquent")
@click.argument("folder", type=click.Path(file_okay=False, path_type=Path))
@click.option("--english", is_flag=True, help="Prefer the English texts and questions (text.en.txt).")
@json_option
@pass_app
def import_eloquent(app: AppContext, folder: Path, english: bool, as_json: bool) -> None:
    """Import an ELOQUENT 2025 devset folder: materials and their questions."""
    with cancel_on_interrupt() as cancel:
        result = _interchange("eloquent", "import_devset")(
            app.store, app.data_dir, folder, english=english, cancel=cancel
        )
    line = f"imported {plural(len(result.materials), 'material')} and {plural(result.quizzes, 'quiz', 'quizzes')}"
    report(
        {"materials": result.materials, "quizzes": result.quizzes, "cleaned": result.cleaned},
        as_json,
        line + _cleaned(result.cleaned),
    )


@import_group.command("submission")
@click.argument("path", type=input_file)
@json_option
@pass_app
def import_submission(app: AppContext, path: Path, as_json: bool) -> None:
    """Import an ELOQUENT Teacher, Student or Evaluator submission (JSON)."""
    counts = _interchange("eloquent", "import_submission")(app.store, path)
    report(counts, as_json, ", ".join(f"{count} {name}" for name, count in counts.items()))


def _columns_options(command):  # type: ignore[no-untyped-def]
    """--student-column etc., for files whose headers are named otherwise; the command gets `columns`."""

    @functools.wraps(command)
    def with_columns(*args, student_column, question_column, answer_column, score_column, **kwargs):  # type: ignore[no-untyped-def]
        columns = Columns(student=student_column, question=question_column, answer=answer_column, score=score_column)
        return command(*args, columns=columns, **kwargs)

    for name in ("score", "answer", "question", "student"):
        with_columns = click.option(
            f"--{name}-column", default=name, show_default=True, help=f"Header of the column holding the {name}."
        )(with_columns)
    return with_columns


duplicates_option = click.option(
    "--duplicates",
    type=click.Choice(DUPLICATES),
    default="refuse",
    show_default=True,
    help="A student's question answered (or graded) twice in the file: refuse the file, naming the rows, "
    "or keep each last row.",
)


@import_group.command("answers")
@click.argument("quiz_id", type=int)
@click.argument("path", type=input_file)
@_columns_options
@duplicates_option
@json_option
@pass_app
def import_answers(app: AppContext, quiz_id: int, path: Path, columns: Columns, duplicates: str, as_json: bool) -> None:
    """Import a class's answers to quiz QUIZ_ID from CSV (student, question number or text, answer)."""
    with text_file(path):
        result = read_answers(app.store, quiz_id, path, columns, duplicates=duplicates)
    line = f"imported {plural(result.answers, 'answer')} of {plural(result.runs, 'student')}" + _cleaned(result.cleaned)
    line += f"; {result.unchanged} skipped: already imported, word for word" if result.unchanged else ""
    replaced = plural(result.replaced, "earlier answer")
    line += f"; {replaced} left out: a later row answers the same" if result.replaced else ""
    if result.changed:
        line += (
            f"\n{plural(len(result.changed), 'answer')} left out because the quiz already holds another answer "
            f"of that student to that question, which stands with its grade: {'; '.join(result.changed)}"
        )
    data = {"students": result.runs, "answers": result.answers, "skipped": result.unchanged, "cleaned": result.cleaned}
    report(data | {"replaced": result.replaced, "changed": result.changed}, as_json, line)


def _cleaned(count: int) -> str:
    """The part of an import's summary that says how many control characters were taken out."""
    return f"; {plural(count, 'control or invalid character')} cleaned out of the text" if count else ""


@import_group.command("grades")
@click.argument("quiz_id", type=int)
@click.argument("path", type=input_file)
@click.option("--grader", default="", help="Who graded (default: the file name).")
@_columns_options
@duplicates_option
@json_option
@pass_app
def import_grades(
    app: AppContext, quiz_id: int, path: Path, grader: str, columns: Columns, duplicates: str, as_json: bool
) -> None:
    """Import human grades (0–100) for answers already imported, from CSV (student, question, score)."""
    with text_file(path):
        count = read_grades(app.store, quiz_id, path, columns, grader=grader, duplicates=duplicates)
    report({"grades": count}, as_json, f"imported {plural(count, 'grade')}")
