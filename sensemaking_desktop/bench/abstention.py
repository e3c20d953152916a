"""`bench student --items` and `bench abstention`: whether the Student refuses what the material
does not answer, and the fit of the rule that decides it (`roles.abstention`).

Items are SQuAD-2.0-shaped JSON lines: `context` (the material), `question`, `answers` (the
reference spans; empty when the question is impossible), `is_impossible` and optionally
`passage_id` (items of one passage are answered back to back, so the engine reads it once).
Every item is answered by `roles.student.answer_one` as the app answers it; the figures say
how often the unanswerable ones were refused and what ROUGE-L recall of the best reference
the answerable ones got (a refusal counting 0), with the fitted rule and by the model's own
"answerable" alone.

A signals file (`--signals-out`) holds one line per reply: what the model said, its
abstention signals, the rule's score and the item's gold fields, with the passage, so that
`fit` can recompute the signals with the current code and fit the rule on them.
"""

import json
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

import numpy as np

from sensemaking_desktop.bench.grading import logistic
from sensemaking_desktop.cancel import NEVER, CancelToken
from sensemaking_desktop.errors import SensemakingError
from sensemaking_desktop.hashing import sha256_of
from sensemaking_desktop.interchange.jsonlines import json_lines
from sensemaking_desktop.llm.backend import ChatBackend
from sensemaking_desktop.metrics.calibration import auc
from sensemaking_desktop.metrics.student import AnswerPair, best_recall, student_metrics
from sensemaking_desktop.roles import abstention
from sensemaking_desktop.roles.evidence import locate
from sensemaking_desktop.roles.student import NOT_IN_MATERIAL, StudentAnswer, answer_one
from sensemaking_desktop.text.embeddings import Embedder, default_embedder

TARGET_REFUSED = 0.85
"""Share of unanswerable questions the rule must refuse (issue 14); THRESHOLD is the lowest that does."""
FIT_L2 = 0.01
"""Ridge penalty per reply: small, but enough to keep weights finite where a signal separates the fit set."""
FIELDS = ("context", "question", "answers", "is_impossible")


@dataclass(frozen=True)
class SquadItem:
    context: str
    question: str
    answers: tuple[str, ...]
    is_impossible: bool
    passage_id: str = ""
    line: int = 0


def read_items(path: Path) -> list[SquadItem]:
    """SQuAD 2.0 lines; every bad line is named before any work."""
    items = [
        SquadItem(
            context=row["context"],
            question=row["question"],
            answers=tuple(row["answers"]),
            is_impossible=row["is_impossible"],
            passage_id=str(row.get("passage_id") or ""),
            line=number,
        )
        for number, row in _json_rows(path, _item_problem, "has bad items; nothing was run")
    ]
    if not items:
        raise SensemakingError(f"{path.name} holds no items.")
    return items


def _item_problem(row: Any) -> str | None:
    if not isinstance(row, dict):
        return "not a JSON object"
    missing = [name for name in FIELDS if name not in row]
    if missing:
        return f"needs the field(s) {', '.join(missing)}"
    if not isinstance(row["context"], str) or not isinstance(row["question"], str):
        return "context and question must be text"
    if not isinstance(row["answers"], list) or not all(isinstance(text, str) for text in row["answers"]):
        return "answers must be a list of texts"
    if not isinstance(row["is_impossible"], bool):
        return "is_impossible must be true or false"
    if not row["is_impossible"] and not any(text.strip() for text in row["answers"]):
        return "an answerable question needs at least one reference answer"
    return None


def _json_rows(path: Path, problem: Callable[[Any], str | None], bad: str) -> list[tuple[int, Any]]:
    """(line number, row) of each JSON line of `path`; every line that is not JSON or that
    `problem` finds fault with is named, in one error saying `bad`, before any row is used."""
    rows, problems = json_lines(path, problem)
    if problems:
        raise SensemakingError(f"{path.name} {bad}: " + "; ".join(problems[:10]))
    return rows


def passage_order(items: Sequence[SquadItem]) -> list[int]:
    """Indexes of the items with those of one passage back to back, passages in order of first appearance."""
    first: dict[str, int] = {}
    for index, item in enumerate(items):
        first.setdefault(item.passage_id or item.context, index)
    return sorted(range(len(items)), key=lambda index: first[items[index].passage_id or items[index].context])


