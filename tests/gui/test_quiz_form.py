"""The Quizzes form on the real window (issues 45 and 46): it offers the kinds the chosen model
writes and says so before it starts, asks for the README's count, has one button per action, and
its list shows each item's kind, question and key; the Library leads on to it; starting a job
moves nothing."""

import re
from pathlib import Path

from conftest import MODEL_WAIT_MS, WAIT_MS, error_boxes
from graded_quiz import water_quiz
from materials import notes
from PySide6.QtCore import Qt

from sensemaking_desktop.gui.areas.grading_view import GradingView
from sensemaking_desktop.gui.areas.library_view import ROLE, LibraryView
from sensemaking_desktop.gui.areas.quiz_view import QuizView
from sensemaking_desktop.gui.main_window import MainWindow
from sensemaking_desktop.llm.servers import save_server
from sensemaking_desktop.quizzes.model import GAP, Choice, Question, QuestionKind
from sensemaking_desktop.store import Store
from sensemaking_desktop.store.quizzes import add_question, get_quiz

README = Path(__file__).parents[2] / "README.md"


def quizzes_over(qtbot, window: MainWindow, *materials: Path) -> QuizView:  # type: ignore[no-untyped-def]
    """The Quizzes area once `materials` are imported through the Library and the model's kinds are known."""
    library = window.open_area_of(LibraryView)
    assert isinstance(library, LibraryView)
    if materials:
        library.import_files(list(materials))
        qtbot.waitUntil(lambda: library.import_job is None, timeout=WAIT_MS)
    view = window.open_area_of(QuizView)
    assert isinstance(view, QuizView)
    qtbot.waitUntil(lambda: view.options.offered is not None, timeout=WAIT_MS)
    return view


def shown_kinds(view: QuizView) -> set[QuestionKind]:
    return {kind for kind, box in view.options.kinds.items() if box.isVisible()}


def test_the_embedded_model_is_offered_what_it_writes_and_the_readme_s_count(  # type: ignore[no-untyped-def]
    qtbot, window: MainWindow, tmp_path: Path
) -> None:
    view = quizzes_over(qtbot, window, notes(tmp_path / "water.md"))
    closed = {QuestionKind.CLOZE, QuestionKind.MULTIPLE_CHOICE, QuestionKind.TRUE_FALSE}
    assert shown_kinds(view) == closed and QuestionKind.OPEN not in view.options.chosen_kinds()
    assert set(view.options.chosen_kinds()) == closed, "every kind offered is ticked"
    said = view.options.writes.text()
    assert all(name in said for name in ("Multiple choice", "True/false", "Cloze")) and "too small" in said
    assert view.generate_button.isEnabled()
    view.options.kinds[QuestionKind.CLOZE].setChecked(False)
    assert "Cloze" not in view.options.writes.text(), "the line follows the ticks"
    assert view.options.teacher_options()["kinds"] == ["multiple_choice", "true_false"]
    (readme_count,) = re.findall(r"sensemaking teach \d+ --count (\d+)", README.read_text(encoding="utf-8"))
    assert view.options.count.value() == int(readme_count)


def test_a_model_that_writes_open_questions_is_offered_them(  # type: ignore[no-untyped-def]
    qtbot, window: MainWindow, store: Store, tmp_path: Path
) -> None:
    """A server does not say its size, so the Teacher trusts it with every kind, and so does the form."""
    view = quizzes_over(qtbot, window, notes(tmp_path / "water.md"))
    save_server(store, "lab", "http://127.0.0.1:9/v1")
    store.save_settings(store.load_settings().model_copy(update={"default_model": "lab"}))
    window.context.events.settings_changed.emit()
    assert view.options.offered is None and not view.generate_button.isEnabled(), "Generate waits for the answer"
    qtbot.waitUntil(lambda: view.options.offered is not None, timeout=WAIT_MS)
    assert QuestionKind.OPEN in shown_kinds(view) and "too small" not in view.options.writes.text()


def test_a_model_that_cannot_be_read_is_said_and_nothing_starts(  # type: ignore[no-untyped-def]
    qtbot, window: MainWindow, store: Store, tmp_path: Path
) -> None:
    view = quizzes_over(qtbot, window, notes(tmp_path / "water.md"))
    store.save_settings(store.load_settings().model_copy(update={"default_model": "gone-model"}))
    window.context.events.settings_changed.emit()
    qtbot.waitUntil(lambda: "cannot be read" in view.options.writes.text(), timeout=WAIT_MS)
    assert "gone-model" in view.options.writes.text() and not view.generate_button.isEnabled()
    assert not error_boxes()


