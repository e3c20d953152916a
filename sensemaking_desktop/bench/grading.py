"""`sensemaking bench grading`: the Evaluator against human grades, and the fit of its combination.

Items are JSON lines with `question`, `answer`, `human_score` and `human_max` (the human grade
and the top of its scale), and optionally `reference`, `material`, `topic` (items with the
same topic are questions on the same material, whose references and questions are the
neighbours an answer is compared with) and `id`.

`run` grades every item with the full Evaluator and compares with the human grades (figures in
`metrics`). `fit` computes the content signals only (no language model is called, so thousands
of answers take minutes), adds answers to other questions graded 0 (`negatives`), and fits the
two logistic models of `roles.grading_combine`: the content estimate (the chance that the
human grade is at least `CORRECT_SHARE` of the scale: ranking right above wrong is what the
grade must do first; a model of the grade's share itself ranked worse off its fitting data)
with the linear map of its output onto 0-100 that best matches the human grades, and the
confidence (the chance that the grade, gates applied, lies within `calibration.CLOSE` points
of the human's, i.e. is not a large error). Fitted on
items that carry a reference; the result is what resources/grading/model.json holds.
"""

import json
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from sensemaking_desktop.bench.engine import peak_rss_mb
from sensemaking_desktop.cancel import NEVER, CancelToken
from sensemaking_desktop.errors import SensemakingError
from sensemaking_desktop.llm.backend import ChatBackend
from sensemaking_desktop.metrics.agreement import pearson, quadratic_weighted_kappa, score_bins, spearman
from sensemaking_desktop.metrics.calibration import (
    CLOSE,
    CORRECT_SHARE,
    LARGE_ERROR,
    auc,
    ece,
    large_errors_caught,
    risk_coverage,
)
from sensemaking_desktop.quizzes.model import Criterion
from sensemaking_desktop.roles.evaluator import grade
from sensemaking_desktop.roles.grading_combine import (
    CONFIDENCE_FEATURES,
    CONTENT_FEATURES,
    JUDGED_CONFIDENCE,
    JUDGED_FEATURES,
    OVERRULE_PENALTY,
    Combined,
    Signals,
    combine,
    confidence_features,
    content_features,
    gate_of,
    in_passage_tie,
    ramp,
)
from sensemaking_desktop.roles.grading_content import content_signals, passage_of, to_signals
from sensemaking_desktop.roles.injection import find_injection
from sensemaking_desktop.roles.question_memo import QuestionMemo
from sensemaking_desktop.text.embeddings import Embedder, default_embedder
from sensemaking_desktop.text.keypoints import key_points

REVIEW_SHARE = 0.2
HIGH_GRADE = 80.0
L2 = 1e-4
"""Ridge penalty of both fits: small, to keep the coefficients finite when a feature separates."""
NEGATIVE_EVERY = 4
OVERRULED = 0.3
"""A gate overrules a grade when it takes at least this share of the scale from the content estimate."""
GATE_PRIOR = 10.0
"""Grades' worth of the default reliability that each gate's fitted one is shrunk towards: a
gate earns trust from many grades it overruled, not from a handful."""
TIE_PRIOR = 0.5
"""How often a grade in a passage tie (`grading_combine.PASSAGE_TIE`) is taken to be right before
any are seen: a coin toss."""

ItemCallback = Callable[[int, int], None]


@dataclass(frozen=True)
class Item:
    question: str
    answer: str
    human: float
    """The human grade on 0-100."""
    reference: str | None = None
    material: str | None = None
    topic: str = ""
    id: str = ""


