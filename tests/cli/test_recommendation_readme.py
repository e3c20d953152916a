"""The README's table of recommended models says what llm/recommend.py chooses, row by row, and
its download command names the model it recommends for the most common laptop."""

import re
from pathlib import Path

from sensemaking_desktop.llm.catalogue import load_catalogue
from sensemaking_desktop.llm.recommend import recommend

README = Path(__file__).parents[2] / "README.md"
ROW = re.compile(r"^\| ([^|]*GB of memory[^|]*) \| ([^,|]+), a ([\d.]+) GB download \|", re.MULTILINE)


def machines(cell: str) -> list[tuple[int, int]]:
    """(RAM, GPU memory) in bytes for each size a row names: "8 or 16 GB of memory, no graphics card"."""
    memory, _, card = cell.partition("of memory")
    gpu = re.search(r"graphics card with (\d+) GB", card)
    gpu_bytes = int(gpu.group(1)) * 1_000_000_000 if gpu else 0
    return [(int(number) * 1_000_000_000, gpu_bytes) for number in re.findall(r"\d+", memory)]


def readme_rows() -> list[tuple[str, str, str]]:
    return ROW.findall(README.read_text(encoding="utf-8"))


def test_every_row_names_the_model_recommend_chooses_for_that_machine() -> None:
    rows = readme_rows()
    assert len(rows) >= 3, "the README's model table"
    chosen = set()
    for cell, title, download in rows:
        for ram, gpu in machines(cell):
            recommendation = recommend(load_catalogue(), ram_bytes=ram, gpu_memory_bytes=gpu)
            assert recommendation is not None, cell
            entry = recommendation.entry
            assert entry.title.startswith(title + " ("), f"{cell}: the README says {title}, the app {entry.title}"
            assert f"{entry.size_bytes / 1e9:.1f}" == download, cell
            chosen.add(entry.name)
    assert len(chosen) >= 3, "the rows differ, so a table that named one model everywhere would fail"


def test_the_download_command_names_the_model_for_an_8_gb_laptop() -> None:
    commands = re.findall(r"^sensemaking models download (\S+)", README.read_text(encoding="utf-8"), re.MULTILINE)
    laptop = recommend(load_catalogue(), ram_bytes=8_000_000_000)
    assert laptop is not None and commands == [laptop.entry.name]
