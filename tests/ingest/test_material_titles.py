"""Materials are named by their own title (issue 31): the file's metadata, else what the reader
sees as the title (a PDF's largest print on its first page, a Title paragraph, the first heading
or slide title), never a writer's placeholder; text under no heading takes the material's title;
a list's bullets do not turn into stray "• • •" lines."""

from pathlib import Path

import docx
import pptx
import pymupdf
import pytest

from sensemaking_desktop.ingest.extracted import Block
from sensemaking_desktop.ingest.headings import first_heading, material_title
from sensemaking_desktop.ingest.pdf import extract_pdf
from sensemaking_desktop.ingest.powerpoint import extract_pptx
from sensemaking_desktop.ingest.sectioning import make_sections
from sensemaking_desktop.ingest.word import extract_docx

BODY = "Steam engines pumped water out of mines, and later they drove the mills of the cotton towns."


def steam_pdf(path: Path, *, metadata_title: str = "", bullets: str = "•") -> Path:
    """A title in large print (no outline, no metadata title unless given), a heading, body
    text, then a list whose bullets are drawn before its items, as word processors do."""
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 90), "The Age of Steam", fontsize=24)
    page.insert_text((72, 140), "Engines", fontsize=16)
    for line in range(3):
        page.insert_text((72, 165 + 15 * line), BODY, fontsize=11)
    items = ["Coal mines", "Cotton mills", "Railways"]
    for number in range(len(items)):
        page.insert_text((80, 225 + 15 * number), bullets, fontsize=11)
    for number, item in enumerate(items):
        page.insert_text((95, 225 + 15 * number), item, fontsize=11)
    doc.set_metadata({"title": metadata_title})
    doc.save(path)
    return path


@pytest.mark.parametrize(
    ("metadata_title", "expected"),
    [
        ("", "The Age of Steam"),
        ("Microsoft Word - steam.docx", "The Age of Steam"),
        ("Untitled", "The Age of Steam"),
        ("Steam Power, 1700-1850", "Steam Power, 1700-1850"),
    ],
)
def test_a_pdf_is_named_by_its_metadata_else_its_largest_print(
    tmp_path: Path, metadata_title: str, expected: str
) -> None:
    extracted = extract_pdf(steam_pdf(tmp_path / "lecture_03.pdf", metadata_title=metadata_title))
    assert extracted.title == expected


@pytest.mark.parametrize("bullet", ["•", "\uf0b7"])
def test_pdf_bullets_become_list_lines_and_leave_no_stray_glyphs(tmp_path: Path, bullet: str) -> None:
    extracted = extract_pdf(steam_pdf(tmp_path / "steam.pdf", bullets=bullet))
    texts = [block.text for block in extracted.blocks]
    assert "- Coal mines\n- Cotton mills\n- Railways" in texts
    assert not any(character in text for text in texts for character in "•·\uf0b7")


def test_a_line_that_starts_with_its_bullet_keeps_the_text_without_it(tmp_path: Path) -> None:
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 90), "• Water wheels came first.", fontsize=11)
    page.insert_text((72, 105), "• Then steam.", fontsize=11)
    doc.save(tmp_path / "wheels.pdf")
    (block,) = extract_pdf(tmp_path / "wheels.pdf").blocks
    assert block.text == "- Water wheels came first.\n- Then steam."


def test_a_docx_is_named_by_its_core_title_else_its_first_heading(tmp_path: Path) -> None:
    document = docx.Document()
    document.add_heading("Engines", 1)
    document.add_paragraph(BODY)
    document.save(tmp_path / "notes.docx")
    assert extract_docx(tmp_path / "notes.docx").title == "Engines"
    document.core_properties.title = "The Age of Steam"
    document.save(tmp_path / "titled.docx")
    assert extract_docx(tmp_path / "titled.docx").title == "The Age of Steam"


def test_a_pptx_with_a_placeholder_title_is_named_by_its_first_slide(tmp_path: Path) -> None:
    deck = pptx.Presentation()
    deck.core_properties.title = "PowerPoint Presentation"
    slide = deck.slides.add_slide(deck.slide_layouts[1])
    slide.shapes.title.text = "The Age of Steam"
    slide.placeholders[1].text = BODY
    deck.save(tmp_path / "deck.pptx")
    assert extract_pptx(tmp_path / "deck.pptx").title == "The Age of Steam"


def test_a_pdf_without_headings_has_sections_titled_by_the_material(tmp_path: Path) -> None:
    doc = pymupdf.open()
    for page in range(2):
        doc.new_page().insert_text((72, 300), f"{BODY} Page {page + 1} says so.", fontsize=11)
    doc.set_metadata({"title": "The Age of Steam"})
    doc.save(tmp_path / "plain.pdf")
    sections = make_sections(extract_pdf(tmp_path / "plain.pdf"), token_budget=40)
    assert [section.title for section in sections] == ["The Age of Steam (1/2)", "The Age of Steam (2/2)"]


def test_placeholders_and_file_names_are_not_titles() -> None:
    path = Path("/courses/week_3.pdf")
    assert material_title(path, None, "  Word   Document ", "Untitled", "notes.docx") == "week_3"
    assert material_title(path, "", "  The   Age of Steam ") == "The Age of Steam"
    assert first_heading([Block("Intro"), Block(" ", heading_level=1), Block("Engines", heading_level=2)]) == "Engines"
