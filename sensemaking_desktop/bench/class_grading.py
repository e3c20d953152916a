"""`sensemaking bench grading FILE --teacher-sample 0.1`: a teacher simulated from a public set's human grades.

The items (the `bench grading` format) are one class; each distinct question is one question of
it. Per run, the simulated teacher grades what the app proposes, exactly as the app proposes it
(`class_grading.next_to_grade`): a group's representative is graded for the whole group in one
action, and each member whose human grade is more than the tolerance away from it is corrected
in one action more; any other answer costs one action. Then the app grades the rest: automatic
where the guarantee holds, suggestions elsewhere. The teacher finally works through the
suggestions as the app lists them (`class_grading.review_groups`: a question's answers suggested
the same grade together; one action for the grade most of them deserve, one per odd answer), so
every grade ends up the teacher's or automatic.

Runs differ only in the seed of the random half of the sample; `guarantee_held` is the share of
runs in which the automatic grades met the target (a run with nothing automatic counts as held).
The same runs with the cosine judge give `baseline_nearest_neighbour`.
"""

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from sensemaking_desktop.bench.grading import Item
from sensemaking_desktop.metrics.guarantee import DEFAULT_RISK, DEFAULT_TARGET, TOLERANCE
from sensemaking_desktop.roles.answer_groups import AnswerGroup, answer_vectors, group_answers
from sensemaking_desktop.roles.class_grading import (
    ClassGrader,
    PairJudge,
    QuestionAnswers,
    next_to_grade,
    review_groups,
    sample_size,
)
from sensemaking_desktop.roles.pair_judges import JUDGES as JUDGES  # the judges `bench class --judge` offers
from sensemaking_desktop.text.embeddings import Embedder, default_embedder
from sensemaking_desktop.text.language import detect

RunCallback = Callable[[int, int], None]


@dataclass(frozen=True)
class Truth:
    """Human grades, per question key, per answer index."""

    grades: dict[str, list[float]]


@dataclass(frozen=True)
class RunResult:
    teacher_graded: int
    actions: int
    automatic: int
    automatic_agreed: int
    review: int
    threshold: float | None


def build_class(items: list[Item], embedder: Embedder) -> tuple[list[QuestionAnswers], Truth]:
    """Questions in first-seen order, each answer grouped; the human grades kept aside."""
    by_question: dict[tuple[str, str], list[Item]] = {}
    for item in items:
        by_question.setdefault((item.question, item.reference or ""), []).append(item)
    questions, grades = [], {}
    for number, ((question, reference), members) in enumerate(by_question.items()):
        texts = [item.answer for item in members]
        vectors = answer_vectors(texts, detect(f"{question} {reference}"), embedder)
        key = f"q{number}"
        questions.append(
            QuestionAnswers(key, question, reference or None, texts, group_answers(texts, vectors), vectors=vectors)
        )
        grades[key] = [item.human for item in members]
    return questions, Truth(grades)


def simulate(
    items: list[Item],
    judge: PairJudge,
    *,
    share: float = 0.1,
    target: float = DEFAULT_TARGET,
    risk: float = DEFAULT_RISK,
    runs: int = 100,
    use_reference: bool = True,
    on_run: RunCallback | None = None,
    embedder: Embedder | None = None,
) -> dict[str, Any]:
    """The figures of `runs` simulated classes (see the module docstring)."""
    embedder = embedder or default_embedder()
    started = time.perf_counter()
    questions, truth = build_class(items, embedder)
    grader = ClassGrader(judge, use_reference=use_reference)
    results = []
    first_run_s = 0.0
    for seed in range(runs):
        results.append(_run(grader, questions, truth, share, target, risk, seed))
        if seed == 0:
            first_run_s = time.perf_counter() - started
        if on_run:
            on_run(seed + 1, runs)
    total = len(items)
    return _summary(results, total, len(questions), target) | {
        "grouping_only_actions_per_answer": round(grouping_only_actions(questions, truth) / total, 3),
        "answers_per_minute": round(60 * total / first_run_s, 1),
        "teacher_grade_update_s": round(update_seconds(grader, questions, truth, share, target, risk), 3),
        "judge": judge.name,
        "runs": runs,
        "share": share,
        "target": target,
        "risk": risk,
    }


def update_seconds(
    grader: ClassGrader, template: list[QuestionAnswers], truth: Truth, share: float, target: float, risk: float
) -> float:
    """Seconds to grade the class again after one more teacher grade, once the sample is graded:
    what a teacher waits for after each grade."""
    rng = random.Random(0)
    questions = [replace(question, teacher={}, group_actions={}) for question in template]
    for question in questions:
        _sample(question, truth.grades[question.key], share, rng)
    grader.plan(questions, target=target, risk=risk)
    question = max(questions, key=lambda q: len(q.texts) - len(q.teacher))
    index = next(i for i in range(len(question.texts)) if i not in question.teacher)
    question.teacher[index] = truth.grades[question.key][index]
    started = time.perf_counter()
    grader.plan(questions, target=target, risk=risk)
    return time.perf_counter() - started


