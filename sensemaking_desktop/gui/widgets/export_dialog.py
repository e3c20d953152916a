"""The teacher's export dialog: a format from the core's registry, the file to write, and the
variants to hand out (shuffled questions and choices, up to four versions each with its own
answer key), and whether the questions the checks dropped go too (not by default). It only asks;
the core makes the versions and writes the files."""

import random
from pathlib import Path

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from sensemaking_desktop.gui.quiz_export import ExportRequest, formats
from sensemaking_desktop.interchange.formats import export_file_name
from sensemaking_desktop.interchange.variants import MAX_VERSIONS, Variants

MAX_SEED = 999_999


class ExportDialog(QDialog):
    def __init__(self, title: str, folder: Path, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("exportDialog")
        self.setWindowTitle(self.tr("Export quiz"))
        self.title = title
        self.format = QComboBox()
        self.format.setAccessibleName(self.tr("Format"))
        for entry in formats():
            self.format.addItem(entry.label, entry.format.name)
        self.target = QLineEdit(str(folder / export_file_name(title, self._suffix())))
        self.target.setAccessibleName(self.tr("File to write"))
        self.browse_button = QPushButton(self.tr("&Browse…"))
        self.browse_button.setAccessibleName(self.tr("Choose the file to write"))
        self.browse_button.clicked.connect(self.browse)
        self.answer_key = QCheckBox(self.tr("Also write the &answer key, as a file of its own"))
        self.include_dropped = QCheckBox(self.tr("Include &dropped questions (the checks left them out of the quiz)"))
        self.shuffle_questions = QCheckBox(self.tr("Shuffle the &question order"))
        self.shuffle_choices = QCheckBox(self.tr("Shuffle the &choices"))
        self.versions = QSpinBox()
        self.versions.setRange(1, MAX_VERSIONS)
        self.versions.setAccessibleName(self.tr("Number of versions"))
        self.versions.setToolTip(self.tr("Versions A, B, … in different orders, each with its own answer key."))
        self.seed = QSpinBox()
        self.seed.setRange(0, MAX_SEED)
        self.seed.setValue(random.randrange(MAX_SEED))
        self.seed.setAccessibleName(self.tr("Shuffle seed"))
        self.seed.setToolTip(self.tr("The same seed makes the same versions again."))
        self.note = QLabel()
        self.note.setWordWrap(True)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self._layout()
        self.format.currentIndexChanged.connect(self._format_changed)
        for box in (self.shuffle_questions, self.shuffle_choices):
            box.toggled.connect(self._enable)
        self.versions.valueChanged.connect(self._enable)
        self.target.textChanged.connect(self._enable)
        self._enable()

    def _layout(self) -> None:
        target_row = QHBoxLayout()
        target_row.addWidget(self.target, 1)
        target_row.addWidget(self.browse_button)
        form = QFormLayout()
        form.addRow(self.tr("&Format:"), self.format)
        form.addRow(self.tr("&File:"), target_row)
        form.addRow(self.answer_key)
        form.addRow(self.include_dropped)
        form.addRow(self.shuffle_questions)
        form.addRow(self.shuffle_choices)
        form.addRow(self.tr("&Versions:"), self.versions)
        form.addRow(self.tr("&Seed:"), self.seed)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.note)
        layout.addWidget(self.buttons)

    def _suffix(self) -> str:
        return next(entry.suffix for entry in formats() if entry.format.name == self.format.currentData())

    def _format_changed(self) -> None:
        """Keep the chosen folder and name, with the new format's suffix."""
        current = Path(self.target.text().strip() or export_file_name(self.title, ""))
        stem = current.name
        for entry in formats():
            if stem.endswith(entry.suffix):
                stem = stem[: -len(entry.suffix)]
                break
        self.target.setText(str(current.with_name(stem + self._suffix())))

    def browse(self) -> None:
        name, _ = QFileDialog.getSaveFileName(self, self.tr("Export quiz"), self.target.text())
        if name:
            self.target.setText(name)

    def _enable(self) -> None:
        several = self.versions.value() > 1
        shuffles = self.shuffle_questions.isChecked() or self.shuffle_choices.isChecked()
        self.answer_key.setEnabled(not several)
        if several:
            self.answer_key.setChecked(True)
        self.seed.setEnabled(shuffles)
        if several and not shuffles:
            self.note.setText(self.tr("Versions differ only when the questions or the choices are shuffled."))
        elif several:
            self.note.setText(
                self.tr("Writes %1 versions, each with its own answer key.").replace("%1", str(self.versions.value()))
            )
        else:
            self.note.clear()
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setEnabled(bool(self.target.text().strip()) and (shuffles or not several))

    def request(self) -> ExportRequest:
        chosen = next(entry.format for entry in formats() if entry.format.name == self.format.currentData())
        variants = Variants(
            versions=self.versions.value(),
            shuffle_questions=self.shuffle_questions.isChecked(),
            shuffle_choices=self.shuffle_choices.isChecked(),
            seed=self.seed.value(),
        )
        target = Path(self.target.text().strip())
        return ExportRequest(chosen, target, self.answer_key.isChecked(), variants, self.include_dropped.isChecked())
