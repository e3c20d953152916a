"""The leaderboard of an experiment: every metric of every cell with its bootstrap interval,
paired comparisons of cells against a baseline, and the tables it exports to.

Metrics by role (each a statistic of per-item columns, see metrics/uncertainty):
- student: ROUGE-L recall over answerable items, refusal share over unanswerable ones,
  answerable accuracy;
- evaluator: Pearson, Spearman, quadratic weighted kappa (11 bins), RMSE against the people's
  grades; AUC of the grade for telling answers people rated right (66 or more) from the
  rest; calibration error, the expected calibration error of grade/100 as the chance that
  people rated the answer right (10 equal bins, weighted by their share of items);
- teacher: ELOQUENT relevance, coverage and diversity; over one document the questions are
  resampled (their rows of similarities to the text's windows), over several the documents;
- every role: tokens and seconds per item, items per minute.
Items are resampled by cluster (a material's questions, a question's answers).
"""

import csv
import io
import json
from collections.abc import Callable
from typing import Any

import numpy as np

from sensemaking_desktop.errors import SensemakingError
from sensemaking_desktop.metrics.agreement import (
    average_ranks,
    pearson,
    quadratic_weighted_kappa,
    score_bins,
    spearman,
)
from sensemaking_desktop.metrics.teacher import metrics_from_similarities
from sensemaking_desktop.metrics.uncertainty import Columns, Statistic, bootstrap_ci, mean_of, paired_difference
from sensemaking_desktop.store import Store

RIGHT = 66.0


def leaderboard(store: Store, experiment_id: int) -> dict[str, Any]:
    """{"experiment": {...}, "rows": [{"cell", "label", "config", "metrics": {NAME: interval}}]}."""
    experiment = get_experiment(store, experiment_id)
    rows = []
    for cell in experiment["cells"]:
        outputs = _outputs(store, cell["id"])
        columns, clusters = _columns(experiment["role"], outputs)
        metrics = (
            {
                name: bootstrap_ci(statistic, columns, clusters=clusters, resamples=experiment["resamples"]).as_json()
                for name, statistic in _statistics(experiment["role"], outputs).items()
            }
            if outputs
            else {}
        )
        rows.append(
            {
                "cell": cell["id"],
                "label": cell["label"],
                "config": cell["config"],
                "items": len(outputs),
                "cached": sum(output["cached"] for output in outputs),
                "metrics": metrics,
            }
        )
    return {"experiment": _summary(experiment), "rows": rows}


def compare(store: Store, experiment_id: int, baseline: int | None = None) -> dict[str, Any]:
    """Each cell against the baseline cell (the first by default) on the items both finished:
    the paired difference of every metric, its interval and the permutation p-value."""
    experiment = get_experiment(store, experiment_id)
    cells = experiment["cells"]
    base = next((cell for cell in cells if cell["id"] == baseline), None) if baseline is not None else cells[0]
    if base is None:
        raise SensemakingError(f"Experiment {experiment_id} has no cell {baseline}.")
    base_outputs = {(o["dataset"], o["item_key"]): o for o in _outputs(store, base["id"])}
    comparisons = []
    for cell in cells:
        if cell["id"] == base["id"]:
            continue
        outputs = {(o["dataset"], o["item_key"]): o for o in _outputs(store, cell["id"])}
        shared = sorted(set(outputs) & set(base_outputs))
        first, clusters = _columns(experiment["role"], [outputs[key] for key in shared])
        second, _ = _columns(experiment["role"], [base_outputs[key] for key in shared])
        statistics = _statistics(experiment["role"], [outputs[key] for key in shared]) if shared else {}
        differences = {
            name: _difference(statistic, first, second, clusters, experiment["resamples"])
            for name, statistic in statistics.items()
        }
        comparisons.append(
            {"cell": cell["id"], "label": cell["label"], "items": len(shared), "differences": differences}
        )
    return {
        "experiment": _summary(experiment),
        "baseline": {"cell": base["id"], "label": base["label"]},
        "comparisons": comparisons,
    }


