"""Page and time of every question (issue 31 item 6): a section keeps where each page or time
starts in its text, and a question's span is located from it when the quiz is read, so an old
library (sections without places) gets the section's range and nothing is rewritten."""

import json
from pathlib import Path

import sqlite_utils

from sensemaking_desktop.ingest.extracted import Block, Extracted
from sensemaking_desktop.ingest.reshape import merge_sections, split_section
from sensemaking_desktop.ingest.sectioning import make_sections
from sensemaking_desktop.quizzes.model import Question, QuestionKind, Quiz, Source
from sensemaking_desktop.store import Store
from sensemaking_desktop.store import materials as library
from sensemaking_desktop.store.migrations import STEPS, _v15_section_places, migrate
from sensemaking_desktop.store.quizzes import add_quiz, get_question, get_quiz

PAGES = ["Rivers carve valleys over time.", "Glaciers leave moraines behind.", "Wind shapes dunes in deserts."]
SEGMENTS = [(0.0, "So today we look at rivers."), (42.0, "Glaciers leave moraines."), (61.5, "Wind makes dunes.")]


def _material(store: Store, blocks: list[Block], kind: str = "pdf") -> library.Section:
    drafts = make_sections(Extracted(title="Landforms", kind=kind, blocks=blocks))
    with store.atomic() as db:
        material_id = library.add_material(db, {"title": "Landforms", "kind": kind}, [d.__dict__ for d in drafts])
    (section,) = library.sections_of(store, material_id)
    return section


def _quiz_on(store: Store, section: library.Section, quote: str, **source: object) -> Question:
    start = section.text.index(quote)
    question = Question(
        kind=QuestionKind.OPEN,
        text="What does the text say?",
        reference_answer=quote,
        source=Source(section_id=section.id, span_start=start, span_end=start + len(quote), quote=quote, **source),
    )
    with store.atomic() as db:
        quiz_id = add_quiz(db, Quiz(title="Q", material_id=section.material_id, questions=[question]))
    return get_quiz(store, quiz_id).questions[0]


def test_a_question_on_page_two_of_a_three_page_section_names_page_two(store: Store) -> None:
    section = _material(store, [Block(text, page=page) for page, text in enumerate(PAGES, start=1)])
    assert (section.start_page, section.end_page) == (1, 3)
    source = _quiz_on(store, section, "Glaciers leave moraines").source
    assert (source.start_page, source.end_page, source.start_s) == (2, 2, None)
    assert get_question(store, _quiz_on(store, section, "Wind shapes").id)[1].source.start_page == 3


def test_a_span_across_a_page_break_names_both_pages(store: Store) -> None:
    section = _material(store, [Block(text, page=page) for page, text in enumerate(PAGES, start=1)])
    source = _quiz_on(store, section, "moraines behind.\n\nWind").source
    assert (source.start_page, source.end_page) == (2, 3)


def test_a_question_on_a_recording_names_the_moment_of_its_span(store: Store) -> None:
    blocks = [Block(text, start_s=start, end_s=start + 5) for start, text in SEGMENTS]
    section = _material(store, blocks, kind="audio")
    source = _quiz_on(store, section, "moraines").source
    assert (source.start_s, source.end_s, source.start_page) == (42.0, 42.0, None)


def test_a_page_the_question_already_names_is_kept(store: Store) -> None:
    section = _material(store, [Block(text, page=page) for page, text in enumerate(PAGES, start=1)])
    source = _quiz_on(store, section, "Glaciers", start_page=7, end_page=7).source
    assert (source.start_page, source.end_page) == (7, 7)


def test_split_and_merged_sections_keep_their_places(store: Store) -> None:
    section = _material(store, [Block(text, page=page) for page, text in enumerate(PAGES, start=1)])
    head, tail = split_section(store, section.id, section.text.index("Wind"))
    assert (head.places, tail.places) == (((0, 1, None), (33, 2, None)), ((0, 3, None),))
    merged = merge_sections(store, head.id, tail.id)
    assert merged.places == section.places
    assert library.locate(merged, merged.text.index("Wind")).start_page == 3


def test_an_old_librarys_questions_take_their_sections_range(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    old = sqlite_utils.Database(path)
    migrate(old, target=STEPS.index(_v15_section_places))
    material_id = old["materials"].insert({"title": "Old", "kind": "pdf", "created_at": "2025-01-01"}).last_pk
    for position, page in enumerate((4, 6)):
        old["sections"].insert(
            {
                "material_id": material_id,
                "position": position,
                "text": "Old text.",
                "start_page": page,
                "end_page": page + 1,
            }
        )
    quiz_id = old["quizzes"].insert({"material_id": material_id, "title": "Old", "created_at": "2025-01-01"}).last_pk
    for section_id in (1, 2):
        old["questions"].insert(
            {
                "quiz_id": quiz_id,
                "section_id": section_id,
                "position": section_id,
                "kind": "open",
                "text": "Why?",
                "span_start": 0,
                "span_end": 3,
                "span_meta": json.dumps({}),
                "created_at": "2025-01-01",
                "updated_at": "2025-01-01",
            }
        )
    old.close()
    with Store(path) as upgraded:
        sources = [question.source for question in get_quiz(upgraded, quiz_id).questions]
        stored = [row["places"] for row in upgraded.db.query("SELECT places FROM sections")]
    assert [(source.start_page, source.end_page) for source in sources] == [(4, 5), (6, 7)]
    assert stored == [None, None]
