"""A quiz with every question kind, used by the quiz and interchange tests."""

import pytest

from sensemaking_desktop.quizzes.model import GAP, Choice, Question, QuestionKind, Quiz, Source


@pytest.fixture
def every_kind_quiz() -> Quiz:
    return Quiz(
        title="The Water Cycle — Quiz 1",
        questions=[
            Question(
                kind=QuestionKind.OPEN,
                text="Why is rain fresh water even though much of it evaporated from the sea?",
                reference_answer="When water evaporates, the salt stays behind; only pure water rises.",
                feedback="See the section on evaporation.",
                points=2,
                source=Source(start_page=2, end_page=2, quote="the salt is left behind"),
            ),
            Question(
                kind=QuestionKind.MULTIPLE_CHOICE,
                text="What is the change of water vapour from gas to liquid called?",
                reference_answer="Condensation",
                choices=[
                    Choice(text="Condensation", correct=True, feedback="Right."),
                    Choice(text="Evaporation", feedback="That is liquid to gas."),
                    Choice(text="Infiltration"),
                    Choice(text="Transpiration"),
                ],
                source=Source(start_page=3, end_page=3),
            ),
            Question(
                kind=QuestionKind.TRUE_FALSE,
                text="About 97 percent of Earth's water is salt water in the oceans.",
                reference_answer="true",
                source=Source(start_s=61.5, end_s=70.0),
            ),
            Question(
                kind=QuestionKind.CLOZE,
                text=f"A layer of rock that holds a lot of groundwater is called an {GAP}.",
                reference_answer="aquifer",
                accepted=["aquifers"],
            ),
        ],
    )
