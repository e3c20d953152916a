"""A German material's quiz is named and shown in German (issue 46, fresh run 3: "Quiz on Der
Wasserkreislauf" and "answer: true" in `quizzes show`), and an English one stays English. Real
files, a real library, the embedded model."""

import tomllib
from pathlib import Path

from cli_process import sensemaking

SAMPLES = Path(__file__).resolve().parents[2] / "resources/samples"


def _taught(tmp_path: Path, sample: str) -> str:
    material = tmp_path / f"{sample}.md"
    material.write_text(tomllib.loads((SAMPLES / f"{sample}.toml").read_text(encoding="utf-8"))["text"], "utf-8")
    data = tmp_path / sample
    assert sensemaking(data, "ingest", str(material)).returncode == 0
    assert sensemaking(data, "teach", "1", "--count", "2", "--types", "true_false").returncode == 0
    return sensemaking(data, "quizzes", "show", "1").stdout


def test_a_german_quiz_is_named_and_keyed_in_german_and_an_english_one_in_english(tmp_path: Path) -> None:
    german, english = _taught(tmp_path, "water-cycle-de"), _taught(tmp_path, "water-cycle")
    assert german.startswith("quiz 1: Quiz zu ") and english.startswith("quiz 1: Quiz on "), (german, english)
    assert "answer: wahr" in german and "answer: true" not in german and "answer: false" not in german
    assert "answer: true" in english or "answer: false" in english
