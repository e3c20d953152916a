"""Word and PowerPoint 97-2003 files: converted by LibreOffice when it is installed, else refused
with a line that says how to convert them."""

import shutil
import subprocess
from pathlib import Path

import pytest
from documents import LIGHT, lecture_docx, lecture_pptx

from sensemaking_desktop.ingest.container import OLE_SIGNATURE
from sensemaking_desktop.ingest.errors import IngestError
from sensemaking_desktop.ingest.legacy import extract_legacy

soffice = shutil.which("soffice")
needs_libreoffice = pytest.mark.skipif(soffice is None, reason="LibreOffice is not installed")


def legacy_copy(source: Path, target: str) -> Path:
    """The file saved in the old binary format by LibreOffice itself."""
    profile = (source.parent / "profile").as_uri()
    command = [soffice, f"-env:UserInstallation={profile}", "--headless", "--convert-to", target]
    subprocess.run(
        [*command, "--outdir", str(source.parent), str(source)], check=True, capture_output=True, timeout=180
    )
    return source.with_suffix(f".{target}")


@needs_libreoffice
def test_a_doc_file_is_converted_and_read(tmp_path: Path) -> None:
    extracted = extract_legacy(legacy_copy(lecture_docx(tmp_path / "lecture.docx"), "doc"))
    assert (extracted.kind, extracted.meta["converted_with"]) == ("doc", "LibreOffice")
    assert ("Pigments", "Light reactions › Pigments") in [
        (block.text, block.heading_path) for block in extracted.blocks if block.heading_level
    ]
    assert any(block.text.startswith(LIGHT) for block in extracted.blocks)


@needs_libreoffice
def test_a_ppt_file_is_converted_and_read_slide_by_slide(tmp_path: Path) -> None:
    extracted = extract_legacy(legacy_copy(lecture_pptx(tmp_path / "cells.pptx"), "ppt"))
    assert extracted.kind == "ppt"
    assert [(block.page, block.text) for block in extracted.blocks if block.heading_level] == [
        (1, "Cells"),
        (2, "Organelles"),
        (3, "Sizes"),
    ]


def test_without_libreoffice_a_doc_file_is_refused_with_how_to_convert_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "old.doc"
    path.write_bytes(OLE_SIGNATURE + bytes(4096))
    monkeypatch.setenv("PATH", str(tmp_path / "nothing-here"))
    with pytest.raises(IngestError) as refused:
        extract_legacy(path)
    assert str(refused.value) == (
        "old.doc is in the old Word 97-2003 format: install LibreOffice to import it, "
        "or save it as .docx (Word: File › Save As) and import that."
    )


def test_a_text_file_named_doc_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "notes.doc"
    path.write_text("plain text, not Word")
    with pytest.raises(IngestError, match=r"^notes\.doc is not a Word 97-2003 file"):
        extract_legacy(path)
