"""`sensemaking selftest`: take a quiz at the terminal, and see past attempts.

Every answer is graded when it is given: a closed one by its key, an open one (or a gap filled
in other words than the key's) by the grading model, with a line while it grades. What the command
says is in the quiz's language (workflows/selftest_texts.py). A person reads an attempt's number
on its quiz and a question's number in it; the library's ids are shown only with --json.
"""

import dataclasses
import shlex
import time
from typing import TYPE_CHECKING

import click

from sensemaking_desktop.cli.context import AppContext, pass_app
from sensemaking_desktop.cli.model_check import with_fix
from sensemaking_desktop.cli.output import json_option, model_option, print_json, print_table
from sensemaking_desktop.errors import SensemakingError
from sensemaking_desktop.quizzes.key_grading import matching_options
from sensemaking_desktop.quizzes.model import Question, QuestionKind
from sensemaking_desktop.quizzes.truth_words import truth_pairs
from sensemaking_desktop.store import Store
from sensemaking_desktop.store.answers import run_number
from sensemaking_desktop.workflows.selftest import (
    CLOSED,
    LETTERS,
    Graded,
    Marked,
    answer_passage,
    attempt_number,
    attempt_questions,
    finish_attempt,
    history,
    quiz_language,
    read_closed,
    record_answer,
    right_answer,
    start_attempt,
)
from sensemaking_desktop.workflows.selftest_texts import say

if TYPE_CHECKING:
    from sensemaking_desktop.workflows.selftest_grading import AnswerGrader

_HINTS = {
    QuestionKind.MULTIPLE_CHOICE: "hint_letter",
    QuestionKind.CLOZE: "hint_gap",
    QuestionKind.OPEN: "hint_open",
    QuestionKind.NUMERICAL: "hint_number",
    QuestionKind.MATCHING: "hint_matching",
}


class SelftestGroup(click.Group):
    """`selftest QUIZ_ID ...` is still read as `selftest take QUIZ_ID ...`, so the short way typed
    works; the help and the docs name only `selftest take`, one spelling for a reader to follow."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if args and args[0] not in self.commands and args[0] not in ctx.help_option_names:
            args = ["take", *args]
        return super().parse_args(ctx, args)


@click.group(cls=SelftestGroup)
def selftest() -> None:
    """Test yourself on a quiz: `selftest take QUIZ_ID`; past attempts: `selftest history`."""


@selftest.command("take")
@click.argument("quiz_id", type=int)
@click.option("--name", default="me", show_default=True, help="Whose attempt this is (kept in the history).")
@click.option("--all-at-once", is_flag=True, help="Answer every question first and see the results at the end.")
@model_option
@pass_app
def take(app: AppContext, quiz_id: int, name: str, all_at_once: bool, model: str | None) -> None:
    """Answer a quiz's questions one by one; each answer is graded as it is given (closed ones by
    their key, open ones by the app's grader on the embedded model unless --model names another),
    with the passage of the material that holds the answer. An empty answer skips; Ctrl+C stops
    and keeps what was answered."""
    from sensemaking_desktop.workflows.selftest_grading import AnswerGrader

    questions = attempt_questions(app.store, quiz_id)
    language = quiz_language(app.store, quiz_id)
    if model is not None:
        _known_model(app, model)
    run_id = start_attempt(app.store, quiz_id, name, all_at_once=all_at_once)
    number = attempt_number(app.store, run_id)
    grader = AnswerGrader(app.store, app.models, quiz_id, model)
    later = _grade_command(app.store, quiz_id, run_id, model)
    click.echo(say(language, "attempt", number=number, count=len(questions)))
    answered: list[tuple[int, Question, Marked, Graded | None]] = []
    try:
        for position, question in enumerate(questions, start=1):
            shown = time.monotonic()
            _show_question(position, len(questions), question, language)
            if question.kind == QuestionKind.OPEN:
                grader.prepare(question)
            text = _ask(question, language)
            seconds = time.monotonic() - shown
            if not text:
                click.echo("   " + say(language, "skipped"))
                continue
            marked = record_answer(app.store, run_id, question, text, seconds, language=language)
            answered.append((position, question, marked, None))
            if not all_at_once:
                graded = _graded(grader, question, marked, language)
                answered[-1] = (position, question, marked, graded)
                _show_result(app.store, question, marked, graded, grader.waiting, later, language)
        if all_at_once:
            answered = [(p, q, m, _graded(grader, q, m, language)) for p, q, m, _ in answered]
    except (click.Abort, KeyboardInterrupt):  # Ctrl+C at a prompt, or while an answer is graded
        click.echo("\n" + say(language, "stopped", number=number, count=len(answered)), err=True)
        raise
    finally:
        grader.close()
    if all_at_once:
        click.echo("\n" + say(language, "results"))
        for position, question, marked, graded in answered:
            click.echo(f"\n{position}. {question.text}\n   " + say(language, "you", text=marked.text))
            _show_result(app.store, question, marked, graded, grader.waiting, later, language)
    _show_done(app.store, run_id, number, answered, later, language)


def _grade_command(store: Store, quiz_id: int, run_id: int, model: str | None) -> str:
    """The command that grades this attempt's answers that could not be graded when given, and no
    other run's: `grade QUIZ` alone would grade every run of the quiz."""
    chosen = f" --model {shlex.quote(model)}" if model else ""
    return f"sensemaking grade {quiz_id} --run {run_number(store, run_id)}{chosen}"


