"""Importing files through the ingest job: materials with sections, duplicates, and bad input
that leaves the library unchanged."""

import importlib
import json
import subprocess
import sys
from functools import partial
from pathlib import Path

import pymupdf
import pytest
from speech import espeak_available, speak

from sensemaking_desktop.ingest.importer import READERS, IngestHandler, IngestOptions
from sensemaking_desktop.samples import load_sample
from sensemaking_desktop.store import Store
from sensemaking_desktop.store.materials import list_materials, sections_of
from sensemaking_desktop.workflows.jobs import job_queue


def lecture_pdf(path: Path, *, password: str | None = None) -> Path:
    """Three pages of the sample text under two headings."""
    document = pymupdf.open()
    paragraphs = [p for p in load_sample().text.split("\n\n") if not p.startswith("#")]
    for chunk in (paragraphs[:3], paragraphs[3:6], paragraphs[6:9]):
        page = document.new_page()
        page.insert_textbox((72, 72, 520, 770), "\n\n".join(chunk), fontsize=10)
    document.set_toc([[1, "Evaporation", 1], [1, "Groundwater", 3]])
    options = {"encryption": pymupdf.PDF_ENCRYPT_AES_256, "user_pw": password, "owner_pw": password} if password else {}
    document.save(path, **options)
    return path


def ingest(store: Store, data_dir: Path, *paths: Path, **options: object) -> list[dict]:
    queue = job_queue(store, data_dir)
    items = [(path.name, {"path": str(path)}) for path in paths]
    job_id = queue.submit(
        IngestHandler, kind="ingest", title="import", params=IngestOptions(**options).model_dump(), items=items
    )
    queue.run(job_id)
    return queue.items(job_id)


def test_a_pdf_becomes_a_material_with_sections_and_pages(store: Store, data_dir: Path, tmp_path: Path) -> None:
    (item,) = ingest(store, data_dir, lecture_pdf(tmp_path / "Lecture 3.pdf"), token_budget=600)
    assert item["status"] == "done", item["error"]
    (material,) = list_materials(store)
    assert (material.id, material.kind, material.sections) == (item["result"]["material_id"], "pdf", 2)
    assert material.meta["pages"] == 3 and material.meta["import_options"]["token_budget"] == 600
    assert (data_dir / material.meta["stored_file"]).read_bytes() == (tmp_path / "Lecture 3.pdf").read_bytes()
    first, second = sections_of(store, material.id)
    assert (first.title, first.start_page, first.end_page) == ("Evaporation", 1, 2)
    assert (second.title, second.start_page) == ("Groundwater", 3)
    assert "evaporat" in first.text.lower()


def test_the_same_file_again_is_offered_as_the_existing_material(store: Store, data_dir: Path, tmp_path: Path) -> None:
    pdf = lecture_pdf(tmp_path / "a.pdf")
    first = ingest(store, data_dir, pdf)[0]["result"]
    (again,) = ingest(store, data_dir, pdf)
    assert again["result"] == {"material_id": first["material_id"], "title": first["title"], "existing": True}
    assert len(list_materials(store)) == 1
    ingest(store, data_dir, pdf, again=True)
    assert len(list_materials(store)) == 2


def test_encrypted_pdf_needs_the_password(store: Store, data_dir: Path, tmp_path: Path) -> None:
    pdf = lecture_pdf(tmp_path / "locked.pdf", password="s3cret")
    (refused,) = ingest(store, data_dir, pdf)
    assert refused["status"] == "failed" and "password" in refused["error"]
    (opened,) = ingest(store, data_dir, pdf, password="s3cret")
    assert opened["status"] == "done"
    assert "password" not in list_materials(store)[0].meta["import_options"]


BAD_FILES = {
    "corrupt.pdf": b"%PDF-1.7\n" + bytes(range(256)) * 40,
    "empty.txt": b"",
    "binary.txt": bytes(range(256)) * 400,
    "slides.pptx": b"PK\x03\x04 not supported here",
}


