"""The demo class the screenshots show: every machine grade in it is the real Evaluator's on the
embedded model (none written in), and the agreement figures pair those with the teacher's."""

from pathlib import Path
from statistics import mean

from graded_quiz import water_quiz

from sensemaking_desktop.gui.demo.demo_class import STUDENTS, TEACHER, VAGUE, add_graded_class, answers_right
from sensemaking_desktop.store import Store
from sensemaking_desktop.store.grades import human_and_machine


def test_the_demo_class_is_graded_by_the_evaluator_and_compared_with_the_teacher(
    store: Store, data_dir: Path, tmp_path: Path
) -> None:
    quiz_id = water_quiz(store, data_dir, tmp_path)
    add_graded_class(data_dir, quiz_id)
    rows = store.db.execute(
        """
        SELECT r.label, q.kind, a.text, g.score, g.grader, g.generation_id
        FROM grades g JOIN answers a ON a.id = g.answer_id JOIN answer_runs r ON r.id = a.run_id
        JOIN questions q ON q.id = a.question_id WHERE g.source = 'machine'
        """
    ).fetchall()
    open_rows = [row for row in rows if row[1] == "open"]
    assert len(open_rows) == 2 * (len(STUDENTS) + 2)
    assert {row[4] for row in open_rows} == {"smollm2-135m-instruct"}
    templates = {store.db["generations"].get(row[5])["template_name"] for row in open_rows}
    assert templates == {"evaluator_grade"}
    assert len({row[3] for row in open_rows}) > 1
    right = [row[3] for row in open_rows if row[2] != VAGUE]
    vague = [row[3] for row in open_rows if row[2] == VAGUE]
    assert right and vague and mean(right) > mean(vague)

    closed = {(row[0], row[3]) for row in rows if row[1] != "open" and row[0] in STUDENTS}
    assert {row[4] for row in rows if row[1] != "open"} == {"exact-match"}
    assert closed == {(name, 100.0 if answers_right(n) else 0.0) for n, name in enumerate(STUDENTS)}

    pairs = human_and_machine(store, quiz_id)
    assert len(pairs) == 2 * len(TEACHER)
    labels = dict(
        store.db.execute("SELECT a.id, r.label FROM answers a JOIN answer_runs r ON r.id = a.run_id").fetchall()
    )
    machine = {(row[0], row[3]) for row in open_rows}
    for answer_id, _question, human, graded in pairs:
        assert human == TEACHER[labels[answer_id]]
        assert (labels[answer_id], graded) in machine