def read_items(path: Path) -> list[Item]:
    """Items from JSON lines; every bad line is named before any work."""
    items, problems = [], []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
            top = float(row["human_max"])
            if top <= 0 or not 0 <= float(row["human_score"]) <= top:
                raise ValueError("human_score must lie between 0 and human_max > 0")
            items.append(
                Item(
                    question=str(row["question"]),
                    answer=str(row["answer"]),
                    human=100 * float(row["human_score"]) / top,
                    reference=row.get("reference") or None,
                    material=row.get("material") or None,
                    topic=str(row.get("topic") or ""),
                    id=str(row.get("id", number)),
                )
            )
        except (KeyError, TypeError, ValueError) as error:
            problems.append(f"line {number}: {error}")
    if problems:
        raise SensemakingError(f"{path.name} has bad items; nothing was graded:\n" + "\n".join(problems[:20]))
    if not items:
        raise SensemakingError(f"{path.name} holds no items.")
    return items


def run(
    backend: ChatBackend,
    items: Sequence[Item],
    *,
    embedder: Embedder | None = None,
    on_item: ItemCallback | None = None,
    cancel: CancelToken = NEVER,
) -> dict[str, Any]:
    """Grade every item, grouped by question so per-question work is done once, and report."""
    embedder = embedder or default_embedder()
    neighbours = _neighbours(items)
    order = sorted(range(len(items)), key=lambda index: (items[index].topic, items[index].question))
    started = time.perf_counter()
    embedder.encode(_texts(items))
    machine, confidence = [0.0] * len(items), [0.0] * len(items)
    memo = QuestionMemo()
    for done, index in enumerate(order, start=1):
        item = items[index]
        references, questions = neighbours[item.topic]
        result = grade(
            backend,
            item.question,
            item.answer,
            material=item.material,
            reference=item.reference,
            other_references=references,
            other_questions=questions,
            embedder=embedder,
            memo=memo,
            cancel=cancel,
        )
        machine[index], confidence[index] = result.score, result.confidence
        if on_item:
            on_item(done, len(items))
    elapsed = time.perf_counter() - started
    human = [item.human for item in items]
    return metrics(human, machine, confidence) | {
        "answers_per_minute": round(60 * len(items) / elapsed, 1) if elapsed else None,
        "peak_rss_mb": peak_rss_mb(),
        "n": len(items),
        "questions": len({(item.topic, item.question) for item in items}),
    }


def run_without_model(
    items: Sequence[Item], *, embedder: Embedder | None = None, on_item: ItemCallback | None = None
) -> dict[str, Any]:
    """The figures of `run` from the checks that need no language model: the content estimate
    and every gate but fluency (the judge does not count on the embedded model anyway). Minutes
    instead of hours for thousands of answers; `run` gives the full Evaluator's figures."""
    started = time.perf_counter()
    graded = [combined for _, _, combined in _graded_without_model(items, embedder, on_item)]
    elapsed = time.perf_counter() - started
    machine, confidence = [one.score for one in graded], [one.confidence for one in graded]
    return metrics([item.human for item in items], machine, confidence) | {
        "answers_per_minute": round(60 * len(items) / elapsed, 1) if elapsed else None,
        "peak_rss_mb": peak_rss_mb(),
        "n": len(items),
        "questions": len({(item.topic, item.question) for item in items}),
        "language_model": False,
    }


