"""Imported quizzes without control characters, and a note saying how many were removed.

Every quiz format's reader goes through `clean_result` (interchange/formats.py), so a NUL byte or
an escape code in a CSV cell, a GIFT file or a QTI package never reaches the library, where it
would later make an export that Moodle, and the app's own import, reject. Nothing is removed
silently: each question that changed gets a note with the count, and --strict refuses the file.
"""

from pathlib import Path
from typing import Any

from pydantic import ValidationError

from sensemaking_desktop.interchange.errors import InterchangeError
from sensemaking_desktop.interchange.report import ImportNote, ImportResult, NoteKind
from sensemaking_desktop.quizzes.model import Question, Quiz
from sensemaking_desktop.text.control import clean_text
from sensemaking_desktop.wording import plural


def clean_result(result: ImportResult, path: Path) -> ImportResult:
    """The result with its quiz cleaned and one note per question (or title) that held control characters."""
    quiz, removals = clean_quiz(result.quiz, path)
    if not removals:
        return result
    notes = [
        ImportNote(NoteKind.CHANGED, number, name, f"{plural(count, 'control or invalid character')} cleaned out")
        for number, name, count in removals
    ]
    return ImportResult(quiz, (*result.notes, *notes), result.files)


def clean_quiz(quiz: Quiz, path: Path) -> tuple[Quiz, list[tuple[int | None, str | None, int]]]:
    """The quiz without control characters, and where they were: (question number, its name, how
    many), with None as the number for the title."""
    title, removed = clean_text(quiz.title)
    removals: list[tuple[int | None, str | None, int]] = [(None, None, removed)] if removed else []
    questions = []
    for number, question in enumerate(quiz.questions, start=1):
        cleaned, removed = clean_question(question, path, number)
        questions.append(cleaned)
        if removed:
            removals.append((number, cleaned.name, removed))
    if not removals:
        return quiz, []
    return quiz.model_copy(update={"title": title or "Quiz", "questions": questions}), removals


def clean_question(question: Question, path: Path, number: int) -> tuple[Question, int]:
    """The question with control characters removed from every text in it, and how many there were."""
    fields, removed = clean_value(question.model_dump())
    if not removed:
        return question, 0
    try:
        return Question.model_validate(fields), removed
    except ValidationError as error:
        reason = error.errors()[0]["msg"].removeprefix("Value error, ")
        raise InterchangeError(
            f"{path.name}: question {number} holds only control characters where text is needed ({reason})."
        ) from error


def clean_value(value: Any) -> tuple[Any, int]:
    """Strings anywhere in nested lists and dictionaries cleaned; the count of characters removed."""
    if isinstance(value, str):
        return clean_text(value)
    if isinstance(value, list):
        parts = [clean_value(item) for item in value]
        return [item for item, _ in parts], sum(count for _, count in parts)
    if isinstance(value, dict):
        parts = {key: clean_value(item) for key, item in value.items()}
        return {key: item for key, (item, _) in parts.items()}, sum(count for _, count in parts.values())
    return value, 0
