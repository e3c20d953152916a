"""`bench ingest` reads every document format it generates (speed itself is not asserted)."""

import shutil
from pathlib import Path

import pytest

from sensemaking_desktop.bench import documents
from sensemaking_desktop.bench import ingest as ingest_bench


def test_document_figures_cover_every_format(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ingest_bench, "FILES", 1)
    monkeypatch.setattr(ingest_bench, "PICTURES", 1)
    figures = ingest_bench.document_figures(tmp_path)
    for suffix in ("docx", "odt", "pptx", "odp", "html", "srt", "vtt"):
        assert figures[suffix]["files"] == 1 and figures[suffix]["files_per_s"] > 0, suffix
    assert figures["pptx"]["slides_per_s"] > 0 and figures["odp"]["slides_per_s"] > 0
    assert figures["srt"]["cues_per_s"] > 0 and figures["vtt"]["cues_per_s"] > 0
    assert figures["docx"]["sections_per_file"] >= documents.SECTIONS // 2
    if shutil.which("tesseract"):
        assert figures["png_ocr"]["pages_per_s"] > 0
    else:
        assert figures["png_ocr"] == "Tesseract not installed"
