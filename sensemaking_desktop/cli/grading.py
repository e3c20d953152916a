"""`sensemaking grade`, `sensemaking review` and `sensemaking robustness`: the Evaluator headless."""

from pathlib import Path
from typing import Any

import click

from sensemaking_desktop.cli.batch import print_item_results
from sensemaking_desktop.cli.context import AppContext, pass_app
from sensemaking_desktop.cli.exchange import duplicates_option
from sensemaking_desktop.cli.model_check import usable_model
from sensemaking_desktop.cli.output import (
    fail_unless_done,
    input_file,
    json_option,
    model_option,
    parallel_option,
    plural,
    print_json,
    print_table,
    report,
    run_job,
    text_file,
)
from sensemaking_desktop.errors import SensemakingError
from sensemaking_desktop.quizzes.grading import REVIEW_THRESHOLD

items_option = click.option(
    "--items",
    "items_path",
    type=input_file,
    help="JSON lines instead of a quiz in the library (see the README for the fields).",
)


@click.command()
@click.argument("quiz_id", type=int, required=False)
@items_option
@click.option(
    "--run", "run_number", type=int, help="Only this answer run: its number in `sensemaking answers list QUIZ`."
)
@click.option("--regrade", is_flag=True, help="Grade answers that already have a machine grade again.")
@click.option(
    "--teacher-grades",
    "teacher_grades",
    type=input_file,
    help="Your grades of some answers (CSV: student, question, score); the rest are graded from them.",
)
@click.option(
    "--target",
    type=click.FloatRange(0.5, 0.999),
    help="With --teacher-grades: share of automatic grades that must agree with yours (default: the settings').",
)
@click.option(
    "--judge",
    type=click.Choice(["meaning", "trained", "cosine"]),
    help="With --teacher-grades: what compares answers with your graded ones (default: the answer judge).",
)
@duplicates_option
@model_option
@parallel_option
@json_option
@pass_app
def grade(
    app: AppContext,
    quiz_id: int | None,
    items_path: Path | None,
    run_number: int | None,
    regrade: bool,
    teacher_grades: Path | None,
    target: float | None,
    judge: str | None,
    duplicates: str,
    model: str | None,
    parallel: int | None,
    as_json: bool,
) -> None:
    """Grade a quiz's answers 0-100 with a reason, flags and a confidence, as a job
    (Ctrl+C keeps what is graded; `sensemaking jobs resume` goes on). With --items, grade
    JSON lines and print one JSON line per item, in input order. With --teacher-grades, the
    class is graded from your grades instead: automatic where the agreement guarantee holds,
    suggestions to review elsewhere (see `sensemaking class`)."""
    if teacher_grades is not None:
        if quiz_id is None:
            raise click.UsageError("--teacher-grades needs the quiz whose answers they grade.")
        _grade_from_teacher(app, quiz_id, teacher_grades, target, judge, duplicates, as_json)
        return
    if items_path is not None:
        _grade_items(app, items_path, model, parallel)
        return
    if quiz_id is None:
        raise click.UsageError("Name a quiz (see `sensemaking quizzes list`) or give --items FILE.")
    from sensemaking_desktop.store.answers import run_on_quiz
    from sensemaking_desktop.workflows.grade_job import submit_grade_job
    from sensemaking_desktop.workflows.job_outcomes import GradeCounts

    usable_model(app, model)
    run_id = None if run_number is None else run_on_quiz(app.store, quiz_id, run_number).id
    queue = app.jobs
    job_id = submit_grade_job(app.store, queue, quiz_id, run_id=run_id, model=model, regrade=regrade)
    outcome = run_job(queue, job_id, "Grading")
    finished, graded = outcome.info, GradeCounts.of(outcome.items)
    line = f"job {job_id} {finished.status}: {plural(graded.graded, 'answer')} graded, {graded.needs_review} to review"
    line += f" (`sensemaking review walk {quiz_id}`)" if graded.needs_review else ""
    line += f"; {graded.skipped} skipped: another job graded them" if graded.skipped else ""
    data = {"job_id": job_id, "status": finished.status} | graded.as_json()
    report(data | {"error": finished.error}, as_json, line)
    fail_unless_done(finished)


