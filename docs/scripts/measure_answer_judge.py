"""The answer judge alone on `bench grading` files: AUC of its P(right) for human-right (at least
half the scale) against human-wrong answers, and the share of wrong answers it reads as right at
0.8 or more. Items without a reference are skipped (the app does not ask the judge there).

    .venv/bin/python docs/scripts/measure_answer_judge.py mohler.jsonl saf_held.jsonl saf_de.jsonl
    export SENSEMAKING_ANSWER_JUDGE=training/work/judge-0/model
    .venv/bin/python docs/scripts/measure_answer_judge.py semeval_fold0.jsonl

The files are those of docs/evaluator.md ("Data"); SENSEMAKING_ANSWER_JUDGE picks a fold model.
Prints one JSON line per file.
"""

import argparse
import json
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from sensemaking_desktop.bench.grading import read_items  # noqa: E402
from sensemaking_desktop.metrics.calibration import CORRECT_SHARE, auc  # noqa: E402
from sensemaking_desktop.text.cross_encoder import answer_judge, judge_text  # noqa: E402

READS_AS_RIGHT = 0.8


def measure(path: Path) -> dict:
    items = [item for item in read_items(path) if item.reference]
    judge = answer_judge()
    texts = [judge_text(item.question, item.answer, item.reference) for item in items]
    right = judge.probabilities(texts)[:, judge.labels.index("right")]
    human = np.array([item.human for item in items])
    wrong = right[human < 100 * CORRECT_SHARE]
    return {
        "file": path.name,
        "answers": len(items),
        "judge_auc": round(auc(human, right) or 0.0, 4),
        "wrong_read_as_right": round(float((wrong >= READS_AS_RIGHT).mean()) if len(wrong) else 0.0, 3),
        "judge": judge.provenance,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("files", nargs="+", type=Path)
    for path in parser.parse_args().files:
        print(json.dumps(measure(path)), flush=True)


if __name__ == "__main__":
    main()