def _difference(
    statistic: Statistic, first: Columns, second: Columns, clusters: list[str], resamples: int
) -> dict[str, Any]:
    """The paired difference; a Teacher's question sets over one text are not paired, so there only
    the difference of the values is given."""
    if _length(first) != _length(second):
        a, b = statistic(first), statistic(second)
        value = None if a is None or b is None else a - b
        return {"value": value, "ci_low": None, "ci_high": None, "p_value": None, "n": 1}
    return paired_difference(statistic, first, second, clusters=clusters, resamples=resamples).as_json()


def _length(columns: Columns) -> int:
    return len(next(iter(columns.values()))) if columns else 0


def get_experiment(store: Store, experiment_id: int) -> dict[str, Any]:
    row = next(store.db.query("SELECT * FROM experiments WHERE id = ?", [experiment_id]), None)
    if row is None:
        raise SensemakingError(f"There is no experiment {experiment_id}; `sensemaking experiment list` shows them.")
    record = json.loads(row["record"])
    cells = [
        {"id": cell["id"], "label": cell["label"], "config": json.loads(cell["config"])}
        for cell in store.db.query(
            "SELECT * FROM experiment_cells WHERE experiment_id = ? ORDER BY position", [experiment_id]
        )
    ]
    return dict(row, record=record, cells=cells, resamples=record["resamples"])


def list_experiments(store: Store) -> list[dict[str, Any]]:
    rows = store.db.query(
        "SELECT experiments.*, jobs.status AS status FROM experiments LEFT JOIN jobs ON jobs.id = experiments.job_id "
        "ORDER BY experiments.id"
    )
    return [
        {key: row[key] for key in ("id", "name", "role", "job_id", "status", "rerun_of", "created_at")} for row in rows
    ]


def outputs_of(store: Store, cell_id: int) -> list[dict[str, Any]]:
    """A cell's per-item outputs, in dataset and item order."""
    return _outputs(store, cell_id)


def export_table(board: dict[str, Any], fmt: str) -> str:
    """The leaderboard as CSV (one line per cell and metric), Markdown or LaTeX (one row per cell)."""
    rows = board["rows"]
    names = sorted({name for row in rows for name in row["metrics"]})
    if fmt == "csv":
        out = io.StringIO()
        writer = csv.writer(out)
        writer.writerow(["cell", "config", "metric", "value", "ci_low", "ci_high", "n"])
        for row in rows:
            for name in names:
                m = row["metrics"].get(name, {})
                writer.writerow(
                    [row["cell"], row["label"], name, m.get("value"), m.get("ci_low"), m.get("ci_high"), m.get("n")]
                )
        return out.getvalue()
    cells = [[row["label"], *(format_interval(row["metrics"].get(name)) for name in names)] for row in rows]
    if fmt == "markdown":
        lines = ["| config | " + " | ".join(names) + " |", "|---" * (len(names) + 1) + "|"]
        return "\n".join(lines + ["| " + " | ".join(cell) + " |" for cell in cells]) + "\n"
    if fmt == "latex":
        escape = _latex
        head = "\\begin{tabular}{l" + "r" * len(names) + "}\n\\hline\n"
        head += " & ".join(["config", *(escape(name) for name in names)]) + " \\\\\n\\hline\n"
        body = "".join(" & ".join(escape(value) for value in cell) + " \\\\\n" for cell in cells)
        return head + body + "\\hline\n\\end{tabular}\n"
    raise SensemakingError(f"Unknown table format {fmt!r}: use csv, markdown or latex.")


def format_interval(metric: dict[str, Any] | None) -> str:
    """ "0.412 [0.301, 0.520]", or "–" where the metric is undefined."""
    if not metric or metric.get("value") is None:
        return "–"
    if metric.get("ci_low") is None:
        return f"{metric['value']:.3g}"
    return f"{metric['value']:.3g} [{metric['ci_low']:.3g}, {metric['ci_high']:.3g}]"


def _latex(text: str) -> str:
    for char in "\\&%$#_{}":
        text = text.replace(char, "\\" + char)
    return text


def _summary(experiment: dict[str, Any]) -> dict[str, Any]:
    return {key: experiment[key] for key in ("id", "name", "role", "job_id", "rerun_of", "created_at")}


def _outputs(store: Store, cell_id: int) -> list[dict[str, Any]]:
    rows = store.db.query("SELECT * FROM experiment_outputs WHERE cell_id = ? ORDER BY id", [cell_id])
    return [dict(row, output=json.loads(row["output"])) for row in rows]


