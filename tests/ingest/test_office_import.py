"""The new formats through the import job: materials with sections, and bad files that get one
line each and leave the library as it was."""

import zipfile
from pathlib import Path

import pptx
import pytest
from documents import lecture_docx, lecture_odp, lecture_odt, lecture_pptx, saved_page
from test_importer import ingest

from sensemaking_desktop.store import Store
from sensemaking_desktop.store.materials import list_materials, sections_of


@pytest.mark.parametrize(
    ("name", "make", "kind"),
    [
        ("lecture.docx", lecture_docx, "docx"),
        ("lecture.odt", lecture_odt, "odt"),
        ("page.html", saved_page, "html"),
    ],
)
def test_documents_without_pages_become_sections_named_by_heading_path(
    store: Store, data_dir: Path, tmp_path: Path, name: str, make, kind: str
) -> None:
    (item,) = ingest(store, data_dir, make(tmp_path / name), token_budget=200)
    assert item["status"] == "done", item["error"]
    (material,) = list_materials(store)
    assert (material.kind, material.title) == (kind, "Photosynthesis")
    sections = sections_of(store, material.id)
    assert any(section.title.endswith("› Pigments") for section in sections)
    assert all(section.start_page is None and section.start_s is None for section in sections)
    text = "\n".join(section.text for section in sections)
    assert "Calvin cycle" in text and "NAV_LINK" not in text and "SCRIPT_TEXT" not in text


@pytest.mark.parametrize(("name", "make"), [("cells.pptx", lecture_pptx), ("cells.odp", lecture_odp)])
def test_presentations_become_sections_with_slide_numbers(
    store: Store, data_dir: Path, tmp_path: Path, name: str, make
) -> None:
    (item,) = ingest(store, data_dir, make(tmp_path / name))
    assert item["status"] == "done", item["error"]
    (material,) = list_materials(store)
    assert material.meta["location"] == "slide"
    (section,) = sections_of(store, material.id)
    assert (section.title, section.start_page, section.end_page) == ("Cells", 1, material.meta["slides"])
    assert "Notes: Ask" in section.text


def test_subtitles_become_a_material_with_time_ranges(store: Store, data_dir: Path, tmp_path: Path) -> None:
    path = tmp_path / "lesson.vtt"
    path.write_text(
        "WEBVTT\n\n00:00:01.000 --> 00:00:03.000\nWater evaporates.\n\n00:00:09.000 --> 00:00:12.500\nRain falls.\n"
    )
    (item,) = ingest(store, data_dir, path)
    assert item["status"] == "done", item["error"]
    (section,) = sections_of(store, list_materials(store)[0].id)
    assert (section.text, section.start_s, section.end_s) == ("Water evaporates. Rain falls.", 1.0, 12.5)


def zip_of(path: Path, members: dict[str, bytes]) -> Path:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return path


def rewritten(source: Path, target: Path, changes: dict[str, bytes]) -> Path:
    """A copy of an Office or OpenDocument file with some members replaced or added."""
    with zipfile.ZipFile(source) as original:
        members = {name: original.read(name) for name in original.namelist()}
    return zip_of(target, members | changes)


def renamed_zip(tmp_path: Path) -> Path:
    return zip_of(tmp_path / "notes.docx", {"notes.txt": b"Just notes in a zip."})


def renamed_presentation(tmp_path: Path) -> Path:
    return lecture_pptx(tmp_path / "cells.pptx").rename(tmp_path / "cells.docx")


def encrypted_docx(tmp_path: Path) -> Path:
    ooxml = pytest.importorskip("msoffcrypto.format.ooxml")
    source, target = lecture_docx(tmp_path / "plain.docx"), tmp_path / "locked.docx"
    with source.open("rb") as plain, target.open("wb") as locked:
        ooxml.OOXMLFile(plain).encrypt("secret", locked)
    return target


def encrypted_odt(tmp_path: Path) -> Path:
    source = lecture_odt(tmp_path / "plain.odt")
    with zipfile.ZipFile(source) as original:
        manifest = original.read("META-INF/manifest.xml")
    entry = b'<manifest:file-entry manifest:full-path="content.xml"'
    locked = manifest.replace(
        entry, entry + b' manifest:size="1"><manifest:encryption-data/></manifest:file-entry><x', 1
    )
    return rewritten(source, tmp_path / "locked.odt", {"META-INF/manifest.xml": locked})


def empty_presentation(tmp_path: Path) -> Path:
    path = tmp_path / "empty.pptx"
    pptx.Presentation().save(path)
    return path


def zip_bomb(tmp_path: Path) -> Path:
    source = lecture_docx(tmp_path / "plain.docx")
    return rewritten(source, tmp_path / "bomb.docx", {"word/media/filler.bin": bytes(64 * 1024 * 1024)})


def entity_bomb(tmp_path: Path) -> Path:
    laughs = "".join(f'<!ENTITY l{n} "{f"&l{n - 1};" * 10}">' for n in range(1, 10))
    document = (
        '<?xml version="1.0"?><!DOCTYPE w:document [<!ENTITY l0 "lol">' + laughs + "]>"
        '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">'
        "<w:body><w:p><w:r><w:t>&l9;</w:t></w:r></w:p></w:body></w:document>"
    )
    source = lecture_docx(tmp_path / "plain.docx")
    return rewritten(source, tmp_path / "laughs.docx", {"word/document.xml": document.encode()})


def external_entity(tmp_path: Path) -> Path:
    content = (
        '<?xml version="1.0"?><!DOCTYPE office:document-content [<!ENTITY secret SYSTEM "file:///etc/passwd">]>'
        '<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0">&secret;'
        "</office:document-content>"
    )
    source = lecture_odt(tmp_path / "plain.odt")
    return rewritten(source, tmp_path / "xxe.odt", {"content.xml": content.encode()})


BAD = {
    "a zip of something else": (
        renamed_zip,
        "notes.docx is not a Word document: it is a zip archive of something else.",
    ),
    "a presentation named .docx": (renamed_presentation, "cells.docx is not a Word document"),
    "password-protected OOXML": (encrypted_docx, "locked.docx is password-protected"),
    "password-protected OpenDocument": (encrypted_odt, "locked.odt is password-protected"),
    "an empty presentation": (empty_presentation, "empty.pptx has no slides."),
    "a zip bomb inside": (zip_bomb, "bomb.docx looks like a zip bomb (word/media/filler.bin expands"),
    "entity expansion": (entity_bomb, "laughs.docx is refused: its part word/document.xml has a document type"),
    "an external entity": (external_entity, "xxe.odt is refused: its part content.xml has a document type"),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_bad_office_files_get_one_line_and_store_nothing(
    store: Store, data_dir: Path, tmp_path: Path, case: str
) -> None:
    make, message = BAD[case]
    (item,) = ingest(store, data_dir, make(tmp_path))
    assert item["status"] == "failed"
    assert item["error"].startswith(message) and "\n" not in item["error"]
    assert store.db["materials"].count == 0 and store.db["sections"].count == 0
    assert not (data_dir / "files").exists() or not any((data_dir / "files").iterdir())
