"""Pages of a Word document where the file records them (issue 31 item 6): Word's record of its
last layout (`w:lastRenderedPageBreak`) when there is one, else explicit page breaks, "page
break before" and section breaks; a file with none has no pages rather than guessed ones."""

from pathlib import Path

import docx
from documents import NAMESPACES
from docx.oxml.parser import parse_xml

from sensemaking_desktop.ingest.sectioning import make_sections
from sensemaking_desktop.ingest.word import extract_docx

RENDERED_BREAK = f'<w:r {NAMESPACES}><w:lastRenderedPageBreak/><w:t xml:space="preserve">{{}}</w:t></w:r>'


def pages_of(path: Path) -> list[tuple[int | None, str]]:
    return [(block.page, block.text) for block in extract_docx(path).blocks]


def test_explicit_breaks_give_each_paragraph_its_page(tmp_path: Path) -> None:
    document = docx.Document()
    document.add_heading("Rivers", 1)
    document.add_paragraph("Rivers carve valleys.")
    document.add_page_break()
    document.add_paragraph("Glaciers leave moraines.")
    document.add_heading("Wind", 1).paragraph_format.page_break_before = True
    document.add_paragraph("Wind shapes dunes.")
    document.save(tmp_path / "pages.docx")
    assert pages_of(tmp_path / "pages.docx") == [
        (1, "Rivers"),
        (1, "Rivers carve valleys."),
        (2, "Glaciers leave moraines."),
        (3, "Wind"),
        (3, "Wind shapes dunes."),
    ]
    sections = make_sections(extract_docx(tmp_path / "pages.docx"), token_budget=20)
    assert [(section.title, section.start_page, section.end_page) for section in sections][-1] == ("Wind", 3, 3)


def test_words_record_of_its_layout_wins_over_explicit_breaks(tmp_path: Path) -> None:
    """Word leaves a rendered break where each page began, also after an explicit break, which
    must not count twice; a rendered break inside a paragraph moves only what follows."""
    document = docx.Document()
    document.add_paragraph("Rivers carve valleys.")
    document.add_page_break()
    after_break = document.add_paragraph()
    after_break._p.append(parse_xml(RENDERED_BREAK.format("Glaciers leave moraines.")))
    flowing = document.add_paragraph("A long paragraph that runs onto the next page ")
    flowing._p.append(parse_xml(RENDERED_BREAK.format("and ends there.")))
    document.add_paragraph("Wind shapes dunes.")
    document.save(tmp_path / "rendered.docx")
    assert [page for page, _ in pages_of(tmp_path / "rendered.docx")] == [1, 2, 2, 3]


def test_a_document_without_any_break_has_no_pages(tmp_path: Path) -> None:
    document = docx.Document()
    document.add_heading("Rivers", 1)
    document.add_paragraph("Rivers carve valleys.")
    document.save(tmp_path / "flat.docx")
    assert [page for page, _ in pages_of(tmp_path / "flat.docx")] == [None, None]
