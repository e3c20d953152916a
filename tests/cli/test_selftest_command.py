"""`sensemaking selftest` fed through stdin, `selftest history`, and `answers list/show` on the attempts."""

import json
from pathlib import Path

from click.testing import CliRunner, Result

from sensemaking_desktop.cli.app import cli
from sensemaking_desktop.cli.selftest import selftest
from sensemaking_desktop.quizzes.model import Choice, Question, QuestionKind, Quiz, Source
from sensemaking_desktop.store import Store
from sensemaking_desktop.store.materials import add_material, sections_of
from sensemaking_desktop.store.quizzes import add_quiz

SECTION = (
    "When water evaporates, the salt is left behind. "
    "The change of water vapour from gas to liquid is called condensation. "
    "About 97 percent of Earth's water is salt water in the oceans."
)


def water_quiz(store: Store) -> tuple[int, int]:
    """(material id, quiz id) with a multiple-choice (B), a true/false (true) and an open question."""
    with store.atomic() as db:
        material_id = add_material(db, {"title": "Water", "kind": "text"}, [{"text": SECTION}])
    section_id = sections_of(store, material_id)[0].id

    def source(sentence: str) -> Source:
        start = SECTION.index(sentence)
        return Source(section_id=section_id, span_start=start, span_end=start + len(sentence))

    questions = [
        Question(
            kind=QuestionKind.MULTIPLE_CHOICE,
            text="What is gas turning to liquid called?",
            reference_answer="Condensation",
            choices=[Choice(text="Evaporation"), Choice(text="Condensation", correct=True)],
            source=source("The change of water vapour from gas to liquid is called condensation."),
        ),
        Question(
            kind=QuestionKind.TRUE_FALSE,
            text="Most of Earth's water is salt water.",
            reference_answer="true",
            source=source("About 97 percent of Earth's water is salt water in the oceans."),
        ),
        Question(
            kind=QuestionKind.OPEN,
            text="Why is rain fresh water?",
            reference_answer="The salt is left behind.",
            source=source("When water evaporates, the salt is left behind."),
        ),
    ]
    with store.atomic() as db:
        return material_id, add_quiz(db, Quiz(material_id=material_id, title="Water quiz", questions=questions))


def invoke(data_dir: Path, *args: str, input: str | None = None) -> Result:
    return CliRunner().invoke(cli, ["--data-dir", str(data_dir), *args], input=input)


def test_a_selftest_grades_every_answer_at_once_and_shows_the_passage(store: Store, data_dir: Path) -> None:
    material_id, quiz_id = water_quiz(store)
    result = invoke(data_dir, "selftest", str(quiz_id), "--name", "Ana", input="E\nb\nfalse\nthe salt stays\n")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "A) Evaporation" in out and "'E' is not a letter (A–B); try again." in out
    assert "✓ Right: B) Condensation." in out and "✗ The right answer is true." in out
    assert "From the material: “The change of water vapour from gas to liquid is called condensation.”" in out
    assert "Saved for grading" not in out and "Grading your answer…" in out
    assert "   Grade: " in out and "Reference answer: The salt is left behind." in out
    assert "Attempt 1 done: 3/3 answered, 1/2 closed questions right" in out and "wait" not in out
    history = json.loads(invoke(data_dir, "selftest", "history", str(material_id), "--json").stdout)
    (attempt,) = history
    assert (attempt["label"], attempt["mode"], attempt["answered"], attempt["graded"]) == ("Ana", "one-by-one", 3, 3)
    assert (attempt["attempt"], attempt["id"]) == (1, 1) and attempt["finished_at"] is not None
    scores = [answer["score"] for answer in attempt["answers"]]
    assert scores[:2] == [100, 0] and 0 <= scores[2] <= 100, "the open answer has the Evaluator's grade"
    assert attempt["mean_score"] == sum(scores) / 3
    assert all(answer["time_taken_s"] is not None for answer in attempt["answers"])


