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
- every role: tokens and seconds per item, items per minute;
- evaluator with a `[suite]`: the adversarial suite's mean grade per class ("suite.genuine",
  "suite.contradiction", …), over the cases of that class, resampled by question;
- pipeline: the Teacher's measures ("teacher.relevance", …), and per question the Student's
  ROUGE-L recall against the Teacher's reference and its refusal share (every question was
  written from the document, so each refusal is a wrong one), the Evaluator's mean grade of
  the Student's answers, and the cost of all three stages per question (the Teacher's shared
  out over its questions).
Items are resampled by cluster (a material's questions, a question's answers). A cell's
metrics come in groups, each over its own rows (a pipeline's Teacher over questions' rows of
similarities, the rest over the Student's answers); `compare` pairs two cells' rows only
where they are the same units (items, or the same questions), and otherwise gives the
difference of the values alone.
"""

import csv
import io
from collections.abc import Callable
from dataclasses import asdict, dataclass
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
from sensemaking_desktop.store.experiments import cell_outputs, cells_of, experiment_summaries, find_experiment

RIGHT = 66.0


@dataclass(frozen=True)
class Group:
    """Metrics over one set of rows: per-row columns, each row's cluster for the bootstrap, and
    the unit each row stands for (an item key, a question), which decides whether two cells pair."""

    columns: Columns
    clusters: list[str]
    units: list[str]
    statistics: dict[str, Statistic]


def leaderboard(store: Store, experiment_id: int) -> dict[str, Any]:
    """{"experiment": {...}, "rows": [{"cell", "label", "config", "metrics": {NAME: interval}}]}."""
    experiment = get_experiment(store, experiment_id)
    rows = []
    for cell in experiment["cells"]:
        outputs = _outputs(store, cell["id"])
        metrics = {
            name: bootstrap_ci(
                statistic, group.columns, clusters=group.clusters, resamples=experiment["resamples"]
            ).as_json()
            for group in (groups(experiment["role"], outputs) if outputs else [])
            for name, statistic in group.statistics.items()
        }
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
        first = groups(experiment["role"], [outputs[key] for key in shared]) if shared else []
        second = groups(experiment["role"], [base_outputs[key] for key in shared]) if shared else []
        theirs = {tuple(group.statistics): group for group in second}
        differences = {
            name: _difference(statistic, mine, theirs[tuple(mine.statistics)], experiment["resamples"])
            for mine in first
            if tuple(mine.statistics) in theirs
            for name, statistic in mine.statistics.items()
        }
        comparisons.append(
            {"cell": cell["id"], "label": cell["label"], "items": len(shared), "differences": differences}
        )
    return {
        "experiment": _summary(experiment),
        "baseline": {"cell": base["id"], "label": base["label"]},
        "comparisons": comparisons,
    }


def _difference(statistic: Statistic, first: Group, second: Group, resamples: int) -> dict[str, Any]:
    """The paired difference where both cells' rows are the same units; two Teachers' different
    questions over one text are not paired, so there only the difference of the values is given."""
    if first.units != second.units:
        a, b = statistic(first.columns), statistic(second.columns)
        value = None if a is None or b is None else a - b
        return {"value": value, "ci_low": None, "ci_high": None, "p_value": None, "n": 1}
    return paired_difference(
        statistic, first.columns, second.columns, clusters=first.clusters, resamples=resamples
    ).as_json()


def get_experiment(store: Store, experiment_id: int) -> dict[str, Any]:
    experiment = find_experiment(store, experiment_id)
    if experiment is None:
        raise SensemakingError(f"There is no experiment {experiment_id}; `sensemaking experiment list` shows them.")
    cells = [asdict(cell) for cell in cells_of(store, experiment_id)]
    return dict(asdict(experiment), cells=cells, resamples=experiment.record["resamples"])


def list_experiments(store: Store) -> list[dict[str, Any]]:
    return [asdict(summary) for summary in experiment_summaries(store)]


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
    return [asdict(output) for output in cell_outputs(store, cell_id)]


def groups(role: str, outputs: list[dict[str, Any]]) -> list[Group]:
    """The metric groups of one cell's outputs (see the module docstring)."""
    if role == "pipeline":
        return _pipeline_groups(outputs)
    if role == "evaluator" and any(output["output"].get("suite_class") for output in outputs):
        suite = [output for output in outputs if output["output"].get("suite_class")]
        graded = [output for output in outputs if not output["output"].get("suite_class")]
        return (groups(role, graded) if graded else []) + _suite_groups(suite)
    values = [output["output"] for output in outputs]
    clusters = [f"{output['dataset']}/{output['cluster']}" for output in outputs]
    units = [f"{output['dataset']}/{output['item_key']}" for output in outputs]
    if role == "teacher" and len(values) == 1 and values[0]["similarities"]:
        return [_similarity_group(values[0])]
    columns = _cost_columns(values)
    if role == "student":
        columns["recall"] = _array([v["recall"] if v["gold_answerable"] else None for v in values])
        columns["refused"] = _array([None if v["gold_answerable"] else float(not v["answerable"]) for v in values])
        columns["answerable_ok"] = _array([float(v["answerable"] == v["gold_answerable"]) for v in values])
        statistics = {
            "rouge_l_recall": mean_of("recall"),
            "refusal_share": mean_of("refused"),
            "answerable_accuracy": mean_of("answerable_ok"),
        }
    elif role == "evaluator":
        columns["human"] = _array([v["human"] for v in values])
        columns["machine"] = _array([v["score"] for v in values])
        statistics = {
            "pearson": _pair(pearson),
            "spearman": _pair(spearman),
            "qwk": _pair(lambda h, m: quadratic_weighted_kappa(score_bins(h), score_bins(m), 11)),
            "rmse": _pair(lambda h, m: float(np.sqrt(np.mean((h - m) ** 2)))),
            "auc": _pair(auc),
            "calibration_error": _pair(calibration_error),
        }
    else:
        for name in TEACHER_MEASURES:
            columns[name] = _array([v[name] for v in values])
        statistics = {name: mean_of(name) for name in TEACHER_MEASURES}
    return [Group(columns, clusters, units, statistics | _cost("item"))]


TEACHER_MEASURES = ("relevance", "coverage", "diversity")


def _similarity_group(output: dict[str, Any], prefix: str = "") -> Group:
    """The Teacher's measures over one document, its questions resampled (their rows of similarities)."""
    similarities = _array(output["similarities"])
    rows = [str(row) for row in range(len(similarities))]
    statistics = {prefix + name: _from_similarities(index) for index, name in enumerate(TEACHER_MEASURES)}
    return Group({"similarity": similarities}, rows, list(output["questions"]), statistics)


def _pipeline_groups(outputs: list[dict[str, Any]]) -> list[Group]:
    """The Teacher's measures, and per question the Student's and the Evaluator's."""
    stage: dict[str, dict[tuple[str, str], dict[str, Any]]] = {"teacher": {}, "student": {}, "evaluator": {}}
    for output in outputs:
        name, key = output["item_key"].split(":", 1)
        stage[name][(output["dataset"], key)] = output
    teachers = list(stage["teacher"].values())
    result = []
    if len(teachers) == 1 and teachers[0]["output"]["similarities"]:
        result.append(_similarity_group(teachers[0]["output"], "teacher."))
    elif teachers:
        values = [teacher["output"] for teacher in teachers]
        columns = {name: _array([v[name] for v in values]) for name in TEACHER_MEASURES}
        units = [f"{teacher['dataset']}/{teacher['item_key']}" for teacher in teachers]
        statistics = {f"teacher.{name}": mean_of(name) for name in TEACHER_MEASURES}
        result.append(Group(columns, units, units, statistics))
    answered = sorted(stage["student"].items(), key=lambda pair: stage["student"][pair[0]]["id"])
    if not answered:
        return result
    documents = {(dataset, key.rsplit("#", 1)[0]) for dataset, key in stage["student"]}
    rows: dict[str, list[Any]] = {name: [] for name in ("recall", "refused", "grade", "tokens", "seconds")}
    clusters, units = [], []
    for (dataset, key), student in answered:
        document = (dataset, key.rsplit("#", 1)[0])
        teacher = stage["teacher"].get(document, {"output": {"items": [None], "prompt_tokens": 0}})["output"]
        grade = stage["evaluator"].get((dataset, key), {"output": None})["output"]
        said = student["output"]
        share = (teacher.get("prompt_tokens", 0) + teacher.get("completion_tokens", 0)) / len(teacher["items"])
        rows["recall"].append(said["recall"])
        rows["refused"].append(float(not said["answerable"]))
        rows["grade"].append(grade["score"] if grade else None)
        rows["tokens"].append(_tokens(said) + (_tokens(grade) if grade else 0) + share)
        rows["seconds"].append(
            said["seconds"] + (grade["seconds"] if grade else 0.0) + teacher.get("seconds", 0.0) / len(teacher["items"])
        )
        clusters.append(f"{dataset}/{document[1]}" if len(documents) > 1 else f"{dataset}/{key}")
        units.append(f"{dataset}/{key}:{said['question']}")
    statistics = {
        "student.rouge_l_recall": mean_of("recall"),
        "student.refusal_share": mean_of("refused"),
        "evaluator.mean_grade": mean_of("grade"),
    } | _cost("question")
    columns = {name: _array(values) for name, values in rows.items()}
    return [*result, Group(columns, clusters, units, statistics)]


def _suite_groups(outputs: list[dict[str, Any]]) -> list[Group]:
    """The adversarial suite's mean grade per class, each class over its own cases."""
    classes = sorted({output["output"]["suite_class"] for output in outputs})
    result = []
    for name in classes:
        chosen = [output for output in outputs if output["output"]["suite_class"] == name]
        result.append(
            Group(
                {"score": _array([output["output"]["score"] for output in chosen])},
                [f"{output['dataset']}/{output['cluster']}" for output in chosen],
                [f"{output['dataset']}/{output['item_key']}" for output in chosen],
                {f"suite.{name}": mean_of("score")},
            )
        )
    return result


def _tokens(output: dict[str, Any]) -> float:
    return output["prompt_tokens"] + output["completion_tokens"]


def _cost_columns(values: list[dict[str, Any]]) -> dict[str, np.ndarray]:
    return {
        "tokens": _array([_tokens(v) for v in values]),
        "seconds": _array([v["seconds"] for v in values]),
    }


def _cost(unit: str) -> dict[str, Statistic]:
    return {
        f"tokens_per_{unit}": mean_of("tokens"),
        f"seconds_per_{unit}": mean_of("seconds"),
        f"{unit}s_per_minute": _per_minute,
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
