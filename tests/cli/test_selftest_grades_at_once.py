"""Issue 46 point 1, through the command a person runs: a self-test grades an open answer when it is
given (the grading model, embedded: a right paraphrase high, a wrong answer low, each with
its reason and the passage), names the command that grades it where a grade must wait, and speaks
the quiz's language."""

import json
import re
from pathlib import Path

from cli_process import sensemaking

from sensemaking_desktop.quizzes.model import Question, QuestionKind, Quiz, Source
from sensemaking_desktop.store import open_store
from sensemaking_desktop.store.materials import add_material, sections_of
from sensemaking_desktop.store.quizzes import add_quiz

SECTION = (
    "When water evaporates from the sea, the salt stays behind; only pure water rises into the air. "
    "The water vapour cools in the clouds and falls back as rain."
)
QUESTION = "Why is rain fresh water even though much of it evaporated from the sea?"
REFERENCE = "When water evaporates, the salt stays behind; only pure water rises."
RIGHT = "Because the salt is left behind when sea water evaporates, and only the pure water goes up."
WRONG = "Rain is fresh because clouds are cold."
OPEN = Question(kind=QuestionKind.OPEN, text=QUESTION, reference_answer=REFERENCE)

GERMAN_SECTION = "Wenn Meerwasser verdunstet, bleibt das Salz zurück; nur reines Wasser steigt auf."


def quiz_library(folder: Path, section: str, language: str, *questions: Question) -> int:
    """A library with a material in `language` and a quiz of `questions` on its one section, each
    pointing at the section's first sentence; the quiz's id."""
    with open_store(folder) as store:
        with store.atomic() as db:
            material_id = add_material(
                db, {"title": "Water", "kind": "text", "language": language}, [{"text": section}]
            )
        span = {"section_id": sections_of(store, material_id)[0].id, "span_start": 0, "span_end": section.index(";")}
        placed = [question.model_copy(update={"source": Source(**span)}) for question in questions]
        with store.atomic() as db:
            return add_quiz(db, Quiz(material_id=material_id, title="Water", questions=placed))


def evaluator_score(output: str) -> int:
    (score,) = re.findall(r"Grade: (\d+)/100\. \S", output)
    return int(score)


def test_an_open_answer_is_graded_when_given_a_right_one_high_and_a_wrong_one_low(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    quiz_id = quiz_library(folder, SECTION, "en", OPEN)
    right = sensemaking(folder, "selftest", "take", str(quiz_id), input=RIGHT + "\n")
    assert right.returncode == 0, right.stderr
    assert "Attempt 1: 1 question." in right.stdout and "Saved for grading" not in right.stdout
    assert "   Grading your answer…\n   Grade: " in right.stdout
    assert evaluator_score(right.stdout) >= 70, right.stdout
    assert "Names “When water evaporates, the salt stays behind”" in right.stdout, "the reason says why"
    assert f"Reference answer: {REFERENCE}" in right.stdout
    assert "From the material: “When water evaporates from the sea, the salt stays behind”" in right.stdout
    wrong = sensemaking(folder, "selftest", "take", str(quiz_id), input=WRONG + "\n")
    assert wrong.returncode == 0, wrong.stderr
    assert "Attempt 2: 1 question." in wrong.stdout
    assert evaluator_score(wrong.stdout) <= 30, wrong.stdout
    assert "Does not name “When water evaporates, the salt stays behind”" in wrong.stdout
    assert "wait" not in wrong.stdout and "sensemaking grade" not in wrong.stdout, "nothing is left to grade"
    attempts = json.loads(sensemaking(folder, "selftest", "history", "--json").stdout)
    shown = [evaluator_score(right.stdout), evaluator_score(wrong.stdout)]
    assert [round(attempt["answers"][0]["score"]) for attempt in attempts] == shown, "the grades shown are kept"
    assert [attempt["attempt"] for attempt in attempts] == [1, 2]


def test_a_grade_that_must_wait_names_the_command_that_grades_it(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    quiz_id = quiz_library(folder, SECTION, "en", OPEN)
    down = "http://127.0.0.1:9/v1"
    taken = sensemaking(folder, "selftest", "take", str(quiz_id), "--model", down, input=RIGHT + "\n")
    assert taken.returncode == 0, taken.stderr
    command = f"`sensemaking grade {quiz_id} --run 1 --model {down}`"
    assert f"   Not graded yet: Could not reach the model server at {down}" in taken.stdout
    assert f"{command} grades it." in taken.stdout and "Grade: " not in taken.stdout
    assert f"1 answer waits for a grade: {command} grades it." in taken.stdout
    (attempt,) = json.loads(sensemaking(folder, "selftest", "history", "--json").stdout)
    assert attempt["answered"] == 1 and attempt["answers"][0]["score"] is None, "the answer is kept, ungraded"


def test_a_german_quiz_asks_and_answers_in_german(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    question = Question(
        kind=QuestionKind.OPEN,
        text="Warum ist Regen Süßwasser?",
        reference_answer="Beim Verdunsten bleibt das Salz zurück; nur reines Wasser steigt auf.",
    )
    statement = Question(kind=QuestionKind.TRUE_FALSE, text="Meerwasser ist salzig.", reference_answer="true")
    quiz_id = quiz_library(folder, GERMAN_SECTION, "de", question, statement)
    typed = "Das Salz bleibt beim Verdunsten zurück, nur reines Wasser steigt auf.\nvielleicht\nja\n"
    taken = sensemaking(folder, "selftest", "take", str(quiz_id), input=typed)
    assert taken.returncode == 0, taken.stderr
    out = taken.stdout
    assert "Versuch 1: 2 Fragen. Eine leere Antwort überspringt die Frage." in out
    assert "[offen] Warum ist Regen Süßwasser?" in out and "Geben Sie Ihre Antwort ein" in out
    assert "Ihre Antwort wird bewertet…" in out and "Musterantwort: Beim Verdunsten" in out
    assert "Aus dem Material: „Wenn Meerwasser verdunstet, bleibt das Salz zurück“" in out
    assert "[wahr oder falsch] Meerwasser ist salzig." in out and "Geben Sie die Antwort (wahr/falsch) ein" in out
    assert "'vielleicht' ist nicht wahr/falsch, richtig/falsch oder ja/nein; bitte noch einmal." in out
    assert "✓ Richtig: wahr." in out and "Versuch 1 beendet: 2/2 beantwortet, 1/1 geschlossene Frage richtig" in out
    english = ("Attempt", "Type ", "Right", "Reference answer", "From the material", "Says", "Names", "true/false")
    assert not [word for word in english if word in out], out


def test_a_model_that_names_nothing_is_refused_before_the_attempt_starts(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    quiz_id = quiz_library(folder, SECTION, "en", OPEN)
    refused = sensemaking(folder, "selftest", "take", str(quiz_id), "--model", "no-such-model", input=RIGHT + "\n")
    assert refused.returncode == 1 and "Traceback" not in refused.stderr
    assert "No model named 'no-such-model'" in refused.stderr and "Attempt" not in refused.stdout
    assert json.loads(sensemaking(folder, "selftest", "history", "--json").stdout) == [], "no attempt was started"
