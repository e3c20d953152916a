"""Every quiz format writes the same quiz: the questions the checks kept, dropped ones only when
asked, and every format refuses a quiz with nothing to hand out in the same words."""

import re
import sqlite3
import zipfile
from pathlib import Path

import pymupdf
import pytest

from sensemaking_desktop.interchange.common import empty_quiz_message
from sensemaking_desktop.interchange.errors import EmptyQuizError
from sensemaking_desktop.interchange.formats import FORMATS, QuizFormat
from sensemaking_desktop.interchange.variants import Variants, export_quiz
from sensemaking_desktop.quizzes.model import QuestionStatus, Quiz

NUMBERED = re.compile(r"^\s*\d+\.\s", re.M)


def written_questions(chosen: QuizFormat, path: Path) -> int:
    """How many questions the file holds, read as the format is read by the program it is for."""
    if chosen.reader is not None:
        return len(chosen.read(path).quiz.questions)
    if chosen.name == "anki":
        with zipfile.ZipFile(path) as package:
            package.extract("collection.anki2", path.parent / "anki")
        with sqlite3.connect(path.parent / "anki" / "collection.anki2") as db:
            return db.execute("SELECT COUNT(*) FROM notes").fetchone()[0]
    if chosen.name == "pdf":
        with pymupdf.open(path) as document:
            return len(NUMBERED.findall("".join(page.get_text() for page in document)))
    return len(NUMBERED.findall(path.read_text(encoding="utf-8")))


@pytest.fixture
def half_dropped(every_kind_quiz: Quiz) -> Quiz:
    """Two kept questions and two the checks dropped."""
    questions = [
        question.model_copy(update={"status": QuestionStatus.DROPPED}) if index % 2 else question
        for index, question in enumerate(every_kind_quiz.questions)
    ]
    return every_kind_quiz.model_copy(update={"questions": questions})


def test_the_registry_covers_the_formats_checked_here() -> None:
    assert {chosen.name for chosen in FORMATS} == {"moodle", "gift", "qti", "qti12", "anki", "csv", "pdf", "markdown"}


@pytest.mark.parametrize("chosen", FORMATS, ids=lambda chosen: chosen.name)
def test_every_format_writes_the_kept_questions_only(chosen: QuizFormat, half_dropped: Quiz, tmp_path: Path) -> None:
    (path,) = chosen.write(half_dropped, tmp_path / f"quiz{chosen.suffix}")
    assert written_questions(chosen, path) == 2


@pytest.mark.parametrize("chosen", FORMATS, ids=lambda chosen: chosen.name)
def test_every_format_writes_dropped_questions_when_asked(
    chosen: QuizFormat, half_dropped: Quiz, tmp_path: Path
) -> None:
    (path,) = chosen.write(half_dropped, tmp_path / f"quiz{chosen.suffix}", include_dropped=True)
    assert written_questions(chosen, path) == 4


@pytest.mark.parametrize("chosen", FORMATS, ids=lambda chosen: chosen.name)
@pytest.mark.parametrize("dropped", [True, False], ids=["all dropped", "no questions"])
def test_every_format_refuses_an_empty_quiz_in_the_same_words(
    chosen: QuizFormat, dropped: bool, every_kind_quiz: Quiz, tmp_path: Path
) -> None:
    questions = [q.model_copy(update={"status": QuestionStatus.DROPPED}) for q in every_kind_quiz.questions]
    quiz = every_kind_quiz.model_copy(update={"questions": questions if dropped else []})
    target = tmp_path / f"quiz{chosen.suffix}"
    with pytest.raises(EmptyQuizError) as refused:
        export_quiz(quiz, chosen, target, answer_key=True)
    expected = "The quiz 'The Water Cycle — Quiz 1' has no questions to export"
    expected += ": all 4 of its questions were dropped by the checks." if dropped else "."
    assert str(refused.value) == empty_quiz_message(quiz) == expected
    assert list(tmp_path.iterdir()) == [], "nothing is written"


def test_versions_hand_out_the_kept_questions_unless_asked(half_dropped: Quiz, tmp_path: Path) -> None:
    shuffled = Variants(versions=2, shuffle_questions=True, shuffle_choices=True, seed=3)
    markdown = next(chosen for chosen in FORMATS if chosen.name == "markdown")
    kept = export_quiz(half_dropped, markdown, tmp_path / "kept.md", variants=shuffled)
    every = export_quiz(half_dropped, markdown, tmp_path / "all.md", variants=shuffled, include_dropped=True)
    assert [written_questions(markdown, path) for path in kept] == [2, 2, 2, 2]
    assert [written_questions(markdown, path) for path in every] == [4, 4, 4, 4]