def reply_row(item: SquadItem, answered: StudentAnswer) -> dict[str, Any]:
    """One signals-file line: the gold item, what the model said, and what the rule made of it."""
    checks = answered.checks
    model_answerable = bool(checks.get("model_answerable", answered.answerable))
    model_answer = checks.get("model_answer", answered.answer) if model_answerable else NOT_IN_MATERIAL
    references = [] if item.is_impossible else list(item.answers)
    return {
        "line": item.line,
        "passage_id": item.passage_id,
        "question": item.question,
        "is_impossible": item.is_impossible,
        "answers": references,
        "model_answerable": model_answerable,
        "model_answer": model_answer,
        "evidence": answered.evidence,
        "signals": checks.get("signals"),
        "score": checks.get("score"),
        "answerable": answered.answerable,
        "answer": answered.answer,
        "recall_alone": round(best_recall(AnswerPair(references, model_answer, model_answerable)), 4)
        if references
        else None,
        "recall": round(best_recall(AnswerPair(references, answered.answer, answered.answerable)), 4)
        if references
        else None,
        "context": item.context,
    }


def run(
    backend: ChatBackend,
    items: Sequence[SquadItem],
    *,
    signals_out: TextIO | None = None,
    on_item: Callable[[int, int], None] | None = None,
    cancel: CancelToken = NEVER,
    extractive: bool | None = None,
) -> tuple[list[dict[str, Any]], float]:
    """Answer every item (a passage's items back to back) and return the rows and minutes taken;
    each row is written to `signals_out` as it is done. `extractive` as for answer_one."""
    rows = []
    model = backend.identity.name

    def answer(item: SquadItem) -> StudentAnswer:
        return answer_one(backend, item.context, item.question, cancel=cancel, extractive=extractive)

    started = time.perf_counter()
    for done, index in enumerate(passage_order(items), start=1):
        item = items[index]
        rows.append({"model": model} | reply_row(item, answer(item)))
        if signals_out is not None:
            signals_out.write(json.dumps(rows[-1], ensure_ascii=False) + "\n")
            signals_out.flush()
        if on_item:
            on_item(done, len(items))
    return rows, (time.perf_counter() - started) / 60


