"""PDF and EPUB extraction on files the tests write with PyMuPDF (and zipfile for EPUB)."""

import shutil
import zipfile
from pathlib import Path

import pymupdf
import pytest

from sensemaking_desktop.cancel import CancelToken
from sensemaking_desktop.errors import Cancelled
from sensemaking_desktop.ingest.errors import IngestError, PasswordRequired
from sensemaking_desktop.ingest.pdf import extract_epub, extract_pdf

BODY = 10
LEADING = 13


def write_lines(page: pymupdf.Page, x: float, y: float, lines: list[str], size: float = BODY) -> float:
    """Set lines one under the other from baseline `y`; returns the baseline after the last."""
    for line in lines:
        page.insert_text((x, y), line, fontsize=size)
        y += size * 1.3
    return y


def paragraph(page: pymupdf.Page, rect: tuple[float, float, float, float], text: str, size: float = BODY) -> None:
    assert page.insert_textbox(pymupdf.Rect(rect), text, fontsize=size) >= 0, "text did not fit"


def texts(path: Path, **kwargs) -> list[str]:
    return [block.text for block in extract_pdf(path, **kwargs).blocks]


def joined(path: Path, **kwargs) -> str:
    return "\n".join(texts(path, **kwargs))


@pytest.fixture
def two_columns(tmp_path: Path) -> Path:
    """A title across the page, then two columns; the left column's last paragraph goes on
    at the top of the right column."""
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((50, 60), "Photosynthesis", fontsize=20)
    y = write_lines(
        page,
        50,
        100,
        ["Plants turn light into chemical energy.", "This happens in the chloroplasts of leaf cells."],
    )
    write_lines(page, 50, y + 8, ["Chlorophyll absorbs mostly red and blue", "light, which is why leaves look"])
    y = write_lines(page, 310, 100, ["green to our eyes.", "The light reactions make ATP and NADPH."])
    write_lines(page, 310, y + 8, ["The Calvin cycle then fixes carbon dioxide.", "It runs in the stroma."])
    path = tmp_path / "columns.pdf"
    doc.save(path)
    return path


def test_two_columns_read_left_column_then_right(two_columns: Path) -> None:
    blocks = extract_pdf(two_columns).blocks
    assert blocks[0].text == "Photosynthesis"
    assert blocks[0].heading_level == 1
    assert [block.text for block in blocks[1:]] == [
        "Plants turn light into chemical energy. This happens in the chloroplasts of leaf cells.",
        "Chlorophyll absorbs mostly red and blue light, which is why leaves look green to our eyes. "
        "The light reactions make ATP and NADPH.",
        "The Calvin cycle then fixes carbon dioxide. It runs in the stroma.",
    ]


def test_running_headers_footers_and_page_numbers_are_removed(tmp_path: Path) -> None:
    doc = pymupdf.open()
    for number in range(1, 5):
        page = doc.new_page()
        page.insert_text((50, 30), "Biology 101 - Lecture notes - Winter term", fontsize=8)
        paragraph(page, (50, 100, 540, 300), f"Body text of page {number} talks about cells and their parts.")
        page.insert_text((50, 815), f"Page {number} of 4", fontsize=8)
        page.insert_text((530, 815), str(number), fontsize=8)
    path = tmp_path / "notes.pdf"
    doc.save(path)
    extracted = extract_pdf(path)
    assert [(block.page, block.text) for block in extracted.blocks] == [
        (number, f"Body text of page {number} talks about cells and their parts.") for number in range(1, 5)
    ]
    assert extracted.meta == {"pages": 4, "toc_used": False, "ocr": False, "pages_without_text": []}


def test_headings_come_from_the_table_of_contents(tmp_path: Path) -> None:
    doc = pymupdf.open()
    for title, text in [
        ("Chapter One: Cells", "Cells are the units of life."),
        ("Membranes", "A membrane separates inside from outside."),
        ("Chapter Two: Genes", "Genes are stretches of DNA."),
    ]:
        page = doc.new_page()
        write_lines(page, 50, 80, [title, text])
    doc.set_toc([[1, "Chapter One: Cells", 1], [2, "Membranes", 2], [1, "Chapter Two: Genes", 3], [2, "Summary", 3]])
    path = tmp_path / "book.pdf"
    doc.save(path)
    extracted = extract_pdf(path)
    headings = [(block.page, block.heading_level, block.text) for block in extracted.blocks if block.heading_level]
    assert headings == [
        (1, 1, "Chapter One: Cells"),
        (2, 2, "Membranes"),
        (3, 2, "Summary"),
        (3, 1, "Chapter Two: Genes"),
    ]
    assert extracted.meta["toc_used"] is True


