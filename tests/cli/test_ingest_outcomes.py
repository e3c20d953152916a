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
    assert first.stdout.strip() == "notes.txt: material 1 (1 sections)"
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
