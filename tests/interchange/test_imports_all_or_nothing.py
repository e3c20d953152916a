"""Imports are all or nothing and clean what they bring in; exports are written whole (issue 32).

A folder ELOQUENT import kept the folders done before a bad one (a re-run duplicated them), ELOQUENT
files nested 10^6 deep, with wrong types or an invalid-UTF-8 name ended in "unexpected failure", a
quiz CSV with a NUL byte was stored and then exported as XML the app's own import rejects, and the
grades CSV was left 0 bytes long on a full disk."""

import errno
import json
import os
from pathlib import Path

import pytest

from sensemaking_desktop.interchange.class_answers import export_grades, import_answers, import_grades
from sensemaking_desktop.interchange.eloquent import import_devset, import_submission
from sensemaking_desktop.interchange.errors import InterchangeError
from sensemaking_desktop.interchange.formats import quiz_format
from sensemaking_desktop.quizzes.model import Quiz
from sensemaking_desktop.store import Store
from sensemaking_desktop.store.materials import list_materials
from sensemaking_desktop.store.quizzes import add_quiz, get_quiz, list_quizzes

TEXT = "The water cycle is driven by the sun and by gravity. " * 30


def devset(root: Path, folders: int = 3) -> Path:
    for number in range(folders):
        folder = root / "popular" / f"video-{number}"
        folder.mkdir(parents=True)
        (folder / "text.txt").write_text(TEXT, encoding="utf-8")
        (folder / "questions.json").write_text(json.dumps([[f"Question {number}?", "Answer."]]))
    return root


def library_is_empty(store: Store, data_dir: Path) -> bool:
    files = data_dir / "files"
    return not list_materials(store) and not list_quizzes(store) and not (files.exists() and any(files.iterdir()))


def test_a_bad_last_folder_leaves_the_library_as_it_was_and_a_rerun_imports_each_once(
    store: Store, data_dir: Path, tmp_path: Path
) -> None:
    root = devset(tmp_path / "devset")
    bad = root / "popular" / "video-2" / "text.txt"
    bad.write_bytes(b"\x00\x01 binary")
    with pytest.raises(InterchangeError, match=r"popular/video-2/text\.txt: .*Nothing was imported"):
        import_devset(store, data_dir, root)
    assert library_is_empty(store, data_dir)
    bad.write_text(TEXT, encoding="utf-8")
    report = import_devset(store, data_dir, root)
    assert report.materials == ["popular/video-0", "popular/video-1", "popular/video-2"] and report.quizzes == 3
    assert len(list_materials(store)) == 3 and len(list_quizzes(store)) == 3


def test_a_failed_import_keeps_the_copies_other_materials_use(store: Store, data_dir: Path, tmp_path: Path) -> None:
    import_devset(store, data_dir, devset(tmp_path / "first", folders=1))
    kept = sorted((data_dir / "files").iterdir())
    root = devset(tmp_path / "second", folders=2)
    (root / "popular" / "video-1" / "text.txt").write_bytes(b"\x00\x01 binary")
    with pytest.raises(InterchangeError, match=r"popular/video-1/text\.txt: .*not a text file"):
        import_devset(store, data_dir, root)
    assert sorted((data_dir / "files").iterdir()) == kept and len(list_materials(store)) == 1


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("[" * 1_000_000 + "]" * 1_000_000, "nests lists or objects too deeply"),
        (json.dumps([["Fine?", "yes"], [1, {"a": 1}]]), "row 2 is not a list of texts"),
        (json.dumps([["", "an answer to no question"]]), "row 1: the question is empty"),
        (json.dumps({"not": "a list"}), "is not a list of"),
        ("\udcff".encode("utf-8", "surrogatepass").decode("latin-1"), "is not valid JSON|not UTF-8"),
    ],
)
def test_malformed_questions_name_the_file_and_import_nothing(
    store: Store, data_dir: Path, tmp_path: Path, content: str, message: str
) -> None:
    root = devset(tmp_path / "devset", folders=2)
    (root / "popular" / "video-1" / "questions.json").write_text(content, encoding="latin-1")
    with pytest.raises(InterchangeError, match=message):
        import_devset(store, data_dir, root)
    assert library_is_empty(store, data_dir)


def test_a_folder_name_that_is_not_utf8_is_refused_by_name(store: Store, data_dir: Path, tmp_path: Path) -> None:
    root = devset(tmp_path / "devset", folders=1)
    bad = os.fsencode(root / "popular") + b"/t\xe9ma"
    os.mkdir(bad)
    (Path(os.fsdecode(bad)) / "text.txt").write_text(TEXT, encoding="utf-8")
    with pytest.raises(InterchangeError, match="popular/t\ufffdma' has a name that is not valid UTF-8"):
        import_devset(store, data_dir, root)
    assert library_is_empty(store, data_dir)


def test_control_characters_in_questions_are_removed_and_counted(store: Store, data_dir: Path, tmp_path: Path) -> None:
    root = devset(tmp_path / "devset", folders=1)
    (root / "popular" / "video-0" / "questions.json").write_text(json.dumps([["Wa\u0000ter\u001b?", "H2O\u0007"]]))
    report = import_devset(store, data_dir, root)
    assert report.cleaned == 3
    (question,) = get_quiz(store, list_quizzes(store)[0]["id"]).questions
    assert (question.text, question.reference_answer) == ("Water?", "H2O")