def _known_model(app: AppContext, model: str) -> None:
    """A model name that names nothing is refused before the attempt starts; a server that does not
    answer is not: the attempt goes on and its open answers wait for `_grade_command`."""
    try:
        app.models.resolve(model)
    except SensemakingError as error:
        raise SensemakingError(with_fix(str(error))) from error


def _graded(grader: "AnswerGrader", question: Question, marked: Marked, language: str | None) -> Graded | None:
    """An answer the key did not decide, graded by the grading model, with a line while it grades."""
    if marked.score is not None:
        return None
    if grader.waiting is None:
        click.echo("   " + say(language, "grading"))
    return grader.grade(question, marked)


def _show_done(
    store: Store,
    run_id: int,
    number: int,
    answered: list[tuple[int, Question, Marked, Graded | None]],
    later: str,
    language: str | None,
) -> None:
    run = finish_attempt(store, run_id)
    closed = [marked for _, _, marked, _ in answered if marked.score is not None]
    right = sum(bool(marked.correct) for marked in closed)
    values = {"answered": run.answered, "questions": run.questions, "right": right, "closed": len(closed)}
    line = "\n" + say(language, "done", number=number, time=_duration(run.total_time_s, language), **values)
    if run.mean_score is not None:
        line += say(language, "mean", score=f"{run.mean_score:.0f}", graded=run.graded)
    waiting = sum(marked.score is None and graded is None for _, _, marked, graded in answered)
    if waiting:
        click.echo(line + say(language, "waiting", count=waiting, command=later))
    else:
        click.echo(line + ".")


def _show_question(number: int, total: int, question: Question, language: str | None) -> None:
    click.echo(f"\n{number}/{total} [{say(language, f'kind_{question.kind.value}')}] {question.text}")
    for letter, choice in zip(LETTERS, question.choices, strict=False):
        click.echo(f"   {letter}) {choice.text}")
    for number, pair in enumerate(question.prompts, start=1):
        click.echo(f"   {number}. {pair.prompt}")
    if question.kind == QuestionKind.MATCHING:
        options = zip(LETTERS, matching_options(question))
        click.echo(f"   {say(language, 'answers')} " + "   ".join(f"{letter}) {text}" for letter, text in options))


def _ask(question: Question, language: str | None) -> str:
    """The answer typed; a closed answer that cannot be read is asked again."""
    hint, expected = _hint(question, language)
    while True:
        text = click.prompt("   " + say(language, "type", hint=hint), default="", show_default=False).strip()
        if not text or question.kind not in CLOSED or read_closed(question, text) is not None:
            return text
        click.echo("   " + say(language, "try_again", typed=repr(text), expected=expected))


