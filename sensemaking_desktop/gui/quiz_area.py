"""The base of the areas that work on one quiz with one model (self-test, grading, robustness):
the two choosers, kept current with the library and the installed models."""

from PySide6.QtWidgets import QWidget

from sensemaking_desktop.gui.area import Area
from sensemaking_desktop.gui.context import GuiContext
from sensemaking_desktop.gui.widgets.quiz_chooser import ModelChooser, QuizChooser


class QuizModelArea(Area):
    """A subclass lays out `quiz_choice` and `model`, and shows the chosen quiz in `show_quiz`."""

    def __init__(self, context: GuiContext, parent: QWidget | None = None) -> None:
        super().__init__(context, parent)
        self.quiz_choice = QuizChooser()
        self.quiz_choice.currentIndexChanged.connect(lambda _index: self.show_quiz())
        self.model = ModelChooser()
        context.events.quizzes_changed.connect(self.reload)
        context.models.changed.connect(lambda: self.model.fill(context.models.names))

    def opened(self) -> None:
        self.reload()

    def reload(self) -> None:
        """Re-read the quizzes and models, keeping the choices, and show the chosen quiz."""
        self.quiz_choice.fill(self.context.store)
        self.model.fill(self.context.models.names)
        self.show_quiz()

    def show_quiz(self) -> None:
        """Show what belongs to the chosen quiz."""
        raise NotImplementedError