def test_submissions_with_wrong_types_import_nothing(store: Store, data_dir: Path, tmp_path: Path) -> None:
    import_devset(store, data_dir, devset(tmp_path / "devset", folders=1))
    path = tmp_path / "submission.json"
    before = len(list_quizzes(store))
    for content, message in [
        ({"popular/video-0/questions1.json": [["Q?", "A"]], "popular/video-0/answers0.json": ["text"]}, "row 1"),
        ({"popular/video-0/ratings0.json": [["high"]]}, "row 1 is not \\[score\\]"),
        ({"popular/video-0/ratings0.json": [[250]]}, "from 0 to 100"),
    ]:
        path.write_text(json.dumps(content))
        with pytest.raises(InterchangeError, match=message):
            import_submission(store, path)
        assert len(list_quizzes(store)) == before
    path.write_text("[" * 1_000_000)
    with pytest.raises(InterchangeError, match="too deeply"):
        import_submission(store, path)


def test_a_submission_is_cleaned_and_says_how_much(store: Store, data_dir: Path, tmp_path: Path) -> None:
    import_devset(store, data_dir, devset(tmp_path / "devset", folders=1))
    path = tmp_path / "submission.json"
    path.write_text(json.dumps({"popular/video-0/questions1.json": [["Why\u0000?", "Be\udcffcause"]]}))
    counts = import_submission(store, path)
    assert counts == {"quizzes": 1, "answer_runs": 0, "grades": 0, "control_characters_removed": 2}
    quiz = max(list_quizzes(store), key=lambda row: row["id"])
    (question,) = get_quiz(store, quiz["id"]).questions
    assert (question.text, question.reference_answer) == ("Why?", "Be\ufffdcause")


def test_a_quiz_csv_with_a_nul_byte_imports_clean_and_exports_xml_that_reads_back(tmp_path: Path) -> None:
    path = tmp_path / "quiz.csv"
    path.write_bytes(b'kind,question,reference_answer\nopen,"What is wa\x00ter?","H2O\x1b[0m"\nopen,Fine?,yes\n')
    result = quiz_format("csv").read(path)
    assert result.lines() == ["question 1: changed — 2 control or invalid characters cleaned out"]
    assert result.quiz.questions[0].text == "What is water?"
    written = quiz_format("moodle").write(result.quiz, tmp_path / "quiz.xml")[0]
    assert [q.text for q in quiz_format("moodle").read(written).quiz.questions] == ["What is water?", "Fine?"]
    with pytest.raises(InterchangeError, match="strict"):
        quiz_format("csv").read(path, strict=True)


def test_a_clean_quiz_csv_has_no_notes(tmp_path: Path) -> None:
    path = tmp_path / "quiz.csv"
    path.write_text("kind,question,reference_answer\nopen,What is water?,H2O\n", encoding="utf-8")
    assert quiz_format("csv").read(path).notes == ()


@pytest.fixture
def quiz_id(store: Store, every_kind_quiz: Quiz) -> int:
    with store.atomic() as db:
        return add_quiz(db, every_kind_quiz)


def test_class_answers_are_cleaned_and_counted_and_grades_still_match(
    store: Store, quiz_id: int, tmp_path: Path
) -> None:
    answers = tmp_path / "answers.csv"
    answers.write_text("student,question,answer\nAn\u0007na,1,The salt\u001b stays.\nBen,2,Condensation\n")
    result = import_answers(store, quiz_id, answers)
    assert (result.runs, result.answers, result.cleaned) == (2, 2, 2)
    assert [row["label"] for row in store.db.query("SELECT label FROM answer_runs ORDER BY id")] == ["Anna", "Ben"]
    grades = tmp_path / "grades.csv"
    grades.write_text("student,question,score\nAn\u0007na,1,80\n")
    assert import_grades(store, quiz_id, grades) == 1


def test_class_answers_failing_at_one_row_import_none(store: Store, quiz_id: int, tmp_path: Path) -> None:
    answers = tmp_path / "answers.csv"
    answers.write_text("student,question,answer\nAnna,1,Salt.\nBen,2,Condensation\nCleo,99,Nothing\n")
    with pytest.raises(InterchangeError, match="row 4: question '99' is not in quiz"):
        import_answers(store, quiz_id, answers)
    assert store.db["answers"].count == 0 and store.db["answer_runs"].count == 0


def test_the_grades_file_is_whole_or_untouched_on_a_full_disk(
    store: Store, quiz_id: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    answers = tmp_path / "answers.csv"
    answers.write_text("student,question,answer\nAnna,1,Salt.\n")
    import_answers(store, quiz_id, answers)
    grades = tmp_path / "grades.csv"
    grades.write_text("student,question,score\nAnna,1,80\n")
    import_grades(store, quiz_id, grades)
    target = tmp_path / "out.csv"
    target.write_text("the previous export\n")

    def disk_full(self: Path, data: bytes) -> int:
        with self.open("wb") as file:
            file.write(data[:10])
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(Path, "write_bytes", disk_full)
    with pytest.raises(InterchangeError, match="No space left on device"):
        export_grades(store, quiz_id, target)
    monkeypatch.undo()
    assert target.read_text() == "the previous export\n"
    assert sorted(path.name for path in tmp_path.iterdir() if "out" in path.name) == ["out.csv"]
    export_grades(store, quiz_id, target)
    assert "Anna" in target.read_text(encoding="utf-8-sig")


@pytest.mark.parametrize("name", ["csv", "gift"])
def test_a_quiz_file_whose_name_is_not_utf8_imports_with_a_readable_title(tmp_path: Path, name: str) -> None:
    content = {"csv": "kind,question,reference_answer\nopen,What is water?,H2O\n", "gift": "What is water? {=H2O}\n"}
    path = Path(os.fsdecode(os.fsencode(tmp_path) + b"/qu\xe9z." + name.encode()))
    path.write_text(content[name], encoding="utf-8")
    assert quiz_format(name).read(path).quiz.title == "qu\ufffdz"
