"""Counts in the lines the command line prints read as a person writes them, "1 answer" and "2
answers", never "answer(s)" (issue 46, a teacher's first hour). Real commands on a real library."""

from pathlib import Path

from cli_process import import_class, sensemaking
from test_selftest_grades_at_once import GERMAN_SECTION, quiz_library

from sensemaking_desktop.quizzes.model import Question, QuestionKind


def test_a_class_s_lines_say_one_answer_and_two_answers(tmp_path: Path) -> None:
    data = tmp_path / "data"
    answers = [("Ana", "1", "water vapour"), ("Ben", "1", "ice")]
    import_class(data, tmp_path, [("What rises from the warm sea?", "water vapour")], answers)
    status = sensemaking(data, "class", "status", "1", "--judge", "cosine")
    assert "You made 0 grading actions for 2 answers;" in status.stdout, status.stderr
    split = sensemaking(data, "class", "split", "1", "Ana", "--question", "1")
    assert split.stdout.strip() == "1 answer now forms a group of their own", split.stderr
    approved = sensemaking(data, "quizzes", "approve", "1", "--quiz", "1")
    assert approved.stdout.strip() == "approved 1 question", approved.stderr
    assert "(s)" not in status.stdout + split.stdout + approved.stdout


def test_a_self_test_of_one_question_says_one_question_in_the_quiz_s_language(tmp_path: Path) -> None:
    statement = Question(kind=QuestionKind.TRUE_FALSE, text="Meerwasser ist salzig.", reference_answer="true")
    quiz_id = quiz_library(tmp_path / "data", GERMAN_SECTION, "de", statement)
    taken = sensemaking(tmp_path / "data", "selftest", "take", str(quiz_id), input="wahr\n")
    assert taken.returncode == 0, taken.stderr
    assert "Versuch 1: 1 Frage. Eine leere Antwort" in taken.stdout
    assert "1/1 beantwortet, 1/1 geschlossene Frage richtig" in taken.stdout and "(n)" not in taken.stdout
    assert "unter 0,1 s Antwortzeit" in taken.stdout, "fresh run 3: 'under 0.1s insgesamt'"