def fit_gates(
    items: Sequence[Item], *, embedder: Embedder | None = None, on_item: ItemCallback | None = None
) -> dict[str, Any]:
    """Each gate's reliability: of the grades it overruled (took OVERRULED or more of the scale
    from the content estimate) in `items`, the share within `calibration.CLOSE` points of the
    person's, shrunk towards the default (1 - OVERRULE_PENALTY) by GATE_PRIOR grades' worth.

    Gates are not alike: on half of the SQuAD 2.0 slice the wrong-question gate was right 41 times
    in 49 when it overruled, the contradiction gate on half of SAF 2 times in 9. One penalty for
    all put the first's grades at a confidence of 0.2 although they were right (calibration error
    0.40 on that set). Needs no language model, like `run_without_model`; items with material
    and no reference exercise the gates of the reference-free path.

    Also the share of grades within CLOSE points where the passage margin is a tie (see
    `grading_combine.PASSAGE_TIE`), shrunk towards TIE_PRIOR: the cap on their confidence."""
    counts: dict[str, list[int]] = {}
    ties = [0, 0]
    for item, signals, combined in _graded_without_model(items, embedder, on_item):
        close = abs(combined.score - item.human) < CLOSE
        if in_passage_tie(signals):
            ties[0] += close
            ties[1] += 1
        name, overruled = combined.parts["lowest_gate"], combined.parts["content"] - combined.score
        if name is None or overruled < 100 * OVERRULED:
            continue
        tally = counts.setdefault(name, [0, 0])
        tally[0] += close
        tally[1] += 1
    default = 1 - OVERRULE_PENALTY
    return {
        "reliability": {name: _shrunk(close, total, default) for name, (close, total) in sorted(counts.items())},
        "overruled": {name: {"grades": total, "close": close} for name, (close, total) in sorted(counts.items())},
        "passage_tie": _shrunk(*ties, TIE_PRIOR),
        "passage_ties": {"grades": ties[1], "close": ties[0]},
        "prior_grades": GATE_PRIOR,
    }


def _shrunk(close: int, total: int, prior: float) -> float:
    """The share `close / total`, shrunk towards `prior` by GATE_PRIOR grades' worth."""
    return round((close + GATE_PRIOR * prior) / (total + GATE_PRIOR), 3)


def _graded_without_model(
    items: Sequence[Item], embedder: Embedder | None, on_item: ItemCallback | None
) -> Iterator[tuple[Item, Signals, Combined]]:
    """Each item with its signals and grade from the checks that need no language model, in order."""
    embedder = embedder or default_embedder()
    neighbours = _neighbours(items)
    embedder.encode(_texts(items))
    for done, item in enumerate(items, start=1):
        references, questions = neighbours[item.topic]
        passage = passage_of(embedder, item.question, item.material) if item.material and not item.reference else ()
        found = content_signals(
            embedder,
            item.question,
            item.answer,
            reference=item.reference,
            material=item.material,
            criteria=[Criterion(text=text) for text in key_points(item.reference or "")],
            other_references=references,
            other_questions=questions,
            passage=passage,
        )
        signals = to_signals(found, rubric=False, injection=False)
        yield item, signals, combine(signals)
        if on_item:
            on_item(done, len(items))


def metrics(human: Sequence[float], machine: Sequence[float], confidence: Sequence[float]) -> dict[str, Any]:
    """Agreement, separation and calibration figures of machine grades against human ones (0-100)."""
    human_array, machine_array = np.asarray(human, dtype=float), np.asarray(machine, dtype=float)
    wrong = human_array < 100 * CORRECT_SHARE
    return {
        "pearson": _round(pearson(human, machine)),
        "spearman": _round(spearman(human, machine)),
        "qwk": _round(quadratic_weighted_kappa(score_bins(human), score_bins(machine), 11)),
        "auc": _round(auc(human, machine)),
        "ece": _round(ece(human, machine, confidence)),
        "large_errors_caught_at_20pct": _round(large_errors_caught(human, machine, confidence, REVIEW_SHARE)),
        "share_wrong_graded_ge_80": _round(float((machine_array[wrong] >= HIGH_GRADE).mean())) if wrong.any() else None,
        "large_errors": int((np.abs(human_array - machine_array) >= LARGE_ERROR).sum()),
        "human_wrong": int(wrong.sum()),
        "mean_machine_human_full_marks": _round(float(machine_array[human_array >= 100].mean()))
        if (human_array >= 100).any()
        else None,
        "mean_machine_human_right": _round(float(machine_array[~wrong].mean())) if (~wrong).any() else None,
        "mean_machine_human_wrong": _round(float(machine_array[wrong].mean())) if wrong.any() else None,
        "risk_coverage": [
            {key: _round(value) for key, value in row.items()} for row in risk_coverage(human, machine, confidence)
        ],
        "definitions": (
            f"correct: human grade >= {100 * CORRECT_SHARE:g}% of the scale; large error: |machine - human| >= "
            f"{LARGE_ERROR:g} points; ece: confidence against a machine grade within {CLOSE:g} points of the human's"
        ),
    }


