"""Train the pairwise grading judge on one CPU thread: "does this answer deserve the grade of that
teacher-graded answer to the same question?" (labels different / same; same = the two grades,
on a 0-100 scale, differ by at most 10 points).

    .venv/bin/python training/train_pair_judge.py            # train (resumes from training/work/pair/)
    .venv/bin/python training/train_pair_judge.py --measure  # time 20 steps and project the run

Input: `pair_text(question, graded answer, grade, answer)` from
sensemaking_desktop/text/cross_encoder.py, the function the app uses, truncated to 256 tokens.
Start: the NLI model of train_nli.py (training/work/nli/final) with a new 2-way head; the base
MiniLM when that does not exist (the metrics record which).

Data, all same-question pairs, both orders:
- SAF v2 fitting half (data.saf_fitting_half: 16 questions), grade = score / max * 100. Three of
  the 16 questions (VALIDATION_QUESTIONS) are held out for validation and early stopping; for
  each of the other 13 at most PAIRS_PER_QUESTION pairs, half same and half different grade.
- SQuAD training passages (not those of the held-out slice): two right answers of a question
  (graded 100 and 100: same); an answer to another question of the passage against a right
  answer (0 against 100, or 100 against 0: different); two answers to other questions (0 and 0:
  same).
"""

import argparse
import json
import random
import time
from pathlib import Path

import data
from loop import BASE_NAME, base_folder, encode, predict, seconds_per_step, seed_everything, tokenizer, train

from sensemaking_desktop.text.cross_encoder import PAIR_LABELS, pair_text, same_grade

WORK = data.WORK / "pair"
NLI_FINAL = data.WORK / "nli" / "final"
MAX_LENGTH = 256
SEED = 13
VALIDATION_QUESTIONS = 3
"""The last three of the 16 fitting questions in sha256 order: 6.3, 10.3_TC and 10.2_TC."""
PAIRS_PER_QUESTION = 500
VALIDATION_PAIRS_PER_QUESTION = 200
SQUAD_PAIRS = 3000


def grade(row: dict) -> float:
    return 100.0 * float(row["score"]) / float(row["max_score_observed_for_question"])


def split_questions() -> tuple[list[str], list[str]]:
    fit = data.saf_fit_questions(data.saf_rows())
    return fit[:-VALIDATION_QUESTIONS], fit[-VALIDATION_QUESTIONS:]


