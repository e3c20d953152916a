"""A class's answers and human grades from real-world spreadsheets, and grades out again."""

import csv
import json
from pathlib import Path

import pytest

from sensemaking_desktop.interchange.class_answers import Columns, export_grades, import_answers, import_grades
from sensemaking_desktop.interchange.csvfile import csv_writer
from sensemaking_desktop.interchange.errors import InterchangeError
from sensemaking_desktop.quizzes.model import Quiz
from sensemaking_desktop.store import Store
from sensemaking_desktop.store.quizzes import add_quiz


@pytest.fixture
def quiz_id(store: Store, every_kind_quiz: Quiz) -> int:
    with store.atomic() as db:
        return add_quiz(db, every_kind_quiz)


def test_answers_from_a_semicolon_cp1252_export_with_mapped_columns(store: Store, quiz_id: int, tmp_path: Path) -> None:
    path = tmp_path / "Klasse 7b.csv"
    path.write_text(
        "Schüler;Frage;Antwort\nJürgen;1;Das Salz bleibt zurück.\nJürgen;Q2;Condensation\n"
        "Zoë;what is the change of water vapour from gas to liquid called?;Kondensation\n",
        encoding="cp1252",
    )
    result = import_answers(store, quiz_id, path, Columns(student="Schüler", question="Frage", answer="Antwort"))
    assert (result.runs, result.answers) == (2, 3)
    labels = [row["label"] for row in store.db.query("SELECT label FROM answer_runs ORDER BY id")]
    assert labels == ["Jürgen", "Zoë"]
    texts = [row["text"] for row in store.db.query("SELECT text FROM answers ORDER BY id")]
    assert texts == ["Das Salz bleibt zurück.", "Condensation", "Kondensation"]


def test_bad_rows_are_all_reported_and_nothing_is_imported(store: Store, quiz_id: int, tmp_path: Path) -> None:
    path = tmp_path / "answers.csv"
    path.write_text("student,question,answer\nAnna,1,yes\n,2,no name\nBen,9,no such question\n", encoding="utf-8")
    with pytest.raises(InterchangeError) as caught:
        import_answers(store, quiz_id, path)
    assert str(caught.value).splitlines()[1:] == [
        "row 3: no student name",
        "row 4: question '9' is not in quiz 1",
    ]
    assert store.db["answer_runs"].count == 0 and store.db["answers"].count == 0


def test_wrong_columns_say_which_columns_there_are(store: Store, quiz_id: int, tmp_path: Path) -> None:
    path = tmp_path / "answers.csv"
    path.write_text("name,item,response\nAnna,1,yes\n")
    with pytest.raises(InterchangeError, match="no column 'student'.*its columns are name, item, response"):
        import_answers(store, quiz_id, path)


def test_human_grades_attach_to_answers_and_export_with_their_details(
    store: Store, quiz_id: int, tmp_path: Path
) -> None:
    answers = tmp_path / "answers.csv"
    answers.write_text("student,question,answer\nAnna,1,The salt stays behind.\nAnna,2,Condensation\n")
    import_answers(store, quiz_id, answers)
    grades = tmp_path / "grades.csv"
    grades.write_text("student\tquestion\tscore\nAnna\t1\t85,5\nAnna\t2\t100\n")
    assert import_grades(store, quiz_id, grades, grader="Ms Novák") == 2

    exported = export_grades(store, quiz_id, tmp_path / "grades-out.csv")
    with exported.open(encoding="utf-8-sig") as file:
        rows = list(csv.DictReader(file))
    assert [(r["student"], r["question_number"], r["score"], r["source"], r["grader"]) for r in rows] == [
        ("Anna", "1", "85.5", "human", "Ms Novák"),
        ("Anna", "2", "100.0", "human", "Ms Novák"),
    ]
    as_json = json.loads(export_grades(store, quiz_id, tmp_path / "grades.json").read_text())
    assert as_json[0]["answer"] == "The salt stays behind." and as_json[0]["flags"] == []


def test_grades_for_unknown_answers_or_bad_scores_are_refused(store: Store, quiz_id: int, tmp_path: Path) -> None:
    answers = tmp_path / "answers.csv"
    answers.write_text("student,question,answer\nAnna,1,x\n")
    import_answers(store, quiz_id, answers)
    grades = tmp_path / "grades.csv"
    grades.write_text("student,question,score\nAnna,1,150\nBob,1,50\n")
    with pytest.raises(InterchangeError, match="row 2: score '150'.*\nrow 3: no answer of 'Bob'"):
        import_grades(store, quiz_id, grades)
    assert store.db["grades"].count == 0


def test_a_binary_file_is_not_a_spreadsheet(store: Store, quiz_id: int, tmp_path: Path) -> None:
    path = tmp_path / "answers.csv"
    path.write_bytes(bytes(range(256)) * 10)
    with pytest.raises(InterchangeError, match="not a text file"):
        import_answers(store, quiz_id, path)


def test_formulas_are_escaped_in_grades_and_read_back_from_our_own_files(
    store: Store, quiz_id: int, tmp_path: Path
) -> None:
    student, answer = "=cmd|' /C calc'!A0", "-it's 'salt', said @me"
    answers, grades = tmp_path / "answers.csv", tmp_path / "grades.csv"
    for path, rows in ((answers, [[student, 1, answer], ["Anna", 2, "Condensation"]]), (grades, [[student, 1, 85]])):
        with path.open("w", encoding="utf-8", newline="") as file:
            writer = csv_writer(file)
            writer.writerow(["student", "question", "answer" if path == answers else "score"])
            writer.writerows(rows)
    assert answers.read_text().splitlines()[1] == "'=cmd|' /C calc'!A0,1,\"'-it's 'salt', said @me\""
    import_answers(store, quiz_id, answers)
    assert import_grades(store, quiz_id, grades) == 1
    stored = store.db.execute("SELECT label, text FROM answers JOIN answer_runs ON answer_runs.id = run_id").fetchall()
    assert (student, answer) in stored and ("Anna", "Condensation") in stored

    exported = export_grades(store, quiz_id, tmp_path / "grades-out.csv")
    with exported.open(encoding="utf-8-sig") as file:
        (row,) = csv.DictReader(file)
    assert (row["student"], row["answer"], row["score"]) == ("'" + student, "'" + answer, "85.0")
    assert import_grades(store, quiz_id, exported) == 1
