"""Word overlap by dictionary form for languages MiniLM does not read, measured (issue 36).

MiniLM is an English model; on Czech and Ukrainian its word pieces are letters and short
fragments, so its token recall gave a wrong Ukrainian answer 0.60 against the reference. The
alternative is `text.alignment.lemma_recall` (simplemma lemmas, stopwords-iso function words).
No Czech or Ukrainian answers graded by people are at hand, so it is measured on SAF (MIT, read
from ../shared, never a dependency of the app), split as docs/evaluator.md splits it: German v1
odd questions and English v2's first 16 questions by sha256 fit, the rest report.

1. German, MiniLM's token recall against lemma recall (the question's own words not counted),
   each with the German models refitted on the odd questions: `bench grading --no-model`
   figures on the even ones.
2. The models for other languages read by lemmas (model.json `by_lemmas`): fitted on the German
   and the English fit halves together, both read by lemmas, so that no one course's level of
   leniency decides alone; reported on both held-out halves.

    .venv/bin/python docs/scripts/measure_lemma_recall.py ../shared/eval-data/saf-short-answer-feedback \
        [--write resources/grading/model.json]
"""

import hashlib
import json
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from measure_multilingual_grading import HEADLINE, saf_item, split

from sensemaking_desktop.bench import grading as grading_bench
from sensemaking_desktop.roles import grading_combine, grading_content, grading_signals
from sensemaking_desktop.text.lexicon import lemmatises

DATA = (
    "SAF v1 German (odd questions de1, de3, de5, de7: 1,203 answers) and SAF v2.0 English (the 16 of "
    "its 31 questions whose id sorts first by sha256: 1,542 answers) (Filighera et al. 2022, MIT), plus "
    "answers to other questions graded 0, both read by lemmas (text.alignment.lemma_recall); the other "
    "questions of each are held out for the report. No Czech or Ukrainian answers graded by people were at hand."
)
GERMAN_DATA = (
    "SAF v1 German (Filighera et al. 2022, MIT): every answer to its odd questions de1, de3, de5, de7 (1,203), "
    "plus answers to other questions graded 0, read by lemmas (text.alignment.lemma_recall, the question's "
    "words not counted); de2, de4, de6, de8 are held out for the report"
)


def english_split(source: Path, folder: Path) -> tuple[Path, Path]:
    """SAF v2 English in the fit and held-out halves of docs/evaluator.md."""
    rows = [json.loads(line) for line in source.open(encoding="utf-8")]
    ids = sorted({row["question_id"] for row in rows}, key=lambda name: hashlib.sha256(name.encode()).hexdigest())
    paths = folder / "en_fit.jsonl", folder / "en_held.jsonl"
    with paths[0].open("w") as fit, paths[1].open("w") as held:
        for row in rows:
            item = saf_item(row, row["question_id"].split(".")[0])
            (fit if row["question_id"] in ids[:16] else held).write(json.dumps(item) + "\n")
    return paths


def held_out(models: dict[str, Any], path: Path, slot: Callable[[dict, dict], dict]) -> dict:
    """`bench grading --no-model` figures on `path` with `models` put into model.json by `slot`."""
    base = grading_signals.model()
    patched = slot(base, models)
    for module in (grading_signals, grading_combine):
        module.model = lambda: patched
    try:
        found = grading_bench.run_without_model(grading_bench.read_items(path))
    finally:
        for module in (grading_signals, grading_combine):
            module.model = lambda: base
    return {key: found[key] for key in HEADLINE}


def as_german(base: dict, models: dict) -> dict:
    return base | {"languages": base["languages"] | {"de": base["languages"]["de"] | models}}


def as_by_lemmas(base: dict, models: dict) -> dict:
    """`models` as `by_lemmas`, with German's own content models out of the way."""
    german = {"fluency": base["languages"]["de"]["fluency"]}
    return base | {"by_lemmas": models, "languages": base["languages"] | {"de": german}}


def fitted(paths: list[Path]) -> dict[str, Any]:
    items = [item for path in paths for item in grading_bench.read_items(path)]
    return {key: value for key, value in grading_bench.fit(items).items() if key in ("content", "confidence")}


RULES = {
    "minilm_token_recall": (lambda language: False, lambda language: True),
    "lemma_recall": (lambda language: language is not None and lemmatises(language), lambda language: True),
    "by_lemmas": (lambda language: language is not None and lemmatises(language), lambda language: False),
}
"""Which languages are read by lemmas, and in which key points count MiniLM's cosine: the app
before (MiniLM everywhere), German as the app reads it now (lemmas and meaning), and as the app
reads Czech and Ukrainian (lemmas, no meaning)."""


def read_by(rule: str) -> None:
    lemmas, meaning = RULES[rule]
    grading_content.reads_by_lemmas = grading_signals.reads_by_lemmas = lemmas
    grading_content.reads_meaning = meaning


def main(shared: Path, target: Path | None) -> None:
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        de_fit, de_held = split(shared / "saf_v1_en_de.jsonl", folder)
        en_fit, en_held = english_split(shared / "saf_v2_en.jsonl", folder)
        german, fits = {}, {}
        for rule in ("minilm_token_recall", "lemma_recall"):
            read_by(rule)
            fits[rule] = fitted([de_fit])
            german[rule] = held_out(fits[rule], de_held, as_german)
        read_by("by_lemmas")
        pooled = fitted([de_fit, en_fit])
        report = {
            "german_refitted": german,
            "by_lemmas": {
                "de_held": held_out(pooled, de_held, as_by_lemmas),
                "en_held": held_out(pooled, en_held, as_by_lemmas),
            },
        }
    print(json.dumps(report, indent=1))
    if target is not None:
        write(target, fits["lemma_recall"], pooled | {"held_out": report["by_lemmas"]})


def write(target: Path, german: dict[str, Any], pooled: dict[str, Any]) -> None:
    """The German lemma fit into model.json's German models, the pooled one as `by_lemmas`."""
    command = f"python docs/scripts/measure_lemma_recall.py SAF_FOLDER --write {target}"
    whole = json.loads(target.read_text(encoding="utf-8"))
    whole["languages"]["de"] |= german | {"data": GERMAN_DATA, "command": command}
    whole["by_lemmas"] = pooled | {"data": DATA, "command": command}
    target.write_text(json.dumps(whole, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


if __name__ == "__main__":
    arguments = sys.argv[1:]
    written = Path(arguments[arguments.index("--write") + 1]) if "--write" in arguments else None
    main(Path(arguments[0]), written)