def saf_pairs(questions: list[str], per_question: int, seed: int) -> list[tuple[tuple[str, str], int]]:
    """Ordered pairs of two different answers to each question, as many "same" as "different"
    for every grade a graded answer has, so the grade alone tells nothing and the model has to
    compare the answers. (A first run balanced only per question learnt "a low graded grade
    means different" from the training questions' grade spreads: validation AUC 0.40.)"""
    rng = random.Random(seed)
    rows = data.saf_fitting_half()
    made = []
    for question_id in questions:
        answers = [row for row in rows if row["question_id"] == question_id]
        levels: dict[int, tuple[list, list]] = {}
        for first in answers:
            for second in answers:
                if first is not second:
                    same, different = levels.setdefault(round(grade(first)), ([], []))
                    (same if same_grade(grade(first), grade(second)) else different).append((first, second))
        room = {level: min(len(same), len(different)) for level, (same, different) in levels.items()}
        scale = min(1.0, (per_question // 2) / max(1, sum(room.values())))
        for level, (same, different) in sorted(levels.items()):
            take = max(1, int(room[level] * scale)) if room[level] else 0
            for graded, new in rng.sample(same, take) + rng.sample(different, take):
                text = pair_text(graded["question"], graded["student_answer"], grade(graded), new["student_answer"])
                made.append((text, int(same_grade(grade(graded), grade(new)))))
    return made


def squad_pairs(limit: int, seed: int) -> list[tuple[tuple[str, str], int]]:
    rng = random.Random(seed)
    same, different = [], []
    for paragraph in data.squad_training_paragraphs():
        questions = [qa for qa in paragraph["qas"] if not qa.get("is_impossible") and qa["answers"]]
        for qa in questions:
            rights = list(dict.fromkeys(answer["text"].strip() for answer in qa["answers"]))
            others = list(
                dict.fromkeys(
                    answer["text"].strip() for other in questions if other is not qa for answer in other["answers"][:1]
                )
            )
            others = [text for text in others if text not in rights]
            ask = qa["question"]
            if len(rights) > 1:
                first, second = rng.sample(rights, 2)
                same.append((pair_text(ask, first, 100, second), 1))
            else:
                same.append((pair_text(ask, rights[0], 100, rights[0]), 1))
            if others:
                wrong = rng.choice(others)
                right = rng.choice(rights)
                different.append((pair_text(ask, right, 100, wrong), 0))
                different.append((pair_text(ask, wrong, 0, right), 0))
            if len(others) > 1:
                first, second = rng.sample(others, 2)
                same.append((pair_text(ask, first, 0, second), 1))
    half = limit // 2
    return rng.sample(same, min(half, len(same))) + rng.sample(different, min(half, len(different)))


def auc(scores, labels) -> float:
    """The probability that a random "same" pair scores above a random "different" one."""
    positives = [score for score, label in zip(scores, labels) if label]
    negatives = [score for score, label in zip(scores, labels) if not label]
    if not positives or not negatives:
        return float("nan")
    ranked = sorted([(score, 1) for score in positives] + [(score, 0) for score in negatives])
    rank_sum, index = 0.0, 0
    while index < len(ranked):  # average ranks over ties
        end = index
        while end < len(ranked) and ranked[end][0] == ranked[index][0]:
            end += 1
        average = (index + end + 1) / 2
        rank_sum += average * sum(label for _, label in ranked[index:end])
        index = end
    return (rank_sum - len(positives) * (len(positives) + 1) / 2) / (len(positives) * len(negatives))


def pair_metrics(same_probability, labels) -> dict:
    predicted = [int(p >= 0.5) for p in same_probability]
    correct = [int(p == label) for p, label in zip(predicted, labels)]
    return {
        "pairs": len(labels),
        "accuracy": round(sum(correct) / len(labels), 4),
        "auc": round(auc(list(same_probability), labels), 4),
        "same_share": round(sum(labels) / len(labels), 3),
    }


def validation_pairs() -> list[tuple[tuple[str, str], int]]:
    """Balanced pairs of the three held-out fitting questions (export.py reports on them too)."""
    return saf_pairs(split_questions()[1], VALIDATION_PAIRS_PER_QUESTION, SEED + 1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--measure", action="store_true", help="time 20 steps, print the projection, stop")
    parser.add_argument("--epochs", type=float, default=1.0)
    parser.add_argument("--batch-size", type=int, default=16)
    parser.add_argument("--lr", type=float, default=4e-5)
    parser.add_argument("--evaluate-every", type=int, default=200)
    parser.add_argument("--threads", type=int, default=1)
    args = parser.parse_args()
    seed_everything(SEED, args.threads)
    from transformers import AutoModelForSequenceClassification

    started = time.perf_counter()
    train_questions, held_out = split_questions()
    rows = saf_pairs(train_questions, PAIRS_PER_QUESTION, SEED) + squad_pairs(SQUAD_PAIRS, SEED)
    random.Random(SEED).shuffle(rows)
    validation = validation_pairs()
    tok = tokenizer(MAX_LENGTH)
    encoded = encode(tok, [text for text, _ in rows])
    labels = [label for _, label in rows]
    validation_encoded = encode(tok, [text for text, _ in validation])
    validation_labels = [label for _, label in validation]
    start: Path = NLI_FINAL if (NLI_FINAL / "config.json").is_file() else base_folder()
    print(
        f"{len(rows)} training pairs ({sum(labels)} same), {len(validation)} validation pairs of {held_out}, "
        f"{sum(len(item[0]) for item in encoded) / len(encoded):.0f} tokens on average; starting from {start}",
        flush=True,
    )
    model = AutoModelForSequenceClassification.from_pretrained(
        start,
        num_labels=2,
        id2label=dict(enumerate(PAIR_LABELS)),
        label2id={label: index for index, label in enumerate(PAIR_LABELS)},
        ignore_mismatched_sizes=True,
        local_files_only=True,
    )

    def evaluate(current) -> dict:
        probs = predict(current, validation_encoded)[:, 1]
        metrics = pair_metrics(probs, validation_labels)
        return {**metrics, "score": metrics["auc"]}

    if args.measure:
        per_step = seconds_per_step(model, encoded, labels, WORK, batch_size=args.batch_size, lr=args.lr, seed=SEED)
        steps = len(encoded) / args.batch_size
        tick = time.perf_counter()
        evaluate(model)
        print(
            f"{per_step:.2f} s/step; one epoch is {steps:.0f} steps, about {steps * per_step / 60:.0f} min; "
            f"one validation {time.perf_counter() - tick:.0f} s"
        )
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
        checkpoint_every=200,
        evaluate=evaluate,
        evaluate_every=args.evaluate_every,
    )
    final = WORK / "final"
    model.save_pretrained(final)
    tok.save(str(final / "tokenizer.json"))
    record = {
        "model": "pair_judge",
        "start": "nli-minilm-l6 (training/work/nli/final)" if start == NLI_FINAL else BASE_NAME,
        "training_questions": train_questions,
        "validation_questions": held_out,
        "training_pairs": len(rows),
        "training_same": sum(labels),
        "epochs": args.epochs,
        "batch_size": args.batch_size,
        "lr": args.lr,
        "max_length": MAX_LENGTH,
        "seed": SEED,
        "threads": args.threads,
        **result,
        "validation_float_torch": evaluate(model),
        "wall_seconds": round(time.perf_counter() - started, 1),
    }
    (WORK / "metrics.json").write_text(json.dumps(record, indent=2) + "\n")
    print(json.dumps(record, indent=2), flush=True)


if __name__ == "__main__":
    main()
