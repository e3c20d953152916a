"""Every export names the page or moment of each question's span (issue 31 item 6): the quiz is
read from the library, which locates each span in its section; the formats with fields for it
read it back, the others show it as "p. 2" or "0:42"."""

import sqlite3
import zipfile
from pathlib import Path

import pymupdf
import pytest

from sensemaking_desktop.ingest.extracted import Block, Extracted
from sensemaking_desktop.ingest.sectioning import make_sections
from sensemaking_desktop.interchange.formats import FORMATS, QuizFormat
from sensemaking_desktop.quizzes.model import Question, QuestionKind, Quiz, Source
from sensemaking_desktop.store import Store
from sensemaking_desktop.store import materials as library
from sensemaking_desktop.store.quizzes import add_quiz, get_quiz

PAGES = ["Rivers carve valleys over time.", "Glaciers leave moraines behind.", "Wind shapes dunes in deserts."]
SEGMENTS = [(0.0, "So today we look at rivers."), (42.0, "Glaciers leave moraines behind."), (61.5, "Wind.")]


def stored_quiz(store: Store, blocks: list[Block], kind: str) -> Quiz:
    """A quiz read back from the library, its one question about the glaciers sentence."""
    (draft,) = make_sections(Extracted(title="Landforms", kind=kind, blocks=blocks))
    with store.atomic() as db:
        material_id = library.add_material(db, {"title": "Landforms", "kind": kind}, [draft.__dict__])
    (section,) = library.sections_of(store, material_id)
    start = section.text.index("Glaciers")
    question = Question(
        kind=QuestionKind.OPEN,
        text="What do glaciers leave behind?",
        reference_answer="Moraines.",
        source=Source(section_id=section.id, span_start=start, span_end=start + 31),
    )
    with store.atomic() as db:
        quiz_id = add_quiz(db, Quiz(title="Landforms", material_id=material_id, questions=[question]))
    return get_quiz(store, quiz_id)


def written(chosen: QuizFormat, quiz: Quiz, folder: Path) -> Path:
    """The file that carries the sources: the answer key for the printable formats (the copy
    handed to students has none), else the export itself."""
    paths = chosen.write(quiz, folder / f"quiz{chosen.suffix}", answer_key=chosen.answer_key)
    return paths[-1]


def shown_text(chosen: QuizFormat, path: Path) -> str:
    """What a person sees of a file the app cannot read back: the deck's fields, the PDF's text."""
    if chosen.name == "anki":
        with zipfile.ZipFile(path) as package:
            package.extract("collection.anki2", path.parent / "anki")
        with sqlite3.connect(path.parent / "anki" / "collection.anki2") as db:
            return "\n".join(fields for (fields,) in db.execute("SELECT flds FROM notes"))
    if chosen.name == "pdf":
        with pymupdf.open(path) as document:
            return "".join(page.get_text() for page in document)
    return path.read_text(encoding="utf-8")


@pytest.mark.parametrize("chosen", FORMATS, ids=lambda chosen: chosen.name)
def test_every_format_names_the_page_of_the_span(chosen: QuizFormat, store: Store, tmp_path: Path) -> None:
    quiz = stored_quiz(store, [Block(text, page=page) for page, text in enumerate(PAGES, start=1)], "pdf")
    path = written(chosen, quiz, tmp_path)
    if chosen.reader is not None:
        (question,) = chosen.read(path).quiz.questions
        assert (question.source.start_page, question.source.end_page) == (2, 2)
    else:
        text = shown_text(chosen, path)
        assert "p. 2" in text and "pp." not in text


@pytest.mark.parametrize("chosen", FORMATS, ids=lambda chosen: chosen.name)
def test_every_format_names_the_moment_of_the_span(chosen: QuizFormat, store: Store, tmp_path: Path) -> None:
    blocks = [Block(text, start_s=start, end_s=start + 5) for start, text in SEGMENTS]
    quiz = stored_quiz(store, blocks, "audio")
    path = written(chosen, quiz, tmp_path)
    if chosen.reader is not None:
        (question,) = chosen.read(path).quiz.questions
        assert question.source.start_s == 42.0
    else:
        assert "0:42" in shown_text(chosen, path)
