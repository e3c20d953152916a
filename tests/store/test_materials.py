"""Materials and sections in the library: add, duplicates by sha256, delete."""

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


def test_delete_removes_sections_and_unknown_ids_are_clear(store: Store) -> None:
    material_id = _add(store)
    library.delete_material(store, material_id)
    assert library.list_materials(store) == [] and store.db["sections"].count == 0
    with pytest.raises(SensemakingError, match="no material 99"):
        library.get_material(store, 99)
