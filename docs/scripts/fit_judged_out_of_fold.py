"""Fit the Evaluator's combination over the answer judge (model.json `judged`) on readings the
judge made of questions it never saw: each SemEval-2013 fold's answers read by the fold model
trained without that fold (training/train_answer_judge.py --fold K, exported by
training/export.py judge --fold K).

    .venv/bin/python docs/scripts/fit_judged_out_of_fold.py FOLD0.jsonl FOLD1.jsonl --write MODEL_JSON

FOLDk.jsonl is fold k of SemEval's training split in the `bench grading` format (docs/evaluator.md,
Data). The fit's ~20 coefficients are fitted on these readings, so SemEval's fold figures of the
whole Evaluator are fitting figures for the combination (never for the judge); Mohler, SAF's
held-out half and SAF German are touched by neither. Reads ../shared only through the files given.
"""

import argparse
import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from sensemaking_desktop.bench import grading  # noqa: E402
from sensemaking_desktop.text import cross_encoder  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("folds", nargs="+", type=Path, help="fold k's items, in fold order")
    parser.add_argument("--write", type=Path, help="merge the fit into this model.json under 'judged'")
    args = parser.parse_args()
    graded, negatives = ([], []), ([], [])
    for fold, path in enumerate(args.folds):
        os.environ[cross_encoder.ANSWER_JUDGE_ENV] = str(ROOT / "training" / "work" / f"judge-{fold}" / "model")
        cross_encoder.answer_judge.cache_clear()
        signals, human, count = grading.fitting_signals(grading.read_items(path))
        graded[0].extend(signals[:count])
        graded[1].extend(human[:count])
        negatives[0].extend(signals[count:])
        negatives[1].extend(human[count:])
        print(f"fold {fold}: {count} answers and {len(signals) - count} negatives read", file=sys.stderr, flush=True)
    fitted = grading.fit_signals(graded[0] + negatives[0], graded[1] + negatives[1], len(graded[0]))
    fitted |= {
        "fitted_on": {"items": len(graded[0]), "negatives": len(negatives[0]), "folds": len(args.folds)},
        "data": "SemEval-2013 Task 7 training split (Dzikovska et al. 2013, CC BY-SA 3.0), every answer, each "
        "fold read by the answer judge trained without it (training/train_answer_judge.py --fold K)",
        "command": "python docs/scripts/fit_judged_out_of_fold.py semeval_fold0.jsonl semeval_fold1.jsonl "
        "--write resources/grading/model.json",
    }
    if args.write:
        existing = json.loads(args.write.read_text(encoding="utf-8"))
        existing["judged"] = fitted
        args.write.write_text(json.dumps(existing, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(json.dumps(fitted, indent=1))


if __name__ == "__main__":
    main()
