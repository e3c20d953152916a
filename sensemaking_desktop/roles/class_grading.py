"""Grading a class from the teacher's own grades: predictions, the agreement guarantee, what to grade next.

An ungraded answer is compared with each teacher-graded answer to the same question (and with
the reference, graded 100) by a pairwise judge: "does this answer deserve that graded answer's
grade?". A judge that reads answers against the reference (`reads_reference`, the answer judge)
also offers the opposite reading, "wrong: 0", with the rest of its belief, so that before the
teacher grades anything each answer is suggested right or wrong by what it says; as the teacher
grades, that reading is refitted to the teacher's grades of the question (`ClassGrader._adapted`),
and the graded answers become references of their own. An answer
takes the grade of the graded answer the judge likes best; its confidence is that probability,
lowered by the judge's belief in any graded answer with a different grade, so an answer that
resembles both a right and a wrong graded answer is never sure.

Whether a confidence is enough is decided from the teacher's grades alone: each teacher grade is
predicted from the teacher's other grades, its own group left out (an ungraded answer's group
has no teacher grade either), and `metrics.guarantee` finds the lowest confidence at which those
held-out predictions provably agree with the teacher at the target. Grades at or above it are
automatic; the rest are suggestions for the teacher to look at. A group the teacher graded in
one action counts as one held-out grade (its representative), not as many: its members were not
graded independently.
"""

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal, Protocol

import numpy as np

from sensemaking_desktop.metrics.guarantee import (
    DEFAULT_RISK,
    DEFAULT_TARGET,
    TOLERANCE,
    Threshold,
    choose_threshold,
)
from sensemaking_desktop.roles.answer_groups import AnswerGroup

Origin = Literal["teacher", "teacher_group", "automatic", "suggestion"]
REFERENCE = -1
"""The basis index of a prediction that follows the reference answer."""
DEFAULT_SAMPLE = 0.1
MIN_SAMPLE = 3
NEAREST_PER_GRADE = 3


class PairJudge(Protocol):
    """Probabilities that each answer deserves the grade of the graded answer it is paired with."""

    name: str
    provenance: dict[str, str]
    """What judged: the judge's name, its model and the model file's sha256 where it has one."""

    def same_grade(self, question: str, pairs: Sequence[tuple[str, float, str]]) -> np.ndarray:
        """One probability per (graded answer, its grade 0-100, answer) pair."""
        ...


@dataclass
class QuestionAnswers:
    """One question of a class: its answers and the teacher's grades so far."""

    key: str
    question: str
    reference: str | None
    texts: list[str]
    groups: list[AnswerGroup]
    teacher: dict[int, float] = field(default_factory=dict)
    """Answer index -> the teacher's grade 0-100."""
    group_actions: dict[int, int] = field(default_factory=dict)
    """Answer index -> the representative whose group grade it received (itself for one graded alone)."""
    vectors: np.ndarray | None = None
    """The answers' L2-normalised sentence embeddings, when known: the judge then reads only the
    graded answers nearest each answer (NEAREST_PER_GRADE for each grade given)."""

    def group_of(self, index: int) -> AnswerGroup:
        for group in self.groups:
            if index in group.members:
                return group
        raise KeyError(index)


@dataclass(frozen=True)
class Prediction:
    score: float
    confidence: float
    basis: int
    """Index of the teacher-graded answer it follows, or REFERENCE."""


@dataclass(frozen=True)
class GradedAnswer:
    """An answer's grade in the plan and where it came from."""

    index: int
    score: float | None
    origin: Origin | None
    """None: nothing to go on yet (no teacher grade and no reference for this question)."""
    confidence: float | None
    basis: int | None


@dataclass(frozen=True)
class QuestionPlan:
    """What a question's teacher grades give, whatever the threshold: a prediction per answer (None
    for an answer the teacher graded or one with nothing to go on) and the held-out results."""

    predictions: list[Prediction | None]
    held_out: list[tuple[float, bool]]


@dataclass(frozen=True)
class ClassPlan:
    """Every answer's grade, with the guarantee that decided which are automatic."""

    threshold: Threshold
    answers: dict[str, list[GradedAnswer]]
    """Question key -> one entry per answer, in answer order."""

    def count(self, origin: Origin) -> int:
        return sum(answer.origin == origin for rows in self.answers.values() for answer in rows)


