"""PowerPoint and OpenDocument presentations: a slide after another, titles as headings, text in
reading order, notes marked, tables as rows, and the slide number as the location."""

from pathlib import Path

import pptx
import pytest
from documents import lecture_odp, lecture_pptx

from sensemaking_desktop.ingest.errors import IngestError
from sensemaking_desktop.ingest.opendocument import extract_odp
from sensemaking_desktop.ingest.powerpoint import extract_pptx
from sensemaking_desktop.ingest.sectioning import make_sections


def test_pptx_slides_in_order_with_titles_bullets_notes_and_tables(tmp_path: Path) -> None:
    extracted = extract_pptx(lecture_pptx(tmp_path / "cells.pptx"))
    assert (extracted.title, extracted.kind, extracted.meta["slides"]) == ("Cells", "pptx", 3)
    assert [(block.page, block.heading_level, block.text) for block in extracted.blocks] == [
        (1, 1, "Cells"),
        (1, None, "An introduction for year 7"),
        (2, 1, "Organelles"),
        (2, None, "The nucleus holds the DNA.\n  It is surrounded by a double membrane.\nRibosomes build proteins."),
        (2, None, "Notes: Ask which organelle makes energy."),
        (3, 1, "Sizes"),
        (3, None, "Organelle | Size\nNucleus | 6 µm\nRibosome | 25 nm"),
    ]


def test_odp_slides_in_order_with_titles_text_in_reading_order_and_notes(tmp_path: Path) -> None:
    extracted = extract_odp(lecture_odp(tmp_path / "cells.odp"))
    assert (extracted.title, extracted.kind, extracted.meta["slides"]) == ("Cells", "odp", 2)
    assert [(block.page, block.heading_level, block.text) for block in extracted.blocks] == [
        (1, 1, "Cells"),
        (1, None, "The nucleus holds the DNA.\nRibosomes build proteins."),
        (1, None, "Notes: Ask about energy."),
        (2, 1, "Sizes"),
        (2, None, "A nucleus is about 6 µm across."),
    ]


def test_a_section_points_to_its_slides(tmp_path: Path) -> None:
    extracted = extract_pptx(lecture_pptx(tmp_path / "cells.pptx"))
    sections = make_sections(extracted, token_budget=40)
    assert [(section.title, section.start_page, section.end_page) for section in sections] == [
        ("Cells", 1, 1),
        ("Organelles", 2, 2),
        ("Sizes", 3, 3),
    ]
    (whole,) = make_sections(extracted, token_budget=1500)
    assert (whole.title, whole.start_page, whole.end_page) == ("Cells", 1, 3)


def test_an_empty_presentation_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "empty.pptx"
    pptx.Presentation().save(path)
    with pytest.raises(IngestError, match=r"^empty\.pptx has no slides\.$"):
        extract_pptx(path)
