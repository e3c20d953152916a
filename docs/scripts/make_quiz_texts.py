"""The texts of the quiz readings (docs/teacher-student.md, "December 2026"): eight materials per
set, four English (two of them PDFs with a title and headings), two German, two Ukrainian, to read
`teach --count 3` item by item.

Reads ../shared only (SQuAD 2.0 dev, CC BY-SA 4.0; RTE3-DE, CC BY 3.0; the ELOQUENT 2025
Ukrainian biology textbook); never a dependency of the app.

    .venv/bin/python docs/scripts/make_quiz_texts.py ../shared/eval-data OUT [SET, default first]

- first: the set the December rules were written on.
- held-out: read once after the first round of rules, then tuned on too.
- final: read once, after the last rule; its reading is the figure reported (then tuned on too).
- tune-2: the second December round's rules were written on it.
- final-2: read once on the code after those rules, then tuned on in the third round.
- final-3: read once on the code after the third round's rules, never tuned on.
- final-4: read once on the code after the fourth round (issue 45's verbs in options), then tuned on.
- final-5: read once on the code after the fifth round (pointing back, options from the whole material), then tuned on.
- final-6: read once on the code after the sixth round (final-5's faults), never tuned on.

A SQuAD text is 12 paragraphs of an article from a given paragraph on (PDFs through
make_squad_pdf.py's writer: metadata title, a bold title line, a bold heading every four
paragraphs, page numbers); an RTE3-DE text is 25 distinct premises of one task from a given
premise on, with a heading every five; a Ukrainian text is 12,000 characters of a chapter from a
given character on. No two sets share a paragraph, premise or character range.
"""

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from make_squad_pdf import part_headings, write  # noqa: E402

PARAGRAPHS, PREMISES, PER_HEADING, UK_CHARACTERS = 12, 25, 5, 12_000
BEHAVIOUR, LIFE, DIVERSITY = (
    "topic03-Поведінка тварин",
    "topic02-Процеси життєдіяльностітварин",
    "topic01-Різноманітність тварин",
)
SETS = {
    "first": {
        "squad_pdf": {
            "en-french-indian-war.pdf": ("French_and_Indian_War", 0),
            "en-imperialism.pdf": ("Imperialism", 0),
        },
        "squad_text": {"en-islamism.txt": ("Islamism", 0), "en-steam-engine.txt": ("Steam_engine", 0)},
        "rte": {"de-rte-sum.txt": ("test", "SUM", "Nachrichten"), "de-rte-ir.txt": ("test", "IR", "Meldungen")},
        "uk": {"uk-behaviour.txt": (BEHAVIOUR, 0), "uk-life-processes.txt": (LIFE, 0)},
    },
    "held-out": {
        "squad_pdf": {"en-warsaw-later.pdf": ("Warsaw", 12), "en-harvard-later.pdf": ("Harvard_University", 12)},
        "squad_text": {"en-normans-later.txt": ("Normans", 12), "en-yuan-later.txt": ("Yuan_dynasty", 12)},
        "rte": {"de-rte-qa.txt": ("test", "QA", "Fragen der Zeit"), "de-rte-ie.txt": ("test", "IE", "Berichte")},
        "uk": {"uk-behaviour-later.txt": (BEHAVIOUR, 12_000), "uk-diversity-later.txt": (DIVERSITY, 30_000)},
    },
    "final": {
        "squad_pdf": {"en-eu-law.pdf": ("European_Union_law", 0), "en-immune-later.pdf": ("Immune_system", 24)},
        "squad_text": {
            "en-huguenot-later.txt": ("Huguenot", 24),
            "en-complexity-later.txt": ("Computational_complexity_theory", 24),
        },
        "rte": {
            "de-rte-dev-sum.txt": ("dev", "SUM", "Wirtschaft"),
            "de-rte-dev-qa.txt": ("dev", "QA", "Aus aller Welt"),
        },
        "uk": {"uk-life-later.txt": (LIFE, 40_000), "uk-diversity-far.txt": (DIVERSITY, 80_000)},
    },
    "tune-2": {
        "squad_pdf": {"en-force-later.pdf": ("Force", 24), "en-scottish-later.pdf": ("Scottish_Parliament", 24)},
        "squad_text": {
            "en-oil-crisis-later.txt": ("1973_oil_crisis", 12),
            "en-packets-later.txt": ("Packet_switching", 12),
        },
        "rte": {
            "de-rte-dev-ir.txt": ("dev", "IR", "Meldungen", 0),
            "de-rte-dev-ie.txt": ("dev", "IE", "Berichte", 0),
        },
        "uk": {"uk-life-middle.txt": (LIFE, 28_000), "uk-diversity-middle.txt": (DIVERSITY, 56_000)},
    },
    "final-2": {
        "squad_pdf": {"en-steam-far.pdf": ("Steam_engine", 24), "en-islamism-far.pdf": ("Islamism", 24)},
        "squad_text": {
            "en-french-indian-war-far.txt": ("French_and_Indian_War", 24),
            "en-imperialism-far.txt": ("Imperialism", 24),
        },
        "rte": {
            "de-rte-dev-ir-far.txt": ("dev", "IR", "Nachrichten", 100),
            "de-rte-dev-ie-far.txt": ("dev", "IE", "Aus aller Welt", 100),
        },
        "uk": {"uk-life-early.txt": (LIFE, 12_000), "uk-diversity-late.txt": (DIVERSITY, 112_000)},
    },
    "final-3": {
        "squad_pdf": {"en-warsaw-far.pdf": ("Warsaw", 36), "en-yuan-far.pdf": ("Yuan_dynasty", 24)},
        "squad_text": {"en-normans-far.txt": ("Normans", 24), "en-immune-early.txt": ("Immune_system", 0)},
        "rte": {
            "de-rte-sum-far.txt": ("test", "SUM", "Wirtschaft", 50),
            "de-rte-qa-far.txt": ("test", "QA", "Fragen der Zeit", 100),
        },
        "uk": {"uk-diversity-early.txt": (DIVERSITY, 0), "uk-life-end.txt": (LIFE, 52_500)},
    },
    "final-4": {
        "squad_pdf": {"en-huguenot-early.pdf": ("Huguenot", 0), "en-force-early.pdf": ("Force", 0)},
        "squad_text": {
            "en-scottish-early.txt": ("Scottish_Parliament", 0),
            "en-eu-law-far.txt": ("European_Union_law", 24),
        },
        "rte": {
            "de-rte-ir-far.txt": ("test", "IR", "Meldungen", 50),
            "de-rte-ie-far.txt": ("test", "IE", "Berichte", 50),
        },
        "uk": {"uk-behaviour-far.txt": (BEHAVIOUR, 24_000), "uk-diversity-95k.txt": (DIVERSITY, 95_000)},
    },
    "final-5": {
        "squad_pdf": {
            "en-harvard-early.pdf": ("Harvard_University", 0),
            "en-oil-crisis-early.pdf": ("1973_oil_crisis", 0),
        },
        "squad_text": {
            "en-complexity-early.txt": ("Computational_complexity_theory", 0),
            "en-packets-early.txt": ("Packet_switching", 0),
        },
        "rte": {
            "de-rte-dev-qa-50.txt": ("dev", "QA", "Aus aller Welt", 50),
            "de-rte-sum-100.txt": ("test", "SUM", "Wirtschaft", 100),
        },
        "uk": {"uk-diversity-15k.txt": (DIVERSITY, 15_000), "uk-diversity-43k.txt": (DIVERSITY, 43_000)},
    },
    "final-6": {
        "squad_pdf": {"en-normans-early.pdf": ("Normans", 0), "en-yuan-early.pdf": ("Yuan_dynasty", 0)},
        "squad_text": {"en-immune-middle.txt": ("Immune_system", 12), "en-steam-middle.txt": ("Steam_engine", 12)},
        "rte": {
            "de-rte-dev-ir-50.txt": ("dev", "IR", "Meldungen", 50),
            "de-rte-ie-100.txt": ("test", "IE", "Berichte", 100),
        },
        "uk": {"uk-diversity-68k.txt": (DIVERSITY, 68_000), "uk-diversity-125k.txt": (DIVERSITY, 125_000)},
    },
}


