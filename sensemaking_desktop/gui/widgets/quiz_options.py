"""What the Teacher is asked for: material, section, count, question types, difficulty,
language and model. The values go to the core's TeacherOptions unchanged.

Only the kinds the chosen model writes are offered (the Teacher's own rule, asked of
`workflows.teacher_kinds` by the area, which hands them to `offer_kinds`), and the form says
which kinds the quiz will hold before it is made: the embedded model writes no open question."""

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QWidget,
)

from sensemaking_desktop.quizzes.model import QuestionKind
from sensemaking_desktop.store import Store
from sensemaking_desktop.store.materials import list_materials, sections_of

QUIZ_COUNT = 2
"""Questions per section on average, as the README's quick start asks (`teach 1 --count 2`): a
first quiz over the sample comes in a few minutes on the embedded model."""


class QuizOptionsForm(QGroupBox):
    model_chosen = Signal()
    """Another model is chosen (or the first): the area finds out which kinds it writes."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTitle(self.tr("New quiz"))
        self.material = QComboBox()
        self.material.setObjectName("material")
        self.section = QComboBox()
        self.count = QSpinBox()
        self.count.setRange(1, 50)
        self.count.setValue(QUIZ_COUNT)
        self.kinds = {kind: QCheckBox(label) for kind, label in self._kind_labels().items()}
        for box in self.kinds.values():
            box.toggled.connect(lambda _on: self._say_kinds())
        self.offered: tuple[QuestionKind, ...] | None = None
        """The kinds the chosen model writes; None until the area has found out."""
        self._shown: tuple[QuestionKind, ...] | None = None
        self._announced: object = self
        """The model last announced by `model_chosen` (self: none yet)."""
        self.writes = QLabel()
        self.writes.setObjectName("writesKinds")
        self.writes.setWordWrap(True)
        self.difficulty = QComboBox()
        for value, label in (("easy", self.tr("Easy")), ("medium", self.tr("Medium")), ("hard", self.tr("Hard"))):
            self.difficulty.addItem(label, value)
        self.difficulty.setCurrentIndex(1)
        self.language = QLineEdit()
        self.language.setPlaceholderText(self.tr("that of the material (or e.g. en, de, cs)"))
        self.model = QComboBox()
        self._store: Store | None = None
        self.material.currentIndexChanged.connect(self._fill_sections)
        self.model.currentIndexChanged.connect(lambda _index: self._announce())
        self._layout()

    def _kind_labels(self) -> dict[QuestionKind, str]:
        return {
            QuestionKind.OPEN: self.tr("&Open"),
            QuestionKind.MULTIPLE_CHOICE: self.tr("M&ultiple choice"),
            QuestionKind.TRUE_FALSE: self.tr("&True/false"),
            QuestionKind.CLOZE: self.tr("Clo&ze"),
        }

    def _layout(self) -> None:
        kinds = QHBoxLayout()
        for box in self.kinds.values():
            kinds.addWidget(box)
        kinds.addStretch(1)
        form = QFormLayout(self)
        form.addRow(self.tr("&Material:"), self.material)
        form.addRow(self.tr("Sect&ion:"), self.section)
        form.addRow(self.tr("&Questions per section:"), self.count)
        form.addRow(self.tr("Types:"), kinds)
        form.addRow(self.tr("Will write:"), self.writes)
        form.addRow(self.tr("Diffi&culty:"), self.difficulty)
        form.addRow(self.tr("&Language:"), self.language)
        form.addRow(self.tr("Mod&el:"), self.model)

    def fill(self, store: Store, model_names: list[str]) -> None:
        """Offer the library's materials and the installed models; keep the current choices."""
        self._store = store
        material_id = self.material.currentData()
        self.material.blockSignals(True)
        self.material.clear()
        for material in list_materials(store):
            self.material.addItem(material.title, material.id)
        self.material.blockSignals(False)
        index = self.material.findData(material_id)
        self.material.setCurrentIndex(max(index, 0))
        self._fill_sections()
        self.fill_models(model_names)

    def fill_models(self, names: list[str]) -> None:
        chosen = self.model.currentData()
        self.model.blockSignals(True)
        self.model.clear()
        self.model.addItem(self.tr("Default model"), None)
        for name in names:
            self.model.addItem(name, name)
        self.model.setCurrentIndex(max(self.model.findData(chosen), 0))
        self.model.blockSignals(False)
        self._announce()

    def _announce(self) -> None:
        if self.model.currentData() != self._announced:
            self._announced = self.model.currentData()
            self.model_chosen.emit()

    def _fill_sections(self) -> None:
        chosen = self.section.currentData()
        self.section.clear()
        self.section.addItem(self.tr("All sections"), None)
        material_id = self.material.currentData()
        if self._store is not None and material_id is not None:
            for section in sections_of(self._store, material_id):
                label = section.title or self.tr("Section %1").replace("%1", str(section.position + 1))
                self.section.addItem(f"{section.position + 1}. {label}", section.id)
        self.section.setCurrentIndex(max(self.section.findData(chosen), 0))

    def finding_kinds(self) -> None:
        """The chosen model changed: its kinds are not known until `offer_kinds`."""
        self.offered = None
        self.writes.setText(self.tr("Finding out which kinds of question this model writes…"))

    def offer_kinds(self, kinds: Sequence[QuestionKind]) -> None:
        """Show a box for each kind the model writes; when the kinds offered change, all are ticked."""
        offered = tuple(kinds)
        if offered != self._shown:
            for kind, box in self.kinds.items():
                box.setVisible(kind in offered)
                box.setChecked(kind in offered)
            self._shown = offered
        self.offered = offered
        self._say_kinds()

    def kinds_unknown(self, message: str) -> None:
        """The model could not be read, so what it writes is not known: say why."""
        self.offered = None
        self.writes.setText(self.tr("The chosen model cannot be read: %1").replace("%1", message))

    def chosen_kinds(self) -> list[QuestionKind]:
        """The kinds ticked among those offered."""
        offered = self.offered or ()
        return [kind for kind, box in self.kinds.items() if kind in offered and box.isChecked()]

    def _say_kinds(self) -> None:
        if self.offered is None:
            return
        names = ", ".join(self.kinds[kind].text().replace("&", "") for kind in self.chosen_kinds())
        text = self.tr("%1.").replace("%1", names) if names else self.tr("Choose at least one type of question.")
        if QuestionKind.OPEN not in self.offered:
            text += " " + self.tr(
                "This model is too small to write questions of its own: the items are made from the material. "
                "Open questions need a larger model (see Models)."
            )
        self.writes.setText(text)

    def teacher_options(self) -> dict[str, Any]:
        """The fields of the core's TeacherOptions."""
        return {
            "count": self.count.value(),
            "kinds": [kind.value for kind in self.chosen_kinds()],
            "difficulty": self.difficulty.currentData(),
            "language": self.language.text().strip() or None,
        }
