"""Sample materials shipped in resources/samples, for demos, benchmarks and tests.

"water-cycle" is the English original; "water-cycle-de", "-cs" and "-uk" are its German, Czech
and Ukrainian translations (same headings, paragraphs and questions), which the window offers to
a user whose interface speaks that language. Benchmarks, tests and the demo keep the English one."""

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

from sensemaking_desktop import paths


@dataclass(frozen=True)
class SampleQuestion:
    question: str
    answer: str


@dataclass(frozen=True)
class Sample:
    title: str
    language: str
    text: str
    questions: tuple[SampleQuestion, ...]


SAMPLE = "water-cycle"
"""The sample the window offers, in English; its translations are named f"{SAMPLE}-{code}"."""


def _path(name: str) -> Path:
    return paths.resources_dir() / "samples" / f"{name}.toml"


def sample_for(language: str | None) -> str:
    """The name of the sample to offer a user whose interface speaks `language` (an ISO 639-1
    code or a locale name: "uk", "uk_UA", "cs-CZ"): its translation where one is shipped, else
    the English original (for None, "C", "en" or a language without a translation)."""
    code = re.split(r"[_\-.@]", language or "", maxsplit=1)[0].lower()
    translated = f"{SAMPLE}-{code}"
    return translated if code.isalpha() and _path(translated).is_file() else SAMPLE


def load_sample(name: str = SAMPLE) -> Sample:
    data = tomllib.loads(_path(name).read_text(encoding="utf-8"))
    return Sample(
        title=data["title"],
        language=data["language"],
        text=data["text"].strip(),
        questions=tuple(SampleQuestion(q["question"], q["answer"]) for q in data["questions"]),
    )


def write_sample(folder: Path, name: str = SAMPLE) -> Path:
    """The sample as a Markdown file in `folder`, for importing like any file the user brings."""
    sample = load_sample(name)
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / f"{sample.title}.md"
    target.write_text(f"{sample.text}\n", encoding="utf-8")
    return target
