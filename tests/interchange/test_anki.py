"""The .apkg is read back as what it is, a zip holding Anki's SQLite collection."""

import json
import sqlite3
import zipfile
from pathlib import Path

import pytest

from sensemaking_desktop.interchange.anki import FIELDS, export_anki
from sensemaking_desktop.interchange.errors import InterchangeError
from sensemaking_desktop.interchange.formats import quiz_format
from sensemaking_desktop.quizzes.model import Question, QuestionKind, QuestionStatus, Quiz


def read_package(path: Path, folder: Path) -> dict:
    """The decks, notes (fields by name, GUID, tags) and media list of an .apkg."""
    with zipfile.ZipFile(path) as package:
        package.extract("collection.anki2", folder)
        media = json.loads(package.read("media"))
    with sqlite3.connect(folder / "collection.anki2") as db:
        decks = json.loads(db.execute("SELECT decks FROM col").fetchone()[0])
        rows = db.execute("SELECT guid, flds, tags FROM notes ORDER BY id").fetchall()
        card_decks = {deck_id for (deck_id,) in db.execute("SELECT DISTINCT did FROM cards")}
    notes = [{"guid": guid, "tags": tags.split(), **dict(zip(FIELDS, flds.split("\x1f")))} for guid, flds, tags in rows]
    return {"decks": decks, "card_decks": card_decks, "notes": notes, "media": media}


def test_one_deck_named_after_the_quiz_with_a_note_per_question(tmp_path: Path, every_kind_quiz: Quiz) -> None:
    target = export_anki(every_kind_quiz, tmp_path / "out" / "quiz.apkg")
    package = read_package(target, tmp_path)

    quiz_decks = {int(deck_id): deck for deck_id, deck in package["decks"].items() if deck["name"] != "Default"}
    assert [deck["name"] for deck in quiz_decks.values()] == ["The Water Cycle — Quiz 1"]
    assert package["card_decks"] == set(quiz_decks)
    assert package["media"] == {}

    notes = package["notes"]
    assert len(notes) == len(every_kind_quiz.questions)
    open_note, choice_note, true_false_note, cloze_note = notes
    assert "Why is rain fresh water" in open_note["Question"]
    assert "the salt stays behind" in open_note["Answer"]
    assert open_note["Evidence"] == "the salt is left behind"
    assert open_note["Source"] == "p. 2"
    assert "Evaporation" in choice_note["Choices"] and "Condensation" in choice_note["Answer"]
    assert "Evaporation" not in choice_note["Answer"]
    assert true_false_note["Choices"] == '<div class="prompt">True or false?</div>'
    assert true_false_note["Answer"] == "True"
    assert true_false_note["Source"] == "1:01\u20131:10"
    assert "_____" not in cloze_note["Question"] and "aquifer" not in cloze_note["Question"]
    assert "<b>aquifer</b>" in cloze_note["Answer"] and "aquifers" in cloze_note["Answer"]
    assert [note["Kind"] for note in notes] == ["Open question", "Multiple choice", "True or false", "Fill the gap"]
    assert [note["tags"] for note in notes] == [[question.kind.value] for question in every_kind_quiz.questions]


def test_ids_are_stable_so_a_second_export_updates_the_first(tmp_path: Path, every_kind_quiz: Quiz) -> None:
    first = read_package(export_anki(every_kind_quiz, tmp_path / "a.apkg"), tmp_path / "a")
    second = read_package(export_anki(every_kind_quiz, tmp_path / "b.apkg"), tmp_path / "b")

    assert [note["guid"] for note in first["notes"]] == [note["guid"] for note in second["notes"]]
    assert len({note["guid"] for note in first["notes"]}) == len(first["notes"])
    assert first["card_decks"] == second["card_decks"]


def test_repeated_question_texts_still_get_their_own_notes(tmp_path: Path) -> None:
    twice = Question(kind=QuestionKind.TRUE_FALSE, text="Ice floats on water.", reference_answer="true")
    quiz = Quiz(title="Ice", questions=[twice, twice])
    notes = read_package(export_anki(quiz, tmp_path / "ice.apkg"), tmp_path)["notes"]
    assert len({note["guid"] for note in notes}) == 2


def test_dropped_questions_are_left_out_and_text_is_escaped(tmp_path: Path, every_kind_quiz: Quiz) -> None:
    every_kind_quiz.questions[0].status = QuestionStatus.DROPPED
    every_kind_quiz.questions[1].text = "Is 2 < 3 & 3 > 2?"
    (written,) = quiz_format("anki").write(every_kind_quiz, tmp_path / "quiz.apkg")
    notes = read_package(written, tmp_path)["notes"]
    assert len(notes) == 3
    assert notes[0]["Question"] == "Is 2 &lt; 3 &amp; 3 &gt; 2?"


def test_a_quiz_without_questions_is_refused(tmp_path: Path) -> None:
    with pytest.raises(InterchangeError, match="no questions"):
        quiz_format("anki").write(Quiz(title="Empty"), tmp_path / "empty.apkg")


def test_an_unwritable_target_is_named_in_the_error(tmp_path: Path, every_kind_quiz: Quiz) -> None:
    (tmp_path / "file").write_text("not a folder")
    with pytest.raises(InterchangeError, match="cannot write the Anki deck"):
        export_anki(every_kind_quiz, tmp_path / "file" / "quiz.apkg")