def _grade_from_teacher(
    app: AppContext,
    quiz_id: int,
    path: Path,
    target: float | None,
    judge: str | None,
    duplicates: str,
    as_json: bool,
) -> None:
    from sensemaking_desktop.cli.class_grading import standing
    from sensemaking_desktop.workflows.class_grading import grade_with_teacher_grades

    with text_file(path):
        count, summary, grades = grade_with_teacher_grades(
            app.store, quiz_id, path, target=target, judge=judge, duplicates=duplicates
        )
    if as_json:
        print_json({"teacher_grades_read": count} | summary.as_json() | {"grades": [vars(g) for g in grades]})
        return
    print_table(
        ("student", "question", "grade", "source", "confidence", "answer"),
        [
            (
                g.student,
                g.question_number,
                "" if g.score is None else f"{g.score:g}",
                g.source,
                "" if g.confidence is None else f"{g.confidence:.2f}",
                g.answer[:50],
            )
            for g in grades
        ],  # fmt: skip
        title=f"Quiz {quiz_id}: {plural(count, 'grade')} of yours read",
    )
    click.echo(standing(summary, quiz_id))


def _grade_items(app: AppContext, items_path: Path, model: str | None, parallel: int | None) -> None:
    """One JSON line per item, in input order."""
    from sensemaking_desktop.workflows.batch import grade_items, read_grading_items

    items = read_grading_items(items_path)
    print_item_results(app, items, grade_items, model=model, parallel=parallel, description="Grading")


@click.group()
def review() -> None:
    """Machine grades a person should look at, and that person's grades."""


threshold_option = click.option("--threshold", type=click.FloatRange(0, 1), default=REVIEW_THRESHOLD, show_default=True)
all_option = click.option("--all", "include_all", is_flag=True, help="Every machine grade not yet seen by a person.")


@review.command("list")
@click.argument("quiz_id", type=int, required=False)
@threshold_option
@all_option
@json_option
@pass_app
def review_list_command(
    app: AppContext, quiz_id: int | None, threshold: float, include_all: bool, as_json: bool
) -> None:
    """Grades below the confidence threshold that no person has seen, least confident first."""
    from sensemaking_desktop.store.grades import review_list
    from sensemaking_desktop.workflows.reasons import flag_texts

    items = review_list(app.store, quiz_id, threshold=threshold, include_all=include_all)
    if as_json:
        print_json([item.as_json() | {"flag_text": flag_texts(item.flags)} for item in items])
        return
    print_table(
        ("quiz", "run", "question", "who", "asked", "score", "confidence", "flags"),
        [
            (
                item.quiz_id,
                item.run_number,
                item.question_number,
                f"{item.student} (self-test)" if item.self_test else item.student,
                item.question[:50],
                f"{item.score:.0f}",
                item.confidence,
                ", ".join(item.flags),
            )
            for item in items
        ],
        title="To review",
    )


@review.command("walk")
@click.argument("quiz_id", type=int, required=False)
@threshold_option
@all_option
@pass_app
def review_walk(app: AppContext, quiz_id: int | None, threshold: float, include_all: bool) -> None:
    """Go through the list: Enter confirms, a number 0-100 overrides, s skips, q stops."""
    from sensemaking_desktop.store.grades import review_list

    items = review_list(app.store, quiz_id, threshold=threshold, include_all=include_all)
    if not items:
        click.echo("Nothing to review.")
        return
    _walk(app, items)


def _walk(app: AppContext, items: list[Any]) -> None:
    from sensemaking_desktop.store.grades import confirm, override
    from sensemaking_desktop.workflows.reasons import flag_texts

    reviewed = 0
    for number, item in enumerate(items, start=1):
        click.echo(
            f"\n[{number}/{len(items)}] quiz {item.quiz_id}, run {item.run_number} ({item.student}), "
            f"question {item.question_number}"
        )
        click.echo(f"Question:  {item.question}")
        if item.reference:
            click.echo(f"Reference: {item.reference}")
        click.echo(f"Answer:    {item.answer}")
        click.echo(f"Machine:   {item.score:.0f}/100, confidence {item.confidence:.2f}. {item.reason or ''}")
        for line in _criteria_lines(item):
            click.echo(line)
        for text in flag_texts(item.flags):
            click.echo(f"  ! {text}")
        choice = click.prompt("Enter = confirm, 0-100 = your grade, s = skip, q = quit", default="", show_default=False)
        choice = choice.strip().lower()
        if choice == "q":
            break
        if choice == "s":
            continue
        if choice == "":
            confirm(app.store, item.answer_id)
        else:
            override(app.store, item.answer_id, _score(choice))
        reviewed += 1
    click.echo(f"{plural(reviewed, 'grade')} reviewed.")


def _criteria_lines(item: Any) -> list[str]:
    """The rubric, criterion by criterion, as the window's review list shows it."""
    if not item.criteria:
        return []
    lines = ["Rubric:"]
    for result in item.criteria:
        mark = "✓" if result.covered else "✗"
        lines.append(f"  {mark} {result.text} — {result.points:g}/{result.max_points:g} points")
        if result.feedback:
            said = f"Found: “{result.feedback}”" if result.covered else f"Feedback: {result.feedback}"
            lines.append(f"      {said}")
    return lines


