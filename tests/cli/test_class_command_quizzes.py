"""`sensemaking class` keeps each action inside the quiz named (issue 47, finding 1), through the
real command on a real library of two classes: an answer, group or grade of another quiz is
refused in one line and changes nothing; the same action inside its quiz is done."""

import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from cli_process import sensemaking, write_csv

from sensemaking_desktop.paths import database_path

# Quiz 1 (rain) gets answers 1-4, quiz 2 (seasons, two questions) answers 5-9.
RAIN = [("ann", "1", "The salt stays behind."), ("bob", "1", "Clouds filter the salt."),
        ("cat", "1", "The salt is left behind."), ("dan", "1", "It is cleaned by the wind.")]  # fmt: skip
SEASONS = [("ann", "1", "The tilt of the Earth's axis."), ("bob", "1", "The Moon pulls the Earth closer."),
           ("cat", "1", "The axis is tilted."), ("ann", "2", "Blue light scatters most."),
           ("bob", "2", "The sea reflects the sky.")]  # fmt: skip


@pytest.fixture(scope="module")
def classes(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _two_classes(tmp_path_factory.mktemp("two-classes"))


def _two_classes(folder: Path) -> Path:
    data = folder / "data"
    quizzes = [
        [("open", "Why is rain fresh water?", "The salt stays behind.")],
        [("open", "What causes the seasons?", "The tilt of the Earth's axis."),
         ("open", "Why is the sky blue?", "Air scatters blue light most.")],
    ]  # fmt: skip
    for number, (questions, answers) in enumerate(zip(quizzes, (RAIN, SEASONS)), start=1):
        quiz = write_csv(folder / f"quiz{number}.csv", [("kind", "question", "reference_answer"), *questions])
        assert sensemaking(data, "import", "quiz", str(quiz), "--format", "csv").returncode == 0
        answers_file = write_csv(folder / f"answers{number}.csv", [("student", "question", "answer"), *answers])
        result = sensemaking(data, "import", "answers", str(number), str(answers_file))
        assert result.returncode == 0, result.stderr
    result = sensemaking(data, "class", "grade", "2", "--answer-id", "5", "--score", "90", "--judge", "cosine")
    assert result.returncode == 0, result.stderr
    return data


def _library(data: Path) -> list[tuple]:
    """Every grade and hand-made group in the library, to tell that a refused action changed nothing."""
    with sqlite3.connect(database_path(data)) as connection:
        assert connection.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        grades = connection.execute("SELECT id, answer_id, source, score, origin FROM grades ORDER BY id").fetchall()
        return grades + connection.execute("SELECT * FROM answer_group_labels ORDER BY answer_id").fetchall()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("grade", "1", "--answer-id", "5", "--score", "10", "--judge", "cosine"),
         "Answer 5 belongs to quiz 2, not quiz 1."),
        (("grade", "1", "--answer-id", "1", "--answer-id", "6", "--score", "10", "--judge", "cosine"),
         "Answer 6 belongs to quiz 2, not quiz 1."),
        (("grade", "1", "--answer-id", "5", "--group", "--score", "10", "--judge", "cosine"),
         "Answer 5 belongs to quiz 2, not quiz 1."),
        (("confirm", "1", "--answer-id", "6", "--judge", "cosine"), "Answer 6 belongs to quiz 2, not quiz 1."),
        (("split", "1", "--answer-id", "1", "--answer-id", "6"), "Answer 6 belongs to quiz 2, not quiz 1."),
        (("move", "1", "--answer-id", "1", "--beside-id", "6"), "Answer 6 belongs to quiz 2, not quiz 1."),
        (("move", "1", "--answer-id", "6", "--beside-id", "1"), "Answer 6 belongs to quiz 2, not quiz 1."),
        (("move", "2", "--answer-id", "6", "--beside-id", "8"),
         "Answer 6 answers question 1 and answer 8 question 2 of quiz 2; "
         "an answer moves only into a group of its own question."),
        (("grade", "1", "--answer-id", "99", "--score", "10", "--judge", "cosine"), "There is no answer 99."),
        (("groups", "1", "--question", "2", "--judge", "cosine"), "Question 2 of quiz 1 has no answers from people."),
    ],
)  # fmt: skip
def test_an_action_outside_the_quiz_named_is_refused_in_one_line_and_changes_nothing(
    classes: Path, args: tuple[str, ...], message: str
) -> None:
    before = _library(classes)
    result = sensemaking(classes, "class", *args)
    assert result.returncode == 1 and result.stderr == f"error: {message}\n", result.stderr
    assert "Traceback" not in result.stdout + result.stderr
    assert _library(classes) == before


