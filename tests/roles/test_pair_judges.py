"""The pairwise judges' rules and provenance. (How well the trained judge tells same grades from
different ones is measured in tests/text/test_cross_encoder.py and its model card: barely.)"""

import pytest

from sensemaking_desktop.roles.pair_judges import CLASH_CAP, CosineJudge, TrainedJudge

QUESTION = "What is a stack?"
GRADED_RIGHT = "A stack is a last-in, first-out structure: the element added last is removed first."


@pytest.fixture(scope="module")
def judge() -> TrainedJudge:
    return TrainedJudge()


def test_a_negated_answer_never_looks_alike_to_either_judge(judge: TrainedJudge) -> None:
    negated = "A stack is not a last-in, first-out structure."
    for one in (judge, CosineJudge()):
        (probability,) = one.same_grade(QUESTION, [(GRADED_RIGHT, 100, negated)])
        assert probability <= CLASH_CAP
    (unnegated,) = CosineJudge().same_grade(
        QUESTION, [(GRADED_RIGHT, 100, "A stack is a last-in, first-out structure.")]
    )
    assert unnegated > 0.5


def test_the_judge_says_which_model_judged(judge: TrainedJudge) -> None:
    assert judge.provenance["model"] == "grade-pair-minilm-l6" and len(judge.provenance["sha256"]) == 64