def test_one_button_per_action_and_the_banner_points_down(  # type: ignore[no-untyped-def]
    qtbot, window: MainWindow, store: Store, data_dir: Path, tmp_path: Path
) -> None:
    view = quizzes_over(qtbot, window, notes(tmp_path / "water.md"))
    assert view.next_step.isVisible() and not view.next_step.button.isVisible()
    said = view.next_step.label.text()
    assert "below" in said and "above" not in said and "Generate quiz" in said
    assert (
        view.next_step.label.mapTo(window, view.next_step.label.rect().topLeft()).y()
        < view.options.mapTo(window, view.options.rect().topLeft()).y()
    ), "the form is below the banner"

    (tmp_path / "class").mkdir()
    water_quiz(store, data_dir, tmp_path / "class")
    window.context.events.quizzes_changed.emit()
    grading = window.open_area_of(GradingView)
    assert isinstance(grading, GradingView) and grading.quiz_choice.quiz_id() is not None
    assert grading.next_step.isVisible() and not grading.next_step.button.isVisible()
    assert "Import class answers (CSV)" in grading.next_step.label.text() and grading.import_button.isVisible()


def test_the_list_shows_each_item_s_kind_question_and_key(  # type: ignore[no-untyped-def]
    qtbot, window: MainWindow, store: Store, data_dir: Path, tmp_path: Path
) -> None:
    quiz_id = water_quiz(store, data_dir, tmp_path)
    cloze = Question(kind=QuestionKind.CLOZE, text=f"Rain soaking in is {GAP}.", reference_answer="seepage")
    add_question(store, quiz_id, cloze)
    view = window.open_area_of(QuizView)
    assert isinstance(view, QuizView)
    view.select_quiz(quiz_id)
    rows = [view.questions.item(row).text() for row in range(view.questions.count())]
    assert rows == [
        "1. [not approved yet] Multiple choice (key: Evaporation): What turns liquid water into vapour?",
        "2. [not approved yet] True/false (key: true): Precipitation is rain, snow or hail.",
        "3. [not approved yet] Open (key: Condensation of the rising water vapour.): "
        "What forms the tiny droplets that make clouds?",
        "4. [not approved yet] Open (key: Rain soaking into the ground.): What is infiltration?",
        f"5. [✓ approved] Cloze (key: seepage): Rain soaking in is {GAP}.",
    ]


def test_the_library_leads_to_a_quiz_from_the_chosen_material(  # type: ignore[no-untyped-def]
    qtbot, window: MainWindow, store: Store, tmp_path: Path
) -> None:
    library = window.open_area_of(LibraryView)
    assert isinstance(library, LibraryView)
    library.import_files([notes(tmp_path / "water.md"), notes(tmp_path / "long.md", headings=3)])
    qtbot.waitUntil(lambda: library.import_job is None, timeout=WAIT_MS)
    assert not error_boxes() and library.tree.topLevelItemCount() == 2
    first, second = library.materials
    library.tree.setCurrentItem(library.tree.topLevelItem(1))
    assert library.next_step.isVisible() and library.next_step.button.text() == "Make a &quiz from this material"
    assert library.materials[second].title in library.next_step.label.text()
    library.next_step.button.click()
    quizzes = window.stack.currentWidget()
    assert isinstance(quizzes, QuizView) and quizzes.options.material.currentData() == second
    assert first != second

    (tmp_path / "quiz").mkdir()
    quizzed = get_quiz(store, water_quiz(store, window.context.data_dir, tmp_path / "quiz")).material_id
    window.open_area_of(LibraryView)
    rows = [library.tree.topLevelItem(row) for row in range(library.tree.topLevelItemCount())]
    library.tree.setCurrentItem(next(row for row in rows if row.data(0, ROLE) == ("material", quizzed)))
    assert not library.next_step.isVisible(), "a material that has a quiz needs no offer"


