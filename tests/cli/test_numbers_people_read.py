"""Commands take and print what a teacher reads (issue 46, point 2): a student's name and a
question's number for a class's answers, a run's number on its quiz for `answers`, `grade --run`
and `review`; the ids the library keeps appear only under --json. Real commands on a real library."""

import csv
import json
import shlex
from pathlib import Path

import pytest
from cli_process import sensemaking, write_csv

RIGHT = "The salt stays behind when water evaporates."
WRONG = "The clouds filter the salt out."


@pytest.fixture(scope="module")
def data(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("names")
    data = folder / "data"
    quiz = write_csv(
        folder / "quiz.csv",
        [("kind", "question", "reference_answer"), ("open", "Why is rain fresh water?", "The salt stays behind."),
         ("open", "What drives the water cycle?", "The sun's heat.")],
    )  # fmt: skip
    assert sensemaking(data, "import", "quiz", str(quiz), "--format", "csv").returncode == 0
    rows = [("student", "question", "answer")]
    rows += [(f"S{n}", "1", RIGHT if n % 3 else WRONG) for n in range(1, 13)]
    rows += [(f"S{n}", "2", "The sun.") for n in range(1, 13)]
    result = sensemaking(data, "import", "answers", "1", str(write_csv(folder / "answers.csv", rows)))
    assert result.returncode == 0, result.stderr
    return data


def _teacher_grades(data: Path) -> dict[str, float]:
    """Question 1's grades that are the teacher's, by student, from the final-grades export."""
    target = data.parent / "final.csv"
    result = sensemaking(data, "class", "export", "1", str(target))
    assert result.returncode == 0, result.stderr
    rows = csv.DictReader(target.read_text(encoding="utf-8-sig").splitlines())
    return {row["student"]: float(row["score"]) for row in rows
            if row["source"].startswith("teacher") and row["question_number"] == "1"}  # fmt: skip


def test_a_student_s_answer_is_graded_by_name_and_the_wrong_one_stays_apart(data: Path) -> None:
    result = sensemaking(data, "class", "grade", "1", "s3", "--question", "1", "--score", "0", "--judge", "cosine")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("1 answer graded 0.")
    result = sensemaking(data, "class", "grade", "1", "S1", "--question", "1", "--group", "--score", "100",
                         "--judge", "cosine")  # fmt: skip
    assert result.returncode == 0, result.stderr
    grades = _teacher_grades(data)
    assert grades["S3"] == 0 and grades["S1"] == 100
    assert all(grades.get(f"S{n}") == 100 for n in (2, 4, 5, 7, 8)), grades
    assert all(grades.get(f"S{n}") != 100 for n in (3, 6, 9, 12)), grades


def test_groups_next_and_review_print_names_not_ids(data: Path) -> None:
    groups = sensemaking(data, "class", "groups", "1", "--question", "2", "--judge", "cosine").stdout
    assert "student" in groups and "S1" in groups and "representative" not in groups
    said = sensemaking(data, "class", "next", "1", "--question", "2", "--judge", "cosine")
    assert said.returncode == 0, said.stderr
    name = said.stdout.split(" ", 1)[0]
    pasted = [line.strip() for line in said.stdout.splitlines() if line.startswith("  sensemaking class grade 1 ")]
    assert name.startswith("S") and pasted, said.stdout
    command = shlex.split(pasted[0])[1:]
    score = command[command.index("--score") + 1]
    done = sensemaking(data, *command, "--judge", "cosine")
    assert done.returncode == 0 and f"graded {score}" in done.stdout, done.stderr
    review = sensemaking(data, "class", "review", "1", "--question", "1", "--judge", "cosine").stdout
    assert "--question 1 --suggested" in review and "  S" in review
    assert not any(line.strip().split(" ", 1)[0].isdigit() for line in review.splitlines())


def test_a_name_that_answered_nothing_or_no_question_is_one_line(data: Path) -> None:
    before = _teacher_grades(data)
    wrong = sensemaking(data, "class", "grade", "1", "Zed", "--question", "1", "--score", "50", "--judge", "cosine")
    assert wrong.returncode == 1 and wrong.stderr.startswith("error: No answer by 'Zed' to question 1; it was")
    assert "S1, S2, S3" in wrong.stderr and "Traceback" not in wrong.stderr
    unsaid = sensemaking(data, "class", "grade", "1", "S1", "--score", "50", "--judge", "cosine")
    assert unsaid.returncode == 2 and "--question N" in unsaid.stderr and "Traceback" not in unsaid.stderr
    nothing = sensemaking(data, "class", "confirm", "1", "--question", "1", "--suggested", "37", "--judge", "cosine")
    assert nothing.returncode == 2 and "No answer to question 1 is suggested 37" in nothing.stderr
    assert _teacher_grades(data) == before


def test_runs_are_numbered_on_their_quiz_and_named_by_that_number(data: Path) -> None:
    listed = sensemaking(data, "answers", "list", "1").stdout
    runs = json.loads(sensemaking(data, "answers", "list", "1", "--json").stdout)
    assert [run["number"] for run in runs] == list(range(1, 13))
    assert [run["label"] for run in runs][:3] == ["S1", "S2", "S3"]
    assert all(str(run["id"]) not in listed.split() or run["id"] == run["number"] for run in runs)
    shown = sensemaking(data, "answers", "show", "1", "3")
    assert shown.returncode == 0 and shown.stdout.startswith("run 3 on quiz 1 (")
    assert f"   answer: {WRONG}" in shown.stdout
    missing = sensemaking(data, "answers", "show", "1", "13")
    assert missing.returncode == 1 and "Quiz 1 has runs 1 to 12, not 13" in missing.stderr


def test_review_set_names_an_answer_by_run_and_question(data: Path) -> None:
    result = sensemaking(data, "review", "set", "1", "5", "2", "80", "--reason", "sun, not heat")
    assert (result.returncode, result.stdout) == (0, "run 5, question 2: your grade 80 is stored\n"), result.stderr
    shown = json.loads(sensemaking(data, "answers", "show", "1", "5", "--json").stdout)
    second = next(answer for answer in shown["answers"] if answer["question_position"] == 1)
    assert second["grade"]["score"] == 80 and second["grade"]["reason"] == "sun, not heat"
    first = next(answer for answer in shown["answers"] if answer["question_position"] == 0)
    assert first["grade"] is None or first["grade"]["score"] != 80
    bad = sensemaking(data, "review", "set", "1", "5", "3", "80")
    assert bad.returncode == 1 and "did not answer question 3" in bad.stderr