def grouping_only_actions(questions: list[QuestionAnswers], truth: Truth) -> int:
    """Actions to grade everything in groups, no machine grade at all."""
    return sum(
        _group_actions([truth.grades[question.key][member] for member in group.members])
        for question in questions
        for group in question.groups
    )


def _group_actions(grades: list[float]) -> int:
    """One action for the grade most of the group shares, one per answer further than the tolerance from it."""
    if not grades:
        return 0
    best = max(grades, key=lambda grade: sum(abs(other - grade) <= TOLERANCE for other in grades))
    return 1 + sum(abs(grade - best) > TOLERANCE for grade in grades)


def _run(
    grader: ClassGrader,
    template: list[QuestionAnswers],
    truth: Truth,
    share: float,
    target: float,
    risk: float,
    seed: int,
) -> RunResult:
    rng = random.Random(seed)
    questions = [replace(question, teacher={}, group_actions={}) for question in template]
    actions = sum(_sample(question, truth.grades[question.key], share, rng) for question in questions)
    teacher_graded = sum(len(question.teacher) for question in questions)
    plan = grader.plan(questions, target=target, risk=risk)
    automatic = agreed = review = 0
    for question in questions:
        human = truth.grades[question.key]
        rows = plan.answers[question.key]
        for row in rows:
            if row.origin == "automatic":
                automatic += 1
                agreed += abs(row.score - human[row.index]) <= TOLERANCE
        waiting = review_groups(question, rows)
        review += sum(len(members) for _, members in waiting)
        actions += sum(_group_actions([human[m] for m in members]) for _, members in waiting)
    return RunResult(teacher_graded, actions, automatic, agreed, review, plan.threshold.confidence)


def _sample(question: QuestionAnswers, human: list[float], share: float, rng: random.Random) -> int:
    """The teacher grades the app's proposals until `share` of the question's answers are graded."""
    wanted = sample_size(len(question.texts), share)
    actions = 0
    while len(question.teacher) < wanted:
        index = next_to_grade(question, None, rng, sample=wanted)
        if index is None:
            break
        group = question.group_of(index)
        if index == group.representative and not set(group.members) & question.teacher.keys():
            actions += _grade_group(question, group, human)
        else:
            question.teacher[index] = human[index]
            actions += 1
    return actions


def _grade_group(question: QuestionAnswers, group: AnswerGroup, human: list[float]) -> int:
    """The representative's grade for the whole group, the odd members corrected one by one."""
    grade = human[group.representative]
    actions = 1
    for member in group.members:
        if abs(human[member] - grade) <= TOLERANCE:
            question.teacher[member] = grade
            question.group_actions[member] = group.representative
        else:
            question.teacher[member] = human[member]
            actions += 1
    return actions


def _summary(results: list[RunResult], total: int, questions: int, target: float) -> dict[str, Any]:
    automatic = np.array([result.automatic for result in results], dtype=float)
    agreed = np.array([result.automatic_agreed for result in results], dtype=float)
    with_any = automatic > 0
    held = [result.automatic == 0 or result.automatic_agreed / result.automatic >= target for result in results]
    thresholds = [result.threshold for result in results if result.threshold is not None]
    return {
        "teacher_share": round(float(np.mean([result.teacher_graded for result in results])) / total, 3),
        "teacher_actions_per_answer": round(float(np.mean([result.actions for result in results])) / total, 3),
        "auto_share": round(float(automatic.mean()) / total, 3),
        "auto_agreement": round(float(agreed[with_any].sum() / automatic[with_any].sum()), 3)
        if with_any.any()
        else None,
        "review_share": round(float(np.mean([result.review for result in results])) / total, 3),
        "guarantee_held": round(float(np.mean(held)), 3),
        "runs_with_automatic": int(with_any.sum()),
        "threshold_median": round(float(np.median(thresholds)), 3) if thresholds else None,
        "n": total,
        "questions": questions,
    }


def agreement_curve(
    items: list[Item], judge: PairJudge, *, share: float = 0.1, seed: int = 0, embedder: Embedder | None = None
) -> list[dict[str, float]]:
    """Automatic share against agreement as the confidence threshold is swept, on one run's
    sample, with no guarantee: what an oracle threshold could reach (for a blocked report)."""
    embedder = embedder or default_embedder()
    questions, truth = build_class(items, embedder)
    rng = random.Random(seed)
    for question in questions:
        _sample(question, truth.grades[question.key], share, rng)
    grader = ClassGrader(judge)
    rows = []
    for question in questions:
        human = truth.grades[question.key]
        for index in range(len(question.texts)):
            if index in question.teacher:
                continue
            prediction = grader.predict(question, index, question.teacher)
            if prediction is not None:
                rows.append((prediction.confidence, abs(prediction.score - human[index]) <= TOLERANCE))
    rows.sort(key=lambda row: -row[0])
    curve = []
    total = len(items)
    for cut in (0.05, 0.1, 0.2, 0.3, 0.5, 0.7, 1.0):
        kept = rows[: max(1, int(cut * len(rows)))]
        curve.append(
            {
                "auto_share": round(len(kept) / total, 3),
                "agreement": round(sum(flag for _, flag in kept) / len(kept), 3),
                "confidence_at_least": round(kept[-1][0], 3),
            }
        )
    return curve
