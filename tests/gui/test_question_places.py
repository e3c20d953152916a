"""The window names the page or moment of each question's span (issue 31 item 6): beside the
source in the Quizzes area, and with the passage that a self-test or study card shows."""

import pytest

from sensemaking_desktop.gui.areas.quiz_view import QuizView
from sensemaking_desktop.gui.formatting import from_material, where
from sensemaking_desktop.gui.main_window import MainWindow
from sensemaking_desktop.ingest.extracted import Block, Extracted
from sensemaking_desktop.ingest.sectioning import make_sections
from sensemaking_desktop.quizzes.model import Question, QuestionKind, Quiz, Source
from sensemaking_desktop.store import Store
from sensemaking_desktop.store import materials as library
from sensemaking_desktop.store.quizzes import add_quiz

PAGES = ["Rivers carve valleys over time.", "Glaciers leave moraines behind.", "Wind shapes dunes in deserts."]
SEGMENTS = [(0.0, "So today we look at rivers."), (42.0, "Glaciers leave moraines behind."), (61.5, "Wind.")]


def quiz_about_glaciers(store: Store, blocks: list[Block], kind: str) -> int:
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
        return add_quiz(db, Quiz(title="Landforms", material_id=material_id, questions=[question]))


@pytest.mark.parametrize(
    ("blocks", "kind", "place"),
    [
        ([Block(text, page=page) for page, text in enumerate(PAGES, start=1)], "pdf", "Landforms — p. 2"),
        ([Block(text, start_s=start, end_s=start + 5) for start, text in SEGMENTS], "audio", "Landforms — 0:42"),
    ],
)
def test_the_quiz_view_names_the_page_or_moment_beside_the_source(
    window: MainWindow, store: Store, blocks: list[Block], kind: str, place: str
) -> None:
    quiz_id = quiz_about_glaciers(store, blocks, kind)
    view = window.open_area_of(QuizView)
    assert isinstance(view, QuizView)
    view.select_quiz(quiz_id)
    view.questions.setCurrentRow(0)
    assert view.editor.source_heading.text().endswith(place)


def test_the_passage_shown_after_an_answer_says_where_it_is() -> None:
    on_page = Source(start_page=2, end_page=2)
    assert from_material("Glaciers leave moraines.", on_page) == "From the material, p. 2: “Glaciers leave moraines.”"
    assert from_material("Wind.", Source(start_s=42.0, end_s=42.9)) == "From the material, 0:42: “Wind.”"
    assert from_material("Wind.", Source()) == "From the material: “Wind.”"
    assert where(None, None, 61.0, 70.0) == "1:01–1:10"