def _score(text: str) -> float:
    try:
        score = float(text.replace(",", "."))
    except ValueError as error:
        raise SensemakingError(f"{text!r} is not a grade; give a number from 0 to 100.") from error
    if not 0 <= score <= 100:
        raise SensemakingError(f"A grade is a number from 0 to 100, not {text}.")
    return score


@review.command("set")
@click.argument("quiz_id", type=int)
@click.argument("run_number", type=int)
@click.argument("question", type=int)
@click.argument("score", type=click.FloatRange(0, 100))
@click.option("--reason", help="Why (kept with the grade).")
@pass_app
def review_set(app: AppContext, quiz_id: int, run_number: int, question: int, score: float, reason: str | None) -> None:
    """Give the answer of run RUN to question QUESTION (their numbers in `review list`) your own
    grade; it is kept beside the machine's and guides its next grades."""
    from sensemaking_desktop.store.answers import answer_at
    from sensemaking_desktop.store.grades import override

    override(app.store, answer_at(app.store, quiz_id, run_number, question), score, reason=reason)
    click.echo(f"run {run_number}, question {question}: your grade {score:g} is stored")


@review.command("confirm")
@click.argument("quiz_id", type=int)
@click.argument("run_number", type=int)
@click.argument("questions", type=int, nargs=-1, required=True)
@pass_app
def review_confirm(app: AppContext, quiz_id: int, run_number: int, questions: tuple[int, ...]) -> None:
    """Accept the machine's latest grade of run RUN's answers to these questions as yours."""
    from sensemaking_desktop.store.answers import answer_at
    from sensemaking_desktop.store.grades import confirm

    ids = [answer_at(app.store, quiz_id, run_number, question) for question in questions]
    for answer_id in ids:
        confirm(app.store, answer_id)
    click.echo(f"{plural(len(ids), 'grade')} confirmed")


@click.command()
@click.argument("quiz_id", type=int, required=False)
@items_option
@click.option("--seed", default=0, show_default=True, help="Seed for building the controls.")
@model_option
@json_option
@pass_app
def robustness(
    app: AppContext, quiz_id: int | None, items_path: Path | None, seed: int, model: str | None, as_json: bool
) -> None:
    """Run the adversarial suite (ELOQUENT 2025 §6): grade genuine answers next to answers to
    other questions, random text, shuffled answers, shuffled questions and questions about
    another material; print the mean score per class, with warnings when controls score high."""
    from sensemaking_desktop.workflows.robustness import quiz_items, submit_suite_job, suite_report, suite_title

    if items_path is not None:
        items, title = _suite_items(items_path), f"Adversarial suite on {items_path.name}"
    elif quiz_id is not None:
        items, title = quiz_items(app.store, quiz_id), suite_title(quiz_id)
    else:
        raise click.UsageError("Name a quiz or give --items FILE.")
    usable_model(app, model)
    queue = app.jobs
    job_id = submit_suite_job(queue, items, title=title, model=model, seed=seed)
    finished = run_job(queue, job_id, "Grading the suite").info
    result = {"job_id": job_id, "status": finished.status} | suite_report(queue, job_id)
    if as_json:
        print_json(result)
        fail_unless_done(finished)
        return
    print_table(
        ("class", "n", "mean", "median"),
        [(name, row["n"], _number(row["mean"]), _number(row["median"])) for name, row in result["classes"].items()],
        title=title,
    )
    if result["full_marks_n"]:
        click.echo(f"answers people gave full marks: mean {result['full_marks_mean']:.1f} (n={result['full_marks_n']})")
    for warning in result["warnings"]:
        click.echo(f"warning: {warning}")
    fail_unless_done(finished)


def _suite_items(path: Path) -> list[Any]:
    """SuiteItems from JSON lines: question, answer, and optional id, material, reference,
    topic (which material a line belongs to) and human_score (0-100)."""
    from sensemaking_desktop.metrics.adversarial import SuiteItem
    from sensemaking_desktop.workflows.batch import read_grading_items

    rows = read_grading_items(path)
    return [
        SuiteItem(
            key=str(row.get("id", number)),
            material=str(row.get("topic") or row.get("material") or "material"),
            question=row["question"],
            answer=row["answer"],
            material_text=row.get("material"),
            reference=row.get("reference"),
            human_score=row.get("human_score"),
        )
        for number, row in enumerate(rows, start=1)
    ]


def _number(value: float | None) -> str:
    return "" if value is None else f"{value:.1f}"