def figures(rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Refusals of the unanswerable and ROUGE-L recall on the answerable, with the rule and alone."""
    ruled = student_metrics([AnswerPair(row["answers"], row["answer"], row["answerable"]) for row in rows])
    alone = student_metrics([AnswerPair(row["answers"], row["model_answer"], row["model_answerable"]) for row in rows])
    unanswerable = [row for row in rows if row["is_impossible"]]
    return {
        "items": len(rows),
        "unanswerable": len(unanswerable),
        "answerable": len(rows) - len(unanswerable),
        "refused_unanswerable": _round(ruled.refused_unanswerable),
        "refused_unanswerable_alone": _round(alone.refused_unanswerable),
        "rouge_l_recall": _round(ruled.rouge_l_recall),
        "rouge_l_recall_alone": _round(alone.rouge_l_recall),
        "refused_answerable": _round(_share([not row["answerable"] for row in rows if not row["is_impossible"]])),
        "refused_answerable_alone": _round(
            _share([not row["model_answerable"] for row in rows if not row["is_impossible"]])
        ),
        "overruled": sum(row["model_answerable"] and not row["answerable"] for row in rows),
    }


def read_replies(paths: Iterable[Path]) -> list[tuple[Path, list[dict[str, Any]]]]:
    """The rows of each signals file written by `bench student --items --signals-out`."""
    needed = ("question", "is_impossible", "answers", "model_answerable", "model_answer", "evidence", "context")

    def problem(row: Any) -> str | None:
        missing = [name for name in needed if not isinstance(row, dict) or name not in row]
        return f"needs the field(s) {', '.join(missing)}" if missing else None

    found = []
    for path in paths:
        rows = [row for _, row in _json_rows(path, problem, "is not a signals file")]
        if not rows:
            raise SensemakingError(f"{path.name} holds no replies.")
        found.append((path, rows))
    return found


def current_signals(row: dict[str, Any], embedder: Embedder) -> dict[str, float]:
    """The row's signals as the current `roles.abstention` computes them from the stored reply;
    those read from the model's token log-probabilities (`FROM_MODEL`) are kept as recorded."""
    located = [found for quote in row["evidence"] if (found := locate(quote, row["context"])) is not None]
    values = abstention.signals(row["question"], row["model_answer"], located, row["context"], None, embedder)
    recorded = row.get("signals") or {}
    return values | {name: float(recorded.get(name, 0.5)) for name in abstention.FROM_MODEL}


def ruled(rows: Sequence[dict[str, Any]], scores: Sequence[float | None], threshold: float) -> list[dict[str, Any]]:
    """The rows as a rule with these scores and threshold would have left them."""
    result = []
    for row, score in zip(rows, scores):
        kept = row["model_answerable"] and score is not None and score >= threshold
        answer = row["model_answer"] if kept else NOT_IN_MATERIAL
        result.append(row | {"answerable": kept, "answer": answer, "score": score})
    return result


def fit_weights(features: np.ndarray, answerable: np.ndarray) -> tuple[float, list[float]]:
    """Bias and non-negative weights of the logistic rule (L2 penalty FIT_L2 per reply)."""
    coefficients = logistic(features, answerable, iterations=200, l2=FIT_L2, nonnegative=True)
    return float(coefficients[0]), [float(value) for value in coefficients[1:]]


def choose_threshold(rows: Sequence[dict[str, Any]], scores: Sequence[float | None], target: float) -> float:
    """The lowest threshold on a 0.01 grid at which the rule and the models' own refusals
    together refuse `target` of the rows' unanswerable questions; the one refusing the most
    when none does (the lowest threshold keeps the most answers, so the best ROUGE-L)."""
    grid = [round(step / 100, 2) for step in range(101)]
    refused = [figures(ruled(rows, scores, threshold))["refused_unanswerable"] or 0.0 for threshold in grid]
    reaching = [threshold for threshold, share in zip(grid, refused) if share >= target]
    return reaching[0] if reaching else grid[int(np.argmax(refused))]


def fit(
    files: Sequence[tuple[Path, list[dict[str, Any]]]],
    *,
    checked: Sequence[tuple[Path, list[dict[str, Any]]]] = (),
    embedder: Embedder | None = None,
    target: float = TARGET_REFUSED,
) -> dict[str, Any]:
    """WEIGHTS, BIAS and THRESHOLD of the abstention rule from signals files: the weights fitted
    on the replies the models called answerable (target: the question is answerable), with the
    signals recomputed by the current code; the threshold by `choose_threshold` over all files.
    The `checked` files are only scored with the rule found (not fitted on)."""
    embedder = embedder or default_embedder()
    rows = [row for _, file_rows in files for row in file_rows]
    said = _fit_set(rows)
    values = {
        id(row): current_signals(row, embedder)
        for row in [*said, *(row for _, file_rows in checked for row in file_rows if row["model_answerable"])]
    }
    features = np.array([[values[id(row)][name] for name in abstention.SIGNALS] for row in said])
    answerable = np.array([0.0 if row["is_impossible"] else 1.0 for row in said])
    bias, weights = fit_weights(features, answerable)
    rule = _Rule(values, weights, bias)
    threshold = choose_threshold(rows, rule.scores(rows), target)
    reached = figures(ruled(rows, rule.scores(rows), threshold))
    return {
        "signals": list(abstention.SIGNALS),
        "weights": [round(value, 3) for value in weights],
        "bias": round(bias, 3),
        "threshold": threshold,
        "target_refused_unanswerable": target,
        "target_reached": (reached["refused_unanswerable"] or 0.0) >= target,
        "fitted_replies": len(said),
        "fitted_answerable": int(answerable.sum()),
        "all": reached,
        "files": [rule.report(path, file_rows, threshold) for path, file_rows in files],
        "checked": [rule.report(path, file_rows, threshold) for path, file_rows in checked],
    }


def _fit_set(rows: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """The replies the models called answerable, the only ones the rule decides on and so the
    ones its weights are fitted on; refused unless both kinds of question are among them."""
    said = [row for row in rows if row["model_answerable"]]
    if len(said) < 4 or len({row["is_impossible"] for row in said}) < 2:
        raise SensemakingError(
            "Fitting needs replies the model called answerable to both answerable and unanswerable questions."
        )
    return said


@dataclass(frozen=True)
class _Rule:
    """The fitted rule with the replies' recomputed signals, keyed by id(row) (rows are dicts)."""

    values: dict[int, dict[str, float]]
    weights: list[float]
    bias: float

    def scores(self, rows: Sequence[dict[str, Any]]) -> list[float | None]:
        """The rule's score of each reply the model called answerable; None where it refused itself."""
        return [
            abstention.rule_score(self.values[id(row)], self.weights, self.bias) if row["model_answerable"] else None
            for row in rows
        ]

    def report(self, path: Path, file_rows: list[dict[str, Any]], threshold: float) -> dict[str, Any]:
        """The file's figures with the rule, and how well each signal and the rule's score rank
        its answerable questions above its unanswerable ones among the replies called answerable."""
        called = [row for row in file_rows if row["model_answerable"]]
        gold = [0.0 if row["is_impossible"] else 100.0 for row in called]
        ranked = {name: auc(gold, [self.values[id(row)][name] for row in called]) for name in abstention.SIGNALS}
        ranked["rule_score"] = auc(gold, [score or 0.0 for score in self.scores(called)])
        return (
            {"file": path.name, "sha256": sha256_of(path), "model": file_rows[0].get("model")}
            | figures(ruled(file_rows, self.scores(file_rows), threshold))
            | {"auc_answerable": {name: _round(value) for name, value in ranked.items()}}
        )


def _share(values: Sequence[bool]) -> float | None:
    return sum(values) / len(values) if values else None


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 3)
