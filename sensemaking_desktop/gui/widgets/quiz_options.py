"""What the Teacher is asked for: material, section, count, question types, difficulty,
language and model. The values go to the core's TeacherOptions unchanged."""

from typing import Any

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLineEdit,
    QSpinBox,
    QWidget,
)

from sensemaking_desktop.quizzes.model import QuestionKind
from sensemaking_desktop.store import Store
from sensemaking_desktop.store.materials import list_materials, sections_of


class QuizOptionsForm(QGroupBox):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTitle(self.tr("New quiz"))
        self.material = QComboBox()
        self.material.setObjectName("material")
        self.section = QComboBox()
        self.count = QSpinBox()
        self.count.setRange(1, 50)
        self.count.setValue(5)
        self.kinds = {kind: QCheckBox(label) for kind, label in self._kind_labels().items()}
        self.kinds[QuestionKind.OPEN].setChecked(True)
        self.difficulty = QComboBox()
        for value, label in (("easy", self.tr("Easy")), ("medium", self.tr("Medium")), ("hard", self.tr("Hard"))):
            self.difficulty.addItem(label, value)
        self.difficulty.setCurrentIndex(1)
        self.language = QLineEdit()
        self.language.setPlaceholderText(self.tr("that of the material (or e.g. en, de, cs)"))
        self.model = QComboBox()
        self._store: Store | None = None
        self.material.currentIndexChanged.connect(self._fill_sections)
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
        self.model.clear()
        self.model.addItem(self.tr("Default model"), None)
        for name in names:
            self.model.addItem(name, name)
        self.model.setCurrentIndex(max(self.model.findData(chosen), 0))

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

    def teacher_options(self) -> dict[str, Any]:
        """The fields of the core's TeacherOptions."""
        return {
            "count": self.count.value(),
            "kinds": [kind.value for kind, box in self.kinds.items() if box.isChecked()],
            "difficulty": self.difficulty.currentData(),
            "language": self.language.text().strip() or None,
        }
