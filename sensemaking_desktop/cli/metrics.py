"""`sensemaking metrics`: the ELOQUENT Teacher metrics and the Student metrics, as JSON."""

import dataclasses
import json
from pathlib import Path

import click

from sensemaking_desktop.cli.app import AppContext, pass_app
from sensemaking_desktop.cli.output import print_json
from sensemaking_desktop.cli.roles import read_items, read_text
from sensemaking_desktop.errors import SensemakingError
from sensemaking_desktop.store.materials import sections_of
from sensemaking_desktop.store.quizzes import get_quiz


@click.group()
def metrics() -> None:
    """Measure question sets and answers (JSON)."""


@metrics.command("teacher")
@click.argument("quiz_id", type=int, required=False)
@click.option("--text", "text_path", type=click.Path(dir_okay=False, path_type=Path), help="The material as text.")
@click.option(
    "--questions",
    "questions_path",
    type=click.Path(dir_okay=False, path_type=Path),
    help="JSON list of questions, or ELOQUENT [[question, answer, ...], ...].",
)
@click.option("--window", default=50, show_default=True, type=click.IntRange(min=3), help="Window length in words.")
@pass_app
def teacher(
    app: AppContext, quiz_id: int | None, text_path: Path | None, questions_path: Path | None, window: int
) -> None:
    """Relevance, coverage and diversity of a quiz over its material (or of --questions over --text)."""
    from sensemaking_desktop.metrics.teacher import teacher_metrics

    if quiz_id is not None:
        quiz = get_quiz(app.store, quiz_id)
        if quiz.material_id is None:
            raise SensemakingError(f"Quiz {quiz_id} has no material to measure it against.")
        text = "\n\n".join(section.text for section in sections_of(app.store, quiz.material_id))
        questions = [q.text for q in quiz.questions if q.status != "dropped"]
    elif text_path and questions_path:
        text, questions = read_text(text_path), _questions(questions_path)
    else:
        raise click.UsageError("Name a quiz, or give --text FILE and --questions FILE.")
    print_json(dataclasses.asdict(teacher_metrics(text, questions, window=window)))


def _questions(path: Path) -> list[str]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise SensemakingError(f"Cannot read questions from {path.name}: {error}.") from error
    questions = (
        [item[0] if isinstance(item, list) and item else item for item in data] if isinstance(data, list) else []
    )
    if not questions or not all(isinstance(q, str) for q in questions):
        raise SensemakingError(f"{path.name} is not a list of questions or of [question, answer] lists.")
    return questions


@metrics.command("student")
@click.option(
    "--items",
    "items_path",
    required=True,
    type=click.Path(dir_okay=False, path_type=Path),
    help='JSON lines: {"answer": ..., "answerable": true|false, "references": [...]} '
    "(no references: the material does not hold the answer).",
)
def student(items_path: Path) -> None:
    """ROUGE-L recall on answerable items, answerable accuracy, and unanswerable items refused."""
    from sensemaking_desktop.metrics.student import AnswerPair, student_metrics

    items = read_items(items_path, ("answer",))
    pairs = [
        AnswerPair(
            references=item.get("references") or [],
            answer=item["answer"],
            answerable=bool(item.get("answerable", True)),
        )
        for item in items
    ]
    print_json(dataclasses.asdict(student_metrics(pairs)))
