"""Languages of materials and sections in the library: stored at import, upgraded from old files,
overridden by the user for a material (its sections follow) or a single section."""

from pathlib import Path

import pytest
import sqlite_utils

from sensemaking_desktop.errors import SensemakingError
from sensemaking_desktop.store import Store
from sensemaking_desktop.store import materials as library
from sensemaking_desktop.store.migrations import STEPS, _v13_section_languages, migrate


def _add(store: Store, language: str | None, section_languages: list[str | None]) -> int:
    sections = [
        {"title": f"Part {number}", "text": f"Text {number}.", "language": code}
        for number, code in enumerate(section_languages)
    ]
    with store.atomic() as db:
        return library.add_material(db, {"title": "Notes", "kind": "text", "language": language}, sections)


def test_a_section_carries_its_own_language_else_its_materials(store: Store) -> None:
    material_id = _add(store, "de", ["de", "en", None])
    assert [section.language for section in library.sections_of(store, material_id)] == ["de", "en", "de"]
    second = library.sections_of(store, material_id)[1]
    assert library.get_section(store, second.id).language == "en"


def test_the_material_language_set_by_the_user_carries_its_sections_but_not_one_in_another(store: Store) -> None:
    material_id = _add(store, "sk", ["sk", "en", None])

    material = library.set_material_language(store, material_id, " CS ")

    assert material.language == "cs"
    assert [section.language for section in library.sections_of(store, material_id)] == ["cs", "en", "cs"]


def test_one_section_language_set_by_the_user(store: Store) -> None:
    material_id = _add(store, "en", ["en", "en"])
    first, second = library.sections_of(store, material_id)

    changed = library.set_section_language(store, second.id, "de")

    assert (changed.id, changed.language) == (second.id, "de")
    assert library.get_section(store, first.id).language == "en"
    assert library.get_material(store, material_id).language == "en"


@pytest.mark.parametrize("bad", ["", "german", "d1", "de-DE"])
def test_a_bad_language_code_is_refused_and_changes_nothing(store: Store, bad: str) -> None:
    material_id = _add(store, "en", ["en"])
    (section,) = library.sections_of(store, material_id)
    with pytest.raises(SensemakingError, match="is not a language code; give one such as en, de, cs or uk"):
        library.set_material_language(store, material_id, bad)
    with pytest.raises(SensemakingError, match="is not a language code"):
        library.set_section_language(store, section.id, bad)
    assert library.get_section(store, section.id).language == "en"


def test_unknown_material_or_section_is_clear(store: Store) -> None:
    with pytest.raises(SensemakingError, match="no material 99"):
        library.set_material_language(store, 99, "de")
    with pytest.raises(SensemakingError, match="no section 99"):
        library.set_section_language(store, 99, "de")


def test_sections_of_an_old_library_take_their_materials_language(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    old = sqlite_utils.Database(path)
    migrate(old, target=STEPS.index(_v13_section_languages))
    for title, language in (("German", "de"), ("Unknown", None)):
        material_id = (
            old["materials"]
            .insert({"title": title, "kind": "text", "language": language, "created_at": "2025-01-01"})
            .last_pk
        )
        old["sections"].insert({"material_id": material_id, "position": 0, "text": "Text."})
    old.close()
    with Store(path) as upgraded:
        stored = [row["language"] for row in upgraded.db.query("SELECT language FROM sections ORDER BY id")]
    assert stored == ["de", None]