def test_starting_a_quiz_moves_nothing(qtbot, window: MainWindow, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    view = quizzes_over(qtbot, window, notes(tmp_path / "long.md", headings=30))
    window.resize(1280, 800)
    qtbot.waitUntil(lambda: window.width() == 1280, timeout=WAIT_MS)
    qtbot.wait(200)
    before = (window.width(), view.editor.width(), view.generate_button.geometry())
    qtbot.mouseClick(view.generate_button, Qt.MouseButton.LeftButton)
    running = view.generation
    assert view.progress.isVisible()
    qtbot.waitUntil(lambda: running.job_id is not None and "Writing" in view.progress.label.text(), timeout=WAIT_MS)
    qtbot.wait(200)
    assert (window.width(), view.editor.width(), view.generate_button.geometry()) == before
    view.cancel_generation()
    qtbot.waitUntil(lambda: view.generation is None, timeout=MODEL_WAIT_MS)
    assert (window.width(), view.editor.width()) == before[:2]


def test_an_import_moves_nothing(qtbot, window: MainWindow, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    library = window.open_area_of(LibraryView)
    assert isinstance(library, LibraryView)
    window.resize(1280, 800)
    qtbot.wait(200)
    before = (window.size(), library.tree.geometry(), library.text.geometry())
    library.import_files([notes(tmp_path / "water.md")])
    assert library.progress.isVisible() and library.next_step.label.text().startswith("Importing")
    qtbot.wait(100)
    assert (window.size(), library.tree.geometry(), library.text.geometry()) == before
    qtbot.waitUntil(lambda: library.import_job is None, timeout=WAIT_MS)
    qtbot.wait(100)
    assert library.next_step.button.isVisible(), "the bar now offers a quiz from the material"
    assert (window.size(), library.tree.geometry(), library.text.geometry()) == before


def test_a_long_question_never_hides_its_key(  # type: ignore[no-untyped-def]
    qtbot, window: MainWindow, store: Store, data_dir: Path, tmp_path: Path
) -> None:
    """The line shows kind and key however long the question; the tooltip has the whole text (issue 17)."""
    quiz_id = water_quiz(store, data_dir, tmp_path)
    text = "Which of these " + "very long words " * 12 + "is the name of the change from gas to liquid?"
    long_question = Question(
        kind=QuestionKind.MULTIPLE_CHOICE,
        text=text,
        reference_answer="Condensation",
        choices=[Choice(text="Condensation", correct=True), Choice(text="Evaporation")],
    )
    add_question(store, quiz_id, long_question)
    view = window.open_area_of(QuizView)
    assert isinstance(view, QuizView)
    view.select_quiz(quiz_id)
    item = view.questions.item(view.questions.count() - 1)
    line = item.text()
    shown_up_to_key = line[: line.index("Condensation") + len("Condensation")]
    assert "Multiple choice" in shown_up_to_key
    assert view.questions.fontMetrics().horizontalAdvance(shown_up_to_key) < view.questions.viewport().width()
    assert text in item.toolTip() and "Key: Condensation" in item.toolTip()


def test_a_long_open_key_leaves_the_question_in_sight(  # type: ignore[no-untyped-def]
    qtbot, window: MainWindow, store: Store, data_dir: Path, tmp_path: Path
) -> None:
    """Issue 46: a paragraph-long key pushed the question past the list's right edge, behind a
    horizontal scroll. The line shows the key's first 40 characters or so and the question whole,
    wrapped within the list; the tooltip and the detail panel have the whole key."""
    quiz_id = water_quiz(store, data_dir, tmp_path)
    key = "Water vapour rises, cools high up and condenses on specks of dust " * 3
    add_question(store, quiz_id, Question(kind=QuestionKind.OPEN, text="How do clouds form?", reference_answer=key))
    window.resize(1200, 760)
    view = window.open_area_of(QuizView)
    assert isinstance(view, QuizView)
    view.select_quiz(quiz_id)
    qtbot.wait(50)
    row = view.questions.count() - 1
    line = view.questions.item(row).text()
    shown_key = line[line.index("(key: ") + len("(key: ") : line.index("): How do clouds form?")]
    assert shown_key.endswith("…") and len(shown_key) <= 40 and key.startswith(shown_key[:-1])
    assert view.questions.horizontalScrollBar().maximum() == 0 and not view.questions.horizontalScrollBar().isVisible()
    place = view.questions.visualItemRect(view.questions.item(row))
    assert place.right() <= view.questions.viewport().width()
    room = place.adjusted(0, 0, -4, 10_000)
    needed = view.questions.fontMetrics().boundingRect(room, Qt.TextFlag.TextWordWrap, line).height()
    assert place.height() >= needed, "the whole line shows, wrapped"
    view.questions.setCurrentRow(row)
    assert " ".join(key.split()) in " ".join(view.questions.item(row).toolTip().split())
    assert view.editor.answer.text() == key
