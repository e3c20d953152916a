"""`sensemaking selftest`: take a quiz at the terminal, and see past attempts."""

import dataclasses
import time

import click

from sensemaking_desktop.cli.context import AppContext, pass_app
from sensemaking_desktop.cli.output import json_option, print_json, print_table
from sensemaking_desktop.quizzes.key_grading import matching_options
from sensemaking_desktop.quizzes.model import Question, QuestionKind
from sensemaking_desktop.quizzes.truth_words import truth_pairs
from sensemaking_desktop.store import Store
from sensemaking_desktop.workflows.selftest import (
    CLOSED,
    LETTERS,
    Marked,
    answer_passage,
    attempt_questions,
    finish_attempt,
    history,
    quiz_language,
    read_closed,
    record_answer,
    right_answer,
    start_attempt,
)

_HINTS = {
    QuestionKind.MULTIPLE_CHOICE: "a letter",
    QuestionKind.CLOZE: "the word(s) for the gap",
    QuestionKind.OPEN: "your answer",
    QuestionKind.NUMERICAL: "a number",
    QuestionKind.MATCHING: "one letter per prompt, in order",
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
@pass_app
def take(app: AppContext, quiz_id: int, name: str, all_at_once: bool) -> None:
    """Answer a quiz's questions one by one; closed questions are marked at once, each with the
    passage of the material that holds the answer. An empty answer skips; Ctrl+C stops and keeps
    what was answered."""
    questions = attempt_questions(app.store, quiz_id)
    language = quiz_language(app.store, quiz_id)
    run_id = start_attempt(app.store, quiz_id, name, all_at_once=all_at_once)
    click.echo(f"Attempt {run_id}: {len(questions)} question(s). An empty answer skips the question.")
    answered: list[tuple[int, Question, Marked]] = []
    try:
        for number, question in enumerate(questions, start=1):
            _show_question(number, len(questions), question)
            text, seconds = _ask(question, language)
            if not text:
                click.echo("   (skipped)")
                continue
            marked = record_answer(app.store, run_id, question, text, seconds)
            answered.append((number, question, marked))
            if not all_at_once:
                _show_result(app.store, question, marked)
    except click.Abort:
        click.echo(f"\nStopped: attempt {run_id} keeps {len(answered)} answer(s) and stays unfinished.", err=True)
        raise
    if all_at_once:
        click.echo("\nResults")
        for number, question, marked in answered:
            click.echo(f"\n{number}. {question.text}\n   you: {marked.text}")
            _show_result(app.store, question, marked)
    run = finish_attempt(app.store, run_id)
    closed = [marked for _, question, marked in answered if question.kind in CLOSED]
    right = sum(bool(marked.correct) for marked in closed)
    line = (
        f"\nAttempt {run_id} done: {run.answered}/{run.questions} answered, {right}/{len(closed)} closed question(s) "
        f"right, {_duration(run.total_time_s)} in all"
    )
    waiting = len(answered) - len(closed)
    click.echo(line + (f"; {waiting} open answer(s) wait for the Evaluator." if waiting else "."))


def _show_question(number: int, total: int, question: Question) -> None:
    click.echo(f"\n{number}/{total} [{question.kind.value.replace('_', ' ')}] {question.text}")
    for letter, choice in zip(LETTERS, question.choices, strict=False):
        click.echo(f"   {letter}) {choice.text}")
    for number, pair in enumerate(question.prompts, start=1):
        click.echo(f"   {number}. {pair.prompt}")
    if question.kind == QuestionKind.MATCHING:
        click.echo(
            "   Answers: "
            + "   ".join(f"{letter}) {text}" for letter, text in zip(LETTERS, matching_options(question)))
        )


def _ask(question: Question, language: str | None) -> tuple[str, float]:
    """The answer typed and the seconds it took; a closed answer that cannot be read is asked again."""
    started = time.monotonic()
    hint, expected = _hint(question, language)
    while True:
        text = click.prompt(f"   Type {hint}", default="", show_default=False).strip()
        if not text or question.kind not in CLOSED or read_closed(question, text) is not None:
            return text, time.monotonic() - started
        click.echo(f"   {text!r} is not {expected}; try again.")


def _hint(question: Question, language: str | None) -> tuple[str, str]:
    """What the prompt asks for, and what a refusal says it expected; a true/false question names
    its words in the quiz's language, so a German quiz asks for wahr/falsch, not true/false."""
    if question.kind == QuestionKind.TRUE_FALSE:
        pairs = [f"{true}/{false}" for true, false in truth_pairs(language)]
        return f"the answer ({pairs[0]})", _listed(pairs)
    hint = "one or more letters" if question.choices and not question.picks_one else _HINTS[question.kind]
    options = len(question.choices) or len(matching_options(question))
    if options:
        hint += f" ({LETTERS[0]}–{LETTERS[options - 1]})"
    return hint, hint


def _listed(items: list[str]) -> str:
    """ "a, b or c", as a sentence names them."""
    return " or ".join(filter(None, [", ".join(items[:-1]), items[-1]]))


def _show_result(store: Store, question: Question, marked: Marked) -> None:
    if marked.score is None:
        click.echo(f"   Saved for grading. Reference answer: {right_answer(question)}")
    else:
        click.echo(f"   {'✓' if marked.correct else '✗'} {marked.reason}")
    passage = answer_passage(store, question)
    if passage:
        click.echo(f"   From the material: “{passage}”")


@selftest.command("history")
@click.argument("material_id", type=int, required=False)
@json_option
@pass_app
def history_command(app: AppContext, material_id: int | None, as_json: bool) -> None:
    """Past attempts on a material's quizzes (all materials when none is named)."""
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
                a.run.id,
                a.run.created_at[:16].replace("T", " "),
                a.run.quiz_title,
                a.run.label,
                a.run.mode or "imported",
                f"{a.run.answered}/{a.run.questions}" + ("" if a.run.finished_at else " (unfinished)"),
                _duration(a.run.total_time_s),
                _duration(a.run.mean_time_s),
                "" if a.run.mean_score is None else f"{a.run.mean_score:.0f} ({a.run.graded} graded)",
            )
            for a in attempts
        ],
        title="Self-test history" + (f" for material {material_id}" if material_id is not None else ""),
    )


def _duration(seconds: float | None) -> str:
    if seconds is None:
        return ""
    minutes, rest = divmod(round(seconds), 60)
    return f"{minutes}m {rest:02d}s" if minutes else f"{seconds:.1f}s"
