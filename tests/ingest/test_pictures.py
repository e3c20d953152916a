"""Pictures of text and scanned pages inside Office files: OCR with Tesseract, or the scanned-PDF
refusal without it."""

import io
import shutil
from pathlib import Path

import docx
import pptx
import pymupdf
import pytest
from odf import draw, style, text
from odf.namespaces import PRESENTATIONNS
from odf.opendocument import OpenDocument, OpenDocumentPresentation, OpenDocumentText
from PIL import Image
from pptx.util import Cm

from sensemaking_desktop.ingest.errors import IngestError
from sensemaking_desktop.ingest.image import extract_image
from sensemaking_desktop.ingest.opendocument import extract_odp, extract_odt
from sensemaking_desktop.ingest.powerpoint import extract_pptx
from sensemaking_desktop.ingest.word import extract_docx

needs_tesseract = pytest.mark.skipif(shutil.which("tesseract") is None, reason="Tesseract OCR is not installed")


def scan(words: str) -> bytes:
    """A PNG of a page with the words on it, as a 150 dpi scanner makes it."""
    source = pymupdf.open()
    page = source.new_page(width=400, height=200)
    page.insert_textbox((30, 30, 370, 170), words, fontsize=16)
    return page.get_pixmap(dpi=150).tobytes("png")


