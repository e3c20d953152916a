"""Train the answer judge on CPU: "does this answer mean what the reference answer means?"
(labels right / wrong / contradicts), over `judge_text(question, answer, reference, passage)` from
sensemaking_desktop/text/cross_encoder.py, the function the app uses, truncated to MAX_LENGTH tokens.

    .venv/bin/python training/train_answer_judge.py --fold 0    # hold out SemEval fold 0, report on it
    .venv/bin/python training/train_answer_judge.py --fold 1    # the other fold
    .venv/bin/python training/train_answer_judge.py --fold all  # every question: the shipped model
    .venv/bin/python training/train_answer_judge.py --fold 0 --measure   # time 20 steps, project the run

Each run resumes from training/work/judge-<fold>/ after an interruption. The fold runs are the
held-out-question figures: SemEval's questions are split by `topic` (judge_data.fold_of), the
model of fold K never sees a question of fold K, and its AUC there is reported per fold; the
shipped model is trained the same way on every question, with the number of epochs the fold runs
chose. Data: judge_data.py's docstring.

Start: the shipped NLI model (models/nli-minilm-l6), its int8 weights read back to float by
nli_start.py when the float model of train_nli.py (training/work/nli/final) is not there; the
answer judge keeps its three-way head (entailment -> right, neutral -> wrong, contradiction ->
contradicts), so it begins as the NLI model reading reference and answer.
"""

import argparse
import json
import random
import time

import data
import judge_data
import nli_start
from loop import encode, predict, seconds_per_step, seed_everything, tokenizer, train
from train_pair_judge import auc

from sensemaking_desktop.text.cross_encoder import ANSWER_LABELS

MAX_LENGTH = 160
SEED = 13
SQUAD_KEYS = 4000
SQUAD_PASSAGES = 2000
SNLI_PAIRS = 3000
SYNTHETIC_PAIRS = 2400
INJECTED = 300


def examples(train_rows: list[dict], rng: random.Random) -> list[judge_data.Example]:
    """Every training example of one run (judge_data.py's docstring)."""
    graded = judge_data.semeval_examples(train_rows, rng) + judge_data.saf_examples(rng)
    questions = list(dict.fromkeys((row["question"], row["reference"]) for row in train_rows))
    questions += list(dict.fromkeys((row["question"], row["reference_answer"]) for row in data.saf_fitting_half()))
    paragraphs = data.squad_training_paragraphs()
    made = graded + judge_data.reference_contrasts(questions, rng)
    made += judge_data.injected(graded, rng, INJECTED)
    made += judge_data.key_examples(paragraphs, rng, SQUAD_KEYS)
    made += judge_data.passage_examples(paragraphs, rng, SQUAD_PASSAGES)
    made += judge_data.nli_examples(rng, SNLI_PAIRS, SYNTHETIC_PAIRS)
    rng.shuffle(made)
    return made


