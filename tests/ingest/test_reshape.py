"""Merging and splitting stored sections: neighbours only, sentence boundaries, ids kept, renumbered."""

import pytest

from sensemaking_desktop.errors import SensemakingError
from sensemaking_desktop.ingest.reshape import merge_sections, split_section
from sensemaking_desktop.store import Store
from sensemaking_desktop.store import materials as library


def _add(store: Store) -> int:
    sections = [
        {"title": "One", "text": "First idea. Second idea. Third idea.", "start_page": 1, "end_page": 2},
        {"title": "Two", "text": "Fourth idea.", "start_page": 3, "end_page": 3},
        {"title": "Three", "text": "Fifth idea.", "start_page": 4, "end_page": 5},
    ]
    with store.atomic() as db:
        return library.add_material(db, {"title": "Notes", "kind": "pdf"}, sections)


def test_merge_joins_neighbours_and_widens_the_page_range(store: Store) -> None:
    first, second, third = library.sections_of(store, _add(store))
    merged = merge_sections(store, second.id, first.id)
    assert merged.id == first.id and merged.text.endswith("Fourth idea.")
    assert (merged.start_page, merged.end_page) == (1, 3)
    assert [(s.position, s.title) for s in library.sections_of(store, first.material_id)] == [(0, "One"), (1, "Three")]
    with pytest.raises(SensemakingError, match="neighbouring"):
        merge_sections(store, first.id, first.id)


def test_split_cuts_at_a_sentence_boundary_and_renumbers(store: Store) -> None:
    first, *_ = library.sections_of(store, _add(store))
    head, tail = split_section(store, first.id, 14)
    assert (head.text, tail.text) == ("First idea.", "Second idea. Third idea.")
    assert [s.position for s in library.sections_of(store, first.material_id)] == [0, 1, 2, 3]
    assert library.sections_of(store, first.material_id)[1].id == tail.id
    with pytest.raises(SensemakingError, match="no section 999"):
        split_section(store, 999, 3)
