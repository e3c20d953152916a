"""Does the embedded model read word order in Czech, Ukrainian and German questions? (issues 36, 46)

The Evaluator's fluency gates compare an answer with its own words shuffled (roles/grading_checks
`fluency`). English answers stand 2-5 nats above their shuffles, German ones 0.5 (a ramp of its
own in model.json). Here: sentences of real text against one shuffle of each, per set, with the
same function and the embedded SmolLM2-135M. Sets: Ukrainian, the ELOQUENT devset's ukrbiology
book01 topic01 (40 sentences) and topic02 (24), read from ../shared (never a dependency of the
app); Czech, docs/data/cs-obehova-soustava.txt and the window's Czech strings of 6 words or more
(24 each). Sentences of 6-30 words without numbers, shuffled with seed 1. Questions (the
question gate reads them with no answer before them): SAF v1's German and English questions
and the shipped water-cycle samples' questions in the same language. Name sets after the
folder to measure only those.

    .venv/bin/python docs/scripts/measure_fluency_languages.py ../shared/eval-data [SET ...]
"""

import glob
import json
import random
import re
import sys
import tomllib
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import numpy as np

from sensemaking_desktop.llm.backend import ModelIdentity
from sensemaking_desktop.llm.llama_engine import LlamaEngine
from sensemaking_desktop.llm.registry import embedded_model_path
from sensemaking_desktop.roles.grading_checks import fluency, shuffled
from sensemaking_desktop.text.sentences import sentence_bounds

REPOSITORY = Path(__file__).resolve().parents[2]


def sentences(text: str, language: str) -> list[str]:
    found = (" ".join(text[start:end].split()) for start, end in sentence_bounds(text, language))
    return [line for line in found if 6 <= len(line.split()) <= 30 and not re.search(r"\d{2,}", line)]


def interface_strings() -> list[str]:
    tree = ElementTree.parse(REPOSITORY / "sensemaking_desktop/gui/translations/sensemaking_cs.ts")
    texts = [" ".join((item.text or "").replace("&", "").split()) for item in tree.iter("translation")]
    return [text for text in texts if 6 <= len(text.split()) <= 30 and not re.search(r"[<%{]", text)]


def questions(shared: Path, language: str, sample: str) -> list[str]:
    rows = (
        json.loads(line) for line in open(shared / "saf-short-answer-feedback/saf_v1_en_de.jsonl", encoding="utf-8")
    )
    asked = [" ".join(row["question"].split()) for row in rows if row["language"] == language]
    shipped = tomllib.loads((REPOSITORY / "resources/samples" / sample).read_text(encoding="utf-8"))
    asked += [item["question"] for item in shipped["questions"] if "_____" not in item["question"]]
    return [line for line in dict.fromkeys(asked) if len(line.split()) >= 4]


def sets(shared: Path) -> dict[str, tuple[list[str], int]]:
    topics = sorted(glob.glob(str(shared / "eloquent2025-devset/devset/ukrbiology/book01/topic*")))
    czech = (REPOSITORY / "docs/data/cs-obehova-soustava.txt").read_text(encoding="utf-8")
    return {
        "uk_topic01": (sentences(Path(topics[0], "text.txt").read_text(encoding="utf-8"), "uk"), 40),
        "uk_topic02": (sentences(Path(topics[1], "text.txt").read_text(encoding="utf-8"), "uk"), 24),
        "cs_text": (sentences(czech, "cs"), 24),
        "cs_interface": (interface_strings(), 24),
        "de_questions": (questions(shared, "de", "water-cycle-de.toml"), 40),
        "en_questions": (questions(shared, "en", "water-cycle.toml"), 40),
    }


def measured(engine: LlamaEngine, lines: list[str]) -> dict[str, object]:
    own = _known([fluency(engine, line) for line in lines])
    shuffles = _known([fluency(engine, shuffled(line, 7)) for line in lines])
    return {
        "n": len(own),
        "sentences_p10_p25_p50": np.percentile(own, [10, 25, 50]).round(2).tolist(),
        "shuffles_p50_p90": np.percentile(shuffles, [50, 90]).round(2).tolist(),
        "auc": round(float(np.mean(own[:, None] > shuffles[None, :])), 3),
    }


def _known(values: list[float | None]) -> np.ndarray:
    return np.array([value for value in values if value is not None])


def main(shared: Path, only: list[str]) -> None:
    engine = LlamaEngine(ModelIdentity(name="embedded", file="embedded", sha256=""), embedded_model_path())
    rng, report = random.Random(1), {}
    for name, (lines, count) in sets(shared).items():
        if only and name not in only:
            continue
        lines = list(dict.fromkeys(lines))
        rng.shuffle(lines)
        report[name] = measured(engine, lines[:count])
        print(name, json.dumps(report[name]), file=sys.stderr, flush=True)
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main(Path(sys.argv[1]), sys.argv[2:])
