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

`sensemaking bench class-grading` times the teacher's wait instead, on a large class made from the
shipped sample's questions (`build_large_class`): the first plan, then teacher actions one by one
through the workspace `sensemaking class grade` opens (`time_teacher_actions`).
"""

import random
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any, Protocol

import numpy as np

from sensemaking_desktop.bench.engine import peak_rss_mb
from sensemaking_desktop.bench.grading import Item
from sensemaking_desktop.metrics.guarantee import DEFAULT_RISK, DEFAULT_TARGET, TOLERANCE
from sensemaking_desktop.quizzes.model import Question, QuestionKind, Quiz
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
from sensemaking_desktop.samples import load_sample
from sensemaking_desktop.store import Store
from sensemaking_desktop.store.answers import add_people_answers
from sensemaking_desktop.store.class_grades import add_teacher_grades, class_answers
from sensemaking_desktop.store.quizzes import add_quiz, get_quiz
from sensemaking_desktop.text.embeddings import Embedder, default_embedder
from sensemaking_desktop.text.language import detect

RunCallback = Callable[[int, int], None]
DEFAULT_SAMPLE_SHARE = 0.1


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


_OPENINGS = ("", "I think ", "Because ", "It is because ", "The answer is: ", "Well, ")


class Workspace(Protocol):
    """What `sensemaking class grade` opens for each action (`workflows.class_grading.ClassWorkspace`)."""

    def regrade(self) -> object: ...

    def group_of(self, answer_id: int) -> list[int]: ...

    def grade(self, answer_ids: Sequence[int], score: float) -> object: ...

    def next_answer(self, question_id: int) -> int | None: ...


def build_large_class(
    store: Store, *, questions: int = 20, answers: int = 500, seed: int = 0
) -> tuple[int, dict[int, float]]:
    """A quiz of the shipped sample's questions (repeated, as "part 2" and on, past its twelve),
    each with `answers` students' answers: its key answer reworded (a word dropped, two letters
    swapped, an opening, lower case, a sentence of the text added) graded 100, its first half so
    reworded graded 50, and another question's key or a sentence of the text graded 0. Returns the
    quiz and each answer's grade, for the simulated teacher."""
    rng = random.Random(seed)
    sample = load_sample()
    keys = [sample.questions[number % len(sample.questions)] for number in range(questions)]
    prose = " ".join(line for line in sample.text.splitlines() if not line.startswith("#"))
    sentences = [sentence.strip() for sentence in prose.split(".") if 20 < len(sentence.strip()) < 120]
    quiz = Quiz(
        title=f"Class of {questions * answers} answers",
        questions=[
            Question(kind=QuestionKind.OPEN, text=_part(key.question, number, len(sample.questions)),
                     reference_answer=key.answer)
            for number, key in enumerate(keys)
        ],
    )  # fmt: skip
    with store.atomic() as db:
        quiz_id = add_quiz(db, quiz)
    question_ids = [question.id for question in get_quiz(store, quiz_id).questions]
    rows, grades = [], {}
    for question_id, key in zip(question_ids, keys):
        wrong = [other.answer for other in sample.questions if other.answer != key.answer] + sentences
        for student in range(answers):
            text, grade = _student_answer(key.answer, wrong, sentences, rng)
            rows.append((f"S{student + 1}", question_id, text))
            grades[(question_id, f"S{student + 1}")] = grade
    add_people_answers(store, quiz_id, rows)
    return quiz_id, {a.answer_id: grades[(a.question_id, a.student)] for a in class_answers(store, quiz_id)}


def _part(question: str, number: int, distinct: int) -> str:
    return question if number < distinct else f"{question} (part {number // distinct + 1})"


def _student_answer(key: str, wrong: list[str], sentences: list[str], rng: random.Random) -> tuple[str, float]:
    """One student's answer and its grade: right, half right or wrong, reworded."""
    kind = rng.random()
    if kind < 0.55:
        return _reworded(key, sentences, rng), 100.0
    if kind < 0.75:
        words = key.rstrip(".").split()
        return _reworded(" ".join(words[: max(1, len(words) // 2)]), sentences, rng), 50.0
    return _reworded(rng.choice(wrong), sentences, rng), 0.0


def _reworded(text: str, sentences: list[str], rng: random.Random) -> str:
    words = text.rstrip(".").split()
    change = rng.random()
    if change < 0.3 and len(words) > 3:
        words.pop(rng.randrange(len(words)))
    elif change < 0.5:
        place = rng.randrange(len(words))
        word = words[place]
        if len(word) > 3:
            at = rng.randrange(len(word) - 1)
            words[place] = word[:at] + word[at + 1] + word[at] + word[at + 2 :]
    answer = rng.choice(_OPENINGS) + " ".join(words)
    if rng.random() < 0.2:
        answer = answer.lower()
    if rng.random() < 0.15:
        answer += ". " + rng.choice(sentences)
    return answer + rng.choice((".", "", "!"))


def time_teacher_actions(
    open_workspace: Callable[[], Workspace],
    store: Store,
    quiz_id: int,
    grades: dict[int, float],
    *,
    actions: int = 20,
    share: float = DEFAULT_SAMPLE_SHARE,
    seed: int = 0,
) -> dict[str, Any]:
    """Seconds a teacher waits: the class's first plan once `share` of each question's answers
    carry the teacher's grade (one action each), then `actions` actions, each in a workspace opened
    for it as `sensemaking class grade` opens one: the answer the app proposes next (question by
    question in turn) graded with its grade, every other time with its whole group (`--group`)."""
    rng = random.Random(seed)
    answers = class_answers(store, quiz_id)
    by_question: dict[int, list[int]] = {}
    for answer in answers:
        by_question.setdefault(answer.question_id, []).append(answer.answer_id)
    for members in by_question.values():
        for answer_id in rng.sample(members, sample_size(len(members), share)):
            add_teacher_grades(store, quiz_id, [(answer_id, grades[answer_id])], origin="teacher", grader="bench")
    started = time.perf_counter()
    open_workspace().regrade()
    first_plan = time.perf_counter() - started
    waits = []
    for number in range(actions):
        question_id = list(by_question)[number % len(by_question)]
        answer_id = open_workspace().next_answer(question_id)
        if answer_id is None:
            continue
        started = time.perf_counter()
        workspace = open_workspace()
        chosen = workspace.group_of(answer_id) if number % 2 else [answer_id]
        workspace.grade(chosen, grades[answer_id])
        waits.append(time.perf_counter() - started)
    return {
        "answers": len(answers),
        "questions": len(by_question),
        "teacher_graded_first": sum(sample_size(len(m), share) for m in by_question.values()),
        "first_plan_s": round(first_plan, 3),
        "actions": len(waits),
        "action_s_median": round(statistics.median(waits), 3) if waits else None,
        "action_s_max": round(max(waits), 3) if waits else None,
        "peak_rss_mb": peak_rss_mb(),
    }