def _columns(role: str, outputs: list[dict[str, Any]]) -> tuple[Columns, list[str]]:
    """Per-item columns for the role's statistics, and each item's cluster."""
    values = [output["output"] for output in outputs]
    clusters = [f"{output['dataset']}/{output['cluster']}" for output in outputs]
    columns: dict[str, np.ndarray] = {
        "tokens": _array([v["prompt_tokens"] + v["completion_tokens"] for v in values]),
        "seconds": _array([v["seconds"] for v in values]),
    }
    if role == "student":
        columns["recall"] = _array([v["recall"] if v["gold_answerable"] else None for v in values])
        columns["refused"] = _array([None if v["gold_answerable"] else float(not v["answerable"]) for v in values])
        columns["answerable_ok"] = _array([float(v["answerable"] == v["gold_answerable"]) for v in values])
    elif role == "evaluator":
        columns["human"] = _array([v["human"] for v in values])
        columns["machine"] = _array([v["score"] for v in values])
    elif len(values) == 1 and values[0]["similarities"]:
        columns = {"similarity": _array(values[0]["similarities"])}
        clusters = [str(row) for row in range(len(columns["similarity"]))]
    else:
        for name in ("relevance", "coverage", "diversity"):
            columns[name] = _array([v[name] for v in values])
    return columns, clusters


def _statistics(role: str, outputs: list[dict[str, Any]]) -> dict[str, Statistic]:
    cost: dict[str, Statistic] = {
        "tokens_per_item": mean_of("tokens"),
        "seconds_per_item": mean_of("seconds"),
        "items_per_minute": _per_minute,
    }
    if role == "student":
        return {
            "rouge_l_recall": mean_of("recall"),
            "refusal_share": mean_of("refused"),
            "answerable_accuracy": mean_of("answerable_ok"),
            **cost,
        }
    if role == "evaluator":
        return {
            "pearson": _pair(pearson),
            "spearman": _pair(spearman),
            "qwk": _pair(lambda h, m: quadratic_weighted_kappa(score_bins(h), score_bins(m), 11)),
            "rmse": _pair(lambda h, m: float(np.sqrt(np.mean((h - m) ** 2)))),
            "auc": _pair(auc),
            "calibration_error": _pair(calibration_error),
            **cost,
        }
    if len(outputs) == 1 and outputs[0]["output"]["similarities"]:
        return {name: _from_similarities(index) for index, name in enumerate(("relevance", "coverage", "diversity"))}
    return {
        "relevance": mean_of("relevance"),
        "coverage": mean_of("coverage"),
        "diversity": mean_of("diversity"),
        **cost,
    }


def auc(human: np.ndarray, machine: np.ndarray) -> float | None:
    """Chance that an answer people rated right gets a higher grade than one they did not (ties half)."""
    right = human >= RIGHT
    positives, negatives = int(right.sum()), int((~right).sum())
    if not positives or not negatives:
        return None
    ranks = average_ranks(machine)
    return float((ranks[right].sum() - positives * (positives + 1) / 2) / (positives * negatives))


def calibration_error(human: np.ndarray, machine: np.ndarray, bins: int = 10) -> float | None:
    """Expected calibration error of grade/100 as the probability that people rated the answer right."""
    if not len(human):
        return None
    predicted, actual = machine / 100.0, (human >= RIGHT).astype(float)
    which = np.minimum((predicted * bins).astype(int), bins - 1)
    error = 0.0
    for number in np.unique(which):
        chosen = which == number
        error += chosen.mean() * abs(predicted[chosen].mean() - actual[chosen].mean())
    return float(error)


def _pair(function: Callable[[np.ndarray, np.ndarray], float | None]) -> Statistic:
    return lambda columns: function(columns["human"], columns["machine"]) if len(columns["human"]) else None


def _per_minute(columns: Columns) -> float | None:
    seconds = float(np.nansum(columns["seconds"]))
    return 60.0 * len(columns["seconds"]) / seconds if seconds > 0 else None


def _from_similarities(index: int) -> Statistic:
    return lambda columns: metrics_from_similarities(columns["similarity"])[index]


def _array(values: list[Any]) -> np.ndarray:
    return np.array([np.nan if value is None else value for value in values], dtype=float)
