"""A class's answers and grades files (issue 47, findings 5 and 6): a student's question answered or
graded twice is refused naming both rows, or the last row kept when asked; an answer over its budget
is refused naming the limit; UTF-16 without a byte-order mark is read, and NUL bytes are named."""

import csv
from pathlib import Path

import pytest

from sensemaking_desktop.budget import BUDGETS, OverBudget
from sensemaking_desktop.interchange.class_answers import import_answers, import_grades
from sensemaking_desktop.interchange.errors import InterchangeError
from sensemaking_desktop.quizzes.model import Question, QuestionKind, Quiz
from sensemaking_desktop.store import Store
from sensemaking_desktop.store.quizzes import add_quiz

HEADER = ("student", "question", "answer")


@pytest.fixture
def quiz_id(store: Store) -> int:
    question = Question(kind=QuestionKind.OPEN, text="Why is rain fresh?", reference_answer="The salt stays.")
    with store.atomic() as db:
        return add_quiz(db, Quiz(title="Rain", questions=[question]))


def _csv(path: Path, rows: list[tuple[str, ...]], encoding: str = "utf-8") -> Path:
    with path.open("w", newline="", encoding=encoding) as file:
        csv.writer(file).writerows(rows)
    return path


def _answers(store: Store) -> list[tuple[str, str]]:
    query = "SELECT r.label, a.text FROM answers a JOIN answer_runs r ON r.id = a.run_id ORDER BY r.label"
    return [tuple(row) for row in store.db.execute(query).fetchall()]


def _intact(store: Store) -> bool:
    return store.db.execute("PRAGMA integrity_check").fetchone() == ("ok",)


def test_a_student_answering_a_question_twice_is_refused_naming_both_rows(
    store: Store, quiz_id: int, tmp_path: Path
) -> None:
    path = _csv(tmp_path / "class.csv", [HEADER, ("Ann", "1", "First"), ("Bo", "1", "Other"), ("Ann", "1", "Second")])
    with pytest.raises(InterchangeError) as refused:
        import_answers(store, quiz_id, path)
    assert str(refused.value) == (
        "class.csv was not imported; fix these rows (or keep each last one: --duplicates last):\n"
        "row 4: 'Ann' answers question '1' again (row 2)"
    )
    assert _answers(store) == [] and _intact(store)
    result = import_answers(store, quiz_id, path, duplicates="last")
    assert (result.answers, result.runs, result.replaced) == (2, 2, 1)
    assert _answers(store) == [("Ann", "Second"), ("Bo", "Other")] and _intact(store)


def test_an_answer_graded_twice_is_refused_and_one_grade_each_is_taken(
    store: Store, quiz_id: int, tmp_path: Path
) -> None:
    import_answers(store, quiz_id, _csv(tmp_path / "class.csv", [HEADER, ("Ann", "1", "Salt"), ("Bo", "1", "Sun")]))
    twice = _csv(tmp_path / "grades.csv", [("student", "question", "score"), ("Ann", "1", "50"), ("Ann", "1", "90")])
    with pytest.raises(
        InterchangeError, match=r"row 3: the answer of 'Ann' to question '1' is graded again \(row 2\)$"
    ):
        import_grades(store, quiz_id, twice)
    assert store.db["grades"].count == 0 and _intact(store)
    assert import_grades(store, quiz_id, twice, duplicates="last") == 1
    assert [row["score"] for row in store.db["grades"].rows] == [90.0]
    once = _csv(tmp_path / "once.csv", [("student", "question", "score"), ("Ann", "1", "50"), ("Bo", "1", "0")])
    assert import_grades(store, quiz_id, once) == 2 and _intact(store)


def test_an_answer_over_its_budget_is_refused_naming_the_limit(store: Store, quiz_id: int, tmp_path: Path) -> None:
    limit = BUDGETS["class_answers"].answer_chars
    long = _csv(tmp_path / "long.csv", [HEADER, ("Ann", "1", "a" * (limit + 1))])
    with pytest.raises(OverBudget) as refused:
        import_answers(store, quiz_id, long)
    assert str(refused.value) == (
        "long.csv: the answer in row 2 is 50,001 characters, more than the 50,000 an answer may have "
        "in a class answers file (budget.class_answers.answer_chars)."
    )
    assert _answers(store) == [] and _intact(store)
    import_answers(store, quiz_id, _csv(tmp_path / "fits.csv", [HEADER, ("Ann", "1", "a" * limit)]))
    assert len(_answers(store)[0][1]) == limit


@pytest.mark.parametrize("encoding", ["utf-16-le", "utf-16-be"])
def test_utf16_without_a_byte_order_mark_is_read(store: Store, quiz_id: int, tmp_path: Path, encoding: str) -> None:
    path = _csv(tmp_path / "class.csv", [HEADER, ("Ann", "1", "Sůl zůstává."), ("Bo", "1", "Salt stays.")], encoding)
    assert not path.read_bytes().startswith((b"\xff\xfe", b"\xfe\xff"))
    assert import_answers(store, quiz_id, path).answers == 2
    assert _answers(store) == [("Ann", "Sůl zůstává."), ("Bo", "Salt stays.")]


def test_a_file_with_nul_bytes_is_refused_naming_them(store: Store, quiz_id: int, tmp_path: Path) -> None:
    path = tmp_path / "class.csv"
    path.write_bytes(b"student,question,answer\nAnn,1,Sa\x00lt\n")
    with pytest.raises(InterchangeError) as refused:
        import_answers(store, quiz_id, path)
    assert str(refused.value) == (
        "class.csv is not a text file: it holds NUL bytes (the first at byte 32), as binary or damaged files do; "
        "save it again as text (UTF-8, or a spreadsheet as CSV UTF-8)."
    )
    assert _answers(store) == [] and _intact(store)