class ClassGrader:
    """Pairwise judgements cached by text (question, graded answer and its grade, answer), and each
    question's predictions and held-out results cached by what they follow from (its answers,
    groups and teacher grades): a teacher action touches one question, so the next plan predicts
    that question again and only re-reads the threshold for the others, and answers added to the
    class later cannot be mistaken for others."""

    def __init__(self, judge: PairJudge, *, use_reference: bool = True) -> None:
        self.judge = judge
        self.use_reference = use_reference
        self._cache: dict[tuple[str, str, float, str], float] = {}
        self._questions: dict[str, tuple[tuple[object, ...], QuestionPlan]] = {}

    def plan(
        self, questions: Sequence[QuestionAnswers], *, target: float = DEFAULT_TARGET, risk: float = DEFAULT_RISK
    ) -> ClassPlan:
        """Every answer's grade; the threshold is the class's, from every question's held-out results."""
        plans = [self.question_plan(question) for question in questions]
        held = [pair for plan in plans for pair in plan.held_out]
        threshold = choose_threshold([c for c, _ in held], [a for _, a in held], target=target, risk=risk)
        answers = {question.key: _graded(question, plan, threshold) for question, plan in zip(questions, plans)}
        return ClassPlan(threshold, answers)

    def question_plan(self, question: QuestionAnswers) -> QuestionPlan:
        """The question's predictions and held-out results, computed again only when what they
        follow from changed since the last plan of a question with its key."""
        state = _fingerprint(question)
        cached = self._questions.get(question.key)
        if cached is not None and cached[0] == state:
            return cached[1]
        held_out = self.held_out(question)
        predictions = [
            None if index in question.teacher else self.predict(question, index, question.teacher)
            for index in range(len(question.texts))
        ]
        plan = QuestionPlan(_agreed_in_groups(question, predictions), held_out)
        self._questions[question.key] = (state, plan)
        return plan

    def held_out(self, question: QuestionAnswers) -> list[tuple[float, bool]]:
        """(confidence, agreed) for each teacher action, predicted without its own group's grades."""
        results = []
        for index in _calibration_points(question):
            excluded = set(question.group_of(index).members) | {index}
            basis = {i: s for i, s in question.teacher.items() if i not in excluded}
            prediction = self.predict(question, index, basis)
            if prediction is not None:
                results.append((prediction.confidence, abs(prediction.score - question.teacher[index]) <= TOLERANCE))
        return results

    def predict(self, question: QuestionAnswers, index: int, basis: dict[int, float]) -> Prediction | None:
        """The grade the judge would give answer `index` from the graded answers in `basis`."""
        candidates = [(i, score, question.texts[i]) for i, score in _nearest_per_grade(question, index, basis).items()]
        if self.use_reference and question.reference:
            candidates.append((REFERENCE, 100.0, question.reference))
        if not candidates:
            return None
        probabilities = self._probabilities(question, candidates, index)
        if candidates[-1][0] == REFERENCE and getattr(self.judge, "reads_reference", False):
            probabilities[-1] = self._adapted(question, probabilities[-1], basis)
            candidates.append((REFERENCE, 0.0, question.reference))
            probabilities = np.append(probabilities, 1.0 - probabilities[-1])
        best = int(np.argmax(probabilities))
        score = candidates[best][1]
        against = [p for p, (_, other, _) in zip(probabilities, candidates) if abs(other - score) > TOLERANCE]
        confidence = min(float(probabilities[best]), 1.0 - max(against, default=0.0))
        return Prediction(score, max(0.0, confidence), candidates[best][0])

    def _adapted(self, question: QuestionAnswers, right: float, basis: dict[int, float]) -> float:
        """The judge's reading against the reference, recalibrated to this teacher on the graded
        answers in `basis` (never the answer being predicted, nor in a held-out check its group):
        a logistic map of its log-odds onto "the teacher gave half marks or more", drawn towards
        the judge's own reading by ADAPT_PRIOR grades' worth, so a few grades move it a little and
        a course graded more strictly or leniently than the judge was trained for moves it more."""
        if not basis:
            return right
        reference = [(REFERENCE, 100.0, question.reference or "")]
        graded = [(float(self._probabilities(question, reference, i)[0]), score) for i, score in basis.items()]
        slope, shift = calibration([_logit(p) for p, _ in graded], [float(score >= 50.0) for _, score in graded])
        return float(1.0 / (1.0 + np.exp(-(slope * _logit(right) + shift))))

    def _probabilities(
        self, question: QuestionAnswers, candidates: list[tuple[int, float, str]], index: int
    ) -> np.ndarray:
        answer = question.texts[index]
        keys = [(question.question, text, score, answer) for _, score, text in candidates]
        missing = list(dict.fromkeys(key for key in keys if key not in self._cache))
        if missing:
            found = self.judge.same_grade(question.question, [(text, score, answer) for _, text, score, _ in missing])
            self._cache.update((key, float(p)) for key, p in zip(missing, found))
        return np.array([self._cache[key] for key in keys])


