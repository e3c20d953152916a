"""`sensemaking class`: grading a class's answers in groups from the teacher's own grades."""

from pathlib import Path

import click

from sensemaking_desktop.cli.context import AppContext, pass_app
from sensemaking_desktop.cli.output import json_option, print_json, print_table, report

target_option = click.option(
    "--target",
    type=click.FloatRange(0.5, 0.999),
    help="Share of automatic grades that must agree with yours, within 10 points (default: the settings', 0.95).",
)
judge_option = click.option(
    "--judge",
    type=click.Choice(["meaning", "trained", "cosine"]),
    help="What compares answers with your graded ones: embedding closeness (default) or the trained grading model.",
)


def open_workspace(app: AppContext, quiz_id: int, target: float | None = None, judge: str | None = None):  # type: ignore[no-untyped-def]
    from sensemaking_desktop.workflows.class_grading import open_workspace as open_class

    return open_class(app.store, quiz_id, target=target, judge=judge)


@click.group("class")
def class_group() -> None:
    """Grade a class's answers: in groups, from a graded sample, automatic only under a guarantee."""


@class_group.command("status")
@click.argument("quiz_id", type=int)
@target_option
@judge_option
@json_option
@pass_app
def status(app: AppContext, quiz_id: int, target: float | None, judge: str | None, as_json: bool) -> None:
    """Grade what your grades allow and say where the class stands."""
    summary = open_workspace(app, quiz_id, target, judge).regrade()
    report(summary.as_json(), as_json, summary.line())


@class_group.command("groups")
@click.argument("quiz_id", type=int)
@click.option("--question", "position", type=int, help="Only this question (its number in the quiz).")
@judge_option
@json_option
@pass_app
def groups(app: AppContext, quiz_id: int, position: int | None, judge: str | None, as_json: bool) -> None:
    """Each question's answer groups, largest first, with their grades so far."""
    workspace = open_workspace(app, quiz_id, judge=judge)
    if position is not None:
        workspace.question_at(position)
    view = workspace.view()
    rows = []
    texts = {answer.answer_id: answer for answer in view.answers}
    for question in view.questions:
        if position is not None and question.position + 1 != position:
            continue
        for group in view.groups[question.question_id]:
            shown = texts[group.representative_id]
            rows.append(
                {
                    "question": question.position + 1,
                    "representative": group.representative_id,
                    "answers": group.answer_ids,
                    "spread": round(group.spread, 3),
                    "text": shown.text,
                    "grades": sorted({_grade_label(texts[i]) for i in group.answer_ids}),
                }
            )
    if as_json:
        print_json(rows)
        return
    print_table(
        ("question", "answer", "size", "spread", "grades", "text"),
        [
            (
                row["question"],
                row["representative"],
                len(row["answers"]),
                row["spread"],
                ", ".join(row["grades"]),
                row["text"][:60],
            )
            for row in rows
        ],  # fmt: skip
        title="Answer groups",
    )


def _grade_label(answer) -> str:  # type: ignore[no-untyped-def]
    if answer.teacher_score is not None:
        return f"{answer.teacher_score:g} (yours)"
    if answer.machine_score is not None:
        return f"{answer.machine_score:g} ({answer.machine_origin})"
    return "ungraded"


@class_group.command("grade")
@click.argument("quiz_id", type=int)
@click.argument("answer_ids", type=int, nargs=-1, required=True)
@click.option("--score", type=click.FloatRange(0, 100), required=True, help="Your grade, 0-100.")
@click.option("--group", "whole_group", is_flag=True, help="Grade the whole group of the (first) answer.")
@click.option("--grader", default="teacher", show_default=True)
@target_option
@judge_option
@json_option
@pass_app
def grade_answers(
    app: AppContext,
    quiz_id: int,
    answer_ids: tuple[int, ...],
    score: float,
    whole_group: bool,
    grader: str,
    target: float | None,
    judge: str | None,
    as_json: bool,
) -> None:
    """Give answers your grade in one action; the rest of the class is graded again from your grades."""
    workspace = open_workspace(app, quiz_id, target, judge)
    ids = list(answer_ids)
    if whole_group:
        ids = workspace.group_of(ids[0])
    summary = workspace.grade(ids, score, grader=grader)
    report(
        {"graded": ids, "score": score} | summary.as_json(),
        as_json,
        f"{len(ids)} answer(s) graded {score:g}. {summary.line()}",
    )


