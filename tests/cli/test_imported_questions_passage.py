"""Questions imported onto a material find the passage that answers them (issue 46, finding 11):
a self-test then shows it after an answer, as it does for questions the app wrote. A question on
another subject keeps no passage rather than a wrong one. Real files, a real library."""

import tomllib
from pathlib import Path

from cli_process import sensemaking, write_csv

from sensemaking_desktop.paths import database_path
from sensemaking_desktop.store import Store
from sensemaking_desktop.store.quizzes import get_quiz

SAMPLE = Path(__file__).resolve().parents[2] / "resources/samples/water-cycle.toml"


def test_imported_questions_get_their_passage_and_an_unrelated_one_none(tmp_path: Path) -> None:
    data = tmp_path / "data"
    material = tmp_path / "water-cycle.md"
    material.write_text(tomllib.loads(SAMPLE.read_text(encoding="utf-8"))["text"], encoding="utf-8")
    assert sensemaking(data, "ingest", str(material)).returncode == 0
    quiz = write_csv(tmp_path / "quiz.csv", [
        ("kind", "question", "reference_answer"),
        ("open", "Why is rain fresh water although much of it evaporated from the sea?",
         "The salt stays behind when water evaporates."),
        ("cloze", "The tiny openings in leaves are called _____.", "stomata"),
        ("open", "In which year did the Normans conquer England?", "1066"),
        ("open", "What are the two forces that drive the water cycle?", "The energy of the sun and gravity."),
    ])  # fmt: skip
    result = sensemaking(data, "import", "quiz", str(quiz), "--format", "csv", "--material", "1")
    assert result.returncode == 0, result.stderr

    questions = get_quiz(Store(database_path(data)), 1).questions
    assert "salt" in (questions[0].source.quote or "") and questions[0].source.section_id is not None
    assert "stomata" in (questions[1].source.quote or "")
    assert questions[2].source.quote is None and questions[2].source.section_id is None
    forces = questions[3].source.quote or ""
    assert forces.startswith("Two forces drive the whole cycle.") and "gravity" in forces, "it runs on to the answer"
    assert "Without the sun" not in forces and questions[1].source.quote.count(". ") == 0, "and no further"

    taken = sensemaking(data, "selftest", "take", "1", input="The salt is left behind.\nstomata\n1066\nsun\n")
    assert taken.returncode == 0, taken.stderr
    assert "From the material:" in taken.stdout and "salt" in taken.stdout.split("From the material:", 1)[1]


def test_a_material_that_does_not_exist_is_one_line(tmp_path: Path) -> None:
    quiz = write_csv(tmp_path / "quiz.csv", [("kind", "question", "reference_answer"), ("cloze", "A _____.", "b")])
    result = sensemaking(tmp_path / "data", "import", "quiz", str(quiz), "--format", "csv", "--material", "7")
    assert result.returncode == 1 and "There is no material 7" in result.stderr + result.stdout
    assert "Traceback" not in result.stderr