ADAPT_PRIOR = 4.0
"""How many teacher grades the judge's own calibration (slope 1, shift 0) weighs in the class fit."""


def calibration(logits: Sequence[float], right: Sequence[float], iterations: int = 25) -> tuple[float, float]:
    """(slope, shift) of the logistic map fitted by Newton's method, with a ridge of ADAPT_PRIOR
    towards (1, 0)."""
    x, y = np.asarray(logits, dtype=float), np.asarray(right, dtype=float)
    weights = np.array([1.0, 0.0])
    prior = np.array([1.0, 0.0])
    for _ in range(iterations):
        p = 1.0 / (1.0 + np.exp(-(weights[0] * x + weights[1])))
        design = np.stack([x, np.ones_like(x)], axis=1)
        gradient = design.T @ (p - y) + ADAPT_PRIOR * (weights - prior)
        hessian = (design * (p * (1 - p))[:, None]).T @ design + ADAPT_PRIOR * np.eye(2)
        step = np.linalg.solve(hessian, gradient)
        weights -= step
        if np.abs(step).max() < 1e-6:
            break
    return float(weights[0]), float(weights[1])


def _agreed_in_groups(question: QuestionAnswers, predictions: list[Prediction | None]) -> list[Prediction | None]:
    """Each answer group's predictions with one grade: the one most of its members got (the
    surer on a tie). A group is graded in one action, so "sea" suggested 0 inside the group of
    "the oceans" suggested 100 could only mislead; a member whose own reading differed keeps the
    group's grade at confidence 0, so it is never automatic and is listed last to check."""
    agreed = list(predictions)
    for group in question.groups:
        members = [(index, found) for index in group.members if (found := predictions[index]) is not None]
        votes: dict[float, tuple[int, float]] = {}
        for _, found in members:
            count, sure = votes.get(found.score, (0, 0.0))
            votes[found.score] = (count + 1, sure + found.confidence)
        if len(votes) < 2:
            continue
        chosen = max(votes, key=votes.__getitem__)
        basis = next(found.basis for _, found in members if found.score == chosen)
        for index, found in members:
            if found.score != chosen:
                agreed[index] = Prediction(chosen, 0.0, basis)
    return agreed


def _graded(question: QuestionAnswers, plan: QuestionPlan, threshold: Threshold) -> list[GradedAnswer]:
    """The question's rows: the teacher's grades, and its predictions automatic at or above the threshold."""
    rows = []
    for index, prediction in enumerate(plan.predictions):
        if index in question.teacher:
            single = question.group_actions.get(index, index) == index
            origin: Origin = "teacher" if single else "teacher_group"
            rows.append(GradedAnswer(index, question.teacher[index], origin, 1.0, None))
        elif prediction is None:
            rows.append(GradedAnswer(index, None, None, None, None))
        else:
            automatic = threshold.holds and prediction.confidence >= threshold.confidence
            origin = "automatic" if automatic else "suggestion"
            rows.append(GradedAnswer(index, prediction.score, origin, prediction.confidence, prediction.basis))
    return rows


def _fingerprint(question: QuestionAnswers) -> tuple[object, ...]:
    """Everything a question's predictions and held-out results follow from."""
    vectors = None if question.vectors is None else hash(question.vectors.tobytes())
    return (
        question.question,
        question.reference,
        tuple(question.texts),
        tuple(group.members for group in question.groups),
        tuple(sorted(question.teacher.items())),
        tuple(sorted(question.group_actions.items())),
        vectors,
    )


