"""`sensemaking class`: grading a class's answers in groups from the teacher's own grades."""

import dataclasses
import shlex
from pathlib import Path
from typing import TYPE_CHECKING

import click

from sensemaking_desktop.cli.context import AppContext, pass_app
from sensemaking_desktop.cli.output import json_option, plural, print_json, print_table, report

if TYPE_CHECKING:
    from sensemaking_desktop.store.class_grades import ClassAnswer
    from sensemaking_desktop.workflows.class_grading import ClassSummary, ClassWorkspace, ReviewGroup

target_option = click.option(
    "--target",
    type=click.FloatRange(0.5, 0.999),
    help="Share of automatic grades that must agree with yours, within 10 points (default: the settings', 0.95).",
)
judge_option = click.option(
    "--judge",
    type=click.Choice(["meaning", "trained", "cosine"]),
    help="What compares answers with your graded ones: the answer judge, which reads what each says (default), "
    "embedding closeness (cosine) or the trained pair model.",
)


question_option = click.option(
    "--question", "position", type=int, help="The question's number in the quiz (needed with students' names)."
)
answer_id_option = click.option(
    "--answer-id",
    "answer_ids",
    type=int,
    multiple=True,
    help="An answer by the id `--json` prints, instead of a student's name (repeatable).",
)


def chosen_answers(
    workspace, position: int | None, students: tuple[str, ...], answer_ids: tuple[int, ...]
) -> list[int]:  # type: ignore[no-untyped-def]
    """The answers a command names: students' answers to the question at `position`, then any by id."""
    if students and position is None:
        raise click.UsageError("Say which question the students answered: --question N (its number in the quiz).")
    if not students and not answer_ids:
        raise click.UsageError("Name the students whose answers you mean (with --question N).")
    return (workspace.answers_by(position, students) if students else []) + list(answer_ids)


def standing(summary: "ClassSummary", quiz_id: int) -> str:
    """Where the class stands, with advice that follows it: once every answer has the teacher's
    grade, what is left is the export, not the workspace's advice to grade more."""
    if summary.answers and summary.teacher_graded == summary.answers:
        done = dataclasses.replace(summary, advice=None).line()
        return f"{done} {all_graded(quiz_id)}"
    return summary.line()


def all_graded(quiz_id: int) -> str:
    """What is left once every answer has the teacher's grade: the export, by the command that writes it."""
    return f"Every answer has your grade: `sensemaking class export {quiz_id} grades.csv` writes them."


def open_workspace(
    app: AppContext, quiz_id: int, target: float | None = None, judge: str | None = None
) -> "ClassWorkspace":
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
    report(summary.as_json(), as_json, standing(summary, quiz_id))


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
                    "student": shown.student,
                    "answers": group.answer_ids,
                    "students": [texts[i].student for i in group.answer_ids],
                    "spread": round(group.spread, 3),
                    "text": shown.text,
                    "grades": sorted({_grade_label(texts[i]) for i in group.answer_ids}),
                }
            )
    if as_json:
        print_json(rows)
        return
    print_table(
        ("question", "student", "size", "alike", "grades", "answer"),
        [
            (
                row["question"],
                row["student"],
                len(row["answers"]),
                _alike(row["spread"]),
                ", ".join(row["grades"]),
                row["text"][:60],
            )
            for row in rows
        ],  # fmt: skip
        title="Answer groups",
    )


def _alike(spread: float) -> str:
    """How alike a group's answers are in meaning, as a teacher reads it: 100 % where every answer
    says the same, less as the one farthest from the group's shown answer differs more."""
    return f"{round(100 * (1 - spread))} %"


def _grade_label(answer) -> str:  # type: ignore[no-untyped-def]
    if answer.teacher_score is not None:
        return f"{answer.teacher_score:g} (yours)"
    if answer.machine_score is not None:
        return f"{answer.machine_score:g} ({answer.machine_origin})"
    return "ungraded"


@class_group.command("grade")
@click.argument("quiz_id", type=int)
@click.argument("students", nargs=-1)
@question_option
@answer_id_option
@click.option("--score", type=click.FloatRange(0, 100), required=True, help="Your grade, 0-100.")
@click.option("--group", "whole_group", is_flag=True, help="Grade the whole group of the (first) student's answer.")
@click.option("--grader", default="teacher", show_default=True)
@target_option
@judge_option
@json_option
@pass_app
def grade_answers(
    app: AppContext,
    quiz_id: int,
    students: tuple[str, ...],
    position: int | None,
    answer_ids: tuple[int, ...],
    score: float,
    whole_group: bool,
    grader: str,
    target: float | None,
    judge: str | None,
    as_json: bool,
) -> None:
    """Give students' answers to a question your grade in one action (`class grade 1 Ana Ben --question 3
    --score 100`); the rest of the class is graded again from your grades."""
    workspace = open_workspace(app, quiz_id, target, judge)
    ids = chosen_answers(workspace, position, students, answer_ids)
    if whole_group:
        ids = workspace.group_of(ids[0])
    summary = workspace.grade(ids, score, grader=grader)
    report(
        {"graded": ids, "score": score} | summary.as_json(),
        as_json,
        f"{plural(len(ids), 'answer')} graded {score:g}. {standing(summary, quiz_id)}",
    )


