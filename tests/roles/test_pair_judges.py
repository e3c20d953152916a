"""The shipped grading judge: does an answer deserve the grade of a teacher-graded one?"""

import pytest

from sensemaking_desktop.roles.pair_judges import CLASH_CAP, CosineJudge, TrainedJudge

QUESTION = "What is a stack?"
GRADED_RIGHT = "A stack is a last-in, first-out structure: the element added last is removed first."
PARAPHRASE = "The last element pushed onto a stack is the first one popped, so it is LIFO."
WRONG = "A stack is a first-in, first-out structure like a queue at a shop."


@pytest.fixture(scope="module")
def judge() -> TrainedJudge:
    return TrainedJudge()


def test_a_paraphrase_of_a_right_answer_deserves_its_grade_and_a_wrong_one_does_not(judge: TrainedJudge) -> None:
    same, wrong = judge.same_grade(QUESTION, [(GRADED_RIGHT, 100, PARAPHRASE), (GRADED_RIGHT, 100, WRONG)])
    assert same > 0.6 and wrong < 0.4


def test_a_wrong_answer_deserves_the_grade_of_a_graded_wrong_answer(judge: TrainedJudge) -> None:
    other_wrong = "It works like a queue: first in, first out."
    (same,) = judge.same_grade(QUESTION, [(WRONG, 0, other_wrong)])
    (unlike,) = judge.same_grade(QUESTION, [(WRONG, 0, PARAPHRASE)])
    assert same > unlike and same > 0.5


def test_a_negated_answer_never_looks_alike_to_either_judge(judge: TrainedJudge) -> None:
    negated = "A stack is not a last-in, first-out structure."
    for one in (judge, CosineJudge()):
        (probability,) = one.same_grade(QUESTION, [(GRADED_RIGHT, 100, negated)])
        assert probability <= CLASH_CAP


def test_the_judge_says_which_model_judged(judge: TrainedJudge) -> None:
    assert judge.provenance["model"] == "grade-pair-minilm-l6" and len(judge.provenance["sha256"]) == 64
