"""Grading a quiz's stored answers as a job: machine grades with provenance, exact closed grades."""

import pytest

from sensemaking_desktop.errors import SensemakingError
from sensemaking_desktop.quizzes.model import Question, QuestionKind, Quiz, Source
from sensemaking_desktop.store.answers import add_answer, add_run
from sensemaking_desktop.store.grades import review_list
from sensemaking_desktop.store.materials import add_material, sections_of
from sensemaking_desktop.store.quizzes import add_quiz, get_quiz, update_question
from sensemaking_desktop.workflows.grade_job import submit_grade_job
from sensemaking_desktop.workflows.jobs import job_queue

SECTION = (
    "When sea water evaporates, the salt stays behind, so the vapour that rises is fresh water. "
    "Rain that falls on land flows back to the sea in rivers."
)


@pytest.fixture
def answered(store):
    with store.atomic() as db:
        material_id = add_material(db, {"title": "Sea", "kind": "text"}, [{"text": SECTION}])
    section_id = sections_of(store, material_id)[0].id
    questions = [
        Question(
            kind=QuestionKind.OPEN,
            text="Why is rain fresh water?",
            reference_answer="The salt stays behind when sea water evaporates.",
            points=2,
            source=Source(section_id=section_id),
        ),
        Question(
            kind=QuestionKind.TRUE_FALSE,
            text="Rivers carry rain water back to the sea.",
            reference_answer="true",
            source=Source(section_id=section_id),
        ),
    ]
    with store.atomic() as db:
        quiz_id = add_quiz(db, Quiz(material_id=material_id, title="Sea quiz", questions=questions))
    open_id, closed_id = [question.id for question in get_quiz(store, quiz_id).questions]
    with store.atomic() as db:
        run_id = add_run(db, quiz_id, "person", "Ada", "imported")
        open_answer = add_answer(db, run_id, open_id, "Because the salt is left behind when the sea evaporates.")
        closed_answer = add_answer(db, run_id, closed_id, "false")
    return quiz_id, open_answer, closed_answer


def test_a_quiz_is_graded_as_a_job_with_exact_grades_for_closed_questions(store, data_dir, answered):
    quiz_id, open_answer, closed_answer = answered
    queue = job_queue(store, data_dir)
    job_id = submit_grade_job(store, queue, quiz_id)
    assert queue.run(job_id).status == "done"
    rows = {
        row["answer_id"]: row
        for row in store.db.query("SELECT * FROM grades WHERE source = 'machine' ORDER BY answer_id")
    }
    assert set(rows) == {open_answer, closed_answer}
    assert rows[closed_answer]["score"] == 0 and rows[closed_answer]["grader"] == "exact-match"
    assert rows[closed_answer]["confidence"] == 1.0 and rows[closed_answer]["generation_id"] is None
    machine = rows[open_answer]
    assert 0 <= machine["score"] <= 100 and machine["reason"]
    assert machine["grader"] == "smollm2-135m-instruct" and machine["generation_id"] is not None
    generation = store.db["generations"].get(machine["generation_id"])
    assert generation["template_name"] == "evaluator_grade" and generation["model_sha256"]
    (summary,) = [item["result"] for item in queue.items(job_id)]
    assert summary["graded"] == 2
    listed = review_list(store, quiz_id, include_all=True)
    assert [item.answer_id for item in listed][-1] == closed_answer


def test_nothing_left_to_grade_is_said_plainly(store, data_dir, answered):
    quiz_id, _, _ = answered
    queue = job_queue(store, data_dir)
    queue.run(submit_grade_job(store, queue, quiz_id))
    with pytest.raises(SensemakingError, match="no ungraded answers"):
        submit_grade_job(store, queue, quiz_id)
    assert submit_grade_job(store, queue, quiz_id, regrade=True) > 0


def test_key_points_are_taken_once_and_grades_come_per_criterion(store, data_dir, answered):
    quiz_id, open_answer, _ = answered
    queue = job_queue(store, data_dir)
    queue.run(submit_grade_job(store, queue, quiz_id))
    question = get_quiz(store, quiz_id).questions[0]
    assert question.key_points == ["The salt stays behind when sea water evaporates"]
    signals = store.db.execute("SELECT signals FROM grades WHERE answer_id = ?", [open_answer]).fetchone()[0]
    assert "key_point_coverage" in signals
    update_question(store, question.id, {"reference_answer": "Salt does not evaporate."})
    assert get_quiz(store, quiz_id).questions[0].key_points == []


def test_a_rubric_grade_keeps_each_criterion_for_the_review_list(store, data_dir, answered):
    quiz_id, open_answer, _ = answered
    question = get_quiz(store, quiz_id).questions[0]
    rubric = [
        {"text": "The salt stays behind", "points": 1.5, "feedback": "Say what happens to the salt."},
        {"text": "Sea water evaporates", "points": 0.5},
    ]
    update_question(store, question.id, {"rubric": rubric})
    queue = job_queue(store, data_dir)
    assert queue.run(submit_grade_job(store, queue, quiz_id)).status == "done"
    (item,) = [item for item in review_list(store, quiz_id, include_all=True) if item.answer_id == open_answer]
    assert [(result.text, result.max_points) for result in item.criteria] == [
        ("The salt stays behind", 1.5),
        ("Sea water evaporates", 0.5),
    ]
    assert all(0 <= result.points <= result.max_points for result in item.criteria)
    assert item.criteria[0].covered and item.criteria[0].feedback, "the answer says the salt is left behind"
