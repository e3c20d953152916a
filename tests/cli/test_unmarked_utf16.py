"""UTF-16 without a byte-order mark is read in any script, and a file with NUL bytes that is not
UTF-16 is named a binary or damaged file (issue 47, finding 6): before, Ukrainian or Chinese text
saved as "Unicode" without its mark was refused as 'not a text file', as only text whose every
other byte is NUL was taken. Through the real commands on a real library."""

import csv
import json
import sqlite3
from pathlib import Path

import pytest
from cli_process import sensemaking, write_csv

ANSWERS = {
    "uk": [("Оля", "1", "Сіль залишається в морі, а вода випаровується."), ("Богдан", "1", "Сонце гріє воду.")],
    "zh": [("小明", "1", "盐留在海里，水蒸发了。"), ("小红", "1", "太阳把水晒干。")],
    "cs": [("Anna", "1", "Sůl zůstává v moři."), ("Bořek", "1", "Slunce ohřívá vodu.")],
}


def _quiz(tmp_path: Path) -> Path:
    data = tmp_path / "data"
    quiz = write_csv(
        tmp_path / "quiz.csv",
        [("kind", "question", "reference_answer"), ("open", "Why is rain fresh water?", "The salt stays behind.")],
    )
    assert sensemaking(data, "import", "quiz", str(quiz), "--format", "csv").returncode == 0
    return data


def _answers(data: Path) -> list[tuple[str, str]]:
    with sqlite3.connect(data / "library.sqlite3") as db:
        assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        query = "SELECT r.label, a.text FROM answers a JOIN answer_runs r ON r.id = a.run_id ORDER BY a.id"
        return db.execute(query).fetchall()


def _clean(result) -> None:  # type: ignore[no-untyped-def]
    assert "Traceback" not in result.stderr and "unexpected" not in result.stderr


@pytest.mark.parametrize("language", ANSWERS)
@pytest.mark.parametrize("encoding", ["utf-16-le", "utf-16-be"])
def test_class_answers_in_utf16_without_a_mark_are_imported(tmp_path: Path, language: str, encoding: str) -> None:
    data = _quiz(tmp_path)
    rows = [("student", "question", "answer"), *ANSWERS[language]]
    path = tmp_path / "class.csv"
    with path.open("w", newline="", encoding=encoding) as file:
        csv.writer(file).writerows(rows)
    assert not path.read_bytes().startswith((b"\xff\xfe", b"\xfe\xff"))
    result = sensemaking(data, "import", "answers", "1", str(path), "--json")
    _clean(result)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["answers"] == 2
    assert _answers(data) == [(student, answer) for student, _, answer in ANSWERS[language]]


def test_a_ukrainian_text_in_utf16_without_a_mark_is_ingested(tmp_path: Path) -> None:
    path = tmp_path / "лекція.txt"
    path.write_bytes(("Кругообіг води\n\nСонце нагріває воду, і вона випаровується. " * 20).encode("utf-16-le"))
    result = sensemaking(tmp_path / "data", "ingest", str(path), "--json")
    _clean(result)
    assert result.returncode == 0, result.stderr
    with sqlite3.connect(tmp_path / "data" / "library.sqlite3") as db:
        (text,) = db.execute("SELECT text FROM sections ORDER BY id LIMIT 1").fetchone()
    assert "Сонце нагріває воду" in text


@pytest.mark.parametrize(
    "content",
    [
        b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)) * 4,
        b"student,question,answer\nAnn,1,Sa\x00lt\n",
        "student,question,answer\nОля,1,Сіль\x00залишається\n".encode(),
    ],
    ids=["picture", "latin-text-with-a-nul", "cyrillic-utf8-with-a-nul"],
)
def test_a_file_with_nul_bytes_that_is_not_utf16_is_named_binary_or_damaged(tmp_path: Path, content: bytes) -> None:
    data = _quiz(tmp_path)
    path = tmp_path / "class.csv"
    path.write_bytes(content)
    result = sensemaking(data, "import", "answers", "1", str(path))
    _clean(result)
    assert result.returncode == 1
    assert result.stderr.startswith("error: class.csv is not a text file: it holds NUL bytes (the first at byte ")
    assert "as binary or damaged files do" in result.stderr and len(result.stderr.strip().splitlines()) == 1
    assert _answers(data) == []


@pytest.mark.parametrize(
    "command",
    [("import", "answers", "1"), ("import", "grades", "1"), ("import", "quiz", "--format", "csv"),
     ("grade", "1", "--teacher-grades")],
)  # fmt: skip
def test_damaged_utf16_is_one_line_naming_the_file_and_nothing_is_imported(tmp_path: Path, command: tuple) -> None:
    data = _quiz(tmp_path)
    text = "student,question,answer,score\nAna,1,The salt stays behind.,100\n".encode("utf-16")
    damaged = tmp_path / "damaged.csv"
    damaged.write_bytes(text[:30] + b"\x00\xd8\x00\xd8" + text[30:])
    if command[1] == "quiz":
        result = sensemaking(data, *command[:2], str(damaged), *command[2:])
    else:
        result = sensemaking(data, *command, str(damaged))
    assert result.returncode == 1 and "Traceback" not in result.stderr
    (line,) = result.stderr.strip().splitlines()
    assert line.startswith("error: damaged.csv cannot be read as UTF-16") and "UTF-8 CSV" in line, line
    assert "unexpected failure" not in line
    with sqlite3.connect(data / "library.sqlite3") as db:
        assert db.execute("SELECT COUNT(*) FROM answers").fetchone()[0] == 0
        assert db.execute("SELECT COUNT(*) FROM quizzes").fetchone()[0] == 1