@class_group.command("next")
@click.argument("quiz_id", type=int)
@click.option(
    "--question",
    "position",
    type=int,
    help="The question's number in the quiz (default: the first question with answers still without your grade).",
)
@judge_option
@json_option
@pass_app
def next_answer(app: AppContext, quiz_id: int, position: int | None, judge: str | None, as_json: bool) -> None:
    """The answer to grade next, the one that teaches the app most: for the question given, else for
    the first question in the quiz with answers still without your grade (`class next 1`)."""
    workspace = open_workspace(app, quiz_id, judge=judge)
    if position is not None:
        answer = workspace.next_for_position(position)
        if answer is None:
            report({"answer_id": None}, as_json, "Every answer to this question has your grade.")
        else:
            _show_next(workspace, quiz_id, position, answer, as_json, heading="")
        return
    found = workspace.next_in_quiz()
    if found is None:
        report({"answer_id": None}, as_json, all_graded(quiz_id))
        return
    question, answer = found
    heading = f"Question {question.position + 1}: {question.text}\n"
    _show_next(workspace, quiz_id, question.position + 1, answer, as_json, heading=heading)


def _show_next(
    workspace: "ClassWorkspace", quiz_id: int, position: int, answer: "ClassAnswer", as_json: bool, *, heading: str
) -> None:
    """The answer to grade next, its group and the command that grades it, after `heading`."""
    group = workspace.group_of(answer.answer_id)
    command = f"sensemaking class grade {quiz_id} {shlex.quote(answer.student)} --question {position}" + (
        " --group" if len(group) > 1 else ""
    )
    line = f"{heading}{answer.student} (a group of {len(group)}): {answer.text}\n"
    data = {"question": position, "answer_id": answer.answer_id, "student": answer.student, "text": answer.text}
    report(data | {"group": group}, as_json, line + _grade_hint(command, answer.machine_score))


def _grade_hint(command: str, suggested: float | None) -> str:
    """Commands that work as pasted: with the app's suggested score where it has one (the teacher
    changes it to disagree), else one for a right and one for a wrong answer to pick from."""
    if suggested is not None:
        return (
            f"The app suggests {suggested:g}; grade it so (change the score if you disagree):\n"
            f"  {command} --score {suggested:g}"
        )
    return f"Grade it right or wrong (any score from 0 to 100 works):\n  {command} --score 100\n  {command} --score 0"


@class_group.command("split")
@click.argument("quiz_id", type=int)
@click.argument("students", nargs=-1)
@question_option
@answer_id_option
@pass_app
def split(
    app: AppContext, quiz_id: int, students: tuple[str, ...], position: int | None, answer_ids: tuple[int, ...]
) -> None:
    """Take these students' answers to a question out of their groups into a group of their own."""
    workspace = open_workspace(app, quiz_id)
    ids = chosen_answers(workspace, position, students, answer_ids)
    workspace.split(ids)
    click.echo(f"{plural(len(ids), 'answer now forms', 'answers now form')} a group of their own")


@class_group.command("move")
@click.argument("quiz_id", type=int)
@click.argument("student", required=False)
@question_option
@click.option("--beside", help="A student whose answer is in the group to move it into.")
@click.option("--answer-id", "answer_id", type=int, help="The answer by its `--json` id instead of a student's name.")
@click.option("--beside-id", type=int, help="With --answer-id: the other answer by its `--json` id.")
@pass_app
def move(
    app: AppContext,
    quiz_id: int,
    student: str | None,
    position: int | None,
    beside: str | None,
    answer_id: int | None,
    beside_id: int | None,
) -> None:
    """Move a student's answer into the group of another student's answer to the same question
    (`class move 1 Eva --question 3 --beside Ana`)."""
    workspace = open_workspace(app, quiz_id)
    if answer_id is not None or beside_id is not None:
        if answer_id is None or beside_id is None:
            raise click.UsageError("By id, give both: --answer-id ID --beside-id OTHER.")
        workspace.move(answer_id, beside_id)
        click.echo(f"answer {answer_id} moved beside answer {beside_id}")
        return
    if student is None or beside is None:
        raise click.UsageError("Name the student whose answer moves and the one it joins: STUDENT --beside OTHER.")
    moved, other = chosen_answers(workspace, position, (student, beside), ())
    workspace.move(moved, other)
    click.echo(f"{student}'s answer to question {position} moved into the group of {beside}'s")


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
    """Final grades of the class's students (yours, automatic or the grading model's, each with its
    source) as CSV, and how many are whose."""
    from sensemaking_desktop.workflows.class_grading import export_final_grades

    written = export_final_grades(
        app.store, quiz_id, target, wide=wide, include_suggestions=include_suggestions, self_tests=include_self_tests
    )
    report(written.as_json(), as_json, written.line())


