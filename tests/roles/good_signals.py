"""The Signals of a good answer, for tests of the combination and its gates."""

from sensemaking_desktop.roles.grading_signals import Signals


def signals(**changes) -> Signals:
    """A good answer: the judge and the reference agree, fluent, on topic."""
    values = dict(
        judge=100.0,
        judge_trusted=True,
        reference_cosine=0.85,
        reference_rouge=0.6,
        question_cosine=0.5,
        sibling_margin=0.3,
        support=None,
        answer_fluency=1.5,
        question_fluency=1.8,
        injection=False,
    )
    return Signals(**(values | changes))