def fit(
    items: Sequence[Item], *, embedder: Embedder | None = None, on_item: ItemCallback | None = None
) -> dict[str, Any]:
    """The content and confidence models fitted on `items` with a reference (see the module
    docstring). Where the answer judge read the items, the models over its reading, under
    "judged"."""
    embedder = embedder or default_embedder()
    signals, human, graded = fitting_signals(items, embedder=embedder, on_item=on_item)
    fitted = fit_signals(signals, human, graded) | {
        "fitted_on": {
            "items": graded,
            "negatives": len(signals) - graded,
            "questions": len({item.question for item in items if item.reference}),
        }
    }
    return {"judged": fitted} if all(one.judged_right is not None for one in signals) else fitted


def fitting_signals(
    items: Sequence[Item], *, embedder: Embedder | None = None, on_item: ItemCallback | None = None
) -> tuple[list[Signals], list[float], int]:
    """The signals the fit reads: of each item with a reference, then of answers to other
    questions graded 0 (`negatives`); with the human grades and how many of them are people's."""
    embedder = embedder or default_embedder()
    usable = [item for item in items if item.reference]
    if len(usable) < 20:
        raise SensemakingError("Fitting needs at least 20 items with a reference answer.")
    graded = len(usable)
    usable += negatives(usable)
    neighbours = _neighbours(usable)
    embedder.encode(_texts(usable))
    signals = []
    for done, item in enumerate(usable, start=1):
        references, questions = neighbours[item.topic]
        found = content_signals(
            embedder,
            item.question,
            item.answer,
            reference=item.reference,
            material=None,
            criteria=[Criterion(text=text) for text in key_points(item.reference or "")],
            other_references=references,
            other_questions=questions,
        )
        signals.append(to_signals(found, rubric=False, injection=False))
        if on_item:
            on_item(done, len(usable))
    return signals, [item.human for item in usable], graded