@class_group.command("review")
@click.argument("quiz_id", type=int)
@click.option(
    "--question", "position", type=int, help="The question's number in the quiz (default: every question with answers)."
)
@judge_option
@json_option
@pass_app
def review(app: AppContext, quiz_id: int, position: int | None, judge: str | None, as_json: bool) -> None:
    """The suggestions to check, those with the same suggested grade together, for the question
    given or else for every question with answers, each under its number and text; made again
    first, so that right after an import they are there, and they follow the last grade."""
    workspace = open_workspace(app, quiz_id, judge=judge)
    workspace.regrade()
    questions = workspace.questions() if position is None else [workspace.question_at(position)]
    reviewed = [(question, workspace.review_groups(question.question_id)) for question in questions]
    if as_json:
        print_json(
            [
                {"question": question.position + 1, "score": group.score, "answers": group.answer_ids}
                for question, groups in reviewed
                for group in groups
            ]
        )
        return
    texts = {answer.answer_id: answer for answer in workspace.view().answers}
    for number, (question, groups) in enumerate(reviewed):
        if number:
            click.echo()
        click.echo(f"Question {question.position + 1}: {question.text}")
        _print_review(quiz_id, question.position + 1, groups, texts)


def _print_review(quiz_id: int, position: int, groups: list["ReviewGroup"], texts: dict[int, "ClassAnswer"]) -> None:
    """One question's suggestion groups, each with the command that accepts it and its answers."""
    if not groups:
        click.echo("no suggestion to check")
    for group in groups:
        if group.score is None:
            click.echo(
                f"no suggestion yet ({plural(len(group.answer_ids), 'answer')}; `sensemaking class grade` grades them)"
            )
        else:
            click.echo(
                f"suggested {group.score:g} ({plural(len(group.answer_ids), 'answer')}; "
                f"`sensemaking class confirm {quiz_id} "
                f"--question {position} --suggested {group.score:g}` accepts them all, or name students)"
            )
        for answer_id in group.answer_ids:
            answer = texts[answer_id]
            click.echo(f"  {answer.student}: {answer.text[:90]}")


@class_group.command("confirm")
@click.argument("quiz_id", type=int)
@click.argument("students", nargs=-1)
@question_option
@answer_id_option
@click.option(
    "--suggested",
    type=click.FloatRange(0, 100),
    help="Every answer to the question whose suggested grade is this (a group `class review` shows).",
)
@target_option
@judge_option
@json_option
@pass_app
def confirm(
    app: AppContext,
    quiz_id: int,
    students: tuple[str, ...],
    position: int | None,
    answer_ids: tuple[int, ...],
    suggested: float | None,
    target: float | None,
    judge: str | None,
    as_json: bool,
) -> None:
    """Accept the app's suggested grades of these students' answers to a question as yours, in one action."""
    workspace = open_workspace(app, quiz_id, target, judge)
    if suggested is None:
        ids = chosen_answers(workspace, position, students, answer_ids)
    else:
        ids = _suggested(workspace, position, suggested)
    summary = workspace.confirm(ids)
    report(
        {"confirmed": ids} | summary.as_json(),
        as_json,
        f"{plural(len(ids), 'suggestion')} confirmed. {standing(summary, quiz_id)}",
    )


def _suggested(workspace: "ClassWorkspace", position: int | None, score: float) -> list[int]:
    if position is None:
        raise click.UsageError("--suggested needs the question: --question N.")
    groups = workspace.review_groups(workspace.question_at(position).question_id)
    found = [
        i for group in groups if group.score is not None and abs(group.score - score) < 0.5 for i in group.answer_ids
    ]
    if not found:
        offered = ", ".join(f"{group.score:g}" for group in groups if group.score is not None) or "none"
        raise click.UsageError(f"No answer to question {position} is suggested {score:g} (suggested: {offered}).")
    return found