def test_the_same_actions_inside_their_quiz_are_done(classes: Path) -> None:
    result = sensemaking(
        classes, "class", "grade", "1", "ann", "--question", "1", "--score", "100", "--judge", "cosine"
    )
    assert result.returncode == 0, result.stderr
    result = sensemaking(classes, "class", "move", "2", "bob", "--question", "1", "--beside", "cat")
    assert (result.returncode, result.stdout) == (0, "bob's answer to question 1 moved into the group of cat's\n")
    result = sensemaking(classes, "class", "split", "2", "ann", "--question", "2")
    assert result.returncode == 0, result.stderr
    with sqlite3.connect(database_path(classes)) as connection:
        assert connection.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        teacher = connection.execute(
            "SELECT answer_id, score FROM grades WHERE source = 'human' ORDER BY id"
        ).fetchall()
        labels = dict(connection.execute("SELECT answer_id, label FROM answer_group_labels").fetchall())
        reasons = connection.execute(
            "SELECT answer_id, reason FROM grades WHERE source = 'machine' AND reason LIKE 'Like %' ORDER BY answer_id"
        ).fetchall()
    assert teacher == [(5, 90.0), (1, 100.0)]
    assert labels[6] == labels[7] and labels[8] != labels[6]
    assert reasons and all(
        reason == f"Like ann's answer, which you gave {90 if answer > 4 else 100}." for answer, reason in reasons
    )


def test_two_class_grade_commands_on_one_answer_at_once_both_land(tmp_path: Path) -> None:
    data = _two_classes(tmp_path)
    command = [
        sys.executable,
        "-m",
        "sensemaking_desktop",
        "--data-dir",
        str(data),
        "class",
        "grade",
        "2",
        "bob",
        "--question",
        "1",
    ]
    running = [
        subprocess.Popen([*command, "--score", score, "--judge", "cosine"], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True)
        for score in ("30", "70")
    ]  # fmt: skip
    results = [(process.wait(600), *process.communicate()) for process in running]
    for code, out, err in results:
        assert (code, err) == (0, "") or (code == 1 and "run `sensemaking class status 2`" in err), (out, err)
    with sqlite3.connect(database_path(data)) as connection:
        assert connection.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        teacher = connection.execute("SELECT score FROM grades WHERE source = 'human' AND answer_id = 6").fetchall()
        actions = connection.execute(
            "SELECT json_extract(basis, '$.action') FROM grades WHERE source = 'human' ORDER BY id"
        ).fetchall()
    assert sorted(teacher) == [(30.0,), (70.0,)]
    assert [action for (action,) in actions] == [1, 2, 3]
    # The app's grades left are those the class as it stands gives: a fresh grading changes none.
    before = _machine(data)
    assert sensemaking(data, "class", "status", "2", "--judge", "cosine").returncode == 0
    assert _machine(data) == before


def _machine(data: Path) -> list[tuple]:
    with sqlite3.connect(database_path(data)) as connection:
        return connection.execute(
            "SELECT answer_id, score, origin, reason FROM grades WHERE source = 'machine' ORDER BY answer_id"
        ).fetchall()
