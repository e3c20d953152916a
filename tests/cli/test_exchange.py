"""`sensemaking import` and `export` as a user runs them."""

import csv
import io
import json
import subprocess
import sys
from pathlib import Path

from sensemaking_desktop.quizzes.model import QuestionStatus, Quiz
from sensemaking_desktop.store import open_store
from sensemaking_desktop.store.quizzes import add_quiz


def sensemaking(data_dir: Path, *args: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "sensemaking_desktop", "--data-dir", str(data_dir), *args]
    return subprocess.run(command, capture_output=True, text=True, timeout=300)


def test_class_answers_and_grades_in_then_grades_out(library: Path, tmp_path: Path) -> None:
    answers = tmp_path / "answers.csv"
    answers.write_text("Name,Q,Text\nAnna,1,The salt stays behind.\nAnna,2,Condensation\n")
    result = sensemaking(
        library,
        "import",
        "answers",
        "1",
        str(answers),
        "--student-column",
        "Name",
        "--question-column",
        "Q",
        "--answer-column",
        "Text",
        "--json",
    )
    assert json.loads(result.stdout) == {
        "students": 1,
        "answers": 2,
        "skipped": 0,
        "cleaned": 0,
        "replaced": 0,
        "changed": [],
    }, result.stderr
    grades = tmp_path / "grades.csv"
    grades.write_text("student,question,score\nAnna,1,70\nAnna,2,100\n")
    assert sensemaking(library, "import", "grades", "1", str(grades)).returncode == 0
    out = tmp_path / "out.json"
    assert sensemaking(library, "export", "1", "--format", "grades", "-o", str(out)).returncode == 0
    assert [row["score"] for row in json.loads(out.read_text())] == [70.0, 100.0]


def test_bad_rows_are_listed_one_per_line(library: Path, tmp_path: Path) -> None:
    answers = tmp_path / "answers.csv"
    answers.write_text("student,question,answer\n,1,x\nBen,7,y\nCleo,,z\n")
    result = sensemaking(library, "import", "answers", "1", str(answers))
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert result.stderr.splitlines()[1:] == [
        "row 2: no student name",
        "row 3: question '7' is not in quiz 1",
        "row 4: no question number",
    ]


def test_eloquent_devset_in_and_teacher_submission_out(tmp_path: Path) -> None:
    topic = tmp_path / "devset" / "popular" / "video-1"
    topic.mkdir(parents=True)
    (topic / "text.txt").write_text("The immune system has soldiers and weapon factories. " * 20)
    (topic / "questions.json").write_text(json.dumps([["What makes antibodies?", "Weapon factories."]]))
    data = tmp_path / "data"
    imported = sensemaking(data, "import", "eloquent", str(tmp_path / "devset"), "--json")
    assert json.loads(imported.stdout) == {"materials": ["popular/video-1"], "quizzes": 1, "cleaned": 0}, (
        imported.stderr
    )
    out = tmp_path / "teacher.json"
    assert sensemaking(data, "export", "--format", "eloquent", "--kind", "teacher", "-o", str(out)).returncode == 0
    assert json.loads(out.read_text()) == {
        "popular/video-1/questions0.json": [["What makes antibodies?", "Weapon factories."]]
    }


def test_a_devset_with_a_bad_folder_fails_in_one_line_and_imports_nothing(tmp_path: Path) -> None:
    for name, questions in (("a", '[["Why?", "Because."]]'), ("b", "[" * 100_000)):
        folder = tmp_path / "devset" / name
        folder.mkdir(parents=True)
        (folder / "text.txt").write_text("The immune system has soldiers and weapon factories. " * 20)
        (folder / "questions.json").write_text(questions)
    data = tmp_path / "data"
    result = sensemaking(data, "import", "eloquent", str(tmp_path / "devset"))
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert result.stderr == "error: b/questions.json nests lists or objects too deeply to be an ELOQUENT file.\n"
    assert json.loads(sensemaking(data, "materials", "list", "--json").stdout) == []


def test_export_without_a_quiz_is_a_usage_error(library: Path) -> None:
    result = sensemaking(library, "export", "--format", "csv")
    assert result.returncode == 2 and "Name the quiz" in result.stderr


def test_every_quiz_format_exports_and_the_importable_ones_come_back(library: Path, tmp_path: Path) -> None:
    for format_name in ("moodle", "gift", "qti", "anki", "csv", "pdf"):
        target = tmp_path / f"quiz-{format_name}"
        result = sensemaking(
            library, "export", "1", "--format", format_name, "-o", str(target), "--answer-key", "--json"
        )
        assert result.returncode == 0, result.stderr
        assert all(Path(path).stat().st_size > 0 for path in json.loads(result.stdout)["written"])
        if format_name in ("moodle", "gift", "qti", "csv"):
            back = sensemaking(library, "import", "quiz", str(target), "--format", format_name, "--json")
            assert json.loads(back.stdout)["questions"] == 4, back.stderr
    assert len(json.loads(sensemaking(library, "quizzes", "list", "--json").stdout)) == 5


