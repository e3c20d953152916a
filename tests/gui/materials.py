"""Files for the GUI tests: a small PDF with pages and headings, and short Markdown notes."""

from pathlib import Path

import pymupdf

from sensemaking_desktop.samples import load_sample

NOTES = (
    "Evaporation turns liquid water into water vapour when the sun heats the sea. "
    "The vapour rises and cools. Condensation then forms tiny droplets, and the droplets make clouds. "
    "When the droplets grow heavy they fall as rain, snow or hail. This is called precipitation. "
    "Some rain soaks into the ground; this is infiltration. The rest runs off into rivers and back to the sea."
)


def lecture_pdf(path: Path) -> Path:
    """Three pages of the sample text under two headings (a table of contents)."""
    document = pymupdf.open()
    paragraphs = [p for p in load_sample().text.split("\n\n") if not p.startswith("#")]
    for chunk in (paragraphs[:3], paragraphs[3:6], paragraphs[6:9]):
        page = document.new_page()
        page.insert_textbox((72, 72, 520, 770), "\n\n".join(chunk), fontsize=10)
    document.set_toc([[1, "Evaporation", 1], [1, "Groundwater", 3]])
    document.save(path)
    return path


def notes(path: Path, headings: int = 1) -> Path:
    """Markdown with `headings` sections, each holding the short water-cycle text."""
    path.write_text("".join(f"# Part {n}\n\n{NOTES}\n\n" for n in range(1, headings + 1)), encoding="utf-8")
    return path
