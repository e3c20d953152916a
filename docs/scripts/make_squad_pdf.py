"""A PDF of the first 12 paragraphs of a SQuAD 2.0 dev article, to try the floor on material it
was not tuned on (docs/teacher-student.md, "second pass"): the article's title in the PDF's
metadata and as a large bold first line, a bold heading before every fourth paragraph, page
numbers. The headings are the comma-separated third argument; left out, they are "Part 1",
"Part 2", ... (SQuAD gives an article no section titles of its own). A PDF with headings is
what the importer's title and section detection is tested on (issue 45, point 5).

Reads ../shared (SQuAD 2.0 dev, CC BY-SA 4.0); never a dependency of the app.

    .venv/bin/python docs/scripts/make_squad_pdf.py ../shared/eval-data/squad2-dev-slice/original/dev-v2.0.json \\
        Warsaw "City,History,Culture" warsaw.pdf
    .venv/bin/python docs/scripts/make_squad_pdf.py ../shared/eval-data/squad2-dev-slice/original/dev-v2.0.json \\
        Warsaw warsaw.pdf

Rounds 3 and 4 used DejaVu Sans (the default here, where installed); rounds 1 and 2 used the
PDF's built-in Helvetica, which writes characters outside Latin-1 (an en dash) as "?". Those
rounds set the title and headings in regular Helvetica; they are now bold (DejaVu Sans Bold
where installed, else Helvetica Bold), 20 and 14 points over 10.5-point body text.
"""

import argparse
import json
from pathlib import Path

import pymupdf

FONT = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
BOLD = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf")
PARAGRAPHS, PER_HEADING = 12, 4
LEFT, RIGHT, TOP, BOTTOM = 72, 523, 72, 780


def paragraphs(squad: Path, title: str) -> list[str]:
    data = json.loads(squad.read_text(encoding="utf-8"))["data"]
    article = next(entry for entry in data if entry["title"] == title)
    return [paragraph["context"] for paragraph in article["paragraphs"][:PARAGRAPHS]]


def part_headings(count: int) -> list[str]:
    """ "Part 1", "Part 2", ...: one per PER_HEADING paragraphs, when no headings are given."""
    return [f"Part {number}" for number in range(1, (count + PER_HEADING - 1) // PER_HEADING + 1)]


def write(texts: list[str], title: str, headings: list[str], out: Path) -> int:
    font = {"fontname": "dv", "fontfile": str(FONT)} if FONT.exists() else {}
    bold = {"fontname": "dvb", "fontfile": str(BOLD)} if BOLD.exists() else {"fontname": "hebo"}
    document = pymupdf.open()
    document.set_metadata({"title": title})
    page, y = document.new_page(), TOP
    page.insert_text((LEFT, y), title, fontsize=20, **bold)
    y += 40
    for index, text in enumerate(texts):
        if index % PER_HEADING == 0:
            if y > 600:
                page, y = document.new_page(), TOP
            page.insert_text((LEFT, y), headings[index // PER_HEADING], fontsize=14, **bold)
            y += 24
        if y > 700:
            page, y = document.new_page(), TOP
        left = page.insert_textbox(pymupdf.Rect(LEFT, y, RIGHT, BOTTOM), text, fontsize=10.5, **font)
        if left < 0:
            page, y = document.new_page(), TOP
            left = page.insert_textbox(pymupdf.Rect(LEFT, y, RIGHT, BOTTOM), text, fontsize=10.5, **font)
        y = BOTTOM - left + 14
    for number, each in enumerate(document, start=1):
        each.insert_text((290, 810), str(number), fontsize=9)
    document.save(out)
    return len(document)


def arguments(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line: SQUAD TITLE [HEADINGS] OUT, as the examples above give it; a usage message, not
    a traceback, where it is wrong or --help asks for it."""
    parser = argparse.ArgumentParser(
        prog="make_squad_pdf.py",
        usage="%(prog)s [-h] SQUAD TITLE [HEADINGS] OUT",
        description="A PDF of the first 12 paragraphs of a SQuAD 2.0 dev article, with a title and headings.",
        epilog=(
            "Example, from the repository root beside the shared data: %(prog)s "
            "../shared/eval-data/squad2-dev-slice/original/dev-v2.0.json Normans normans.pdf "
            "(articles: Normans, Huguenot, Warsaw, Force, ... as the JSON's titles name them)."
        ),
    )
    parser.add_argument("squad", type=Path, help="SQuAD 2.0 dev JSON (dev-v2.0.json)")
    parser.add_argument("title", help="the article's title in SQuAD (Warsaw; underscores become spaces in the PDF)")
    parser.add_argument("rest", nargs="+", metavar="[HEADINGS] OUT", help="comma-separated headings, then the PDF")
    parsed = parser.parse_args(argv)
    if len(parsed.rest) > 2:
        parser.error("give at most HEADINGS and OUT after the title")
    parsed.out = Path(parsed.rest[-1])
    parsed.headings = parsed.rest[0].split(",") if len(parsed.rest) == 2 else None
    return parsed


if __name__ == "__main__":
    given = arguments()
    texts = paragraphs(given.squad, given.title)
    headings = given.headings or part_headings(len(texts))
    print(write(texts, given.title.replace("_", " "), headings, given.out), "pages")