def _logit(probability: float) -> float:
    p = min(max(probability, 1e-4), 1 - 1e-4)
    return float(np.log(p / (1 - p)))


def _nearest_per_grade(question: QuestionAnswers, index: int, basis: dict[int, float]) -> dict[int, float]:
    """The graded answers the judge reads for answer `index`: all of them, or with embeddings the
    NEAREST_PER_GRADE most similar of each grade, which hold the best match of each grade (by
    cosine exactly, by a trained judge nearly) at a fraction of the judge calls in a large class."""
    if question.vectors is None or len(basis) <= NEAREST_PER_GRADE:
        return basis
    closeness = question.vectors[list(basis)] @ question.vectors[index]
    by_grade: dict[float, list[tuple[float, int]]] = {}
    for (graded, score), near in zip(basis.items(), closeness):
        by_grade.setdefault(score, []).append((float(near), graded))
    kept = [graded for rows in by_grade.values() for _, graded in sorted(rows, reverse=True)[:NEAREST_PER_GRADE]]
    return {graded: basis[graded] for graded in sorted(kept)}


def _calibration_points(question: QuestionAnswers) -> list[int]:
    """One per teacher action: answers graded alone, and each group grade's representative."""
    return sorted(index for index in question.teacher if question.group_actions.get(index, index) == index)


def sample_size(count: int, share: float = DEFAULT_SAMPLE) -> int:
    """Answers to ask the teacher for first: a share of the question's answers, at least MIN_SAMPLE."""
    return min(count, max(MIN_SAMPLE, round(share * count)))


def next_to_grade(
    question: QuestionAnswers, plan_rows: list[GradedAnswer] | None, rng: random.Random, *, sample: int
) -> int | None:
    """The answer to show the teacher next. While the first `sample` actions are not done: the
    largest group with no teacher grade (its representative: one action grades it all), and every
    other time an answer drawn at random, since the guarantee rests on held-out grades that must be
    like the answers it is applied to. After that, the suggestion whose check is worth most: the
    least confident, times the answers in its group, shown by its group's representative where
    that is still to grade, as `class groups` names the group (third fresh run: "Yara (a group
    of 17): sea" for the group listed as Ana's "the oceans")."""
    ungraded = [index for index in range(len(question.texts)) if index not in question.teacher]
    if not ungraded:
        return None
    open_groups = [group for group in question.groups if not set(group.members) & question.teacher.keys()]
    actions = len(_calibration_points(question))
    if actions < sample or plan_rows is None:
        if open_groups and actions % 2 == 0:
            return open_groups[0].representative
        return rng.choice(ungraded)
    chosen = max(ungraded, key=lambda index: (_look_value(question, plan_rows[index], index), rng.random()))
    representative = question.group_of(chosen).representative
    return representative if representative in ungraded else chosen


def _look_value(question: QuestionAnswers, row: GradedAnswer, index: int) -> float:
    uncertainty = 1.0 - (row.confidence or 0.0) if row.origin != "automatic" else 0.0
    return uncertainty * question.group_of(index).size


def review_groups(question: QuestionAnswers, rows: list[GradedAnswer]) -> list[tuple[float | None, list[int]]]:
    """What the teacher works through after the sample: the question's suggestions that share a
    grade, together (one action confirms them all, after the odd ones are graded one by one), most
    confident first within each; answers with no suggestion yet, by their answer group."""
    by_score: dict[float | None, list[GradedAnswer]] = {}
    for row in rows:
        if row.origin == "suggestion":
            by_score.setdefault(row.score, []).append(row)
    groups: list[tuple[float | None, list[int]]] = [
        (score, [row.index for row in sorted(members, key=lambda row: -(row.confidence or 0.0))])
        for score, members in by_score.items()
    ]
    bare = {row.index for row in rows if row.origin is None}
    groups += [
        (None, [m for m in group.members if m in bare]) for group in question.groups if bare & set(group.members)
    ]
    return sorted(groups, key=lambda pair: -len(pair[1]))
