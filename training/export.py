"""Export a trained cross-encoder to int8 ONNX in models/, and compare it with the float model.

    .venv/bin/python training/export.py nli     # training/work/nli/final  -> models/nli-minilm-l6/
    .venv/bin/python training/export.py pair    # training/work/pair/final -> models/grade-pair-minilm-l6/

torch -> ONNX (opset 17, dynamic batch and sequence axes; inputs input_ids, attention_mask,
token_type_ids; output logits), then onnxruntime's quantize_dynamic with QInt8 weights, per
channel (on the NLI model's SNLI
test: 82.7 % per channel against 82.1 % per tensor, same size and speed). Both the
float ONNX and the int8 model are then scored through the app's own runtime
(sensemaking_desktop.text.cross_encoder.CrossEncoder) on data the model was not trained on: the
SNLI test file for nli, the three held-out SAF questions for pair. The folder gets model.onnx,
tokenizer.json and config.json; the figures go to training/work/<model>/export_metrics.json.
"""

import argparse
import json
import shutil
import sys
import time
import warnings
from pathlib import Path

import data
import loop  # noqa: F401  (sets one thread and the import path)
import torch

from sensemaking_desktop.text.cross_encoder import (
    CONFIG_FILE,
    INPUTS,
    MODEL_FILE,
    NLI_LABELS,
    NLI_MODEL,
    PAIR_JUDGE_MODEL,
    PAIR_LABELS,
    TOKENIZER_FILE,
    CrossEncoder,
)

ROOT = Path(__file__).resolve().parent.parent
MODELS = {
    "nli": {
        "folder": NLI_MODEL,
        "labels": NLI_LABELS,
        "max_length": 128,
        "format": "cross-encoder (premise, hypothesis) -> logits over labels; softmax",
    },
    "pair": {
        "folder": PAIR_JUDGE_MODEL,
        "labels": PAIR_LABELS,
        "max_length": 256,
        "format": "cross-encoder pair_text(question, graded_answer, grade, answer) -> logits over labels; "
        "softmax; same = grades within 10 points on 0-100",
    },
}


def export_onnx(final: Path, target: Path) -> None:
    from transformers import AutoModelForSequenceClassification

    model = AutoModelForSequenceClassification.from_pretrained(final, local_files_only=True).eval()

    class Logits(torch.nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.model = model

        def forward(self, input_ids, attention_mask, token_type_ids):
            return self.model(input_ids=input_ids, attention_mask=attention_mask, token_type_ids=token_type_ids).logits

    sample = {name: torch.ones((2, 9), dtype=torch.long) for name in INPUTS}
    sample["token_type_ids"][:, 5:] = 1
    sample["attention_mask"][1, 7:] = 0
    with warnings.catch_warnings(), torch.no_grad():
        warnings.simplefilter("ignore")
        torch.onnx.export(
            Logits(),
            tuple(sample[name] for name in INPUTS),
            str(target),
            input_names=list(INPUTS),
            output_names=["logits"],
            dynamic_axes={**{name: {0: "batch", 1: "tokens"} for name in INPUTS}, "logits": {0: "batch"}},
            opset_version=17,
            dynamo=False,
        )


def quantize(source: Path, target: Path) -> None:
    from onnxruntime.quantization import QuantType, quantize_dynamic

    quantize_dynamic(str(source), str(target), weight_type=QuantType.QInt8, per_channel=True)


def evaluation(kind: str):
    """(pairs, labels, scorer): the data the model never trained on, and how to sum it up."""
    if kind == "nli":
        rows = data.read_snli(data.fetch_snli()["test"])
        pairs = [(premise, hypothesis) for premise, hypothesis, _ in rows]
        labels = [label for *_, label in rows]

        def score(probs):
            return {
                "snli_test_pairs": len(labels),
                "snli_test_accuracy": round(float((probs.argmax(axis=1) == labels).mean()), 4),
            }

        return pairs, labels, score
    import train_pair_judge

    validation = train_pair_judge.validation_pairs()
    pairs = [text for text, _ in validation]
    labels = [label for _, label in validation]

    def score(probs):
        return {
            "validation_questions": train_pair_judge.split_questions()[1],
            **train_pair_judge.pair_metrics(probs[:, 1].tolist(), labels),
        }

    return pairs, labels, score


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("model", choices=sorted(MODELS))
    parser.add_argument("--threads", type=int, default=2, help="threads for the timing and scoring")
    args = parser.parse_args()
    spec = MODELS[args.model]
    final = data.WORK / args.model / "final"
    if not (final / "config.json").is_file():
        sys.exit(f"{final} does not exist: train the model first")
    scratch = data.WORK / args.model / "onnx"
    shutil.rmtree(scratch, ignore_errors=True)
    scratch.mkdir(parents=True)
    config = {
        "labels": spec["labels"],
        "max_length": spec["max_length"],
        "base": "sentence-transformers/all-MiniLM-L6-v2 (Apache-2.0), fine-tuned in training/",
        "format": spec["format"],
    }
    export_onnx(final, scratch / "float.onnx")
    target = ROOT / "models" / spec["folder"]
    target.mkdir(parents=True, exist_ok=True)
    quantize(scratch / "float.onnx", target / MODEL_FILE)
    shutil.copyfile(final / TOKENIZER_FILE, target / TOKENIZER_FILE)
    (target / CONFIG_FILE).write_text(json.dumps(config, indent=2) + "\n")
    float_folder = scratch / "float"
    float_folder.mkdir()
    (scratch / "float.onnx").rename(float_folder / MODEL_FILE)
    shutil.copyfile(final / TOKENIZER_FILE, float_folder / TOKENIZER_FILE)
    (float_folder / CONFIG_FILE).write_text(json.dumps(config, indent=2) + "\n")
    pairs, labels, score = evaluation(args.model)
    report = {
        "model": spec["folder"],
        "int8_bytes": (target / MODEL_FILE).stat().st_size,
        "float_bytes": (float_folder / MODEL_FILE).stat().st_size,
        "threads": args.threads,
    }
    for name, folder in (("float", float_folder), ("int8", target)):
        encoder = CrossEncoder(folder, threads=args.threads)
        started = time.perf_counter()
        probs = encoder.probabilities(pairs)
        seconds = time.perf_counter() - started
        report[name] = {**score(probs), "pairs_per_second": round(len(pairs) / seconds, 1)}
        print(name, json.dumps(report[name]), flush=True)
    (data.WORK / args.model / "export_metrics.json").write_text(json.dumps(report, indent=2) + "\n")
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
