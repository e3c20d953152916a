"""The eight texts of the quiz reading (docs/teacher-student.md, "December 2026"): materials the
floor's rules were never written on, to read `teach --count 3` item by item.

Reads ../shared only (SQuAD 2.0 dev, CC BY-SA 4.0; RTE3-DE test, CC BY 3.0; the ELOQUENT 2025
Ukrainian biology textbook); never a dependency of the app.

    .venv/bin/python docs/scripts/make_quiz_texts.py ../shared/eval-data /tmp/quiz-texts [--held-out]

The first set (the one the rules of December 2026 were written on) is
en-french-indian-war.pdf and en-imperialism.pdf (with make_squad_pdf.py: title, headings,
page numbers), en-islamism.txt and en-steam-engine.txt (a title line and the paragraphs),
de-rte-sum.txt and de-rte-ir.txt (25 distinct RTE3-DE test premises of one task each, a heading
every five), uk-behaviour.txt and uk-life-processes.txt (12,000 characters of two textbook
chapters, from their first paragraph on).

--held-out writes the set that was read once, after the rules were fixed: en-warsaw-later.pdf
and en-harvard-later.pdf (SQuAD paragraphs 13-24 of articles whose first 12 were read in
earlier rounds), en-normans-later.txt and en-yuan-later.txt (the same), de-rte-qa.txt and
de-rte-ie.txt, uk-behaviour-later.txt (characters 12,000-24,000 of the behaviour chapter) and
uk-diversity-later.txt (characters 30,000-42,000 of the diversity chapter).
"""

import json
import subprocess
import sys
from pathlib import Path

SQUAD_PDFS = {"en-french-indian-war.pdf": "French_and_Indian_War", "en-imperialism.pdf": "Imperialism"}
SQUAD_TEXTS = {"en-islamism.txt": "Islamism", "en-steam-engine.txt": "Steam_engine"}
RTE_TEXTS = {"de-rte-sum.txt": ("SUM", "Nachrichten"), "de-rte-ir.txt": ("IR", "Meldungen")}
UK_TEXTS = {
    "uk-behaviour.txt": "topic03-Поведінка тварин",
    "uk-life-processes.txt": "topic02-Процеси життєдіяльностітварин",
}
PARAGRAPHS, PREMISES, PER_HEADING, UK_CHARACTERS = 12, 25, 5, 12_000
HELD_OUT_PDFS = {"en-warsaw-later.pdf": "Warsaw", "en-harvard-later.pdf": "Harvard_University"}
HELD_OUT_TEXTS = {"en-normans-later.txt": "Normans", "en-yuan-later.txt": "Yuan_dynasty"}
HELD_OUT_RTE = {"de-rte-qa.txt": ("QA", "Fragen der Zeit"), "de-rte-ie.txt": ("IE", "Berichte")}
HELD_OUT_UK = {
    "uk-behaviour-later.txt": ("topic03-Поведінка тварин", 12_000),
    "uk-diversity-later.txt": ("topic01-Різноманітність тварин", 30_000),
}


def squad_paragraphs(squad: Path, title: str, first: int = 0) -> list[str]:
    data = json.loads(squad.read_text(encoding="utf-8"))["data"]
    article = next(entry for entry in data if entry["title"] == title)
    return [paragraph["context"] for paragraph in article["paragraphs"][first : first + PARAGRAPHS]]


def squad_text(squad: Path, title: str, first: int = 0) -> str:
    return "\n\n".join([title.replace("_", " "), *squad_paragraphs(squad, title, first)]) + "\n"


def rte_text(rte: Path, task: str, heading: str) -> str:
    rows = [json.loads(line) for line in rte.read_text(encoding="utf-8").splitlines() if line.strip()]
    premises = list(dict.fromkeys(row["premise"] for row in rows if row["task"] == task))[:PREMISES]
    parts = [heading]
    for index, premise in enumerate(premises):
        if index % PER_HEADING == 0:
            parts.append(f"{heading} {index // PER_HEADING + 1}")
        parts.append(premise)
    return "\n\n".join(parts) + "\n"


def uk_text(chapter: Path, start: int = 0) -> str:
    text = chapter.read_text(encoding="utf-8")
    if start:
        text = text[text.find(". ", start) + 2 :]
    cut = text.rfind(". ", 0, UK_CHARACTERS)
    return text[: cut + 1] + "\n"


def held_out(data: Path, out: Path) -> None:
    squad = data / "squad2-dev-slice" / "original" / "dev-v2.0.json"
    sys.path.insert(0, str(Path(__file__).parent))
    from make_squad_pdf import part_headings, write

    for name, title in HELD_OUT_PDFS.items():
        texts = squad_paragraphs(squad, title, PARAGRAPHS)
        write(texts, title.replace("_", " "), part_headings(len(texts)), out / name)
    for name, title in HELD_OUT_TEXTS.items():
        (out / name).write_text(squad_text(squad, title, PARAGRAPHS), encoding="utf-8")
    for name, (task, heading) in HELD_OUT_RTE.items():
        (out / name).write_text(rte_text(data / "rte3-de" / "test.jsonl", task, heading), encoding="utf-8")
    book = data / "eloquent2025-devset" / "devset" / "ukrbiology" / "book01"
    for name, (chapter, start) in HELD_OUT_UK.items():
        (out / name).write_text(uk_text(book / chapter / "text.txt", start), encoding="utf-8")


def main(data: Path, out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    squad = data / "squad2-dev-slice" / "original" / "dev-v2.0.json"
    maker = Path(__file__).with_name("make_squad_pdf.py")
    for name, title in SQUAD_PDFS.items():
        subprocess.run([sys.executable, str(maker), str(squad), title, str(out / name)], check=True)
    for name, title in SQUAD_TEXTS.items():
        (out / name).write_text(squad_text(squad, title), encoding="utf-8")
    for name, (task, heading) in RTE_TEXTS.items():
        (out / name).write_text(rte_text(data / "rte3-de" / "test.jsonl", task, heading), encoding="utf-8")
    book = data / "eloquent2025-devset" / "devset" / "ukrbiology" / "book01"
    for name, chapter in UK_TEXTS.items():
        (out / name).write_text(uk_text(book / chapter / "text.txt"), encoding="utf-8")


if __name__ == "__main__":
    if "--held-out" in sys.argv:
        Path(sys.argv[2]).mkdir(parents=True, exist_ok=True)
        held_out(Path(sys.argv[1]), Path(sys.argv[2]))
    else:
        main(Path(sys.argv[1]), Path(sys.argv[2]))
