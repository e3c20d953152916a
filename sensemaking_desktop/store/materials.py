"""Materials and their sections in the library: add, find, list, delete, rewrite sections.

Sections are numbered by `position` within their material, 0..n-1 without gaps.
"""

import json
import re
from dataclasses import dataclass
from typing import Any

import sqlite_utils

from sensemaking_desktop.errors import SensemakingError
from sensemaking_desktop.store.database import Store, now

Place = tuple[int, int | None, float | None]
"""(character offset, page, seconds): from this offset of a section's text on, the text lies on
that page (PDF page, slide) or starts at that time of the recording."""


@dataclass(frozen=True)
class SectionDraft:
    """A section's content, as ingestion makes it before it is stored: its title, text, page or
    time range, language (ISO 639-1, set at import once the text is known), and where each page
    or time starts in its text, so that a question can name the page or moment of its own span."""

    title: str | None
    text: str
    start_page: int | None
    end_page: int | None
    start_s: float | None
    end_s: float | None
    language: str | None = None
    places: tuple[Place, ...] = ()


@dataclass(frozen=True, kw_only=True)
class Section(SectionDraft):
    """A stored section: the same content, with its row's id, its material and its position there.
    Its language is the section's own, else its material's; its places are empty for sections
    stored before they were kept, and for materials without pages or times."""

    id: int
    material_id: int
    position: int


@dataclass(frozen=True)
class Location:
    """Where a span of a section lies in its material: pages (a PDF's, a slide's number) or
    seconds of a recording; None where the material has neither."""

    start_page: int | None = None
    end_page: int | None = None
    start_s: float | None = None
    end_s: float | None = None


@dataclass(frozen=True)
class Material:
    id: int
    title: str
    kind: str
    source_path: str | None
    sha256: str | None
    language: str | None
    meta: dict[str, Any]
    created_at: str
    sections: int


def add_material(db: sqlite_utils.Database, material: dict[str, Any], sections: list[dict[str, Any]]) -> int:
    """Insert a material and its sections; call inside Store.atomic() so both land together."""
    row = dict(material, meta=json.dumps(material.get("meta", {})), created_at=now())
    material_id = db["materials"].insert(row).last_pk
    db["sections"].insert_all(
        _section_row(section) | {"material_id": material_id, "position": position}
        for position, section in enumerate(sections)
    )
    return material_id


def locate(section: Section, span_start: int, span_end: int | None = None) -> Location:
    """The page(s) or time of a span of the section's text: the places in effect at its first
    and last character. A section without places (stored before they were kept) gives its
    own range, which holds the span too."""
    if not section.places:
        return Location(section.start_page, section.end_page, section.start_s, section.end_s)
    last = max(span_start, (span_end if span_end is not None else span_start + 1) - 1)
    _, first_page, first_s = _place_at(section.places, span_start)
    _, last_page, last_s = _place_at(section.places, last)
    return Location(first_page, last_page, first_s, last_s)


def _place_at(
    places: tuple[tuple[int, int | None, float | None], ...], offset: int
) -> tuple[int, int | None, float | None]:
    """The last place that starts at or before `offset` (the first place for an offset before it)."""
    return next((place for place in reversed(places) if place[0] <= offset), places[0])


def sections_by_id(store: Store, section_ids: set[int]) -> dict[int, Section]:
    """The sections with these ids that still exist, by id."""
    if not section_ids:
        return {}
    marks = ", ".join("?" for _ in section_ids)
    rows = store.db.query(_SECTION_SQL + f" WHERE sections.id IN ({marks})", sorted(section_ids))
    return {section.id: section for section in map(_section, rows)}


def find_by_sha256(store: Store, sha256: str) -> Material | None:
    row = next(store.db.query(_MATERIAL_SQL + " WHERE materials.sha256 = ? GROUP BY materials.id", [sha256]), None)
    return _material(row) if row else None


def list_materials(store: Store) -> list[Material]:
    return [_material(row) for row in store.db.query(_MATERIAL_SQL + " GROUP BY materials.id ORDER BY materials.id")]


def get_material(store: Store, material_id: int) -> Material:
    row = next(store.db.query(_MATERIAL_SQL + " WHERE materials.id = ? GROUP BY materials.id", [material_id]), None)
    if row is None:
        raise SensemakingError(f"There is no material {material_id}; `sensemaking materials list` shows them.")
    return _material(row)


def sections_of(store: Store, material_id: int) -> list[Section]:
    rows = store.db.query(_SECTION_SQL + " WHERE sections.material_id = ? ORDER BY position", [material_id])
    return [_section(row) for row in rows]


