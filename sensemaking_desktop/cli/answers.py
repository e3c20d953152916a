"""`sensemaking answers`: the answer runs stored for a quiz, and one run's answers with grades."""

import dataclasses
from collections import Counter

import click

from sensemaking_desktop.cli.context import AppContext, pass_app
from sensemaking_desktop.cli.output import json_option, plural, print_json, print_table
from sensemaking_desktop.quizzes.model import QuestionKind
from sensemaking_desktop.quizzes.truth_words import truth_word
from sensemaking_desktop.store.answers import (
    SELF_TEST_MODES,
    RunDetail,
    RunSummary,
    StoredAnswer,
    get_run,
    list_runs,
    run_on_quiz,
)
from sensemaking_desktop.store.quizzes import get_quiz
from sensemaking_desktop.workflows.selftest import quiz_language
from sensemaking_desktop.workflows.whose_grades import whose_grades


@click.group()
def answers() -> None:
    """Answers stored in the library: a model's runs and people's attempts."""


@answers.command("list")
@click.argument("quiz_id", type=int)
@json_option
@pass_app
def list_command(app: AppContext, quiz_id: int, as_json: bool) -> None:
    """The answer runs on a quiz, oldest first; a self-test says its attempt's number on the quiz."""
    get_quiz(app.store, quiz_id)
    runs = list_runs(app.store, quiz_id)
    if as_json:
        print_json([dataclasses.asdict(run) for run in runs])
        return
    print_table(
        ("run", "kind", "label", "attempt", "mode", "started", "answered", "mean score"),
        [
            (
                run.number,
                run.kind,
                run.label,
                "" if run.attempt is None else run.attempt,
                run.mode or "imported",
                run.created_at[:16].replace("T", " "),
                _answered(run),
                "" if run.mean_score is None else f"{run.mean_score:.0f} ({run.graded} graded)",
            )
            for run in runs
        ],
        title=f"Answer runs on quiz {quiz_id}",
    )


def _answered(run: RunSummary) -> str:
    """How much of the quiz a run answered: a class's imported answers are what the file held, not
    an attempt left unfinished, so they are counted, not set against the quiz's questions."""
    if run.kind == "person" and run.mode not in SELF_TEST_MODES:
        return f"class answers: {run.answered}"
    return f"{run.answered}/{run.questions}" + ("" if run.finished_at else " (unfinished)")


@answers.command("show")
@click.argument("quiz_id", type=int)
@click.argument("run_number", type=int)
@json_option
@pass_app
def show(app: AppContext, quiz_id: int, run_number: int, as_json: bool) -> None:
    """One run's answers in quiz order (RUN: its number in `answers list QUIZ`), with evidence and
    grades, and how many grades are yours, checked against the key, automatic, the grading model's
    and suggested (a suggestion is not a grade yet)."""
    detail = get_run(app.store, run_on_quiz(app.store, quiz_id, run_number).id)
    counts = _grade_counts(detail)
    if as_json:
        print_json(dataclasses.asdict(detail) | {"grades": counts})
        return
    run = detail.run
    state = "finished" if run.finished_at else "not finished"
    attempt = "" if run.attempt is None else f", self-test attempt {run.attempt}"
    click.echo(f"run {run.number} on quiz {run.quiz_id} ({run.quiz_title}): {run.label}{attempt}, {state}")
    click.echo(f"grades: {whose_grades(counts)}; {counts['suggested']} suggested, not final until you check them")
    language = quiz_language(app.store, quiz_id)
    for answer in detail.answers:
        click.echo(f"\n{answer.question_position + 1}. {answer.question}")
        click.echo(f"   answer: {_as_given(answer, language)}")
        if answer.supported is not None:
            click.echo(f"   evidence {'found in' if answer.supported else 'NOT found in'} the material")
        if answer.passages is not None:
            click.echo(f"   read {plural(len(answer.passages), 'passage')} of a long section")
        if answer.grade is not None:
            grade = answer.grade
            label = "suggested (not final)" if grade.whose == "suggested" else "grade"
            click.echo(f"   {label}: {grade.score:.0f} ({grade.grader}) {grade.reason or ''}".rstrip())


def _as_given(answer: StoredAnswer, language: str | None) -> str:
    """A true/false answer in the quiz's words, as its prompt asked for them ("wahr", not "true")."""
    return truth_word(answer.text, language) if answer.kind == QuestionKind.TRUE_FALSE.value else answer.text


def _grade_counts(detail: RunDetail) -> dict[str, int]:
    """The run's answers by whose grade they show: teacher, key, automatic, evaluator, suggested, ungraded."""
    found = Counter(answer.grade.whose if answer.grade else "ungraded" for answer in detail.answers)
    return {whose: found[whose] for whose in ("teacher", "key", "automatic", "evaluator", "suggested", "ungraded")}
