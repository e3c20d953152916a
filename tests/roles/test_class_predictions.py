"""Grading a class from the teacher's grades: automatic only where the teacher's own grades show it agrees."""

import random

from sensemaking_desktop.metrics.guarantee import TOLERANCE
from sensemaking_desktop.roles.answer_groups import AnswerGroup
from sensemaking_desktop.roles.class_grading import ClassGrader, GradedAnswer, QuestionAnswers, next_to_grade
from sensemaking_desktop.roles.pair_judges import CosineJudge

RIGHT = [
    "The mitochondria release energy for the cell by respiration.",
    "Mitochondria produce the cell's energy through respiration.",
    "Respiration in the mitochondria gives the cell its energy.",
    "The cell gets energy from respiration in its mitochondria.",
]
WRONG = [
    "The nucleus keeps the genetic code of the cell.",
    "Ribosomes build proteins from amino acids.",
    "The cell wall protects plant cells.",
    "Chloroplasts capture sunlight in plant leaves.",
]


def _question(key: str, texts: list[str], grades: dict[int, float]) -> QuestionAnswers:
    groups = [AnswerGroup((index,), index, 0.0) for index in range(len(texts))]
    return QuestionAnswers(key, "What do mitochondria do?", None, texts, groups, dict(grades))


def _class(seed: int, separable: bool) -> tuple[list[QuestionAnswers], dict[str, list[float]]]:
    """Six questions of 40 answers, 14 graded by the teacher each. Separable: right answers get
    100 and wrong ones 0. Not separable: the same texts, graded at random."""
    rng = random.Random(seed)
    questions, truth = [], {}
    for number in range(6):
        texts = [rng.choice(RIGHT if i % 2 else WRONG) for i in range(40)]
        human = [(100.0 if i % 2 else 0.0) if separable else rng.choice([0.0, 100.0]) for i in range(40)]
        graded = {i: human[i] for i in rng.sample(range(40), 14)}
        questions.append(_question(f"q{number}", texts, graded))
        truth[f"q{number}"] = human
    return questions, truth


def test_where_the_answers_tell_right_from_wrong_grades_become_automatic_and_agree() -> None:
    questions, truth = _class(1, separable=True)
    plan = ClassGrader(CosineJudge()).plan(questions)
    assert plan.threshold.holds
    automatic = [(key, row) for key, rows in plan.answers.items() for row in rows if row.origin == "automatic"]
    assert len(automatic) > 100
    assert all(abs(row.score - truth[key][row.index]) <= TOLERANCE for key, row in automatic)
    assert plan.count("teacher") == 6 * 14


def test_where_the_signals_cannot_tell_right_from_wrong_nothing_is_automatic() -> None:
    questions, _ = _class(2, separable=False)
    plan = ClassGrader(CosineJudge()).plan(questions)
    assert not plan.threshold.holds
    assert plan.count("automatic") == 0 and plan.count("suggestion") == 6 * (40 - 14)


def test_too_few_teacher_grades_accept_nothing() -> None:
    questions, _ = _class(1, separable=True)
    for question in questions:
        question.teacher = dict(list(question.teacher.items())[:4])
    plan = ClassGrader(CosineJudge()).plan(questions)
    assert not plan.threshold.holds and plan.threshold.held_out == 24 and plan.count("automatic") == 0


def test_teacher_grades_stand_and_a_prediction_names_the_answer_it_follows() -> None:
    texts = [RIGHT[0], WRONG[0], RIGHT[1], WRONG[1]]
    question = _question("q", texts, {0: 100.0, 1: 0.0})
    rows = ClassGrader(CosineJudge(), use_reference=False).plan([question]).answers["q"]
    assert [(row.score, row.origin) for row in rows[:2]] == [(100.0, "teacher"), (0.0, "teacher")]
    assert (rows[2].score, rows[2].basis) == (100.0, 0) and (rows[3].score, rows[3].basis) == (0.0, 1)
    assert {rows[2].origin, rows[3].origin} == {"suggestion"}


def test_the_sample_starts_with_the_largest_group_and_mixes_in_random_answers() -> None:
    texts = [RIGHT[0]] * 5 + [WRONG[0]] * 3 + [RIGHT[1], WRONG[1]]
    groups = [AnswerGroup(tuple(range(5)), 2, 0.0), AnswerGroup((5, 6, 7), 5, 0.0), AnswerGroup((8,), 8, 0.0),
              AnswerGroup((9,), 9, 0.0)]  # fmt: skip
    question = QuestionAnswers("q", "What do mitochondria do?", None, texts, groups)
    rng = random.Random(0)
    assert next_to_grade(question, None, rng, sample=4) == 2
    question.teacher.update({index: 100.0 for index in range(5)})
    question.group_actions.update({index: 2 for index in range(5)})
    second = next_to_grade(question, None, rng, sample=4)
    assert second not in range(5)
    question.teacher[second] = 0.0
    assert next_to_grade(question, None, rng, sample=4) == (5 if second not in (5, 6, 7) else 8)


def test_after_the_sample_a_group_is_shown_by_its_representative() -> None:
    """The least sure member of a group ("sea", its suggestion the group's, at confidence 0) makes
    the group worth checking next, and the group is shown as `class groups` shows it: by its
    representative ("the oceans"), not by that member (third fresh run)."""
    texts = ["the oceans", "sea", "oceans", "rivers", "clouds"]
    groups = [AnswerGroup((0, 1, 2), 0, 0.3), AnswerGroup((3,), 3, 0.0), AnswerGroup((4,), 4, 0.0)]
    question = QuestionAnswers("q", "Where does vapour come from?", "oceans", texts, groups, teacher={3: 0, 4: 0})
    sure = {0: 0.9, 1: 0.0, 2: 0.9}
    rows = [
        GradedAnswer(i, 100.0 if i in sure else 0.0, "suggestion" if i in sure else "teacher", sure.get(i, 1.0), None)
        for i in range(5)
    ]
    assert next_to_grade(question, rows, random.Random(1), sample=2) == 0
