"""Markdown export: questions for students and a separate answer key, through the format registry."""

from pathlib import Path

import pytest

from sensemaking_desktop.interchange.errors import InterchangeError
from sensemaking_desktop.interchange.formats import FORMATS, quiz_format
from sensemaking_desktop.quizzes.model import QuestionStatus, Quiz


def test_questions_without_answers_and_a_key_with_them(every_kind_quiz: Quiz, tmp_path: Path) -> None:
    sheet, key = quiz_format("markdown").write(every_kind_quiz, tmp_path / "quiz.md", answer_key=True)
    assert key == tmp_path / "quiz-answer-key.md"
    questions = sheet.read_text(encoding="utf-8")
    assert questions.startswith("# The Water Cycle — Quiz 1\n\n1. Why is rain fresh water")
    assert "   - [ ] A. Condensation\n   - [ ] B. Evaporation" in questions
    assert "   - [ ] True\n   - [ ] False" in questions
    assert "called an \\_\\_\\_\\_\\_\\_\\_\\_." in questions and "*(2 points)*" in questions
    assert "aquifer" not in questions and "salt stays behind" not in questions and "Answer" not in questions
    answers = key.read_text(encoding="utf-8")
    assert "**Answer:** When water evaporates, the salt stays behind" in answers
    assert "**Answer:** A. Condensation" in answers and "**Answer:** True" in answers
    assert "**Answer:** aquifer\n   Also accepted: aquifers" in answers
    assert "Source: p. 2 — “the salt is left behind”" in answers and "Source: 1:01–1:10" in answers


def test_dropped_questions_are_left_out_and_an_empty_quiz_is_refused(every_kind_quiz: Quiz, tmp_path: Path) -> None:
    dropped = [question.model_copy(update={"status": QuestionStatus.DROPPED}) for question in every_kind_quiz.questions]
    with pytest.raises(InterchangeError, match="no questions"):
        quiz_format("markdown").write(every_kind_quiz.model_copy(update={"questions": dropped}), tmp_path / "q.md")
    assert not (tmp_path / "q.md").exists()


def test_markdown_special_characters_are_shown_as_typed(every_kind_quiz: Quiz, tmp_path: Path) -> None:
    first = every_kind_quiz.questions[0].model_copy(update={"text": "What does *x* [1] mean in `code`?"})
    quiz = every_kind_quiz.model_copy(update={"questions": [first]})
    text = quiz_format("markdown").write(quiz, tmp_path / "q.md")[0].read_text(encoding="utf-8")
    assert "What does \\*x\\* \\[1\\] mean in \\`code\\`?" in text


def test_every_registered_format_writes_a_file(every_kind_quiz: Quiz, tmp_path: Path) -> None:
    for found in FORMATS:
        (written,) = found.write(every_kind_quiz, tmp_path / f"quiz{found.suffix}")
        assert written.stat().st_size > 0, found.name
        if found.reader is not None:
            result = found.read(written)
            assert len(result.quiz.questions) == len(every_kind_quiz.questions), found.name
            assert result.notes == (), found.name