def negatives(items: Sequence[Item]) -> list[Item]:
    """Answers to other questions, graded 0, for one item in NEGATIVE_EVERY.

    Human-graded sets hold few answers that miss the question entirely (SAF's English half:
    none), so a model fitted on them alone learns that an answer with no word of the reference
    still earns about half marks, as most answers there do. An answer given to another question
    is wrong whatever it says, so these cost no human grading.
    """
    found = []
    for index in range(0, len(items), NEGATIVE_EVERY):
        item = items[index]
        for step in range(1, len(items)):
            donor = items[(index + len(items) // 2 + step) % len(items)]
            if donor.question != item.question and donor.answer.strip():
                found.append(Item(item.question, donor.answer, 0.0, item.reference, item.material, item.topic))
                break
    return found


def fit_signals(signals: Sequence[Signals], human: Sequence[float], graded: int | None = None) -> dict[str, Any]:
    """The content and confidence models of `roles.grading_combine` for these signals and grades
    (0-100). Only the first `graded` (all by default) carry people's grades: the confidence is
    fitted on those alone, as it must say how often a person agrees, and answers to other
    questions are too easy to teach that."""
    graded = len(signals) if graded is None else graded
    target = np.asarray(human, dtype=float) / 100
    read = all(one.judged_right is not None for one in signals)
    names = JUDGED_FEATURES if read else CONTENT_FEATURES
    features = np.array([content_features(one, names) for one in signals])
    weights = logistic(features, (target >= CORRECT_SHARE).astype(float))
    p = sigmoid(features @ weights[1:] + weights[0])
    low, high = _best_map(p, target)
    content = np.array([ramp(value, low, high) for value in p])
    gates = np.array([gate_of(one) for one in signals])
    right = (np.abs(content * gates - target) < CLOSE / 100).astype(float)
    trust_features = np.array(
        [confidence_features(one, p[i], content[i], gates[i], read) for i, one in enumerate(signals)]
    )
    trust = logistic(trust_features[:graded], right[:graded])
    return {
        "content": {
            "features": list(names),
            "intercept": round(float(weights[0]), 4),
            "weights": [round(float(value), 4) for value in weights[1:]],
            "low": round(low, 3),
            "high": round(high, 3),
        },
        "confidence": {
            "features": list(JUDGED_CONFIDENCE if read else CONFIDENCE_FEATURES),
            "intercept": round(float(trust[0]), 4),
            "weights": [round(float(value), 4) for value in trust[1:]],
        },
    }


def _texts(items: Sequence[Item]) -> list[str]:
    """Every answer, question and reference, to embed in batches before grading one by one."""
    answers = [find_injection(item.answer).cleaned for item in items]
    texts = [text for item in items for text in (item.answer, item.question, item.reference) if text]
    texts += [text for text in answers if text]
    return list(dict.fromkeys(texts))


def _neighbours(items: Sequence[Item]) -> dict[str, tuple[list[str], list[str]]]:
    """Per topic: the distinct references and questions, which each item's neighbours come from."""
    found: dict[str, tuple[list[str], list[str]]] = {}
    for item in items:
        references, questions = found.setdefault(item.topic, ([], []))
        if item.reference and item.reference not in references:
            references.append(item.reference)
        if item.question not in questions:
            questions.append(item.question)
    return found


def logistic(
    features: np.ndarray,
    target: np.ndarray,
    iterations: int = 50,
    *,
    l2: float = L2,
    nonnegative: bool = False,
) -> np.ndarray:
    """Intercept and weights of a logistic model of `target` (0-1, fractions allowed) by Newton's
    method with a small ridge penalty (`l2` per row) on the weights. With `nonnegative`, the
    weights are kept at 0 or above: a weight at 0 whose gradient would push it below stays out
    of the Newton step (an active set), and a step that takes a weight below 0 stops it at 0."""
    design = np.hstack([np.ones((len(features), 1)), features])
    weights = np.zeros(design.shape[1])
    penalty = l2 * len(design) * np.eye(design.shape[1])
    penalty[0, 0] = 0.0
    for _ in range(iterations):
        p = sigmoid(design @ weights)
        gradient = design.T @ (p - target) + penalty @ weights
        hessian = (design * (p * (1 - p))[:, None]).T @ design + penalty + 1e-9 * np.eye(design.shape[1])
        free = np.ones(len(weights), dtype=bool)
        if nonnegative:
            free[1:] = (weights[1:] > 0) | (gradient[1:] < 0)
        step = np.zeros(len(weights))
        step[free] = np.linalg.solve(hessian[np.ix_(free, free)], gradient[free])
        weights -= step
        if nonnegative:
            weights[1:] = np.maximum(weights[1:], 0.0)
        if np.abs(step).max() < 1e-8:
            break
    return weights


def _best_map(p: np.ndarray, target: np.ndarray) -> tuple[float, float]:
    """The (low, high) of the linear map of the model's output onto 0-1 with the least squared error."""
    grid = np.round(np.arange(0.0, 1.0001, 0.025), 3)
    best, chosen = np.inf, (0.0, 1.0)
    for low in grid:
        for high in grid[grid > low]:
            error = float(np.mean((np.clip((p - low) / (high - low), 0, 1) - target) ** 2))
            if error < best:
                best, chosen = error, (float(low), float(high))
    return chosen


def sigmoid(values: np.ndarray) -> np.ndarray:
    return 1.0 / (1.0 + np.exp(-np.clip(values, -30, 30)))


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 3)
