"""Sample materials shipped in resources/samples, for demos, benchmarks and tests."""

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


def load_sample(name: str = "water-cycle") -> Sample:
    data = tomllib.loads((paths.resources_dir() / "samples" / f"{name}.toml").read_text(encoding="utf-8"))
    return Sample(
        title=data["title"],
        language=data["language"],
        text=data["text"].strip(),
        questions=tuple(SampleQuestion(q["question"], q["answer"]) for q in data["questions"]),
    )


def write_sample(folder: Path, name: str = "water-cycle") -> Path:
    """The sample as a Markdown file in `folder`, for importing like any file the user brings."""
    sample = load_sample(name)
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / f"{sample.title}.md"
    target.write_text(f"{sample.text}\n", encoding="utf-8")
    return target
