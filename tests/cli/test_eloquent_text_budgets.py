"""ELOQUENT files get the per-question and per-answer text budgets every question-bank importer has
(issue 47, finding 4): a question over 100,000 characters or an answer over 50,000 in a devset's
questions file or in a submission is refused in one line naming the limit, and nothing is imported;
the same texts at the limit are imported. Through the real command on a real library."""

import json
import sqlite3
from pathlib import Path

from cli_process import sensemaking

QUESTION_LIMIT, ANSWER_LIMIT = 100_000, 50_000


def _devset(root: Path, questions: list[list[str]]) -> Path:
    lecture = root / "popular" / "video-1"
    lecture.mkdir(parents=True)
    (lecture / "text.txt").write_text("The water cycle is driven by the sun and by gravity. " * 30, encoding="utf-8")
    (lecture / "questions.json").write_text(json.dumps(questions), encoding="utf-8")
    return root


def _counts(data: Path) -> tuple[int, int, int]:
    with sqlite3.connect(data / "library.sqlite3") as db:
        assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        return tuple(
            db.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0] for table in ("materials", "quizzes", "answers")
        )


def _refused(result, line: str) -> None:  # type: ignore[no-untyped-def]
    assert result.returncode == 1 and "Traceback" not in result.stderr and "unexpected" not in result.stderr
    assert result.stderr.strip() == f"error: {line}"


def test_a_devset_question_over_its_budget_is_refused_naming_the_limit(tmp_path: Path) -> None:
    data = tmp_path / "data"
    long = _devset(tmp_path / "long", [["q" * (QUESTION_LIMIT + 1), "The sun."]])
    _refused(
        sensemaking(data, "import", "eloquent", str(long)),
        "popular/video-1/questions.json row 1: the question is 100,001 characters, more than the 100,000 a "
        "question may have in a ELOQUENT JSON file (budget.eloquent.question_chars).",
    )
    assert _counts(data) == (0, 0, 0)
    wordy = _devset(tmp_path / "wordy", [["Why?", "a" * (ANSWER_LIMIT + 1)]])
    result = sensemaking(data, "import", "eloquent", str(wordy))
    assert result.returncode == 1 and "row 1: an answer is 50,001 characters" in result.stderr
    assert "(budget.eloquent.answer_chars)" in result.stderr and _counts(data) == (0, 0, 0)
    fits = _devset(tmp_path / "fits", [["q" * QUESTION_LIMIT, "a" * ANSWER_LIMIT]])
    assert sensemaking(data, "import", "eloquent", str(fits)).returncode == 0
    assert _counts(data) == (1, 1, 0)


def test_a_submission_answer_over_its_budget_is_refused_naming_the_limit(tmp_path: Path) -> None:
    data = tmp_path / "data"
    result = sensemaking(data, "import", "eloquent", str(_devset(tmp_path / "devset", [["Why?", "The sun."]])))
    assert result.returncode == 0, result.stderr
    submission = tmp_path / "answers.json"
    submission.write_text(json.dumps({"popular/video-1/answers0.json": [["Why?", "a" * (ANSWER_LIMIT + 1)]]}))
    _refused(
        sensemaking(data, "import", "submission", str(submission)),
        "popular/video-1/answers0.json row 1: an answer is 50,001 characters, more than the 50,000 an answer may "
        "have in a ELOQUENT JSON file (budget.eloquent.answer_chars).",
    )
    assert _counts(data) == (1, 1, 0)
    submission.write_text(json.dumps({"popular/video-1/answers0.json": [["Why?", "a" * ANSWER_LIMIT]]}))
    result = sensemaking(data, "import", "submission", str(submission))
    assert result.returncode == 0, result.stderr
    assert _counts(data) == (1, 1, 1)
    questions = tmp_path / "questions.json"
    questions.write_text(json.dumps({"popular/video-1/questions1.json": [["q" * (QUESTION_LIMIT + 1)]]}))
    result = sensemaking(data, "import", "submission", str(questions))
    assert result.returncode == 1 and "(budget.eloquent.question_chars)" in result.stderr
    assert _counts(data) == (1, 1, 1)