def test_all_at_once_shows_results_at_the_end_and_a_stopped_attempt_stays_unfinished(
    store: Store, data_dir: Path
) -> None:
    _, quiz_id = water_quiz(store)
    done = invoke(data_dir, "selftest", str(quiz_id), "--all-at-once", input="B\n\nwater rises\n")
    assert done.exit_code == 0, done.output
    results = done.stdout.split("\nResults\n")
    assert "✓" not in results[0] and "✓ Right: B) Condensation." in results[1] and "(skipped)" in results[0]
    assert "Grade: " not in results[0] and "Grade: " in results[1], "the open answer's grade is shown with the rest"
    stopped = invoke(data_dir, "selftest", "take", str(quiz_id), input="A\n")
    assert stopped.exit_code != 0 and "keeps 1 answer and stays unfinished" in stopped.stderr
    attempts = json.loads(invoke(data_dir, "selftest", "history", "--json").stdout)
    assert [(a["mode"], a["answered"], a["finished_at"] is None) for a in attempts] == [
        ("all-at-once", 2, False),
        ("one-by-one", 1, True),
    ]
    assert "Self-test history" in invoke(data_dir, "selftest", "history").stdout
    runs = json.loads(invoke(data_dir, "answers", "list", str(quiz_id), "--json").stdout)
    assert [(run["label"], run["answered"]) for run in runs] == [("me", 2), ("me", 1)]
    assert [run["number"] for run in runs] == [1, 2]
    shown = json.loads(invoke(data_dir, "answers", "show", str(quiz_id), "2", "--json").stdout)
    assert shown["answers"][0]["text"] == "Evaporation" and shown["answers"][0]["grade"]["score"] == 0
    first = invoke(data_dir, "answers", "show", str(quiz_id), "1").stdout
    assert "grade: 100 (exact-match) Right: B) Condensation." in first
    assert "self-test attempt 1" in first


def german_statement(store: Store) -> int:
    """A quiz on a German material with one true/false question (true)."""
    with store.atomic() as db:
        material_id = add_material(
            db, {"title": "Wasser", "kind": "text", "language": "de"}, [{"text": "Meerwasser ist salzig."}]
        )
        statement = Question(kind=QuestionKind.TRUE_FALSE, text="Meerwasser ist salzig.", reference_answer="true")
        return add_quiz(db, Quiz(material_id=material_id, title="Wasser", questions=[statement]))


def test_a_true_false_question_asks_and_reads_the_words_of_the_quizs_language(store: Store, data_dir: Path) -> None:
    quiz_id = german_statement(store)
    result = invoke(data_dir, "selftest", "take", str(quiz_id), input="vielleicht\nWahr\n")
    assert result.exit_code == 0, result.output
    assert "Geben Sie die Antwort (wahr/falsch) ein" in result.stdout and "true/false" not in result.stdout
    assert "'vielleicht' ist nicht wahr/falsch, richtig/falsch oder ja/nein; bitte noch einmal." in result.stdout
    assert "✓ Richtig: wahr." in result.stdout and "Right" not in result.stdout
    shown = invoke(data_dir, "answers", "show", str(quiz_id), "1").stdout
    assert "answer: wahr" in shown and "answer: true" not in shown


def test_an_english_quiz_shows_english_words_and_still_takes_an_unambiguous_german_one(
    store: Store, data_dir: Path
) -> None:
    _, quiz_id = water_quiz(store)
    result = invoke(data_dir, "selftest", "take", str(quiz_id), input="B\nperhaps\nwahr\n\n")
    assert result.exit_code == 0, result.output
    assert "Type the answer (true/false)" in result.stdout and "wahr/falsch" not in result.stdout
    assert "'perhaps' is not true/false, yes/no, t/f or y/n; try again." in result.stdout
    assert "✓ Right: true." in result.stdout