def held_out_metrics(probabilities, rows: list[dict]) -> dict:
    """AUC of P(right) for correct against the rest, overall and per corpus, and 3-way accuracy."""
    labels = [judge_data.SEMEVAL_LABEL[row["label_3way"]] for row in rows]
    right = [float(p[judge_data.RIGHT]) for p in probabilities]
    result = {"answers": len(rows), "questions": len({row["topic"] for row in rows})}
    result["auc"] = round(auc(right, [int(label == judge_data.RIGHT) for label in labels]), 4)
    for corpus in ("scientsbank", "beetle"):
        chosen = [i for i, row in enumerate(rows) if row["topic"].startswith(corpus)]
        result[f"auc_{corpus}"] = round(
            auc([right[i] for i in chosen], [int(labels[i] == judge_data.RIGHT) for i in chosen]), 4
        )
    within = []
    for topic in sorted({row["topic"] for row in rows}):
        chosen = [i for i, row in enumerate(rows) if row["topic"] == topic]
        found = auc([right[i] for i in chosen], [int(labels[i] == judge_data.RIGHT) for i in chosen])
        if found == found:  # a question with answers of one kind only has none
            within.append(found)
    result["auc_within_question_mean"] = round(sum(within) / len(within), 4)
    predicted = [int(max(range(3), key=lambda k: p[k])) for p in probabilities]
    result["accuracy_3way"] = round(sum(int(a == b) for a, b in zip(predicted, labels)) / len(labels), 4)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--fold", default="all", help="the SemEval fold held out (0 .. FOLDS-1), or all")
    parser.add_argument("--measure", action="store_true", help="time 20 steps, print the projection, stop")
    parser.add_argument("--epochs", type=float, default=2.0)
    parser.add_argument("--batch-size", type=int, default=16)
    parser.add_argument("--lr", type=float, default=3e-5)
    parser.add_argument("--evaluate-every", type=int, default=400)
    parser.add_argument("--threads", type=int, default=1)
    args = parser.parse_args()
    seed_everything(SEED, args.threads)
    from transformers import AutoModelForSequenceClassification

    started = time.perf_counter()
    rows = judge_data.semeval_rows()
    held = [] if args.fold == "all" else [row for row in rows if judge_data.fold_of(row["topic"]) == int(args.fold)]
    held_topics = {row["topic"] for row in held}
    train_rows = [row for row in rows if row["topic"] not in held_topics]
    made = examples(train_rows, random.Random(SEED))
    tok = tokenizer(MAX_LENGTH)
    encoded = encode(tok, [example.text() for example in made])
    labels = [example.label for example in made]
    held_encoded = encode(tok, [judge_data.Example(r["question"], r["answer"], 0, r["reference"]).text() for r in held])
    start = nli_start.float_nli()
    work = data.WORK / f"judge-{args.fold}"
    counts = {}
    for example in made:
        kind = example.source.split(":")[0]
        counts[kind] = counts.get(kind, 0) + 1
    print(
        f"{len(made)} examples {json.dumps(counts)}, labels {[labels.count(k) for k in range(3)]}; "
        f"{len(held)} held-out answers to {len(held_topics)} questions; "
        f"{sum(len(item[0]) for item in encoded) / len(encoded):.0f} tokens on average; starting from {start}",
        flush=True,
    )
    model = AutoModelForSequenceClassification.from_pretrained(start, local_files_only=True)
    model.config.id2label = dict(enumerate(ANSWER_LABELS))
    model.config.label2id = {label: index for index, label in enumerate(ANSWER_LABELS)}

    def evaluate(current) -> dict:
        metrics = held_out_metrics(predict(current, held_encoded), held)
        return {**metrics, "score": metrics["auc"]}

    if args.measure:
        per_step = seconds_per_step(model, encoded, labels, work, batch_size=args.batch_size, lr=args.lr, seed=SEED)
        steps = len(encoded) / args.batch_size
        print(f"{per_step:.2f} s/step; one epoch is {steps:.0f} steps, about {steps * per_step / 60:.0f} min")
        return
    result = train(
        model,
        encoded,
        labels,
        work,
        batch_size=args.batch_size,
        lr=args.lr,
        epochs=args.epochs,
        seed=SEED,
        checkpoint_every=200,
        evaluate=evaluate if held else None,
        evaluate_every=args.evaluate_every,
    )
    final = work / "final"
    model.save_pretrained(final)
    tok.save(str(final / "tokenizer.json"))
    record = {
        "model": "answer_judge",
        "fold": args.fold,
        "folds": judge_data.FOLDS,
        "start": str(start.relative_to(data.HERE.parent)),
        "held_out_topics": sorted(held_topics),
        "examples": len(made),
        "examples_by_source": counts,
        "labels": [labels.count(k) for k in range(3)],
        "epochs": args.epochs,
        "batch_size": args.batch_size,
        "lr": args.lr,
        "max_length": MAX_LENGTH,
        "seed": SEED,
        "threads": args.threads,
        **result,
        "held_out_float_torch": evaluate(model) if held else None,
        "wall_seconds": round(time.perf_counter() - started, 1),
    }
    (work / "metrics.json").write_text(json.dumps(record, indent=2) + "\n")
    print(json.dumps(record, indent=2), flush=True)


if __name__ == "__main__":
    main()
