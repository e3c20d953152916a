"""Does the multilingual encoder grade German answers better than the English MiniLM? (issue 29 item 5)

Reads SAF v1's German answers from ../shared (MIT; never a dependency of the app), splits them
as docs/evaluator.md does (odd questions 1, 3, 5, 7 fit; even questions 2, 4, 6, 8 report),
and prints, on the even questions:

- the AUC of the plain answer-reference cosine for human-right (>= 50 %) against human-wrong
  answers, pooled and per question, for each encoder;
- `bench grading --no-model` figures with the German content and confidence models refitted
  on the odd questions with each encoder (sentence vectors from the encoder, token recall from
  MiniLM, which the multilingual encoder does not give).

    .venv/bin/python docs/scripts/measure_multilingual_grading.py \
        ../shared/eval-data/saf-short-answer-feedback/saf_v1_en_de.jsonl

Its figures in docs/evaluator.md were measured at commit 4aa05f8, when German answers were still
matched by MiniLM's word pieces; since issue 36 they are matched by dictionary forms
(docs/scripts/measure_lemma_recall.py), so a run on a later commit measures that reading.
"""

import json
import sys
import tempfile
from pathlib import Path

import numpy as np
from sklearn.metrics import roc_auc_score

from sensemaking_desktop.bench import grading as grading_bench
from sensemaking_desktop.roles import grading_combine, grading_signals
from sensemaking_desktop.text.embeddings import default_embedder
from sensemaking_desktop.text.multilingual import multilingual_embedder

HEADLINE = ("auc", "qwk", "mean_machine_human_right", "mean_machine_human_wrong", "share_wrong_graded_ge_80")


class SentencesFrom:
    """MiniLM with its sentence vectors taken from another encoder (token vectors stay MiniLM's)."""

    def __init__(self, sentences: object) -> None:
        self.sentences, self.english = sentences, default_embedder()

    def encode(self, texts: list[str]) -> np.ndarray:
        return self.sentences.encode(texts)

    def __getattr__(self, name: str) -> object:
        return getattr(self.english, name)


def saf_item(row: dict, topic: str) -> dict:
    """A SAF row as a `bench grading` item."""
    return {
        "question": row["question"],
        "reference": row["reference_answer"],
        "answer": row["student_answer"],
        "human_score": row["score"],
        "human_max": row["max_score_observed_for_question"],
        "topic": topic,
    }


def split(source: Path, folder: Path) -> tuple[Path, Path]:
    rows = [json.loads(line) for line in source.open(encoding="utf-8")]
    paths = folder / "fit.jsonl", folder / "held.jsonl"
    with paths[0].open("w") as fit, paths[1].open("w") as held:
        for row in rows:
            if row["language"] != "de":
                continue
            item = saf_item(row, f"de{row['question_id']}")
            (fit if int(row["question_id"]) % 2 else held).write(json.dumps(item, ensure_ascii=False) + "\n")
    return paths


def cosine_auc(embedder: object, rows: list[dict]) -> dict:
    right = np.array([row["human_score"] / row["human_max"] >= 0.5 for row in rows])
    answers = embedder.encode([row["answer"] for row in rows])
    references = embedder.encode([row["reference"] for row in rows])
    cosine = (answers * references).sum(axis=1)
    topics = sorted({row["topic"] for row in rows})
    per = {
        topic: round(float(roc_auc_score(right[mask], cosine[mask])), 3)
        for topic in topics
        if (mask := np.array([row["topic"] == topic for row in rows])).any()
    }
    return {"pooled": round(float(roc_auc_score(right, cosine)), 3), "per_question": per}


def refitted(embedder: object, fit_path: Path, held_path: Path) -> dict:
    fitted = grading_bench.fit(grading_bench.read_items(fit_path), embedder=embedder)
    base = grading_signals.model()
    languages = dict(base.get("languages", {}))
    languages["de"] = languages.get("de", {}) | {key: fitted[key] for key in ("content", "confidence")}
    patched = base | {"languages": languages}
    for module in (grading_signals, grading_combine):
        module.model = lambda: patched
    try:
        found = grading_bench.run_without_model(grading_bench.read_items(held_path), embedder=embedder)
    finally:
        for module in (grading_signals, grading_combine):
            module.model = lambda: base
    return {key: found[key] for key in HEADLINE}


def main(source: Path) -> None:
    with tempfile.TemporaryDirectory() as folder:
        fit_path, held_path = split(source, Path(folder))
        held = [json.loads(line) for line in held_path.open(encoding="utf-8")]
        encoders = {"minilm": default_embedder(), "use3": SentencesFrom(multilingual_embedder())}
        report = {
            name: {"cosine_auc": cosine_auc(encoder, held), "refitted": refitted(encoder, fit_path, held_path)}
            for name, encoder in encoders.items()
        }
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main(Path(sys.argv[1]))
