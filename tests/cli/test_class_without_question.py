"""`class next` and `class review` without --question (issue 46, a teacher's first hour): next picks
the first question in quiz order with an answer still without the teacher's grade and says which;
once none is left it names the export; review lists every question with answers, each under its
number and text. Real commands on a real library."""

from pathlib import Path

from cli_process import import_class, sensemaking

QUESTIONS = [("What rises from the warm sea?", "water vapour"), ("What falls from the clouds?", "rain")]
ANSWERS = [("Ana", "1", "water vapour"), ("Ben", "1", "ice"), ("Ana", "2", "rain"), ("Ben", "2", "snow")]


def _grade(data: Path, student: str, question: str, score: str) -> None:
    graded = sensemaking(data, "class", "grade", "1", student, "--question", question, "--score", score)
    assert graded.returncode == 0, graded.stderr


def test_next_without_a_question_goes_where_work_is_left_then_names_the_export(tmp_path: Path) -> None:
    data = tmp_path / "data"
    import_class(data, tmp_path, QUESTIONS, ANSWERS)
    first = sensemaking(data, "class", "next", "1")
    assert first.returncode == 0, first.stderr
    assert first.stdout.startswith("Question 1: What rises from the warm sea?\n"), first.stdout
    assert "--question 1" in first.stdout
    _grade(data, "Ana", "1", "100")
    _grade(data, "Ben", "1", "0")
    second = sensemaking(data, "class", "next", "1")
    assert second.stdout.startswith("Question 2: What falls from the clouds?\n"), second.stdout
    assert "--question 2" in second.stdout
    _grade(data, "Ana", "2", "100")
    _grade(data, "Ben", "2", "0")
    done = sensemaking(data, "class", "next", "1")
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "Every answer has your grade: `sensemaking class export 1 grades.csv` writes them."


def test_review_without_a_question_shows_every_question_under_its_number(tmp_path: Path) -> None:
    data = tmp_path / "data"
    import_class(data, tmp_path, QUESTIONS, ANSWERS)
    shown = sensemaking(data, "class", "review", "1")
    assert shown.returncode == 0, shown.stderr
    first, _, second = shown.stdout.partition("Question 2: What falls from the clouds?\n")
    assert first.startswith("Question 1: What rises from the warm sea?\n"), shown.stdout
    assert "Ben: ice" in first and "Ben: snow" not in first and "Ben: snow" in second, shown.stdout
    helped = sensemaking(data, "class", "next", "--help").stdout + sensemaking(data, "class", "review", "--help").stdout
    helped = " ".join(helped.split())
    assert "default: the first question" in helped and "default: every question" in helped
