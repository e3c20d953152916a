"""`answers show` counts whose grades a run's answers have (issue 47, finding 3): the teacher's,
automatic, the Evaluator's and suggested apart, and marks a suggestion as not final; a standing
grade is shown over a later suggestion. Through the real command on a real library."""

import json
from pathlib import Path

from cli_process import import_class, sensemaking, write_csv

from sensemaking_desktop.store import open_store
from sensemaking_desktop.store.answers import EXACT_GRADER, add_grade, get_run

ANSWER = "The salt stays behind when water evaporates."
NONE = {"teacher": 0, "key": 0, "automatic": 0, "evaluator": 0, "suggested": 0, "ungraded": 0}


def _class(tmp_path: Path, students: int) -> tuple[Path, dict[str, int]]:
    """A two-question quiz answered by S0, S1, ...; each student's run id."""
    data = tmp_path / "data"
    questions = [("Why is rain fresh?", "The salt stays."), ("What drives the water cycle?", "The sun.")]
    answers = [(f"S{n}", str(question), ANSWER) for n in range(students) for question in (1, 2)]
    import_class(data, tmp_path, questions, answers)
    runs = json.loads(sensemaking(data, "answers", "list", "1", "--json").stdout)
    return data, {run["label"]: run["id"] for run in runs}


def _number(data: Path, run_id: int) -> int:
    runs = json.loads(sensemaking(data, "answers", "list", "1", "--json").stdout)
    return next(run["number"] for run in runs if run["id"] == run_id)


def _show(data: Path, run_id: int) -> dict:
    """`answers show` of the run, by its number on the quiz, as a person types it."""
    result = sensemaking(data, "answers", "show", "1", str(_number(data, run_id)), "--json")
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr
    return json.loads(result.stdout)


def test_each_kind_of_grade_is_counted_apart_and_a_suggestion_is_not_final(tmp_path: Path) -> None:
    data, runs = _class(tmp_path, 3)
    with open_store(data) as store, store.atomic() as db:
        answers = {run: [a.id for a in get_run(store, run_id).answers] for run, run_id in runs.items()}
        add_grade(db, answers["S0"][0], source="human", score=90, reason=None, grader="me", origin="teacher")
        add_grade(db, answers["S0"][1], source="machine", score=70, reason="auto", grader="class grading",
                  origin="automatic")  # fmt: skip
        add_grade(db, answers["S1"][0], source="machine", score=40, reason="looks wrong", grader="class grading",
                  origin="suggestion")  # fmt: skip
        add_grade(db, answers["S2"][0], source="machine", score=80, reason="graded", grader="evaluator")
        add_grade(db, answers["S2"][0], source="machine", score=10, reason="later", grader="class grading",
                  origin="suggestion")  # fmt: skip
        assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    assert _show(data, runs["S0"])["grades"] == NONE | {"teacher": 1, "automatic": 1}
    s1 = _show(data, runs["S1"])
    assert s1["grades"] == NONE | {"suggested": 1, "ungraded": 1}
    assert s1["answers"][0]["grade"]["origin"] == "suggestion"
    s2 = _show(data, runs["S2"])
    assert s2["grades"] == NONE | {"evaluator": 1, "ungraded": 1}
    assert s2["answers"][0]["grade"]["score"] == 80  # the standing grade, not the later suggestion
    said = sensemaking(data, "answers", "show", "1", str(_number(data, runs["S1"])))
    assert said.returncode == 0 and "Traceback" not in said.stderr
    whose = "0 yours, 0 checked against the key, 0 automatic from your grades, 0 by the grading model, 1 ungraded"
    assert f"grades: {whose}; 1 suggested" in said.stdout
    assert "   suggested (not final): 40 (class grading) looks wrong" in said.stdout
    assert "   grade: 40" not in said.stdout


def test_class_grading_s_suggestions_are_counted_as_suggested_not_as_grades(tmp_path: Path) -> None:
    data, runs = _class(tmp_path, 6)
    grades = write_csv(tmp_path / "grades.csv", [("student", "question", "score"), ("S0", "1", "100")])
    result = sensemaking(data, "grade", "1", "--teacher-grades", str(grades), "--judge", "cosine")
    assert result.returncode == 0, result.stderr
    assert _show(data, runs["S0"])["grades"]["teacher"] == 1
    later = _show(data, runs["S3"])
    assert later["grades"]["teacher"] == later["grades"]["automatic"] == 0
    assert later["grades"]["suggested"] >= 1
    shown = sensemaking(data, "answers", "show", "1", str(_number(data, runs["S3"]))).stdout
    assert "suggested (not final):" in shown and "   grade:" not in shown


def test_a_grade_the_key_decided_is_counted_as_checked_against_the_key_not_the_grading_model_s(
    tmp_path: Path,
) -> None:
    data, runs = _class(tmp_path, 1)
    with open_store(data) as store, store.atomic() as db:
        first, second = (a.id for a in get_run(store, runs["S0"]).answers)
        add_grade(db, first, source="machine", score=100, reason="Right.", grader=EXACT_GRADER, confidence=1.0)
        add_grade(db, second, source="machine", score=60, reason="Partly.", grader="qwen2.5-7b-instruct")
    assert _show(data, runs["S0"])["grades"] == NONE | {"key": 1, "evaluator": 1}
    whose = "0 yours, 1 checked against the key, 0 automatic from your grades, 1 by the grading model, 0 ungraded"
    said = sensemaking(data, "answers", "show", "1", str(_number(data, runs["S0"]))).stdout
    assert f"grades: {whose}; 0 suggested" in said, said
    exported = sensemaking(data, "class", "export", "1", str(tmp_path / "final.csv"))
    assert f": {whose}; 0 suggested" in exported.stdout, exported.stderr
