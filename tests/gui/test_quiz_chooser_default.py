"""The quiz every area shows first is the newest one with questions: an empty quiz (a failed
writing, one just started) is never the default, though it stays in the list to choose."""

from sensemaking_desktop.gui.widgets.quiz_chooser import QuizChooser
from sensemaking_desktop.quizzes.model import Question, QuestionKind, Quiz
from sensemaking_desktop.store import Store
from sensemaking_desktop.store.materials import add_material
from sensemaking_desktop.store.quizzes import add_quiz


def quiz(store: Store, material_id: int, title: str, questions: int) -> int:
    asked = [Question(kind=QuestionKind.OPEN, text=f"Question {n}?") for n in range(questions)]
    with store.atomic() as db:
        return add_quiz(db, Quiz(material_id=material_id, title=title, questions=asked))


def test_the_default_quiz_is_the_newest_with_questions(qtbot, store: Store) -> None:
    chooser = QuizChooser()
    qtbot.addWidget(chooser)
    chooser.fill(store)
    assert chooser.quiz_id() is None
    with store.atomic() as db:
        material_id = add_material(db, {"title": "Salt", "kind": "text"}, [{"text": "Salt stays behind."}])
    quiz(store, material_id, "Failed", 0)
    chooser.fill(store)
    assert chooser.count() == 1 and chooser.quiz_id() is None, "an empty quiz alone is not chosen"
    full = quiz(store, material_id, "Full", 2)
    empty = quiz(store, material_id, "Failed again", 0)
    chooser.fill(store)
    assert chooser.count() == 3 and chooser.quiz_id() == full
    chooser.select(empty)
    chooser.fill(store)
    assert chooser.quiz_id() == empty, "a quiz the teacher chose stays chosen"
