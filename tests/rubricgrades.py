"""A quiz whose open question has a teacher's rubric, and one machine grade that kept the
coverage of each criterion, for the review-list tests of the store and the window."""

from sensemaking_desktop.quizzes.model import Criterion, Question, QuestionKind, Quiz
from sensemaking_desktop.store import Store
from sensemaking_desktop.store.answers import add_answer, add_grade, add_run
from sensemaking_desktop.store.quizzes import add_quiz, get_quiz

RUBRIC = [
    Criterion(text="Rivers carry salt into the sea", points=2, feedback="Say where the salt comes from."),
    Criterion(text="Evaporation leaves the salt behind", points=1, feedback="Say what happens when water evaporates."),
]
COVERAGE = [
    {"criterion": RUBRIC[0].text, "coverage": 1.0, "covered": True, "evidence": "rivers bring salt"},
    {"criterion": RUBRIC[1].text, "coverage": 0.25, "covered": False, "evidence": None},
]


def rubric_quiz(store: Store, rubric: list[Criterion], coverage: list[dict]) -> int:
    question = Question(kind=QuestionKind.OPEN, text="Why is the sea salty?", reference_answer="Rivers.", rubric=rubric)
    with store.atomic() as db:
        quiz_id = add_quiz(db, Quiz(title="Sea", questions=[question]))
    question_id = get_quiz(store, quiz_id).questions[0].id
    with store.atomic() as db:
        answer_id = add_answer(
            db, add_run(db, quiz_id, "person", "class", "imported"), question_id, "Rivers bring salt."
        )
        signals = {"signals": {}, "parts": {}, "criteria": coverage}
        add_grade(db, answer_id, source="machine", score=60, reason="r", grader="m", confidence=0.3, signals=signals)
    return quiz_id