def without_tesseract(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("PATH", str(tmp_path / "nothing-here"))
    monkeypatch.delenv("TESSDATA_PREFIX", raising=False)


@needs_tesseract
def test_a_png_is_read_by_ocr(tmp_path: Path) -> None:
    path = tmp_path / "board.png"
    path.write_bytes(scan("Mitochondria make energy for the cell."))
    extracted = extract_image(path)
    assert (extracted.kind, extracted.meta["ocr"]) == ("image", True)
    assert "Mitochondria make energy for the cell." in " ".join(block.text for block in extracted.blocks)


@needs_tesseract
def test_each_page_of_a_tiff_is_a_page(tmp_path: Path) -> None:
    frames = [Image.open(io.BytesIO(scan(words))) for words in ("Plants need light.", "Roots take up water.")]
    path = tmp_path / "scans.tiff"
    frames[0].save(path, save_all=True, append_images=frames[1:])
    extracted = extract_image(path)
    assert [(block.page, block.text) for block in extracted.blocks] == [
        (1, "Plants need light."),
        (2, "Roots take up water."),
    ]


def test_a_picture_without_tesseract_is_refused_like_a_scanned_pdf(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "board.jpg"
    Image.open(io.BytesIO(scan("Anything"))).convert("RGB").save(path, "JPEG")
    without_tesseract(monkeypatch, tmp_path)
    with pytest.raises(IngestError, match=r"^board\.jpg has no text layer \(scanned\?\); install Tesseract OCR"):
        extract_image(path)


def test_a_file_that_is_no_picture_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "photo.png"
    path.write_bytes(b"\x89PNG\r\n\x1a\n but cut off")
    with pytest.raises(IngestError, match=r"^photo\.png is not a readable picture"):
        extract_image(path)


def scanned_docx(path: Path) -> Path:
    document = docx.Document()
    document.add_picture(io.BytesIO(scan("Chlorophyll is a green pigment.")))
    document.save(path)
    return path


@needs_tesseract
def test_a_word_file_of_scanned_pages_is_read_by_ocr(tmp_path: Path) -> None:
    extracted = extract_docx(scanned_docx(tmp_path / "scanned.docx"))
    assert extracted.meta["ocr"] is True
    assert [block.text for block in extracted.blocks] == ["Chlorophyll is a green pigment."]


def test_a_word_file_of_scanned_pages_without_tesseract_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = scanned_docx(tmp_path / "scanned.docx")
    without_tesseract(monkeypatch, tmp_path)
    with pytest.raises(IngestError, match=r"^scanned\.docx has no text layer \(scanned\?\); install Tesseract OCR"):
        extract_docx(path)


def deck_with_a_scanned_slide(path: Path) -> Path:
    deck = pptx.Presentation()
    typed = deck.slides.add_slide(deck.slide_layouts[5])
    typed.shapes.title.text = "Leaves"
    scanned = deck.slides.add_slide(deck.slide_layouts[6])
    scanned.shapes.add_picture(io.BytesIO(scan("Stomata let gases in and out.")), Cm(1), Cm(1))
    deck.save(path)
    return path


@needs_tesseract
def test_a_slide_that_is_a_scan_is_read_by_ocr_with_its_slide_number(tmp_path: Path) -> None:
    extracted = extract_pptx(deck_with_a_scanned_slide(tmp_path / "leaves.pptx"))
    assert [(block.page, block.text) for block in extracted.blocks] == [
        (1, "Leaves"),
        (2, "Stomata let gases in and out."),
    ]


def test_without_tesseract_a_scanned_slide_is_left_out(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = deck_with_a_scanned_slide(tmp_path / "leaves.pptx")
    without_tesseract(monkeypatch, tmp_path)
    assert [(block.page, block.text) for block in extract_pptx(path).blocks] == [(1, "Leaves")]


def _odf_picture(document: OpenDocument, words: str, **place: str) -> draw.Frame:
    frame = draw.Frame(width="10cm", height="5cm", **place)
    frame.addElement(draw.Image(href=document.addPictureFromString(scan(words), "image/png")))
    return frame


def scanned_odt(path: Path) -> Path:
    document = OpenDocumentText()
    page = text.P()
    page.addElement(_odf_picture(document, "Chlorophyll is a green pigment.", anchortype="paragraph"))
    document.text.addElement(page)
    document.save(str(path))
    return path


def deck_odp_with_a_scanned_slide(path: Path) -> Path:
    document = OpenDocumentPresentation()
    layout = style.PageLayout(name="Layout")
    document.automaticstyles.addElement(layout)
    master = style.MasterPage(name="Master", pagelayoutname=layout)
    document.masterstyles.addElement(master)
    typed = draw.Page(masterpagename=master)
    title = draw.Frame(x="2cm", y="1cm", width="20cm", height="3cm")
    title.setAttrNS(PRESENTATIONNS, "class", "title")
    box = draw.TextBox()
    box.addElement(text.P(text="Leaves"))
    title.addElement(box)
    typed.addElement(title)
    scanned = draw.Page(masterpagename=master)
    scanned.addElement(_odf_picture(document, "Stomata let gases in and out.", x="1cm", y="1cm"))
    for page in (typed, scanned):
        document.presentation.addElement(page)
    document.save(str(path))
    return path


@needs_tesseract
def test_an_opendocument_text_of_scanned_pages_is_read_by_ocr(tmp_path: Path) -> None:
    extracted = extract_odt(scanned_odt(tmp_path / "scanned.odt"))
    assert extracted.meta["ocr"] is True
    assert [block.text for block in extracted.blocks] == ["Chlorophyll is a green pigment."]


def test_an_opendocument_text_of_scanned_pages_without_tesseract_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = scanned_odt(tmp_path / "scanned.odt")
    without_tesseract(monkeypatch, tmp_path)
    with pytest.raises(IngestError, match=r"^scanned\.odt has no text layer \(scanned\?\); install Tesseract OCR"):
        extract_odt(path)


@needs_tesseract
def test_an_opendocument_slide_that_is_a_scan_is_read_by_ocr_with_its_slide_number(tmp_path: Path) -> None:
    extracted = extract_odp(deck_odp_with_a_scanned_slide(tmp_path / "leaves.odp"))
    assert [(block.page, block.text) for block in extracted.blocks] == [
        (1, "Leaves"),
        (2, "Stomata let gases in and out."),
    ]


def test_without_tesseract_a_scanned_opendocument_slide_is_left_out(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = deck_odp_with_a_scanned_slide(tmp_path / "leaves.odp")
    without_tesseract(monkeypatch, tmp_path)
    assert [(block.page, block.text) for block in extract_odp(path).blocks] == [(1, "Leaves")]