def squad_paragraphs(squad: Path, title: str, first: int) -> list[str]:
    data = json.loads(squad.read_text(encoding="utf-8"))["data"]
    article = next(entry for entry in data if entry["title"] == title)
    return [paragraph["context"] for paragraph in article["paragraphs"][first : first + PARAGRAPHS]]


def squad_text(squad: Path, title: str, first: int) -> str:
    return "\n\n".join([title.replace("_", " "), *squad_paragraphs(squad, title, first)]) + "\n"


def rte_text(rte: Path, task: str, heading: str, first: int = 0) -> str:
    rows = [json.loads(line) for line in rte.read_text(encoding="utf-8").splitlines() if line.strip()]
    premises = list(dict.fromkeys(row["premise"] for row in rows if row["task"] == task))[first : first + PREMISES]
    parts = [heading]
    for index, premise in enumerate(premises):
        if index % PER_HEADING == 0:
            parts.append(f"{heading} {index // PER_HEADING + 1}")
        parts.append(premise)
    return "\n\n".join(parts) + "\n"


def uk_text(chapter: Path, start: int) -> str:
    text = chapter.read_text(encoding="utf-8")
    if start >= len(text):
        raise SystemExit(f"{chapter.parent.name} has {len(text)} characters; {start} is past its end.")
    if start:
        text = text[text.find(". ", start) + 2 :]
    cut = text.rfind(". ", 0, UK_CHARACTERS)
    return text[: cut + 1] + "\n"


def main(data: Path, out: Path, name: str) -> None:
    texts = SETS[name]
    out.mkdir(parents=True, exist_ok=True)
    squad = data / "squad2-dev-slice" / "original" / "dev-v2.0.json"
    for file, (title, first) in texts["squad_pdf"].items():
        paragraphs = squad_paragraphs(squad, title, first)
        print(file, write(paragraphs, title.replace("_", " "), part_headings(len(paragraphs)), out / file), "pages")
    for file, (title, first) in texts["squad_text"].items():
        (out / file).write_text(squad_text(squad, title, first), encoding="utf-8")
    for file, (split, task, heading, *first) in texts["rte"].items():
        rte = data / "rte3-de" / f"{split}.jsonl"
        (out / file).write_text(rte_text(rte, task, heading, *first), encoding="utf-8")
    book = data / "eloquent2025-devset" / "devset" / "ukrbiology" / "book01"
    for file, (chapter, start) in texts["uk"].items():
        (out / file).write_text(uk_text(book / chapter / "text.txt", start), encoding="utf-8")


if __name__ == "__main__":
    main(Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3] if len(sys.argv) > 3 else "first")
