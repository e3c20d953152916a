"""`class status` and the lines after each grade give advice that follows the class: once every answer
has the teacher's grade, they name the export, not "grade the rest" (which was said with none left).
Real commands on a real library."""

from pathlib import Path

from cli_process import import_class, sensemaking


def test_once_every_answer_is_graded_the_advice_is_the_export(tmp_path: Path) -> None:
    data = tmp_path / "data"
    answers = [("Ana", "1", "water vapour"), ("Ben", "1", "Water vapour."), ("Dan", "1", "ice")]
    import_class(data, tmp_path, [("What rises from the warm sea?", "water vapour")], answers)
    before = sensemaking(data, "class", "status", "1", "--judge", "cosine")
    assert before.returncode == 0 and "Grade the rest in groups." in before.stdout, before.stderr
    for student, score in (("Ana", "100"), ("Ben", "100")):
        graded = sensemaking(
            data, "class", "grade", "1", student, "--question", "1", "--score", score, "--judge", "cosine"
        )
        assert graded.returncode == 0 and "Every answer has your grade" not in graded.stdout, graded.stderr
    last = sensemaking(data, "class", "grade", "1", "Dan", "--question", "1", "--score", "0", "--judge", "cosine")
    assert last.stdout.startswith("1 answer graded 0.") and "Grade the rest" not in last.stdout, last.stdout
    after = sensemaking(data, "class", "status", "1", "--judge", "cosine").stdout
    assert "Grade the rest" not in after and "Every answer has your grade: `sensemaking class export 1" in after
