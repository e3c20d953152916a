"""Materials and sections in the library: add, duplicates by sha256, merge and split, delete."""

import pytest

from sensemaking_desktop.errors import SensemakingError
from sensemaking_desktop.store import Store
from sensemaking_desktop.store import materials as library


def _add(store: Store, sha256: str = "f" * 64) -> int:
    sections = [
        {"title": "One", "text": "First idea. Second idea. Third idea.", "start_page": 1, "end_page": 2},
        {"title": "Two", "text": "Fourth idea.", "start_page": 3, "end_page": 3},
        {"title": "Three", "text": "Fifth idea.", "start_page": 4, "end_page": 5},
    ]
    with store.atomic() as db:
        return library.add_material(
            db, {"title": "Notes", "kind": "pdf", "sha256": sha256, "meta": {"pages": 5}}, sections
        )


def test_added_material_lists_with_its_sections_in_order(store: Store) -> None:
    material_id = _add(store)
    (material,) = library.list_materials(store)
    assert (material.id, material.sections, material.meta) == (material_id, 3, {"pages": 5})
    assert [s.title for s in library.sections_of(store, material_id)] == ["One", "Two", "Three"]
    assert library.find_by_sha256(store, "f" * 64) == material
    assert library.find_by_sha256(store, "0" * 64) is None


def test_merge_joins_neighbours_and_widens_the_page_range(store: Store) -> None:
    first, second, third = library.sections_of(store, _add(store))
    merged = library.merge_sections(store, second.id, first.id)
    assert merged.id == first.id and merged.text.endswith("Fourth idea.")
    assert (merged.start_page, merged.end_page) == (1, 3)
    assert [(s.position, s.title) for s in library.sections_of(store, first.material_id)] == [(0, "One"), (1, "Three")]
    with pytest.raises(SensemakingError, match="neighbouring"):
        library.merge_sections(store, first.id, first.id)


def test_split_cuts_at_a_sentence_boundary_and_renumbers(store: Store) -> None:
    first, *_ = library.sections_of(store, _add(store))
    head, tail = library.split_section(store, first.id, 14)
    assert (head.text, tail.text) == ("First idea.", "Second idea. Third idea.")
    assert [s.position for s in library.sections_of(store, first.material_id)] == [0, 1, 2, 3]
    assert library.sections_of(store, first.material_id)[1].id == tail.id
    with pytest.raises(SensemakingError, match="inside"):
        library.split_section(store, library.sections_of(store, first.material_id)[2].id, 0)


def test_delete_removes_sections_and_unknown_ids_are_clear(store: Store) -> None:
    material_id = _add(store)
    library.delete_material(store, material_id)
    assert library.list_materials(store) == [] and store.db["sections"].count == 0
    with pytest.raises(SensemakingError, match="no material 99"):
        library.get_material(store, 99)
