"""Word and OpenDocument text: paragraphs in order, headings with their paths, lists, tables,
text boxes once, footnotes apart, tracked deletions left out."""

from pathlib import Path

import pytest
from documents import BOX, CALVIN, FOOTNOTE, LIGHT, PIGMENTS, lecture_docx, lecture_odt

from sensemaking_desktop.ingest.extracted import Extracted
from sensemaking_desktop.ingest.opendocument import extract_odt
from sensemaking_desktop.ingest.sectioning import make_sections
from sensemaking_desktop.ingest.word import extract_docx


@pytest.fixture(params=["docx", "odt"])
def lecture(request: pytest.FixtureRequest, tmp_path: Path) -> Extracted:
    if request.param == "docx":
        return extract_docx(lecture_docx(tmp_path / "lecture.docx"))
    return extract_odt(lecture_odt(tmp_path / "lecture.odt"))


def texts(extracted: Extracted) -> list[str]:
    return [block.text for block in extracted.blocks]


def test_headings_carry_their_level_and_path(lecture: Extracted) -> None:
    headings = [
        (block.text, block.heading_level, block.heading_path) for block in lecture.blocks if block.heading_level
    ]
    assert headings == [
        ("Light reactions", 1, "Light reactions"),
        ("Pigments", 2, "Light reactions › Pigments"),
        ("Calvin cycle", 1, "Calvin cycle"),
        ("Notes", 1, "Notes"),
    ]
    assert lecture.title == "Photosynthesis"
    assert all(block.page is None and block.start_s is None for block in lecture.blocks)


def test_paragraphs_lists_boxes_and_tables_come_in_reading_order(lecture: Extracted) -> None:
    body = "\n".join(texts(lecture))
    order = [LIGHT, PIGMENTS, "1. Chlorophyll a\n2. Chlorophyll b", "See the box.", BOX, CALVIN, "Stage | Place"]
    positions = [body.index(part) for part in order]
    assert positions == sorted(positions)
    assert "Light reactions | Thylakoid\nCalvin cycle | Stroma" in body
    assert body.count(BOX) == 1


def test_footnotes_leave_a_mark_and_follow_at_the_end(lecture: Extracted) -> None:
    light = next(text for text in texts(lecture) if text.startswith(LIGHT))
    assert light == LIGHT + "[1]"
    assert texts(lecture)[-2:] == ["Notes", f"[1] {FOOTNOTE}"]


def test_word_keeps_insertions_bullets_and_leaves_deletions_out(tmp_path: Path) -> None:
    extracted = extract_docx(lecture_docx(tmp_path / "lecture.docx"))
    body = "\n".join(texts(extracted))
    assert "1. Chlorophyll a\n2. Chlorophyll b\n- Carotenoids" in body
    assert f"{CALVIN} Kept insertion." in body
    assert "Deleted words" not in body
    assert extracted.kind == "docx"


def test_sections_are_named_by_their_heading_path(lecture: Extracted) -> None:
    titles = [section.title for section in make_sections(lecture, token_budget=60)]
    assert titles[:3] == ["Light reactions", "Light reactions › Pigments", "Calvin cycle"]