@pytest.mark.parametrize("name", sorted(BAD_FILES))
def test_bad_files_fail_with_their_name_and_change_nothing(
    store: Store, data_dir: Path, tmp_path: Path, name: str
) -> None:
    path = tmp_path / name
    path.write_bytes(BAD_FILES[name])
    (item,) = ingest(store, data_dir, path)
    assert item["status"] == "failed"
    assert name in item["error"] and "\n" not in item["error"]
    assert store.db["materials"].count == 0 and store.db["sections"].count == 0


def sensemaking(data_dir: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "sensemaking_desktop", "--data-dir", str(data_dir), *args],
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_cli_imports_good_files_reports_bad_ones_and_keeps_no_finished_job(tmp_path: Path) -> None:
    folder = tmp_path / "Kurs Übungen"
    folder.mkdir()
    good = lecture_pdf(folder / "Vorlesung 1 – Verdunstung.pdf")
    notes = folder / "notizen.md"
    notes.write_text(
        "# Wasser\n\nWasser verdunstet über dem Meer.\n\n# Regen\n\nWolken geben Regen.\n", encoding="cp1252"
    )
    bad = folder / "kaputt.pdf"
    bad.write_bytes(b"%PDF-1.4 broken")
    data = tmp_path / "data"
    result = sensemaking(data, "ingest", str(good), str(notes), str(bad), "--section-tokens", "600", "--json")
    assert result.returncode == 1
    outcomes = {Path(entry["path"]).name: entry for entry in json.loads(result.stdout)}
    assert outcomes["Vorlesung 1 – Verdunstung.pdf"]["sections"] == 2
    assert outcomes["notizen.md"]["status"] == "done"
    assert outcomes["kaputt.pdf"]["status"] == "failed" and "kaputt.pdf" in outcomes["kaputt.pdf"]["error"]
    assert "Traceback" not in result.stderr
    assert result.stderr.strip().endswith("error: 1 of 3 files could not be imported; the others are in the library.")
    assert json.loads(sensemaking(data, "jobs", "list", "--json").stdout) == []
    listed = json.loads(sensemaking(data, "materials", "list", "--json").stdout)
    assert sorted(material["kind"] for material in listed) == ["markdown", "pdf"]
    shown = json.loads(sensemaking(data, "materials", "show", str(listed[1]["id"]), "--json").stdout)
    (section,) = shown["sections"]
    assert (
        section["title"] == "Wasser" and "über dem Meer" in section["text"] and "Wolken geben Regen." in section["text"]
    )


@pytest.mark.skipif(not espeak_available(), reason="espeak-ng makes the speech (apt-get install espeak-ng)")
def test_a_recording_becomes_a_material_with_time_ranges(store: Store, data_dir: Path, tmp_path: Path) -> None:
    recording = speak(
        "Water evaporates from the sea. Clouds carry it over the land, where it falls as rain.",
        tmp_path / "lecture one.wav",
    )
    (item,) = ingest(store, data_dir, recording, asr_model="tiny.en", language="en")
    assert item["status"] == "done", item["error"]
    (material,) = list_materials(store)
    assert (material.kind, material.language) == ("audio", "en")
    assert material.meta["asr_backend"] == "faster-whisper" and material.meta["asr_model"] == "tiny.en"
    (section,) = sections_of(store, material.id)
    assert section.start_s is not None and section.end_s > section.start_s
    assert "rain" in section.text.lower()


def test_every_reader_bound_by_name_names_an_extractor_that_exists() -> None:
    """The plain readers name their module and function as text (imported on first use), so a
    misspelt one would fail only when someone imports that kind of file."""
    plain = [reader.keywords for reader in READERS.values() if isinstance(reader, partial)]
    assert len(plain) >= 9
    for named in plain:
        module = importlib.import_module(f"sensemaking_desktop.ingest.{named['module']}")
        assert callable(getattr(module, named["function"]))