def test_headings_come_from_font_sizes_without_a_table_of_contents(tmp_path: Path) -> None:
    doc = pymupdf.open()
    page = doc.new_page()
    y = write_lines(page, 50, 80, ["Genetics"], size=24)
    y = write_lines(page, 50, y + 10, ["Mendel's laws"], size=16)
    y = write_lines(page, 50, y + 10, ["The law of segregation"], size=13)
    write_lines(page, 50, y + 10, ["Each parent passes one allele to the child.", "Alleles separate in meiosis."])
    path = tmp_path / "genetics.pdf"
    doc.save(path)
    blocks = extract_pdf(path).blocks
    assert [(block.heading_level, block.text) for block in blocks] == [
        (1, "Genetics"),
        (2, "Mendel's laws"),
        (3, "The law of segregation"),
        (None, "Each parent passes one allele to the child. Alleles separate in meiosis."),
    ]


def test_a_ruled_table_is_kept_as_rows_of_cells(tmp_path: Path) -> None:
    rows = [["Element", "Symbol", "Number"], ["Hydrogen", "H", "1"], ["Helium", "He", "2"], ["Lithium", "Li", "3"]]
    doc = pymupdf.open()
    page = doc.new_page()
    write_lines(page, 50, 60, ["The first elements of the periodic table are listed below."])
    left, top, width, height = 50, 100, 150, 20
    for r, row in enumerate(rows):
        for c, cell in enumerate(row):
            x, y = left + c * width, top + r * height
            page.draw_rect(pymupdf.Rect(x, y, x + width, y + height), color=(0, 0, 0), width=0.5)
            page.insert_text((x + 4, y + 14), cell, fontsize=BODY)
    path = tmp_path / "table.pdf"
    doc.save(path)
    assert texts(path) == [
        "The first elements of the periodic table are listed below.",
        "Element | Symbol | Number\nHydrogen | H | 1\nHelium | He | 2\nLithium | Li | 3",
    ]


def scanned_pdf(tmp_path: Path) -> Path:
    """A page of text rendered to a picture: a PDF with no text layer."""
    source = pymupdf.open()
    write_lines(source.new_page(), 60, 100, ["Mitochondria make energy for the cell."], size=20)
    picture = source[0].get_pixmap(dpi=150)
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_image(page.rect, pixmap=picture)
    path = tmp_path / "scan.pdf"
    doc.save(path)
    return path


def test_a_scanned_pdf_without_tesseract_asks_for_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", str(tmp_path / "nothing-here"))
    monkeypatch.delenv("TESSDATA_PREFIX", raising=False)
    with pytest.raises(IngestError, match=r"^scan\.pdf has no text layer \(scanned\?\); install Tesseract OCR"):
        extract_pdf(scanned_pdf(tmp_path))


@pytest.mark.skipif(shutil.which("tesseract") is None, reason="Tesseract OCR is not installed")
def test_a_scanned_pdf_is_read_with_ocr_when_tesseract_is_installed(tmp_path: Path) -> None:
    extracted = extract_pdf(scanned_pdf(tmp_path))
    assert extracted.meta["ocr"] is True
    assert "Mitochondria make energy" in " ".join(block.text for block in extracted.blocks)


@pytest.fixture
def encrypted(tmp_path: Path) -> Path:
    doc = pymupdf.open()
    write_lines(doc.new_page(), 50, 80, ["Exam answers are kept here."])
    path = tmp_path / "locked.pdf"
    doc.save(path, encryption=pymupdf.PDF_ENCRYPT_AES_256, user_pw="secret", owner_pw="owner")
    return path


def test_an_encrypted_pdf_needs_its_password(encrypted: Path) -> None:
    with pytest.raises(PasswordRequired, match=r"^locked\.pdf is password-protected; enter its password"):
        extract_pdf(encrypted)
    with pytest.raises(PasswordRequired, match=r"^locked\.pdf: wrong password\.$"):
        extract_pdf(encrypted, password="guess")
    assert texts(encrypted, password="secret") == ["Exam answers are kept here."]


@pytest.fixture
def good_pdf_bytes() -> bytes:
    doc = pymupdf.open()
    for number in range(3):
        paragraph(doc.new_page(), (50, 80, 540, 700), f"Page {number} explains osmosis in plant cells. " * 30)
    return doc.tobytes()


@pytest.mark.parametrize("share", [0.3, 0.6, 0.9])
def test_a_truncated_pdf_is_refused(tmp_path: Path, good_pdf_bytes: bytes, share: float) -> None:
    path = tmp_path / "cut.pdf"
    path.write_bytes(good_pdf_bytes[: int(len(good_pdf_bytes) * share)])
    with pytest.raises(IngestError, match=r"^cut\.pdf is incomplete"):
        extract_pdf(path)


