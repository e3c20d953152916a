"""`sensemaking ingest` reports each file's outcome: the new material with its sections, or the
material already holding the same file, in lines and as JSON with the keys it always had."""

import json
from pathlib import Path

from cli_process import sensemaking

NOTES = "Water evaporates from the sea. It falls again as rain over the land and flows back to the sea."


def test_a_new_file_then_the_same_file_again(tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text(NOTES, encoding="utf-8")
    data = tmp_path / "data"
    first = sensemaking(data, "ingest", str(notes))
    assert first.returncode == 0, first.stderr
    assert first.stdout.strip() == "notes.txt: material 1 (1 section)"
    again = json.loads(sensemaking(data, "ingest", str(notes), "--json").stdout)
    assert again == [
        {
            "path": str(notes.resolve()),
            "status": "done",
            "error": None,
            "material_id": 1,
            "title": "notes",
            "existing": True,
        }
    ]
    said = sensemaking(data, "ingest", str(notes)).stdout.strip()
    assert said == "notes.txt: already in the library as material 1 (notes); use --again to import it once more"


def test_a_password_protected_pdf_names_the_option_that_opens_it(tmp_path: Path) -> None:
    import pymupdf

    document = pymupdf.open()
    document.new_page().insert_text((50, 80), "Exam answers are kept here.")
    locked = tmp_path / "locked.pdf"
    document.save(locked, encryption=pymupdf.PDF_ENCRYPT_AES_256, user_pw="secret", owner_pw="owner")
    data = tmp_path / "data"
    refused = sensemaking(data, "ingest", str(locked))
    assert refused.returncode == 1 and "locked.pdf is password-protected" in refused.stderr
    assert "--password" in refused.stderr and "Traceback" not in refused.stderr
    opened = sensemaking(data, "ingest", str(locked), "--password", "secret")
    assert opened.returncode == 0 and opened.stdout.strip() == "locked.pdf: material 1 (1 section)", opened.stderr