def _hint(question: Question, language: str | None) -> tuple[str, str]:
    """What the prompt asks for, and what a refusal says it expected, in the quiz's language; a
    true/false question names its words in it, so a German quiz asks for wahr/falsch, not true/false."""
    if question.kind == QuestionKind.TRUE_FALSE:
        pairs = [f"{true}/{false}" for true, false in truth_pairs(language)]
        return say(language, "hint_truth", pair=pairs[0]), _listed(pairs, language)
    key = "hint_letters" if question.choices and not question.picks_one else _HINTS[question.kind]
    hint = say(language, key)
    options = len(question.choices) or len(matching_options(question))
    if options:
        hint += f" ({LETTERS[0]}–{LETTERS[options - 1]})"
    return hint, hint


def _listed(items: list[str], language: str | None) -> str:
    """ "a, b or c", as a sentence names them."""
    return say(language, "or").join(filter(None, [", ".join(items[:-1]), items[-1]]))


def _show_result(
    store: Store,
    question: Question,
    marked: Marked,
    graded: Graded | None,
    waiting: str | None,
    later: str,
    language: str | None,
) -> None:
    """The grade and its reason (the key's or the grading model's), or why it must wait (`waiting`)
    and the command that grades it later; then the passage of the material that holds the answer."""
    from sensemaking_desktop.workflows.reasons import reason_in_language

    if marked.score is not None:
        click.echo(f"   {'✓' if marked.correct else '✗'} {marked.reason}")
    elif graded is not None:
        reason = reason_in_language(graded.said, graded.reason, language or "en")
        click.echo("   " + say(language, "graded", score=f"{graded.score:.0f}", reason=reason))
        click.echo("   " + say(language, "reference", right=right_answer(question, language)))
    else:
        cause = (waiting or "").rstrip()
        cause += "" if cause.endswith((".", "!", "?")) else "."
        click.echo("   " + say(language, "waits", cause=cause, command=later))
        click.echo("   " + say(language, "reference", right=right_answer(question, language)))
    passage = answer_passage(store, question)
    if passage:
        click.echo("   " + say(language, "from_material", passage=passage))


@selftest.command("history")
@click.argument("material_id", type=int, required=False)
@json_option
@pass_app
def history_command(app: AppContext, material_id: int | None, as_json: bool) -> None:
    """Your self-test attempts on a material's quizzes (all materials when none is named), each
    numbered on its quiz; a class's imported answers are not self-tests (`sensemaking class`)."""
    attempts = history(app.store, material_id)
    if as_json:
        print_json(
            [
                dataclasses.asdict(attempt.run) | {"answers": [dataclasses.asdict(a) for a in attempt.answers]}
                for attempt in attempts
            ]
        )
        return
    print_table(
        ("attempt", "date", "quiz", "name", "mode", "answered", "time", "per question", "mean score"),
        [
            (
                a.run.attempt,
                a.run.created_at[:16].replace("T", " "),
                a.run.quiz_title,
                a.run.label,
                a.run.mode,
                f"{a.run.answered}/{a.run.questions}" + ("" if a.run.finished_at else " (unfinished)"),
                _duration(a.run.total_time_s),
                _duration(a.run.mean_time_s),
                "" if a.run.mean_score is None else f"{a.run.mean_score:.0f} ({a.run.graded} graded)",
            )
            for a in attempts
        ],
        title="Self-test history" + (f" for material {material_id}" if material_id is not None else ""),
    )


def _duration(seconds: float | None, language: str = "en") -> str:
    """A time as a person reads it; one too short to show in tenths (answers typed ahead, or piped
    in) is "under 0.1s" in the quiz's language, not a "0.0s" that reads as not measured."""
    if seconds is None:
        return ""
    if seconds < 0.05:
        return say(language, "too_short")
    minutes, rest = divmod(round(seconds), 60)
    return f"{minutes}m {rest:02d}s" if minutes else f"{seconds:.1f}s"
