"""Merging and splitting a stored material's sections, as a teacher does after an import."""

import dataclasses

from sensemaking_desktop.errors import SensemakingError
from sensemaking_desktop.ingest.sectioning import SectionDraft, merge_drafts, split_draft
from sensemaking_desktop.store import Store
from sensemaking_desktop.store.materials import Section, get_section, replace_sections, sections_of

_DRAFT_FIELDS = [field.name for field in dataclasses.fields(SectionDraft)]


def merge_sections(store: Store, first_id: int, second_id: int) -> Section:
    """Join two neighbouring sections of one material into the earlier one."""
    first, second = sorted((get_section(store, first_id), get_section(store, second_id)), key=lambda s: s.position)
    if first.material_id != second.material_id or second.position != first.position + 1:
        raise SensemakingError("Only two neighbouring sections of the same material can be merged.")
    merged = merge_drafts(_draft(first), _draft(second))
    rows = [_row(section) for section in sections_of(store, first.material_id) if section.id != second.id]
    rows[first.position] = dataclasses.asdict(merged) | {"id": first.id}
    with store.atomic() as db:
        replace_sections(db, first.material_id, rows)
    return get_section(store, first.id)


def split_section(store: Store, section_id: int, char_offset: int) -> tuple[Section, Section]:
    """Cut a section in two at the sentence boundary nearest to `char_offset`."""
    section = get_section(store, section_id)
    try:
        head, tail = split_draft(_draft(section), char_offset)
    except ValueError as error:
        raise SensemakingError(f"Section {section_id} cannot be split there: {error}.") from error
    if tail.title:
        tail = dataclasses.replace(tail, title=f"{tail.title} (continued)")
    rows = [_row(other) for other in sections_of(store, section.material_id)]
    rows[section.position : section.position + 1] = [
        dataclasses.asdict(head) | {"id": section.id},
        dataclasses.asdict(tail),
    ]
    with store.atomic() as db:
        replace_sections(db, section.material_id, rows)
    after = sections_of(store, section.material_id)
    return after[section.position], after[section.position + 1]


def _draft(section: Section) -> SectionDraft:
    return SectionDraft(**{name: getattr(section, name) for name in _DRAFT_FIELDS})


def _row(section: Section) -> dict:
    return {name: getattr(section, name) for name in _DRAFT_FIELDS} | {"id": section.id}
