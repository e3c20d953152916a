"""`bench nli`: accuracy and speed of the shipped NLI cross-encoder on an SNLI-format JSONL file.

Each line needs `sentence1` (the premise), `sentence2` (the hypothesis) and `gold_label`
(entailment, neutral or contradiction); lines whose gold label is "-" (the annotators did not
agree) are skipped, as SNLI's own evaluations do. The SNLI 1.0 test file (10,000 lines, 9,824
with a gold label) is what models/nli-minilm-l6/MODEL_CARD.md reports on; training/data.py
fetches it into training/work/data/snli_1.0_test.jsonl.
"""

import json
import time
from pathlib import Path
from typing import Any

import numpy as np

from sensemaking_desktop.errors import SensemakingError
from sensemaking_desktop.hashing import sha256_of
from sensemaking_desktop.text.cross_encoder import MODEL_FILE, NLI_LABELS, NLI_MODEL, CrossEncoder, shipped_model_dir

THREADS = 2
BATCH_SIZE = 32


def read_snli(path: Path, limit: int | None = None) -> list[tuple[str, str, int]]:
    """(premise, hypothesis, label index) of the labelled lines, at most `limit`; a bad line is
    named before any work."""
    rows: list[tuple[str, str, int]] = []
    try:
        handle = Path(path).open(encoding="utf-8")
    except OSError as error:
        raise SensemakingError(f"cannot read {path}: {error.strerror or error}") from error
    with handle:
        for number, line in enumerate(handle, start=1):
            if not line.strip():
                continue
            try:
                row = json.loads(line)
                label, premise, hypothesis = row["gold_label"], row["sentence1"], row["sentence2"]
            except (ValueError, KeyError, TypeError) as error:
                raise SensemakingError(
                    f"{path}, line {number}: not an SNLI line (needs sentence1, sentence2, gold_label)"
                ) from error
            if label == "-":
                continue
            if label not in NLI_LABELS:
                raise SensemakingError(f"{path}, line {number}: unknown gold_label {label!r}")
            rows.append((str(premise), str(hypothesis), NLI_LABELS.index(label)))
            if limit is not None and len(rows) >= limit:
                break
    if not rows:
        raise SensemakingError(f"{path} holds no labelled SNLI pairs")
    return rows


def run_nli_bench(path: Path, limit: int | None = None, *, threads: int = THREADS) -> dict[str, Any]:
    """Run the shipped NLI model over the file's labelled pairs (the first `limit`): accuracy,
    pairs per second (tokenising included, loading not), and accuracy per gold label."""
    rows = read_snli(path, limit)
    folder = shipped_model_dir(NLI_MODEL)
    started = time.perf_counter()
    model = CrossEncoder(folder, threads=threads)
    load_s = time.perf_counter() - started
    model.probabilities([(premise, hypothesis) for premise, hypothesis, _ in rows[:BATCH_SIZE]])  # warm up
    started = time.perf_counter()
    probabilities = model.probabilities([(premise, hypothesis) for premise, hypothesis, _ in rows], BATCH_SIZE)
    seconds = time.perf_counter() - started
    gold = np.array([label for *_, label in rows])
    predicted = probabilities.argmax(axis=1)
    return {
        "model": NLI_MODEL,
        "model_sha256": sha256_of(folder / MODEL_FILE),
        "file": str(path),
        "n": len(rows),
        "accuracy": round(float((predicted == gold).mean()), 4),
        "per_label_accuracy": {
            label: round(float((predicted[gold == index] == index).mean()), 4)
            for index, label in enumerate(NLI_LABELS)
            if (gold == index).any()
        },
        "pairs_per_second": round(len(rows) / seconds, 1),
        "threads": threads,
        "batch_size": BATCH_SIZE,
        "load_s": round(load_s, 2),
    }
