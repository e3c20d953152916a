"""Every hyphen at a line end in the shared eval PDFs, sorted by what the rest of the document says
about the word: its joined form occurs elsewhere, its hyphenated form does, the next line starts
with a capital, or neither form occurs (those are printed to be read one by one). Run from the
repository root:

    .venv/bin/python docs/scripts/measure_hyphenation.py [EVAL_DATA]
"""

import re
import sys
from collections import Counter
from pathlib import Path

import pymupdf

EVAL_DATA = Path("/work/shared/eval-data")
WORD = re.compile(r"\w+(?:[-‐]\w+)*")
CUT = re.compile(r"(\w+)[-‐]$")
FIRST = re.compile(r"\w+")


def block_lines(path: Path) -> list[list[str]]:
    """The text lines of each text block of each page."""
    blocks = []
    for page in pymupdf.open(path):
        for block in page.get_text("dict")["blocks"]:
            if block["type"] == 0:
                lines = ("".join(span["text"] for span in line["spans"]).strip() for line in block["lines"])
                blocks.append([line for line in lines if line])
    return blocks


def kind(head: str, tail: str, words: set[str]) -> str:
    if not (head[-1].isalpha() and tail[0].islower()):
        return "capital or digit"
    if (head + tail).casefold() in words:
        return "joined form elsewhere"
    if f"{head}-{tail}".casefold() in words:
        return "hyphenated form elsewhere"
    return "neither"


def main(eval_data: Path) -> None:
    for path in sorted(eval_data.rglob("*.pdf")):
        blocks = block_lines(path)
        words = {word.casefold() for lines in blocks for line in lines for word in WORD.findall(line)}
        counts: Counter[str] = Counter()
        for lines in blocks:
            for before, after in zip(lines, lines[1:]):
                cut, first = CUT.search(before), FIRST.match(after)
                if cut and first:
                    found = kind(cut.group(1), first.group(0), words)
                    counts[found] += 1
                    if found == "neither":
                        print(f"    {cut.group(1)}- {first.group(0)}")
        if counts:
            print(path.relative_to(eval_data), dict(counts))


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else EVAL_DATA)
