"""A plan after a teacher action predicts again only the question the action touched, and is the plan
a grader with nothing cached gives: the same grades, the same guarantee, in every question."""

import random
from dataclasses import replace

from sensemaking_desktop.roles.answer_groups import AnswerGroup
from sensemaking_desktop.roles.class_grading import ClassGrader, ClassPlan, Prediction, QuestionAnswers
from sensemaking_desktop.roles.pair_judges import CosineJudge

RIGHT = [
    "The mitochondria release energy for the cell by respiration.",
    "Mitochondria produce the cell's energy through respiration.",
    "Respiration in the mitochondria gives the cell its energy.",
]
WRONG = [
    "The nucleus keeps the genetic code of the cell.",
    "Ribosomes build proteins from amino acids.",
    "Chloroplasts capture sunlight in plant leaves.",
]


def _class() -> tuple[list[QuestionAnswers], dict[str, list[float]]]:
    """Six questions of 40 answers, right ones graded 100 and wrong ones 0, 14 graded each: enough
    held-out grades for automatic grades."""
    rng = random.Random(1)
    questions, truth = [], {}
    for number in range(6):
        texts = [rng.choice(RIGHT if i % 2 else WRONG) for i in range(40)]
        human = [100.0 if i % 2 else 0.0 for i in range(40)]
        groups = [AnswerGroup((index,), index, 0.0) for index in range(40)]
        graded = {i: human[i] for i in rng.sample(range(40), 14)}
        questions.append(QuestionAnswers(f"q{number}", "What do mitochondria do?", None, texts, groups, graded))
        truth[f"q{number}"] = human
    return questions, truth


class CountingGrader(ClassGrader):
    """A grader that notes which question each prediction it makes is for."""

    def __init__(self) -> None:
        super().__init__(CosineJudge())
        self.predicted: list[str] = []

    def predict(self, question: QuestionAnswers, index: int, basis: dict[int, float]) -> Prediction | None:
        self.predicted.append(question.key)
        return super().predict(question, index, basis)


def _fresh(questions: list[QuestionAnswers]) -> ClassPlan:
    """The plan of a grader with nothing cached, on copies of the questions."""
    return ClassGrader(CosineJudge()).plan([replace(q, teacher=dict(q.teacher)) for q in questions])


def test_one_more_grade_gives_the_plan_of_a_full_recomputation_and_predicts_only_its_question() -> None:
    questions, truth = _class()
    grader = CountingGrader()
    grader.plan(questions)
    assert set(grader.predicted) == {f"q{n}" for n in range(6)}
    grader.predicted.clear()
    ungraded = next(i for i in range(40) if i not in questions[0].teacher)
    questions[0].teacher[ungraded] = truth["q0"][ungraded]

    assert grader.plan(questions) == _fresh(questions)
    assert set(grader.predicted) == {"q0"}


def test_a_grade_that_breaks_the_guarantee_in_one_question_turns_the_others_automatic_grades_into_suggestions() -> None:
    questions, truth = _class()
    grader = ClassGrader(CosineJudge())
    before = grader.plan(questions)
    automatic = [row.index for row in before.answers["q3"] if row.origin == "automatic"]
    assert before.threshold.holds and automatic
    ungraded = next(i for i in range(40) if i not in questions[0].teacher)
    questions[0].teacher[ungraded] = 100.0 - truth["q0"][ungraded]  # against what the answer says

    after = grader.plan(questions)
    assert not after.threshold.holds
    assert all(after.answers["q3"][index].origin == "suggestion" for index in automatic)
    assert after == _fresh(questions)