def test_random_bytes_named_pdf_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "noise.pdf"
    path.write_bytes(bytes((i * 7919 + 13) % 256 for i in range(5000)))
    with pytest.raises(IngestError, match=r"^noise\.pdf is not a readable PDF file"):
        extract_pdf(path)


def test_an_empty_file_is_refused_with_its_name(tmp_path: Path) -> None:
    path = tmp_path / "Vorlesung Übung 1.pdf"
    path.touch()
    with pytest.raises(IngestError, match=r"^Vorlesung Übung 1\.pdf is empty\.$"):
        extract_pdf(path)


def test_a_path_with_spaces_and_umlauts_is_read(tmp_path: Path, good_pdf_bytes: bytes) -> None:
    folder = tmp_path / "Sommer Semester ÄÖÜ"
    folder.mkdir()
    path = folder / "Vorlesung Übung 1.pdf"
    path.write_bytes(good_pdf_bytes)
    extracted = extract_pdf(path)
    assert extracted.title == "Vorlesung Übung 1"
    assert [block.page for block in extracted.blocks] == [1, 2, 3]


def test_progress_counts_pages_and_cancel_stops(tmp_path: Path, good_pdf_bytes: bytes) -> None:
    path = tmp_path / "three.pdf"
    path.write_bytes(good_pdf_bytes)
    seen: list[tuple[int, int]] = []
    extract_pdf(path, on_progress=lambda done, total: seen.append((done, total)))
    assert seen == [(1, 3), (2, 3), (3, 3)]
    token = CancelToken()
    token.cancel()
    with pytest.raises(Cancelled):
        extract_pdf(path, cancel=token)


def make_epub(path: Path, chapters: list[tuple[str, list[str]]]) -> None:
    """A minimal EPUB 2: container, package, NCX table of contents, one XHTML file per chapter."""
    numbers = range(len(chapters))
    items = "".join(f'<item id="c{i}" href="c{i}.xhtml" media-type="application/xhtml+xml"/>' for i in numbers)
    spine = "".join(f'<itemref idref="c{i}"/>' for i in numbers)
    points = "".join(
        f'<navPoint id="n{i}" playOrder="{i + 1}"><navLabel><text>{title}</text></navLabel>'
        f'<content src="c{i}.xhtml"/></navPoint>'
        for i, (title, _) in enumerate(chapters)
    )
    with zipfile.ZipFile(path, "w") as epub:
        epub.writestr("mimetype", "application/epub+zip", compress_type=zipfile.ZIP_STORED)
        epub.writestr(
            "META-INF/container.xml",
            '<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">'
            '<rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/>'
            "</rootfiles></container>",
        )
        epub.writestr(
            "OEBPS/content.opf",
            '<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="2.0" unique-identifier="id">'
            '<metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>Cell Biology</dc:title>'
            '<dc:identifier id="id">test</dc:identifier><dc:language>en</dc:language></metadata>'
            f'<manifest><item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/>{items}</manifest>'
            f'<spine toc="ncx">{spine}</spine></package>',
        )
        epub.writestr(
            "OEBPS/toc.ncx",
            '<?xml version="1.0"?><ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1"><head/>'
            f"<docTitle><text>Cell Biology</text></docTitle><navMap>{points}</navMap></ncx>",
        )
        for i, (title, paragraphs) in enumerate(chapters):
            body = "".join(f"<p>{text}</p>" for text in paragraphs)
            epub.writestr(
                f"OEBPS/c{i}.xhtml",
                '<?xml version="1.0" encoding="utf-8"?><html xmlns="http://www.w3.org/1999/xhtml">'
                f"<head><title>{title}</title></head><body><h1>{title}</h1>{body}</body></html>",
            )


def test_an_epub_reads_with_chapters_as_headings(tmp_path: Path) -> None:
    path = tmp_path / "cells.epub"
    make_epub(
        path,
        [
            ("Cells", ["A cell is the smallest unit of life.", "Every cell has a membrane."]),
            ("Genes", ["Genes are made of DNA."]),
        ],
    )
    extracted = extract_epub(path)
    assert extracted.kind == "epub"
    assert extracted.title == "Cell Biology"
    assert [(block.heading_level, block.text) for block in extracted.blocks] == [
        (1, "Cells"),
        (None, "A cell is the smallest unit of life."),
        (None, "Every cell has a membrane."),
        (1, "Genes"),
        (None, "Genes are made of DNA."),
    ]
    assert extracted.meta["toc_used"] is True


def test_a_damaged_epub_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "broken.epub"
    path.write_bytes(b"PK\x03\x04 this is not really a zip archive")
    with pytest.raises(IngestError, match=r"^broken\.epub is not a readable EPUB file"):
        extract_epub(path)
