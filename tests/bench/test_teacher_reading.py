"""`bench teacher --read`: a reading sheet with every kept item, its checks and its passage, beside
the figures the bench prints as before (issue 45 point 8)."""

import json
import re
from pathlib import Path

from tests.cli.cli_process import sensemaking

MATERIAL = """Steam engines

A boiler is a closed vessel in which water is heated until it turns into steam under pressure.
The steam then drives a piston inside a cylinder, and the piston turns a crankshaft through a connecting rod.
James Watt added a separate condenser in 1769, which cut the fuel an engine burned by about two thirds.
Locomotives on railways used high-pressure steam, while ships mostly used low-pressure engines with condensers.
A safety valve opens when the pressure in the boiler rises above a set limit, so the vessel does not burst.
Coal was the usual fuel, although wood was burned where forests were near and coal had to travel far.
"""


def test_the_sheet_holds_every_kept_item_with_its_passage_and_the_figures_stay(tmp_path: Path) -> None:
    text = tmp_path / "steam.txt"
    text.write_text(MATERIAL, encoding="utf-8")
    sheet = tmp_path / "reading.md"
    run = sensemaking(
        tmp_path / "lib", "bench", "teacher", "--count", "4", "--types", "multiple_choice,cloze,true_false",
        "--text", str(text), "--read", str(sheet),
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    figures = json.loads(run.stdout)
    assert {"kept", "dropped", "quality", "minutes"} <= figures.keys()
    written = sheet.read_text(encoding="utf-8")
    items = re.findall(r"^## \d+\. (\w+)$", written, re.M)
    assert len(items) == figures["kept"] >= 2
    passages = [line[2:] for line in written.splitlines() if line.startswith("> ")]
    assert len(passages) == len(items) and all(passage in " ".join(MATERIAL.split()) for passage in passages)
    assert "(key)" in written or "- key: **" in written


def test_without_read_no_sheet_is_written(tmp_path: Path) -> None:
    run = sensemaking(tmp_path / "lib", "bench", "teacher", "--count", "2", "--types", "cloze")
    assert run.returncode == 0, run.stderr
    assert "quality" in json.loads(run.stdout)
    assert not list(tmp_path.glob("*.md"))
