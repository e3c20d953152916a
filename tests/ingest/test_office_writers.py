"""Office files import whoever wrote them (issue 31): LibreOffice leaves out parts that Word and
python-docx write (numbering, core properties), and a missing part must not become an unexpected
failure. The shipped fixtures (fixtures/office/SOURCES.md) run everywhere; where LibreOffice is
installed the same sources are converted afresh."""

import shutil
import subprocess
import zipfile
from pathlib import Path

import docx
import pptx
import pytest
from test_importer import ingest

from sensemaking_desktop.ingest.word import extract_docx
from sensemaking_desktop.store import Store
from sensemaking_desktop.store.materials import list_materials, sections_of

FIXTURES = Path(__file__).parent / "fixtures" / "office"
SOFFICE = shutil.which("soffice") or shutil.which("libreoffice")
needs_libreoffice = pytest.mark.skipif(SOFFICE is None, reason="LibreOffice is not installed")


def tides_deck(path: Path) -> Path:
    """Two "Title and Content" slides, as python-pptx writes them."""
    deck = pptx.Presentation()
    for title, body in [
        ("Tides and the Moon", "The Moon pulls the sea towards it."),
        ("Spring tides", "Sun and Moon in a line give the highest tides."),
    ]:
        slide = deck.slides.add_slide(deck.slide_layouts[1])
        slide.shapes.title.text = title
        slide.placeholders[1].text = body
    deck.save(path)
    return path


def converted(source: Path, target: str, folder: Path) -> Path:
    """`source` saved as `target` by LibreOffice, with a profile of its own."""
    folder.mkdir(parents=True, exist_ok=True)
    command = [SOFFICE, f"-env:UserInstallation={(folder / 'profile').as_uri()}", "--headless", "--convert-to"]
    subprocess.run(
        [*command, target, "--outdir", str(folder), str(source)], check=True, capture_output=True, timeout=180
    )
    return folder / f"{source.stem}.{target}"


def imported_material(store: Store, data_dir: Path, path: Path) -> tuple[str, list[str], str]:
    """The material's title, its sections' titles and its text, after the import job."""
    (item,) = ingest(store, data_dir, path)
    assert item["status"] == "done", item["error"]
    material = list_materials(store)[-1]
    sections = sections_of(store, material.id)
    return material.title, [section.title for section in sections], "\n".join(section.text for section in sections)


@pytest.mark.parametrize("name", ["tides.docx", "tides.odt"])
def test_a_libreoffice_document_without_lists_imports_with_title_and_headings(
    store: Store, data_dir: Path, name: str
) -> None:
    with zipfile.ZipFile(FIXTURES / name) as archive:
        assert "word/numbering.xml" not in archive.namelist()
    title, _, text = imported_material(store, data_dir, FIXTURES / name)
    assert title == "Tides and the Moon"
    assert "two high tides a day" in text and "these are spring tides" in text


def test_a_libreoffice_presentation_imports_slide_by_slide(store: Store, data_dir: Path) -> None:
    (item,) = ingest(store, data_dir, FIXTURES / "tides.pptx")
    assert item["status"] == "done", item["error"]
    (material,) = list_materials(store)
    assert (material.title, material.meta["slides"]) == ("Tides and the Moon", 2)
    (section,) = sections_of(store, material.id)
    assert (section.start_page, section.end_page) == (1, 2) and "highest tides" in section.text


def test_a_docx_of_only_its_document_part_takes_its_first_heading_as_title(store: Store, data_dir: Path) -> None:
    title, _, text = imported_material(store, data_dir, FIXTURES / "document-part-only.docx")
    assert (title, text) == ("Tides", "Tides\n\nThe Moon pulls the sea.")


@needs_libreoffice
@pytest.mark.parametrize("target", ["docx", "odt"])
def test_libreoffice_saves_of_a_writer_document_import(
    store: Store, data_dir: Path, tmp_path: Path, target: str
) -> None:
    title, _, text = imported_material(store, data_dir, converted(FIXTURES / "tides.fodt", target, tmp_path))
    assert title == "Tides and the Moon" and "two high tides a day" in text


@needs_libreoffice
@pytest.mark.parametrize("target", ["pptx", "odp"])
def test_libreoffice_saves_of_a_python_pptx_deck_import(
    store: Store, data_dir: Path, tmp_path: Path, target: str
) -> None:
    deck = tides_deck(tmp_path / "tides.pptx")
    title, sections, text = imported_material(store, data_dir, converted(deck, target, tmp_path / "out"))
    assert (title, sections) == ("Tides and the Moon", ["Tides and the Moon"])
    assert "Sun and Moon in a line" in text


@needs_libreoffice
def test_a_libreoffice_docx_keeps_its_page_breaks_as_pages(tmp_path: Path) -> None:
    document = docx.Document()
    document.add_paragraph("Rivers carve valleys.")
    document.add_page_break()
    document.add_paragraph("Glaciers leave moraines.")
    document.save(tmp_path / "pages.docx")
    saved = converted(tmp_path / "pages.docx", "docx", tmp_path / "out")
    assert [(block.page, block.text) for block in extract_docx(saved).blocks] == [
        (1, "Rivers carve valleys."),
        (2, "Glaciers leave moraines."),
    ]
