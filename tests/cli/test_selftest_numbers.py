"""Issue 46 point 2, through the command a person runs: the numbers printed are those a person reads
(a question's number in its quiz, an attempt's number on its quiz; the library's ids only with
--json), and self-test attempts and a class's answers stay apart in the gradebook and the history."""

import csv
import json
from pathlib import Path

from cli_process import sensemaking, write_csv

SKIP_ALL = "\n" * 4
GRADES = [("student", "question", "score"), ("S1", "1", "80"), ("S2", "1", "20")]
"""Typed at the every-kind quiz's four prompts: every question skipped."""


def import_class(library: Path, tmp_path: Path) -> None:
    """Two students' answers to the every-kind quiz's first two questions (answer runs 1 and 2)."""
    rows = [("student", "question", "answer"), ("S1", "1", "The salt stays behind."), ("S1", "2", "Condensation")]
    rows += [("S2", "1", "Rain comes from clouds."), ("S2", "2", "Evaporation")]
    imported = sensemaking(library, "import", "answers", "1", str(write_csv(tmp_path / "class.csv", rows)))
    assert imported.returncode == 0, imported.stderr


def test_quizzes_add_prints_the_questions_number_in_its_quiz_and_the_id_only_in_json(library: Path) -> None:
    assert sensemaking(library, "quizzes", "new", "Second quiz").returncode == 0
    added = sensemaking(library, "quizzes", "add", "2", "--text", "Why does ice float?", "--answer", "It is lighter.")
    assert added.returncode == 0, added.stderr
    assert added.stdout.strip() == "added question 1 to quiz 2", "question 5 of the library is the quiz's first"
    again = sensemaking(
        library, "quizzes", "add", "2", "--text", "What is snow?", "--answer", "Ice crystals.", "--json"
    )
    assert json.loads(again.stdout) == {"question_id": 6, "number": 2}
    answers = [("student", "question", "answer"), ("S1", "2", "Frozen water.")]
    imported = sensemaking(library, "import", "answers", "2", str(write_csv(library.parent / "snow.csv", answers)))
    assert imported.returncode == 0 and "imported 1 answer of 1 student" in imported.stdout, imported.stderr


def test_a_first_self_test_is_attempt_1_and_the_history_holds_no_class_answer(library: Path, tmp_path: Path) -> None:
    import_class(library, tmp_path)
    first = sensemaking(library, "selftest", "take", "1", input=SKIP_ALL)
    assert first.returncode == 0, first.stderr
    assert first.stdout.startswith("Attempt 1: 4 questions.") and "Attempt 1 done" in first.stdout
    second = sensemaking(library, "selftest", "take", "1", "--name", "Ana", input="\nA\n\n\n")
    assert second.stdout.startswith("Attempt 2: 4 questions.") and "Attempt 2 done" in second.stdout
    attempts = json.loads(sensemaking(library, "selftest", "history", "--json").stdout)
    assert [(a["label"], a["attempt"], a["id"]) for a in attempts] == [("me", 1, 3), ("Ana", 2, 4)]
    table = sensemaking(library, "selftest", "history").stdout
    assert "S1" not in table and "S2" not in table and "imported" not in table, table
    rows = [line.split("│")[1].strip() for line in table.splitlines() if line.count("│") > 2]
    assert [row for row in rows if row.isdigit()] == ["1", "2"], "the attempts' numbers, not the runs' ids 3 and 4"
    assert "attempt" in sensemaking(library, "answers", "list", "1").stdout
    runs = json.loads(sensemaking(library, "answers", "list", "1", "--json").stdout)
    assert [run["attempt"] for run in runs] == [None, None, 1, 2], "the class's runs have no attempt number"


