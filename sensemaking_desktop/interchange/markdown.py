"""Markdown: a quiz as plain text that reads well as it is, pastes into any editor or wiki,
and renders as a numbered list. The answer key is a file of its own, like the printable PDF's,
so it is never handed out with the questions."""

from pathlib import Path

from sensemaking_desktop.interchange.common import also_accepted, describe_source, write_atomically
from sensemaking_desktop.quizzes.key_grading import matching_options
from sensemaking_desktop.quizzes.model import GAP, Question, QuestionKind, Quiz

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
BLANK = "\\_" * 8


def export_markdown(quiz: Quiz, target: Path, *, answer_key: bool = False) -> Path:
    """Write the quiz's questions (or, with `answer_key`, its answer key) as Markdown."""
    questions = quiz.questions
    title = f"# {quiz.title} — answer key" if answer_key else f"# {quiz.title}"
    render = _key if answer_key else _question
    blocks = [title, *(render(number, question) for number, question in enumerate(questions, start=1))]
    write_atomically(target, ("\n\n".join(blocks) + "\n").encode("utf-8"))
    return target


def _question(number: int, question: Question) -> str:
    lines = [f"{number}. {_stem(question)} {_points(question)}"]
    if question.kind == QuestionKind.MULTIPLE_CHOICE:
        lines += [f"   - [ ] {LETTERS[index]}. {_escape(choice.text)}" for index, choice in enumerate(question.choices)]
    elif question.kind == QuestionKind.TRUE_FALSE:
        lines += ["   - [ ] True", "   - [ ] False"]
    elif question.kind == QuestionKind.MATCHING:
        lines += [f"   - {_escape(pair.prompt)}: {BLANK}" for pair in question.prompts]
        options = matching_options(question)
        lines.append("   " + "; ".join(f"{LETTERS[index]}. {_escape(text)}" for index, text in enumerate(options)))
    return "\n".join(lines)


def _key(number: int, question: Question) -> str:
    lines = [f"{number}. {_stem(question)} {_points(question)}", f"   **Answer:** {_escape(_answer(question))}"]
    if also_accepted(question):
        lines.append(f"   Also accepted: {_escape(', '.join(also_accepted(question)))}")
    if question.feedback:
        lines.append(f"   Note: {_escape(question.feedback)}")
    where = describe_source(question.source)
    quote = f"“{question.source.quote}”" if question.source.quote else ""
    source = " — ".join(part for part in (where, quote) if part)
    if source:
        lines.append(f"   Source: {_escape(source)}")
    return "\n".join(lines)


def _stem(question: Question) -> str:
    text = _escape(" ".join(question.text.split()))
    return text.replace(_escape(GAP), BLANK) if question.kind == QuestionKind.CLOZE else text


def _answer(question: Question) -> str:
    if question.kind == QuestionKind.MULTIPLE_CHOICE:
        return "; ".join(
            f"{LETTERS[index]}. {choice.text}" for index, choice in enumerate(question.choices) if choice.correct
        )
    if question.kind == QuestionKind.TRUE_FALSE:
        return (question.reference_answer or "").capitalize()
    return question.reference_answer or "—"


def _points(question: Question) -> str:
    return f"*({question.points:g} point{'' if question.points == 1 else 's'})*"


def _escape(text: str) -> str:
    """Characters Markdown would read as formatting are shown as typed."""
    for char in "\\`*_[]<>#|":
        text = text.replace(char, "\\" + char)
    return text
