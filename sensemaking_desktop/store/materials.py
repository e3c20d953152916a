"""Materials and their sections in the library: add, find, list, delete, merge and split.

Sections are numbered by `position` within their material; merge and split renumber them
in the same transaction, so positions stay 0..n-1 without gaps.
"""

import json
import re
from dataclasses import dataclass
from typing import Any

import sqlite_utils

from sensemaking_desktop.errors import SensemakingError
from sensemaking_desktop.store.database import Store, now

_SENTENCE_END = re.compile(r"(?<=[.!?…])\s+")


@dataclass(frozen=True)
class Section:
    id: int
    material_id: int
    position: int
    title: str | None
    text: str
    start_page: int | None
    end_page: int | None
    start_s: float | None
    end_s: float | None


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
        dict(section, material_id=material_id, position=position) for position, section in enumerate(sections)
    )
    return material_id


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
    rows = store.db.query("SELECT * FROM sections WHERE material_id = ? ORDER BY position", [material_id])
    return [_section(row) for row in rows]


def get_section(store: Store, section_id: int) -> Section:
    row = next(store.db.query("SELECT * FROM sections WHERE id = ?", [section_id]), None)
    if row is None:
        raise SensemakingError(f"There is no section {section_id}.")
    return _section(row)


def delete_material(store: Store, material_id: int) -> Material:
    """Delete a material with its sections, quizzes and everything graded on them."""
    material = get_material(store, material_id)
    with store.atomic() as db:
        db.execute("DELETE FROM materials WHERE id = ?", [material_id])
    return material


def merge_sections(store: Store, first_id: int, second_id: int) -> Section:
    """Join two neighbouring sections of one material into the first."""
    first, second = sorted((get_section(store, first_id), get_section(store, second_id)), key=lambda s: s.position)
    if first.material_id != second.material_id or second.position != first.position + 1:
        raise SensemakingError("Only two neighbouring sections of the same material can be merged.")
    with store.atomic() as db:
        db.execute(
            "UPDATE sections SET text = ?, start_page = ?, end_page = ?, start_s = ?, end_s = ? WHERE id = ?",
            [
                f"{first.text}\n\n{second.text}",
                _first(first.start_page, second.start_page),
                _last(first.end_page, second.end_page),
                _first(first.start_s, second.start_s),
                _last(first.end_s, second.end_s),
                first.id,
            ],
        )
        db.execute("DELETE FROM sections WHERE id = ?", [second.id])
        _renumber(db, first.material_id)
    return get_section(store, first.id)


def split_section(store: Store, section_id: int, char_offset: int) -> tuple[Section, Section]:
    """Cut a section in two at the sentence boundary nearest to `char_offset`.

    Both halves keep the whole page or time range: which pages a cut falls between is not
    known once a section is stored, and a range that is too wide only costs a look.
    """
    section = get_section(store, section_id)
    cut = _nearest_sentence_boundary(section.text, char_offset)
    head, tail = section.text[:cut].strip(), section.text[cut:].strip()
    if not head or not tail:
        raise SensemakingError("The split point must fall inside the section's text.")
    with store.atomic() as db:
        db.execute(
            "UPDATE sections SET position = position + 1000000 WHERE material_id = ? AND position > ?",
            [section.material_id, section.position],
        )
        db.execute("UPDATE sections SET text = ? WHERE id = ?", [head, section.id])
        new_id = (
            db["sections"]
            .insert(
                {
                    "material_id": section.material_id,
                    "position": section.position + 1,
                    "title": f"{section.title} (continued)" if section.title else None,
                    "text": tail,
                    "start_page": section.start_page,
                    "end_page": section.end_page,
                    "start_s": section.start_s,
                    "end_s": section.end_s,
                }
            )
            .last_pk
        )
        _renumber(db, section.material_id)
    return get_section(store, section.id), get_section(store, new_id)


def _nearest_sentence_boundary(text: str, offset: int) -> int:
    boundaries = [match.end() for match in _SENTENCE_END.finditer(text)]
    return min(boundaries, key=lambda b: abs(b - offset)) if boundaries else offset


def _renumber(db: sqlite_utils.Database, material_id: int) -> None:
    ids = [
        row[0] for row in db.execute("SELECT id FROM sections WHERE material_id = ? ORDER BY position", [material_id])
    ]
    db.execute("UPDATE sections SET position = -position - 1 WHERE material_id = ?", [material_id])
    for position, section_id in enumerate(ids):
        db.execute("UPDATE sections SET position = ? WHERE id = ?", [position, section_id])


def _first(a: Any, b: Any) -> Any:
    return a if b is None else b if a is None else min(a, b)


def _last(a: Any, b: Any) -> Any:
    return a if b is None else b if a is None else max(a, b)


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
    return Section(**{name: row[name] for name in Section.__dataclass_fields__})


_MATERIAL_SQL = """
SELECT materials.*, COUNT(sections.id) AS sections
FROM materials LEFT JOIN sections ON sections.material_id = materials.id
"""