def test_a_moodle_bank_imports_the_rest_and_lists_what_it_skipped(library: Path) -> None:
    """Moodle's own test files: a question the app cannot hold is listed with the reason and the
    rest imported, as is every field lost; --strict refuses the file and adds nothing."""
    fixtures = Path(__file__).parents[1] / "interchange" / "fixtures" / "moodle"
    bank = fixtures / "sample_questions_with_old_image_tag.xml"
    strict = sensemaking(library, "import", "quiz", str(bank), "--format", "moodle", "--strict")
    assert strict.returncode != 0
    assert "was not imported (strict): question 1 “cloze question with image”: skipped" in strict.stderr
    imported = sensemaking(library, "import", "quiz", str(bank), "--format", "moodle")
    assert imported.returncode == 0, imported.stderr
    lines = imported.stdout.splitlines()
    assert lines[0] == "imported quiz 2 (1 question, 1 skipped)"
    assert lines[1].startswith("question 1 “cloze question with image”: skipped — an embedded-answers (Cloze)")
    assert lines[2] == "question 2 “mcq with image”: lost — the image moodle.png (Moodle 1.9's image field)"
    gift = fixtures / "questions.gift.txt"
    as_json = json.loads(sensemaking(library, "import", "quiz", str(gift), "--format", "gift", "--json").stdout)
    assert (as_json["questions"], as_json["skipped"], len(as_json["notes"])) == (9, 0, 8)
    assert as_json["notes"][0] == {
        "kind": "lost",
        "question": 2,
        "name": "Moodle activities",
        "reason": "the format marker [moodle] of prompt 2 (the question's [html] is used)",
    }
    listed = json.loads(sensemaking(library, "quizzes", "list", "--json").stdout)
    assert [quiz["questions"] for quiz in listed] == [4, 1, 9]
    with_files = sensemaking(library, "import", "quiz", str(fixtures / "multichoice.xml"), "--format", "moodle")
    assert with_files.returncode == 0, with_files.stderr
    kept = sorted(path.suffix for path in (library / "files").iterdir())
    assert kept == [".jpg", ".mp3"], "the four flags share one (shortened) payload, kept once"


def test_a_teacher_shapes_a_quiz_from_the_command_line(library: Path) -> None:
    assert sensemaking(library, "quizzes", "approve", "1", "2").returncode == 0
    assert sensemaking(library, "quizzes", "edit", "3", "--text", "Most water on Earth is salty.").returncode == 0
    assert sensemaking(library, "quizzes", "move", "4", "1").returncode == 0
    added = sensemaking(
        library,
        "quizzes",
        "add",
        "1",
        "--kind",
        "multiple_choice",
        "--text",
        "Which is a gas?",
        "--choice",
        "*vapour",
        "--choice",
        "ice",
        "--json",
    )
    assert added.returncode == 0, added.stderr
    assert sensemaking(library, "quizzes", "remove", "2").returncode == 0
    quiz = json.loads(sensemaking(library, "quizzes", "show", "1", "--json").stdout)
    assert [q["id"] for q in quiz["questions"]] == [4, 1, 3, json.loads(added.stdout)["question_id"]]
    assert [q["status"] for q in quiz["questions"]] == ["draft", "approved", "draft", "approved"]
    bad = sensemaking(
        library, "quizzes", "add", "1", "--kind", "true_false", "--text", "Sky is green.", "--answer", "no"
    )
    assert bad.returncode == 2 and "true" in bad.stderr


def test_versions_with_their_keys_from_the_command_line(library: Path, tmp_path: Path) -> None:
    target = tmp_path / "sheet.md"
    options = ["--versions", "2", "--shuffle-questions", "--shuffle-choices", "--seed", "5", "--json"]
    result = sensemaking(library, "export", "1", "--format", "markdown", "-o", str(target), *options)
    assert result.returncode == 0, result.stderr
    names = [Path(path).name for path in json.loads(result.stdout)["written"]]
    assert names == ["sheet-A.md", "sheet-A-answer-key.md", "sheet-B.md", "sheet-B-answer-key.md"]
    assert (tmp_path / "sheet-A.md").read_text() != (tmp_path / "sheet-B.md").read_text()
    refused = sensemaking(library, "export", "1", "--format", "markdown", "-o", str(target), "--versions", "2")
    assert refused.returncode != 0 and "shuffled" in refused.stderr and "Traceback" not in refused.stderr


def test_dropped_questions_are_exported_only_when_asked(tmp_path: Path, every_kind_quiz: Quiz) -> None:
    folder = tmp_path / "data"
    dropped = [q.model_copy(update={"status": QuestionStatus.DROPPED}) for q in every_kind_quiz.questions]
    with open_store(folder) as store, store.atomic() as db:
        add_quiz(db, every_kind_quiz.model_copy(update={"questions": every_kind_quiz.questions[:2] + dropped[2:]}))
        add_quiz(db, every_kind_quiz.model_copy(update={"questions": dropped}))
    for flags, count in (((), 2), (("--include-dropped",), 4)):
        target = tmp_path / f"quiz{len(flags)}.csv"
        assert sensemaking(folder, "export", "1", "--format", "csv", "-o", str(target), *flags).returncode == 0
        assert len(list(csv.reader(io.StringIO(target.read_text(encoding="utf-8"))))) == count + 1
    for format_name in ("moodle", "anki", "pdf"):
        refused = sensemaking(folder, "export", "2", "--format", format_name, "-o", str(tmp_path / "empty"))
        assert refused.returncode == 1 and refused.stdout == ""
        assert refused.stderr == (
            "error: The quiz 'The Water Cycle — Quiz 1' has no questions to export: "
            "all 4 of its questions were dropped by the checks.\n"
        )