def test_the_help_and_the_docs_name_the_self_test_command_that_exists(data_dir: Path) -> None:
    shown = invoke(data_dir, "selftest", "--help").stdout
    assert "`selftest take QUIZ_ID`" in shown and "`selftest QUIZ_ID`" not in shown
    root = Path(__file__).parents[2]
    written = [
        line.split("sensemaking selftest ", 1)[1].split()[0]
        for path in [root / "README.md", *sorted((root / "docs").glob("*.md"))]
        for line in path.read_text(encoding="utf-8").splitlines()
        if "sensemaking selftest " in line
    ]
    assert written and set(written) <= set(selftest.commands), written


def test_an_unknown_quiz_is_one_clear_error(data_dir: Path) -> None:
    result = invoke(data_dir, "selftest", "9")
    assert result.exit_code != 0 and "There is no quiz 9" in str(result.exception)


def test_numerical_and_matching_questions_are_added_sat_and_exported_with_their_notes(
    store: Store, data_dir: Path, tmp_path: Path
) -> None:
    _, quiz_id = water_quiz(store)
    number = ["--kind", "numerical", "--text", "How many percent of Earth's water is salty?"]
    added = invoke(data_dir, "quizzes", "add", str(quiz_id), *number, "--key", "97 ± 1", "--key", "50 % 97 ± 3")
    assert added.exit_code == 0, added.output
    pairs = ["--key", "evaporation -> gas", "--key", "condensation -> liquid", "--key", "-> solid"]
    matching = invoke(data_dir, "quizzes", "add", str(quiz_id), "--kind", "matching", "--text", "Match.", *pairs)
    assert matching.exit_code == 0, matching.output
    refused = invoke(data_dir, "quizzes", "add", str(quiz_id), *number, "--key", "ninety")
    assert refused.exit_code != 0 and "line 1 ('ninety') is not a number" in refused.output
    # Answers: B, true, an open one skipped, 95 (50 %), then "forty" asked again and 3 letters for the
    # two prompts asked again before A C (gas, liquid; the options are A gas, B liquid, C solid).
    taken = invoke(data_dir, "selftest", str(quiz_id), input="B\ntrue\n\nforty\n95\nABC\nA B\n")
    assert taken.exit_code == 0, taken.output
    assert "'forty' is not a number" in taken.output
    assert "1. evaporation" in taken.output and "Answers: A) gas   B) liquid   C) solid" in taken.output
    assert "Partly right (50 %); the best answer is 97 ± 1." in taken.output
    assert "✓ Right: evaporation → gas; condensation → liquid." in taken.output
    assert "4/4 closed questions right" not in taken.output and "3/4 closed questions right" in taken.output
    target = tmp_path / "quiz.csv"
    exported = invoke(data_dir, "export", str(quiz_id), "--format", "csv", "-o", str(target), "--json")
    notes = json.loads(exported.output)["notes"]
    assert [note.split(":")[0] for note in notes] == ["question 4 (numerical)", "question 5 (matching)"]


def test_a_self_test_speaks_plain_words_and_never_shows_a_time_of_zero(store: Store, data_dir: Path) -> None:
    _, quiz_id = water_quiz(store)
    taken = invoke(data_dir, "selftest", "take", str(quiz_id), input="B\ntrue\nthe salt is left behind\n")
    assert taken.exit_code == 0, taken.output
    assert "Evaluator" not in taken.stdout and "Grade: " in taken.stdout
    history = invoke(data_dir, "selftest", "history").stdout
    assert "0.0s" not in taken.stdout and "0.0s" not in history, (taken.stdout, history)
    (attempt,) = json.loads(invoke(data_dir, "selftest", "history", "--json").stdout)
    assert all(answer["time_taken_s"] is not None for answer in attempt["answers"])
    helped = invoke(data_dir, "selftest", "take", "--help").stdout
    assert "GGUF" not in helped and "model file" in helped
