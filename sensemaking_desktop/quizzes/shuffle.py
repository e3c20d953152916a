"""Shuffled copies of a quiz's questions: the order and each multiple-choice question's
choices, reproducible from a seed (a timed test, a printed variant with its own answer key)."""

import random

from sensemaking_desktop.quizzes.model import Question, QuestionKind


def shuffled(questions: list[Question], seed: int | str, *, order: bool = True, choices: bool = True) -> list[Question]:
    """The questions in a new order (with `order`), each multiple-choice one with its choices in
    a new order (with `choices`); the same seed gives the same result, and the originals are
    left as they were."""
    rng = random.Random(str(seed))
    result = list(questions)
    if order:
        rng.shuffle(result)
    return [_shuffled_choices(question, rng) if choices else question for question in result]


def _shuffled_choices(question: Question, rng: random.Random) -> Question:
    if question.kind != QuestionKind.MULTIPLE_CHOICE:
        return question
    choices = [choice.model_copy() for choice in question.choices]
    rng.shuffle(choices)
    return question.model_copy(update={"choices": choices})
