"""An empty area says what to do next, with one button that does it (import a first file, go
where the missing thing is made, make a quiz from a material), or points to the area's own button
for it (Generate quiz, Import class answers, the Evaluator's Grade): one button per action; once
done, the offer goes."""

from pathlib import Path

import pytest
from conftest import WAIT_MS, error_boxes
from graded_quiz import water_quiz
from materials import notes
from PySide6.QtWidgets import QFileDialog

from sensemaking_desktop.gui.area import Area
from sensemaking_desktop.gui.areas.grading_view import GradingView
from sensemaking_desktop.gui.areas.library_view import LibraryView
from sensemaking_desktop.gui.areas.quiz_view import QuizView
from sensemaking_desktop.gui.areas.selftest_view import SelfTestView
from sensemaking_desktop.gui.areas.study_view import StudyView
from sensemaking_desktop.gui.main_window import MainWindow
from sensemaking_desktop.store import Store


def opened(window: MainWindow, kind: type[Area]) -> Area:
    area = window.open_area_of(kind)
    assert window.stack.currentWidget() is area
    return area


@pytest.mark.parametrize(
    ("kind", "button", "leads_to"),
    [
        (QuizView, "Go to the Library", LibraryView),
        (SelfTestView, "Go to Quizzes", QuizView),
        (StudyView, "Sit a self-test", SelfTestView),
        (GradingView, "Go to Quizzes", QuizView),
    ],
)
def test_on_an_empty_library_each_area_leads_to_the_step_before(
    window: MainWindow, kind: type[Area], button: str, leads_to: type[Area]
) -> None:
    area = opened(window, kind)
    assert area.next_step.isVisible() and area.next_step.button.text() == button  # type: ignore[attr-defined]
    area.next_step.button.click()  # type: ignore[attr-defined]
    assert isinstance(window.stack.currentWidget(), leads_to)


def test_the_offers_follow_the_library(  # type: ignore[no-untyped-def]
    qtbot, window: MainWindow, store: Store, data_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = notes(tmp_path / "water.md")
    monkeypatch.setattr(QFileDialog, "getOpenFileNames", lambda *args, **kwargs: ([str(source)], ""))
    library = opened(window, LibraryView)
    assert isinstance(library, LibraryView) and library.next_step.isVisible()
    library.next_step.button.click()
    qtbot.waitUntil(lambda: library.import_job is None, timeout=WAIT_MS)
    assert not error_boxes() and library.tree.topLevelItemCount() == 1
    assert library.next_step.button.text() == "Make a &quiz from this material"

    quizzes = opened(window, QuizView)
    assert quizzes.next_step.isVisible() and not quizzes.next_step.button.isVisible()  # type: ignore[attr-defined]
    assert "Generate quiz" in quizzes.next_step.label.text()  # type: ignore[attr-defined]

    quiz_id = water_quiz(store, data_dir, tmp_path)
    window.context.events.quizzes_changed.emit()
    assert not quizzes.next_step.button.isVisible()  # type: ignore[attr-defined]
    said = quizzes.next_step.label.text()  # type: ignore[attr-defined]
    assert "not approved yet" in said, "the bar stays, pointing to the review"
    assert not opened(window, SelfTestView).next_step.isVisible()  # type: ignore[attr-defined]

    grading = opened(window, GradingView)
    assert isinstance(grading, GradingView) and grading.quiz_choice.quiz_id() == quiz_id
    assert grading.next_step.isVisible() and not grading.next_step.button.isVisible()
    assert "Import class answers (CSV)" in grading.next_step.label.text()
    answers = tmp_path / "class.csv"
    answers.write_text("student,question,answer\nana,1,Evaporation\nben,3,Condensation\n", encoding="utf-8")
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *args, **kwargs: (str(answers), ""))
    grading.import_button.click()
    qtbot.waitUntil(lambda: grading.status.text().startswith("Imported") or bool(error_boxes()), timeout=WAIT_MS)
    assert not error_boxes(), [box.text() for box in error_boxes()]
    qtbot.waitUntil(lambda: "wait for a grade" in grading.next_step.label.text(), timeout=WAIT_MS)
    assert grading.next_step.isVisible() and not grading.next_step.button.isVisible()
    assert grading.next_step.label.text().startswith("2 answer(s) wait for a grade")
