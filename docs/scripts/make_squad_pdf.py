"""A PDF of the first 12 paragraphs of a SQuAD 2.0 dev article, to try the floor on material it
was not tuned on (docs/teacher-student.md, "second pass"): the article's title in the PDF's
metadata and as a large first line, a heading before every fourth paragraph, page numbers.

Reads ../shared (SQuAD 2.0 dev, CC BY-SA 4.0); never a dependency of the app.

    .venv/bin/python docs/scripts/make_squad_pdf.py ../shared/eval-data/squad2-dev-slice/original/dev-v2.0.json \\
        Warsaw "City,History,Culture" warsaw.pdf

Rounds 3 and 4 used DejaVu Sans (the default here, where installed); rounds 1 and 2 used the
PDF's built-in Helvetica, which writes characters outside Latin-1 (an en dash) as "?".
"""

import json
import sys
from pathlib import Path

import pymupdf

FONT = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
PARAGRAPHS, PER_HEADING = 12, 4
LEFT, RIGHT, TOP, BOTTOM = 72, 523, 72, 780


def paragraphs(squad: Path, title: str) -> list[str]:
    data = json.loads(squad.read_text(encoding="utf-8"))["data"]
    article = next(entry for entry in data if entry["title"] == title)
    return [paragraph["context"] for paragraph in article["paragraphs"][:PARAGRAPHS]]


def write(texts: list[str], title: str, headings: list[str], out: Path) -> int:
    font = {"fontname": "dv", "fontfile": str(FONT)} if FONT.exists() else {}
    document = pymupdf.open()
    document.set_metadata({"title": title})
    page, y = document.new_page(), TOP
    page.insert_text((LEFT, y), title, fontsize=20)
    y += 40
    for index, text in enumerate(texts):
        if index % PER_HEADING == 0:
            if y > 600:
                page, y = document.new_page(), TOP
            page.insert_text((LEFT, y), headings[index // PER_HEADING], fontsize=14)
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


if __name__ == "__main__":
    squad, title, headings, out = Path(sys.argv[1]), sys.argv[2], sys.argv[3].split(","), Path(sys.argv[4])
    print(write(paragraphs(squad, title), title.replace("_", " "), headings, out), "pages")