def test_the_gradebook_lists_the_class_and_a_self_test_only_when_asked(library: Path, tmp_path: Path) -> None:
    import_class(library, tmp_path)
    taken = sensemaking(library, "selftest", "take", "1", "--name", "Teacher", input="\nA\n\n\n")
    assert taken.returncode == 0, taken.stderr
    assert "--include-self-tests" in sensemaking(library, "class", "export", "--help").stdout
    gradebook = tmp_path / "gradebook.csv"
    written = sensemaking(library, "class", "export", "1", str(gradebook), "--wide", "--json")
    assert written.returncode == 0, written.stderr
    assert [row[0] for row in csv.reader(gradebook.open(encoding="utf-8-sig"))] == ["student", "S1", "S2"]
    counts = json.loads(written.stdout)
    assert (counts["ungraded"], counts["evaluator"]) == (4, 0), "the students' four answers, no attempt's"
    asked = sensemaking(library, "class", "export", "1", str(gradebook), "--wide", "--include-self-tests", "--json")
    assert asked.returncode == 0, asked.stderr
    assert json.loads(asked.stdout)["key"] == 1, "the teacher's answer marked by its key"
    assert [row[0] for row in csv.reader(gradebook.open(encoding="utf-8-sig"))] == ["student", "S1", "S2", "Teacher"]


def test_a_self_test_alone_is_no_class_to_export(library: Path, tmp_path: Path) -> None:
    assert sensemaking(library, "selftest", "take", "1", input="\nA\n\n\n").returncode == 0
    refused = sensemaking(library, "class", "export", "1", str(tmp_path / "gradebook.csv"))
    assert refused.returncode == 1 and "Traceback" not in refused.stderr
    assert "no answers from people to export (self-test attempts are left out unless asked for)" in refused.stderr
    assert not (tmp_path / "gradebook.csv").exists()
    kept = sensemaking(library, "class", "export", "1", str(tmp_path / "gradebook.csv"), "--include-self-tests")
    assert kept.returncode == 0 and (tmp_path / "gradebook.csv").exists(), kept.stderr


def test_question_commands_take_the_questions_number_in_a_quiz(library: Path) -> None:
    assert sensemaking(library, "quizzes", "new", "Second quiz").returncode == 0
    for text in ("Why does ice float?", "What is snow?"):
        assert sensemaking(library, "quizzes", "add", "2", "--text", text, "--answer", "Water.").returncode == 0
    edited = sensemaking(library, "quizzes", "edit", "2", "--quiz", "2", "--points", "3")
    assert edited.returncode == 0 and edited.stdout.strip() == "question 2 of quiz 2 updated", edited.stderr
    assert sensemaking(library, "quizzes", "edit", "2", "--points", "5").stdout.strip() == "question 2 updated"
    second = json.loads(sensemaking(library, "quizzes", "show", "2", "--json").stdout)["questions"]
    first = json.loads(sensemaking(library, "quizzes", "show", "1", "--json").stdout)["questions"]
    assert [q["points"] for q in second] == [1, 3] and first[1]["points"] == 5, "by number in quiz 2, by id 2"
    moved = sensemaking(library, "quizzes", "move", "2", "1", "--quiz", "2")
    assert moved.stdout.strip() == "question 2 of quiz 2 is now number 1", moved.stderr
    assert "1. [open, approved] What is snow?" in sensemaking(library, "quizzes", "show", "2").stdout
    refused = sensemaking(library, "quizzes", "remove", "3", "--quiz", "2")
    assert refused.returncode == 1 and "Quiz 2 has questions 1 to 2, not 3." in refused.stderr
    assert "Traceback" not in refused.stderr
    removed = sensemaking(library, "quizzes", "remove", "1", "--quiz", "2")
    assert removed.stdout.strip() == "question 1 of quiz 2 deleted"
    (left,) = json.loads(sensemaking(library, "quizzes", "show", "2", "--json").stdout)["questions"]
    assert left["text"] == "Why does ice float?"


def test_the_grades_file_says_which_rows_are_a_self_tests(library: Path, tmp_path: Path) -> None:
    import_class(library, tmp_path)
    assert sensemaking(library, "selftest", "take", "1", "--name", "Teacher", input="\nA\n\n\n").returncode == 0
    grades = tmp_path / "grades.csv"
    assert sensemaking(library, "import", "grades", "1", str(write_csv(tmp_path / "g.csv", GRADES))).returncode == 0
    written = sensemaking(library, "export", "1", "--format", "grades", "-o", str(grades))
    assert written.returncode == 0, written.stderr
    rows = list(csv.DictReader(grades.open(encoding="utf-8-sig")))
    assert [(row["student"], row["answered_in"]) for row in rows] == [
        ("S1", "class"),
        ("S2", "class"),
        ("Teacher", "self-test"),
    ]