def get_section(store: Store, section_id: int) -> Section:
    row = next(store.db.query(_SECTION_SQL + " WHERE sections.id = ?", [section_id]), None)
    if row is None:
        raise SensemakingError(f"There is no section {section_id}.")
    return _section(row)


def set_material_language(store: Store, material_id: int, language: str) -> Material:
    """The user's word on a material's language. Its sections that had the material's language
    (or none) follow it; a section detected in another language keeps that one."""
    material = get_material(store, material_id)
    code = language_code(language)
    with store.atomic() as db:
        db.execute("UPDATE materials SET language = ? WHERE id = ?", [code, material_id])
        db.execute(
            "UPDATE sections SET language = ? WHERE material_id = ? AND (language IS NULL OR language IS ?)",
            [code, material_id, material.language],
        )
    return get_material(store, material_id)


def set_section_language(store: Store, section_id: int, language: str) -> Section:
    """The user's word on one section's language (a German chapter in an English book)."""
    get_section(store, section_id)
    code = language_code(language)
    with store.atomic() as db:
        db.execute("UPDATE sections SET language = ? WHERE id = ?", [code, section_id])
    return get_section(store, section_id)


def language_code(language: str) -> str:
    """A language as stored: a lower-case ISO 639-1 (or 639-3) code; anything else is refused."""
    code = language.strip().lower()
    if not _LANGUAGE_CODE.fullmatch(code):
        raise SensemakingError(f"'{language}' is not a language code; give one such as en, de, cs or uk.")
    return code


def commonest_language(store: Store) -> str | None:
    """The most common language among the library's materials, if any is known."""
    row = store.db.execute(
        "SELECT language FROM materials WHERE language IS NOT NULL GROUP BY language ORDER BY COUNT(*) DESC LIMIT 1"
    ).fetchone()
    return row[0] if row else None


def delete_material(store: Store, material_id: int) -> Material:
    """Delete a material with its sections, quizzes and everything graded on them."""
    material = get_material(store, material_id)
    with store.atomic() as db:
        db.execute("DELETE FROM materials WHERE id = ?", [material_id])
    return material


def replace_sections(db: sqlite_utils.Database, material_id: int, sections: list[dict[str, Any]]) -> None:
    """Write a material's sections anew, keeping the ids of those that stay (questions point at them).

    `sections` are dicts of section columns; one with an `id` updates that row, one without
    is inserted, and rows not named are deleted. Call inside Store.atomic().
    """
    kept = {section["id"] for section in sections if section.get("id") is not None}
    for (section_id,) in db.execute("SELECT id FROM sections WHERE material_id = ?", [material_id]).fetchall():
        if section_id not in kept:
            db.execute("DELETE FROM sections WHERE id = ?", [section_id])
    db.execute("UPDATE sections SET position = -position - 1 WHERE material_id = ?", [material_id])
    for position, section in enumerate(sections):
        row = {key: value for key, value in _section_row(section).items() if key != "id"}
        row |= {"material_id": material_id, "position": position}
        if section.get("id") is None:
            db["sections"].insert(row)
        else:
            db["sections"].update(section["id"], row)


def _material(row: dict[str, Any]) -> Material:
    return Material(
        id=row["id"],
        title=row["title"],
        kind=row["kind"],
        source_path=row["source_path"],
        sha256=row["sha256"],
        language=row["language"],
        meta=json.loads(row["meta"]),
        created_at=row["created_at"],
        sections=row["sections"],
    )


def _section(row: dict[str, Any]) -> Section:
    fields = {name: row[name] for name in Section.__dataclass_fields__} | {"places": ()}
    if row["places"]:
        fields["places"] = tuple(tuple(place) for place in json.loads(row["places"]))
    return Section(**fields)


def _section_row(section: dict[str, Any]) -> dict[str, Any]:
    """A section's columns as stored: its places as JSON (NULL when it has none)."""
    places = section.get("places")
    return section | {"places": json.dumps([list(place) for place in places]) if places else None}


_LANGUAGE_CODE = re.compile(r"[a-z]{2,3}")
_SECTION_SQL = """
SELECT sections.id, sections.material_id, position, sections.title, text, start_page, end_page, start_s, end_s,
       COALESCE(sections.language, materials.language) AS language, sections.places
FROM sections JOIN materials ON materials.id = sections.material_id
"""
_MATERIAL_SQL = """
SELECT materials.*, COUNT(sections.id) AS sections
FROM materials LEFT JOIN sections ON sections.material_id = materials.id
"""
