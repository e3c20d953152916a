"""The quiz and model pickers the self-test, grading and robustness areas share."""

from PySide6.QtWidgets import QComboBox, QWidget

from sensemaking_desktop.store import Store
from sensemaking_desktop.store.quizzes import list_quizzes


class QuizChooser(QComboBox):
    """The library's quizzes, newest last; the data of an item is the quiz id."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("quizChoice")
        self.setAccessibleName(self.tr("Quiz"))
        self.material_ids: dict[int, int | None] = {}

    def fill(self, store: Store) -> None:
        """Re-read the quizzes; keep the chosen one, else choose the newest that has questions
        (an empty quiz, such as one whose writing failed, is never the default). Signals are
        blocked, so the caller decides what to re-show."""
        chosen = self.currentData()
        self.blockSignals(True)
        self.clear()
        self.material_ids = {}
        newest = -1
        for row in list_quizzes(store):
            label = self.tr("%1 (#%2, %n question(s))", "", row["questions"])
            self.addItem(label.replace("%1", row["title"]).replace("%2", str(row["id"])), row["id"])
            self.material_ids[row["id"]] = row["material_id"]
            newest = self.count() - 1 if row["questions"] else newest
        index = self.findData(chosen)
        self.setCurrentIndex(index if index >= 0 else newest)
        self.blockSignals(False)

    def quiz_id(self) -> int | None:
        return self.currentData()

    def material_id(self) -> int | None:
        quiz_id = self.currentData()
        return self.material_ids.get(quiz_id) if quiz_id is not None else None

    def select(self, quiz_id: int) -> None:
        index = self.findData(quiz_id)
        if index >= 0:
            self.setCurrentIndex(index)


class ModelChooser(QComboBox):
    """ "Default model" and the installed models; the data is the model name (None: default)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName(self.tr("Model"))
        self.fill([])

    def fill(self, names: list[str]) -> None:
        chosen = self.currentData()
        self.clear()
        self.addItem(self.tr("Default model"), None)
        for name in names:
            self.addItem(name, name)
        self.setCurrentIndex(max(self.findData(chosen), 0))
