"""`class review` right after an import shows the app's first suggestions, right answers apart from
wrong ones (the second fresh run found "no suggestion yet" there while `class next` suggested a
grade). A real library, the real answer judge."""

from pathlib import Path

from cli_process import import_class, sensemaking


def test_review_right_after_the_import_suggests_by_what_each_answer_says(tmp_path: Path) -> None:
    data = tmp_path / "data"
    rows = [("Ana", "1", "the oceans"), ("Ben", "1", "oceans"), ("Dan", "1", "rivers")]
    import_class(data, tmp_path, [("Where does most of the water vapour in the air come from?", "the oceans")], rows)
    shown = sensemaking(data, "class", "review", "1", "--question", "1")
    assert shown.returncode == 0, shown.stderr
    right, _, wrong = shown.stdout.partition("suggested 0")
    assert "suggested 100" in right and "Ana" in right and "Ben" in right and "Dan" not in right, shown.stdout
    assert "Dan: rivers" in wrong and "no suggestion yet" not in shown.stdout
