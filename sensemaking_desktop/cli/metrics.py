"""`sensemaking metrics`: the ELOQUENT Teacher metrics and the Student metrics, as JSON."""

import dataclasses
import json
from pathlib import Path

import click

from sensemaking_desktop.cli.context import AppContext, pass_app
from sensemaking_desktop.cli.output import input_file, json_option, print_json, print_table, text_file
from sensemaking_desktop.cli.roles import read_text
from sensemaking_desktop.errors import SensemakingError
from sensemaking_desktop.interchange.jsonlines import read_items
from sensemaking_desktop.store.materials import sections_of
from sensemaking_desktop.store.quizzes import get_quiz


@click.group()
def metrics() -> None:
    """Measure question sets and answers (JSON)."""


@metrics.command("teacher")
@click.argument("quiz_id", type=int, required=False)
@click.option("--text", "text_path", type=input_file, help="The material as text.")
@click.option(
    "--questions",
    "questions_path",
    type=input_file,
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
    type=input_file,
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


@metrics.command("evaluator")
@click.option(
    "--quiz", "quiz_id", type=int, help="Use the library: the quiz's answers graded by people and by the machine."
)
@click.option(
    "--human",
    "human_path",
    type=input_file,
    help="Human grades: CSV or JSON lines with id (or key), score, and optionally question_id (or question).",
)
@click.option(
    "--machine",
    "machine_path",
    type=input_file,
    help="Machine grades: the JSON lines of `sensemaking grade --items` (score 0–100, optionally id or key).",
)
@click.option(
    "--human-max",
    default=100.0,
    show_default=True,
    type=click.FloatRange(min=0, min_open=True),
    help="Full marks on the human scale (5 for grades on 0–5); human scores are mapped to 0–100.",
)
@click.option("--score-column", default="score", show_default=True, help="The human file's score field.")
@json_option
@click.pass_context
def evaluator(
    context: click.Context,
    quiz_id: int | None,
    human_path: Path | None,
    machine_path: Path | None,
    human_max: float,
    score_column: str,
    as_json: bool,
) -> None:
    """Agreement of machine grades with human grades: Pearson, Spearman, QWK, RMSE, 3-class agreement.

    With --quiz, the library's grades of that quiz's answers (imported or entered by people, and
    the Evaluator's). With --human and --machine, grades pair up by id when both files have ids,
    otherwise by order (the counts must match).
    """
    from sensemaking_desktop.interchange.class_answers import human_grades, machine_grades, pair_grades
    from sensemaking_desktop.metrics.agreement import agreement_report

    if quiz_id is not None:
        from sensemaking_desktop.store.grades import human_and_machine

        rows = human_and_machine(context.find_object(AppContext).store, quiz_id)
        if not rows:
            raise SensemakingError(f"No answer to quiz {quiz_id} has both a person's and a machine grade yet.")
        result = agreement_report([r[2] for r in rows], [r[3] for r in rows], [str(r[1]) for r in rows])
    elif human_path is None or machine_path is None:
        raise click.UsageError("Give --quiz N, or both --human FILE and --machine FILE.")
    else:
        with text_file(human_path):
            human = human_grades(human_path, score_column, human_max)
        with text_file(machine_path):
            pairs = pair_grades(human, machine_grades(machine_path), human_path.name, machine_path.name)
        if human_max == 100 and 0 < max(grade.score for grade in human) <= 10:
            warning = f"warning: every human score in {human_path.name} is 10 or less; is --human-max missing?"
            click.echo(warning, err=True)
        scores = ([h.score for h, _ in pairs], [m.score for _, m in pairs], [h.question for h, _ in pairs])
        result = agreement_report(*scores)
    if as_json:
        print_json(result.as_json())
        return
    rows = [("all", result.overall), *sorted(result.per_question.items())]
    print_table(
        ["question", "n", "pearson", "spearman", "qwk", "qwk 3-class", "rmse", "3-class"],
        [
            (key, a.n, *map(_figure, (a.pearson, a.spearman, a.qwk, a.qwk_3class, a.rmse, a.class_accuracy)))
            for key, a in rows
        ],
    )


def _figure(value: float | None) -> str:
    return "—" if value is None else f"{value:.3f}"
