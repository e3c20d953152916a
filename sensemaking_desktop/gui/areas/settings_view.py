"""The Settings area: where the library lives (used from the next start), the core's engine
settings (default model, threads, context cap, GPU layers, model hub), and how recordings
are transcribed and files cut into sections, and the interface language (from the next start,
since every window's text is made when it is built). Colours follow the system."""

import os
from pathlib import Path
from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP
from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QStyle,
    QVBoxLayout,
    QWidget,
)

from sensemaking_desktop import paths
from sensemaking_desktop.gui import import_preferences
from sensemaking_desktop.gui.app import DATA_DIR_KEY, LANGUAGE_KEY, language_name, shipped_languages
from sensemaking_desktop.gui.area import Area
from sensemaking_desktop.gui.context import GuiContext
from sensemaking_desktop.gui.messages import show_error, show_exception
from sensemaking_desktop.settings import Settings


def read_asr_choices(_store: Any, _cancel: Any, _report: Any) -> tuple[tuple[str, ...], list[Any]]:
    """Speech backends and Whisper models the core knows; loads audio libraries, so in a worker."""
    from sensemaking_desktop.ingest.asr import ASR_BACKENDS, available_models

    return ASR_BACKENDS, available_models()


class SettingsView(Area):
    TITLE = QT_TRANSLATE_NOOP("Area", "Settings")
    ICON = QStyle.StandardPixmap.SP_FileDialogDetailedView

    def __init__(self, context: GuiContext, parent: QWidget | None = None) -> None:
        super().__init__(context, parent)
        self.folder_now = QLabel(str(context.data_dir))
        self.folder_next = QLabel()
        self.folder_next.setWordWrap(True)
        self.choose_folder = QPushButton(self.tr("Choose another &folder…"))
        self.choose_folder.clicked.connect(self.pick_folder)
        self.default_folder = QPushButton(self.tr("Use the s&ystem's folder"))
        self.default_folder.clicked.connect(self.forget_folder)
        self.default_model = QComboBox()
        self.threads = QSpinBox()
        self.threads.setRange(0, 256)
        self.threads.setSpecialValueText(self.tr("automatic (one per core)"))
        self.context_cap = QSpinBox()
        self.context_cap.setRange(256, 1_048_576)
        self.context_cap.setSingleStep(1024)
        self.gpu_layers = QSpinBox()
        self.gpu_layers.setRange(-1, 1000)
        self.gpu_layers.setSpecialValueText(self.tr("all, when there is a GPU"))
        self.hub = QLineEdit()
        self.hub.setPlaceholderText(self.tr("the Hugging Face hub (or a mirror's address)"))
        self.asr_backend = QComboBox()
        self.asr_model = QComboBox()
        self.language = QLineEdit()
        self.language.setPlaceholderText(self.tr("detect (or e.g. en, de, cs, uk)"))
        self.section_tokens = QSpinBox()
        self.section_tokens.setRange(200, 100_000)
        self.section_tokens.setSingleStep(100)
        self.interface_language = QComboBox()
        self.interface_language.addItem(self.tr("the system's language"), "")
        for code in shipped_languages():
            self.interface_language.addItem(language_name(code), code)
        self.save_button = QPushButton(self.tr("&Save settings"))
        self.save_button.clicked.connect(self.save)
        self.status = QLabel()
        self.status.setWordWrap(True)
        self._layout()
        context.models.changed.connect(self._fill_models)
        context.events.settings_changed.connect(self.opened)
        self.asr_loaded = False

    def _layout(self) -> None:
        folder = QGroupBox(self.tr("Library folder"))
        folder_form = QFormLayout(folder)
        folder_form.addRow(self.tr("In use:"), self.folder_now)
        folder_form.addRow(self.tr("Next start:"), self.folder_next)
        folder_buttons = QHBoxLayout()
        folder_buttons.addWidget(self.choose_folder)
        folder_buttons.addWidget(self.default_folder)
        folder_buttons.addStretch(1)
        folder_form.addRow(folder_buttons)
        engine = QGroupBox(self.tr("Models and llama.cpp"))
        engine_form = QFormLayout(engine)
        engine_form.addRow(self.tr("Default &model:"), self.default_model)
        engine_form.addRow(self.tr("CPU &threads:"), self.threads)
        engine_form.addRow(self.tr("Largest &context (tokens):"), self.context_cap)
        engine_form.addRow(self.tr("&GPU layers:"), self.gpu_layers)
        engine_form.addRow(self.tr("Model hu&b address:"), self.hub)
        importing = QGroupBox(self.tr("Importing"))
        import_form = QFormLayout(importing)
        import_form.addRow(self.tr("Speech &recogniser:"), self.asr_backend)
        import_form.addRow(self.tr("&Whisper model:"), self.asr_model)
        import_form.addRow(self.tr("Language of rec&ordings:"), self.language)
        import_form.addRow(self.tr("Largest section (to&kens):"), self.section_tokens)
        interface = QGroupBox(self.tr("Interface"))
        interface_form = QFormLayout(interface)
        language_row = QWidget()
        row = QHBoxLayout(language_row)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.interface_language)
        row.addWidget(QLabel(self.tr("(used from the next start)")))
        row.addStretch(1)
        language_label = QLabel(self.tr("&Language:"))
        language_label.setBuddy(self.interface_language)
        interface_form.addRow(language_label, language_row)
        look = QLabel(self.tr("Light or dark colours follow your system's settings."))
        look.setWordWrap(True)
        interface_form.addRow(look)
        layout = QVBoxLayout(self)
        for part in (folder, engine, importing, interface):
            layout.addWidget(part)
        buttons = QHBoxLayout()
        buttons.addWidget(self.save_button)
        buttons.addStretch(1)
        layout.addLayout(buttons)
        layout.addWidget(self.status)
        layout.addStretch(1)

    def opened(self) -> None:
        """Show what is stored now: the library's settings and the window's own choices."""
        settings = self.context.store.load_settings()
        self._fill_models()
        self.threads.setValue(settings.threads)
        self.context_cap.setValue(settings.context_cap)
        self.gpu_layers.setValue(settings.gpu_layers)
        self.hub.setText(settings.hf_endpoint or "")
        chosen = import_preferences.read(self.context.preferences)
        self._choose(self.asr_backend, chosen["asr_backend"])
        self._choose(self.asr_model, chosen["asr_model"])
        self.language.setText(chosen["language"])
        self.section_tokens.setValue(chosen["token_budget"])
        self._choose(self.interface_language, str(self.context.preferences.value(LANGUAGE_KEY, "")))
        self._show_next_folder()
        if not self.asr_loaded:
            self.context.workers.run(read_asr_choices, done=self._fill_asr)

    @staticmethod
    def _choose(combo: QComboBox, value: str) -> None:
        if combo.findData(value) < 0:
            combo.addItem(value, value)
        combo.setCurrentIndex(combo.findData(value))

    def _fill_models(self) -> None:
        default = self.context.store.load_settings().default_model
        self.default_model.clear()
        self.default_model.addItem(self.tr("the model that comes with the app"), None)
        for name in self.context.models.names:
            self.default_model.addItem(name, name)
        if default is not None:
            self._choose(self.default_model, default)

    def _fill_asr(self, choices: tuple[tuple[str, ...], list[Any]]) -> None:
        backends, models = choices
        backend, model = self.asr_backend.currentData(), self.asr_model.currentData()
        self.asr_backend.clear()
        for name in backends:
            self.asr_backend.addItem(name, name)
        self.asr_model.clear()
        for info in models:
            note = self.tr("multilingual") if info.multilingual else self.tr("English only")
            if not info.installed:
                note += ", " + self.tr("not installed: %1").replace("%1", info.install)
            self.asr_model.addItem(f"{info.name} ({note})", info.name)
        self._choose(self.asr_backend, backend)
        self._choose(self.asr_model, model)
        self.asr_loaded = True

    def _show_next_folder(self) -> None:
        stored = self.context.preferences.value(DATA_DIR_KEY)
        upcoming = Path(str(stored)) if stored else paths.data_dir(None)
        text = str(upcoming)
        if os.environ.get(paths.DATA_DIR_ENV):
            text += " " + self.tr("(but $%1 is set and wins)").replace("%1", paths.DATA_DIR_ENV)
        elif upcoming != self.context.data_dir:
            text += " " + self.tr("(used from the next start)")
        self.folder_next.setText(text)

    def pick_folder(self) -> None:
        folder = QFileDialog.getExistingDirectory(self, self.tr("Library folder"), str(self.context.data_dir))
        if folder:
            self.context.preferences.setValue(DATA_DIR_KEY, folder)
            self._show_next_folder()

    def forget_folder(self) -> None:
        self.context.preferences.remove(DATA_DIR_KEY)
        self._show_next_folder()

    def save(self) -> None:
        """Store the engine settings in the library (checked by the core) and the import choices."""
        try:
            settings = Settings(
                context_cap=self.context_cap.value(),
                threads=self.threads.value(),
                gpu_layers=self.gpu_layers.value(),
                default_model=self.default_model.currentData(),
                hf_endpoint=self.hub.text().strip() or None,
            )
        except ValueError as error:
            show_error(self, str(error))
            return
        try:
            self.context.store.save_settings(settings)
        except Exception as error:
            show_exception(self, error)
            return
        import_preferences.write(
            self.context.preferences,
            {
                "asr_backend": self.asr_backend.currentData(),
                "asr_model": self.asr_model.currentData(),
                "language": self.language.text().strip(),
                "token_budget": self.section_tokens.value(),
            },
        )
        self.context.preferences.setValue(LANGUAGE_KEY, self.interface_language.currentData())
        self.status.setText(self.tr("Saved. Models loaded from now on use these settings."))
        self.context.events.settings_changed.emit()
