"""The review list, overrides beside machine grades, and people's grades as examples."""

import pytest
from rubricgrades import COVERAGE, RUBRIC, rubric_quiz

from sensemaking_desktop.errors import SensemakingError
from sensemaking_desktop.quizzes.model import Question, QuestionKind, Quiz
from sensemaking_desktop.store.answers import add_answer, add_grade, add_run
from sensemaking_desktop.store.grades import confirm, examples_for, human_and_machine, override, review_list
from sensemaking_desktop.store.quizzes import add_quiz, get_quiz


@pytest.fixture
def graded(store):
    """Three answers to one question with machine grades of confidence 0.2, 0.9 and 0.4."""
    question = Question(kind=QuestionKind.OPEN, text="Why is the sea salty?", reference_answer="Rivers bring salt.")
    with store.atomic() as db:
        quiz_id = add_quiz(db, Quiz(title="Sea", questions=[question]))
    question_id = get_quiz(store, quiz_id).questions[0].id
    answers = []
    with store.atomic() as db:
        run_id = add_run(db, quiz_id, "person", "class", "imported")
        for text, score, confidence in (("Rivers.", 40, 0.2), ("Rivers carry salt.", 95, 0.9), ("Fish.", 70, 0.4)):
            answer_id = add_answer(db, run_id, question_id, text)
            add_grade(db, answer_id, source="machine", score=score, reason="r", grader="m", confidence=confidence)
            answers.append(answer_id)
    return quiz_id, question_id, answers


def test_the_review_list_holds_unsure_grades_least_confident_first(store, graded):
    quiz_id, _, answers = graded
    items = review_list(store, quiz_id)
    assert [item.answer_id for item in items] == [answers[0], answers[2]]
    assert [item.answer_id for item in review_list(store, quiz_id, include_all=True)] == [
        answers[0],
        answers[2],
        answers[1],
    ]
    assert review_list(store, quiz_id + 1) == []


def test_an_override_is_kept_beside_the_machine_grade_and_leaves_the_list(store, graded):
    quiz_id, question_id, answers = graded
    override(store, answers[2], 0, reason="Fish do not make the sea salty.")
    confirm(store, answers[0])
    assert review_list(store, quiz_id) == []
    pairs = human_and_machine(store, quiz_id)
    assert [(answer, human, machine) for answer, _, human, machine in pairs] == [
        (answers[0], 40, 40),
        (answers[2], 0, 70),
    ]
    sources = store.db.execute("SELECT source FROM grades WHERE answer_id = ? ORDER BY id", [answers[2]]).fetchall()
    assert [row[0] for row in sources] == ["machine", "human"]


def test_people_grades_become_examples_for_the_question(store, graded):
    _, question_id, answers = graded
    assert examples_for(store, question_id) == []
    override(store, answers[0], 40)
    override(store, answers[1], 100)
    override(store, answers[1], 90)
    examples = examples_for(store, question_id, exclude_answer=answers[0])
    assert [(example.answer, example.score) for example in examples] == [("Rivers carry salt.", 90)]


def test_bad_overrides_are_refused(store, graded):
    _, _, answers = graded
    with pytest.raises(SensemakingError, match="no answer 999"):
        override(store, 999, 50)
    with pytest.raises(SensemakingError, match="0 to 100"):
        override(store, answers[0], 150)


def test_a_rubric_grade_lists_each_criterion_with_its_points_and_feedback(store) -> None:  # type: ignore[no-untyped-def]
    (item,) = review_list(store, rubric_quiz(store, RUBRIC, COVERAGE))
    assert [result.as_json() for result in item.criteria] == [
        {
            "criterion": "Rivers carry salt into the sea",
            "points": 2.0,
            "max_points": 2.0,
            "covered": True,
            "feedback": "rivers bring salt",
        },
        {
            "criterion": "Evaporation leaves the salt behind",
            "points": 0.25,
            "max_points": 1.0,
            "covered": False,
            "feedback": "Say what happens when water evaporates.",
        },
    ]
    assert item.as_json()["criteria"][1]["points"] == 0.25


def test_no_criteria_without_a_rubric_or_without_stored_coverage(store) -> None:  # type: ignore[no-untyped-def]
    (no_rubric,) = review_list(store, rubric_quiz(store, [], COVERAGE))
    (no_coverage,) = review_list(store, rubric_quiz(store, RUBRIC, []))
    (older_rubric,) = review_list(store, rubric_quiz(store, RUBRIC, COVERAGE[:1]))
    assert no_rubric.criteria == no_coverage.criteria == older_rubric.criteria == []


def test_a_review_item_says_its_run_number_question_number_and_whether_it_is_a_self_test(store, graded):
    quiz_id, question_id, answers = graded
    with store.atomic() as db:
        attempt = add_run(db, quiz_id, "person", "me", "one-by-one")
        mine = add_answer(db, attempt, question_id, "Salt.")
        add_grade(db, mine, source="machine", score=10, reason="r", grader="m", confidence=0.1)
    items = {item.answer_id: item for item in review_list(store, quiz_id)}
    assert (items[mine].run_number, items[mine].question_number, items[mine].self_test) == (2, 1, True)
    assert (items[answers[0]].run_number, items[answers[0]].question_number, items[answers[0]].self_test) == (
        1, 1, False
    )  # fmt: skip
