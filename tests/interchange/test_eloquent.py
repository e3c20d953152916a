"""The ELOQUENT 2025 format: a devset folder imports; Teacher, Student and Evaluator
submissions export as path-keyed dictionaries and import back."""

import json
from pathlib import Path

import pytest

from sensemaking_desktop.interchange.eloquent import (
    export_evaluator,
    export_student,
    export_teacher,
    import_devset,
    import_submission,
)
from sensemaking_desktop.interchange.errors import InterchangeError
from sensemaking_desktop.store import Store, open_store
from sensemaking_desktop.store.database import now
from sensemaking_desktop.store.materials import list_materials
from sensemaking_desktop.store.quizzes import add_quiz, get_quiz, list_quizzes

QUESTIONS = [
    ["What drives the water cycle?", "The sun and gravity.", "Solar energy and gravity."],
    ["What is an aquifer?", "Rock that holds groundwater."],
]
TOPIC = "biology/book01/topic01-Різноманітність тварин"


@pytest.fixture
def devset(tmp_path: Path) -> Path:
    root = tmp_path / "devset"
    lecture = root / "popular" / "video-1"
    lecture.mkdir(parents=True)
    (lecture / "text.txt").write_text("Der Wasserkreislauf wird von der Sonne angetrieben. " * 30, encoding="utf-8")
    (lecture / "text.en.txt").write_text("The water cycle is driven by the sun and by gravity. " * 30)
    (lecture / "questions.en.json").write_text(json.dumps(QUESTIONS))
    topic = root / TOPIC
    topic.mkdir(parents=True)
    (topic / "text.txt").write_text("Тварини дуже різноманітні. " * 40, encoding="utf-8")
    (topic / "questions.json").write_text(json.dumps([["Що таке вид?"]], ensure_ascii=False), encoding="utf-8")
    return root


def answer_and_grade(store: Store, quiz_id: int, scores: list[float]) -> None:
    quiz = get_quiz(store, quiz_id)
    with store.atomic() as db:
        run = db["answer_runs"].insert({"quiz_id": quiz_id, "kind": "model", "label": "s", "created_at": now()}).last_pk
        for question, score in zip(quiz.questions, scores, strict=True):
            answer = (
                db["answers"]
                .insert(
                    {
                        "run_id": run,
                        "question_id": question.id,
                        "text": f"answer to {question.text}",
                        "created_at": now(),
                    }
                )
                .last_pk
            )
            db["grades"].insert({"answer_id": answer, "source": "machine", "score": score, "created_at": now()})


def test_a_devset_imports_materials_and_quizzes(store: Store, data_dir: Path, devset: Path) -> None:
    report = import_devset(store, data_dir, devset, english=True)
    assert sorted(report.materials) == [TOPIC, "popular/video-1"] and report.quizzes == 2
    materials = {m.meta["eloquent_path"]: m for m in list_materials(store)}
    assert "sun and by gravity" in (data_dir / materials["popular/video-1"].meta["stored_file"]).read_text()
    quiz = get_quiz(
        store, next(q["id"] for q in list_quizzes(store) if q["material_id"] == materials["popular/video-1"].id)
    )
    assert [(q.text, q.reference_answer, [a.text for a in q.accepted]) for q in quiz.questions] == [
        ("What drives the water cycle?", "The sun and gravity.", ["Solar energy and gravity."]),
        ("What is an aquifer?", "Rock that holds groundwater.", []),
    ]


@pytest.mark.parametrize(("english", "lecture"), [(False, "de"), (True, "en")])
def test_a_devset_material_gets_the_language_it_is_written_in(
    store: Store, data_dir: Path, devset: Path, english: bool, lecture: str
) -> None:
    import_devset(store, data_dir, devset, english=english)
    languages = {m.meta["eloquent_path"]: m.language for m in list_materials(store)}
    assert languages == {"popular/video-1": lecture, TOPIC: "uk"}


def test_submissions_export_and_import_back(store: Store, data_dir: Path, devset: Path, tmp_path: Path) -> None:
    import_devset(store, data_dir, devset, english=True)
    video_quiz = next(q["id"] for q in list_quizzes(store) if "video-1" in q["title"])
    answer_and_grade(store, video_quiz, [80.0, 20.0])

    teacher, student, evaluator = export_teacher(store), export_student(store), export_evaluator(store)
    assert teacher["popular/video-1/questions0.json"] == QUESTIONS
    assert teacher[f"{TOPIC}/questions0.json"] == [["Що таке вид?"]]
    assert student["popular/video-1/answers0.json"][1] == ["What is an aquifer?", "answer to What is an aquifer?"]
    assert evaluator == {"popular/video-1/ratings0.json": [[80.0], [20.0]]}

    other = tmp_path / "other"
    with open_store(other) as fresh:
        import_devset(fresh, other, devset, english=True)
        for name, submission in (("t.json", teacher), ("s.json", student), ("e.json", evaluator)):
            path = tmp_path / name
            path.write_text(json.dumps(submission, ensure_ascii=False), encoding="utf-8")
            import_submission(fresh, path)
        assert export_student(fresh) == student
        assert export_evaluator(fresh) == evaluator
        assert all(rows in export_teacher(fresh).values() for rows in teacher.values())


def test_a_second_quiz_on_a_material_is_the_next_numbered_file(store: Store, data_dir: Path, devset: Path) -> None:
    import_devset(store, data_dir, devset, english=True)
    video_quiz = get_quiz(store, next(q["id"] for q in list_quizzes(store) if "video-1" in q["title"]))
    with store.atomic() as db:
        add_quiz(db, video_quiz.model_copy(update={"id": None, "title": "again"}))
    files = sorted(key for key in export_teacher(store) if key.startswith("popular/video-1/"))
    assert files == ["popular/video-1/questions0.json", "popular/video-1/questions1.json"]


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{not json", "not valid JSON"),
        ('["a", "b"]', "not an ELOQUENT submission"),
        ('{"nowhere/questions0.json": [["Q?", "A"]]}', "names no material"),
        ('{"popular/video-1/questions0.json": ["just a string"]}', "not a list of"),
        ('{"popular/video-1/notes.json": [["x"]]}', "not a questions, answers or ratings"),
        ('{"popular/video-1/ratings5.json": [[1]]}', "import answers5.json first"),
    ],
)
def test_malformed_submissions_are_refused_and_change_nothing(
    store: Store, data_dir: Path, devset: Path, tmp_path: Path, content: str, message: str
) -> None:
    import_devset(store, data_dir, devset, english=True)
    before = len(list_quizzes(store))
    path = tmp_path / "submission.json"
    path.write_text(content)
    with pytest.raises(InterchangeError, match=message):
        import_submission(store, path)
    assert len(list_quizzes(store)) == before and store.db["answer_runs"].count == 0


def test_a_missing_folder_is_refused(store: Store, data_dir: Path, tmp_path: Path) -> None:
    with pytest.raises(InterchangeError, match="not a folder"):
        import_devset(store, data_dir, tmp_path / "nope")
