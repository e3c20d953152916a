"""The README's `teach 1 --count 2` on the sample says no shortfall where the quiz has the ten
questions asked (issue 46, fresh run 3: it added "some sections ran out of passages before the
count was met", one section's share of three having been met by the others), and says it where
the quiz is short. A real library, the embedded model."""

import tomllib
from pathlib import Path

from cli_process import sensemaking

SAMPLE = Path(__file__).resolve().parents[2] / "resources/samples/water-cycle.toml"


def test_the_quick_start_quiz_is_not_short_and_a_large_count_is(tmp_path: Path) -> None:
    material = tmp_path / "water-cycle.md"
    material.write_text(tomllib.loads(SAMPLE.read_text(encoding="utf-8"))["text"], encoding="utf-8")
    data = tmp_path / "data"
    assert sensemaking(data, "ingest", str(material)).returncode == 0
    taught = sensemaking(data, "teach", "1", "--count", "2")
    assert taught.stdout.startswith("quiz 1: 10 questions kept over 5 sections"), taught.stdout
    assert "ran out" not in taught.stdout
    more = sensemaking(data, "teach", "1", "--count", "6")
    assert "ran out of passages" in more.stdout and "30 questions" not in more.stdout, more.stdout