@class_group.command("next")
@click.argument("quiz_id", type=int)
@click.option("--question", "position", type=int, required=True, help="The question's number in the quiz.")
@judge_option
@json_option
@pass_app
def next_answer(app: AppContext, quiz_id: int, position: int, judge: str | None, as_json: bool) -> None:
    """The answer to grade next for this question: what teaches the app most."""
    workspace = open_workspace(app, quiz_id, judge=judge)
    answer = workspace.next_for_position(position)
    if answer is None:
        report({"answer_id": None}, as_json, "Every answer to this question has your grade.")
        return
    group = workspace.group_of(answer.answer_id)
    line = f"answer {answer.answer_id} by {answer.student} (group of {len(group)}): {answer.text}"
    report(
        {"answer_id": answer.answer_id, "student": answer.student, "text": answer.text, "group": group}, as_json, line
    )


@class_group.command("split")
@click.argument("quiz_id", type=int)
@click.argument("answer_ids", type=int, nargs=-1, required=True)
@pass_app
def split(app: AppContext, quiz_id: int, answer_ids: tuple[int, ...]) -> None:
    """Take these answers out of their groups into a group of their own."""
    open_workspace(app, quiz_id).split(list(answer_ids))
    click.echo(f"{len(answer_ids)} answer(s) now form a group of their own")


@class_group.command("move")
@click.argument("quiz_id", type=int)
@click.argument("answer_id", type=int)
@click.option("--beside", type=int, required=True, help="An answer of the group to move it into.")
@pass_app
def move(app: AppContext, quiz_id: int, answer_id: int, beside: int) -> None:
    """Move an answer into the group of another answer to the same question."""
    open_workspace(app, quiz_id).move(answer_id, beside)
    click.echo(f"answer {answer_id} moved beside answer {beside}")


@class_group.command("export")
@click.argument("quiz_id", type=int)
@click.argument("target", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--wide", is_flag=True, help="One row per student, one column per question (for a gradebook).")
@click.option(
    "--include-suggestions",
    is_flag=True,
    help="Write the app's suggestions in the score columns too (left out by default: they are not final grades).",
)
@click.option(
    "--include-self-tests",
    is_flag=True,
    help="Also write self-test attempts on the quiz as students (left out by default: whoever tries the quiz "
    "with `sensemaking selftest` is not a student of the class).",
)
@json_option
@pass_app
def export(
    app: AppContext,
    quiz_id: int,
    target: Path,
    wide: bool,
    include_suggestions: bool,
    include_self_tests: bool,
    as_json: bool,
) -> None:
    """Final grades of the class's students (yours, automatic or the Evaluator's, each with its
    source) as CSV, and how many are whose."""
    from sensemaking_desktop.workflows.class_grading import export_final_grades

    written = export_final_grades(
        app.store, quiz_id, target, wide=wide, include_suggestions=include_suggestions, self_tests=include_self_tests
    )
    report(written.as_json(), as_json, written.line())


@class_group.command("review")
@click.argument("quiz_id", type=int)
@click.option("--question", "position", type=int, required=True, help="The question's number in the quiz.")
@judge_option
@json_option
@pass_app
def review(app: AppContext, quiz_id: int, position: int, judge: str | None, as_json: bool) -> None:
    """The question's suggestions to check, those with the same suggested grade together."""
    workspace = open_workspace(app, quiz_id, judge=judge)
    groups = workspace.review_groups(workspace.question_at(position).question_id)
    texts = {answer.answer_id: answer for answer in workspace.view().answers}
    if as_json:
        print_json([{"score": group.score, "answers": group.answer_ids} for group in groups])
        return
    for group in groups:
        title = "no suggestion yet" if group.score is None else f"suggested {group.score:g}"
        click.echo(f"{title} ({len(group.answer_ids)} answers; `sensemaking class confirm {quiz_id} IDS` accepts them)")
        for answer_id in group.answer_ids:
            answer = texts[answer_id]
            click.echo(f"  {answer_id:>6}  {answer.student}: {answer.text[:90]}")


@class_group.command("confirm")
@click.argument("quiz_id", type=int)
@click.argument("answer_ids", type=int, nargs=-1, required=True)
@target_option
@judge_option
@json_option
@pass_app
def confirm(
    app: AppContext, quiz_id: int, answer_ids: tuple[int, ...], target: float | None, judge: str | None, as_json: bool
) -> None:
    """Accept the app's suggested grades of these answers as yours, in one action."""
    summary = open_workspace(app, quiz_id, target, judge).confirm(list(answer_ids))
    report(
        {"confirmed": list(answer_ids)} | summary.as_json(),
        as_json,
        f"{len(answer_ids)} suggestion(s) confirmed. {summary.line()}",
    )
