"""The Models area: models on this computer and the catalogue of models worth downloading;
download (resumable, cancellable), add a local GGUF, remove, choose the default, and whether
this llama.cpp build can use a GPU. All registry work runs in workers."""

from pathlib import Path
from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFileDialog,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from sensemaking_desktop.gui.area import Area
from sensemaking_desktop.gui.context import GuiContext
from sensemaking_desktop.gui.formatting import size
from sensemaking_desktop.gui.messages import confirm, show_error, show_exception
from sensemaking_desktop.gui.widgets.progress_row import ProgressRow
from sensemaking_desktop.workflows.core import Core

ROLE = Qt.ItemDataRole.UserRole


def _table(headers: list[str], name: str) -> QTableWidget:
    table = QTableWidget(0, len(headers))
    table.setObjectName(name)
    table.setHorizontalHeaderLabels(headers)
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    table.horizontalHeader().setStretchLastSection(True)
    table.verticalHeader().hide()
    return table


def _fill_row(table: QTableWidget, row: int, values: list[str], key: str) -> None:
    for column, value in enumerate(values):
        cell = QTableWidgetItem(value)
        cell.setData(ROLE, key)
        table.setItem(row, column, cell)


class ModelsView(Area):
    TITLE = QT_TRANSLATE_NOOP("Area", "Models")

    def __init__(self, context: GuiContext, parent: QWidget | None = None) -> None:
        super().__init__(context, parent)
        self.download: Any = None
        self.gpu = QLabel(self.tr("Checking llama.cpp…"))
        self.gpu.setObjectName("gpu")
        self.installed = _table(
            [self.tr("Name"), self.tr("Default"), self.tr("Source"), self.tr("Size"), self.tr("File")], "installed"
        )
        self.catalogue = _table(
            [
                self.tr("Name"),
                self.tr("Model"),
                self.tr("Size"),
                self.tr("RAM"),
                self.tr("Licence"),
                self.tr("Languages"),
                self.tr("Installed"),
                self.tr("Good for"),
            ],
            "catalogue",
        )
        self.add_button = QPushButton(self.tr("&Add a GGUF file…"))
        self.add_button.clicked.connect(self.add_local)
        self.remove_button = QPushButton(self.tr("&Remove…"))
        self.remove_button.clicked.connect(self.remove_current)
        self.default_button = QPushButton(self.tr("Use as &default"))
        self.default_button.clicked.connect(self.make_default)
        self.download_button = QPushButton(self.tr("Do&wnload or resume"))
        self.download_button.setToolTip(self.tr("A cancelled or broken download continues where it stopped."))
        self.download_button.clicked.connect(self.download_current)
        self.progress = ProgressRow()
        self.progress.cancel_requested.connect(self.cancel_download)
        self.status = QLabel()
        self.status.setWordWrap(True)
        self._layout()
        self.installed.itemSelectionChanged.connect(self._enable)
        self.catalogue.itemSelectionChanged.connect(self._enable)
        context.models.changed.connect(self.show_models)
        context.events.settings_changed.connect(self.show_models)
        self._enable()

    def _layout(self) -> None:
        mine = QGroupBox(self.tr("On this computer"))
        mine_column = QVBoxLayout(mine)
        mine_column.addWidget(self.installed)
        mine_buttons = QHBoxLayout()
        for button in (self.default_button, self.add_button, self.remove_button):
            mine_buttons.addWidget(button)
        mine_buttons.addStretch(1)
        mine_column.addLayout(mine_buttons)
        offered = QGroupBox(self.tr("Catalogue"))
        offered_column = QVBoxLayout(offered)
        offered_column.addWidget(self.catalogue)
        download_row = QHBoxLayout()
        download_row.addWidget(self.download_button)
        download_row.addWidget(self.progress, 1)
        offered_column.addLayout(download_row)
        layout = QVBoxLayout(self)
        layout.addWidget(self.gpu)
        layout.addWidget(mine, 1)
        layout.addWidget(offered, 1)
        layout.addWidget(self.status)

    def opened(self) -> None:
        self.context.models.refresh()

    def show_models(self) -> None:
        snapshot = self.context.models.snapshot
        if snapshot.gpu is not None:
            self.gpu.setText(
                self.tr("llama.cpp can use a GPU here: models are offloaded to it.")
                if snapshot.gpu
                else self.tr("llama.cpp runs on the CPU here (this build has no GPU support).")
            )
        default = self.context.store.load_settings().default_model
        names = {model.name for model in snapshot.installed}
        self.installed.setRowCount(len(snapshot.installed))
        for row, model in enumerate(snapshot.installed):
            is_default = model.name == default or (default not in names and model.source == "embedded")
            source = {
                "embedded": self.tr("comes with the app"),
                "local": self.tr("your file"),
                "catalogue": self.tr("downloaded"),
            }.get(model.source, model.source)
            values = [model.name, "✓" if is_default else "", source, size(model.size_bytes), str(model.path)]
            _fill_row(self.installed, row, values, model.name)
        have = {model.catalogue_name for model in snapshot.installed}
        self.catalogue.setRowCount(len(snapshot.catalogue))
        for row, entry in enumerate(snapshot.catalogue):
            values = [
                entry.name,
                entry.title,
                size(entry.size_bytes),
                self.tr("%1 GB").replace("%1", f"{entry.ram_gb:g}"),
                entry.license,
                ", ".join(entry.languages),
                self.tr("yes") if entry.name in have else "",
                entry.good_for,
            ]
            _fill_row(self.catalogue, row, values, entry.name)
        self._enable()

    def _selected(self, table: QTableWidget) -> str | None:
        items = table.selectedItems()
        return items[0].data(ROLE) if items else None

    def _enable(self) -> None:
        chosen = self._selected(self.installed)
        model = next((m for m in self.context.models.snapshot.installed if m.name == chosen), None)
        self.default_button.setEnabled(model is not None)
        self.remove_button.setEnabled(model is not None and model.source != "embedded")
        self.download_button.setEnabled(self.download is None and self._selected(self.catalogue) is not None)

    def _in_worker(self, work: Any, done_text: Any) -> None:
        def done(result: Any) -> None:
            self.status.setText(done_text(result))
            self.context.models.refresh()

        self.context.workers.run(work, done=done, failed=lambda message, details: show_error(self, message, details))

    def add_local(self) -> None:
        name, _ = QFileDialog.getOpenFileName(self, self.tr("Add a model"), "", self.tr("GGUF models (*.gguf)"))
        if not name:
            return
        path, data_dir = Path(name), self.context.data_dir
        self.status.setText(self.tr("Checking %1…").replace("%1", path.name))

        def add(store: Any, _cancel: Any, _report: Any) -> Any:

            return Core(data_dir, store).models.add_local(path)

        self._in_worker(add, lambda model: self.tr("Added %1.").replace("%1", model.name))

    def remove_current(self) -> None:
        name, data_dir = self._selected(self.installed), self.context.data_dir
        if name is None or not confirm(
            self,
            self.tr("Remove %1? A downloaded file is deleted; your own files stay where they are.").replace("%1", name),
        ):
            return

        def remove(store: Any, _cancel: Any, _report: Any) -> Any:

            return Core(data_dir, store).models.remove(name)

        self._in_worker(remove, lambda model: self.tr("Removed %1.").replace("%1", model.name))

    def make_default(self) -> None:
        name = self._selected(self.installed)
        if name is None:
            return
        settings = self.context.store.load_settings().model_copy(update={"default_model": name})
        try:
            self.context.store.save_settings(settings)
        except Exception as error:
            show_exception(self, error)
            return
        self.status.setText(self.tr("%1 is now the default model.").replace("%1", name))
        self.context.events.settings_changed.emit()

    def download_current(self) -> None:
        name, data_dir = self._selected(self.catalogue), self.context.data_dir
        if name is None or self.download is not None:
            return

        def fetch(store: Any, cancel: Any, report: Any) -> Any:

            return Core(data_dir, store).models.download(
                name, on_progress=lambda done, total: report((done, total)), cancel=cancel
            )

        self.download = self.context.workers.run(
            fetch,
            progress=self._download_progress,
            done=lambda model: self._download_finished(self.tr("Downloaded %1.").replace("%1", model.name)),
            cancelled=lambda: self._download_finished(
                self.tr("Download cancelled; the partial file is kept and the next download resumes it.")
            ),
            failed=self._download_failed,
            long=True,
        )
        self.progress.start(self.tr("Downloading %1…").replace("%1", name))
        self.status.clear()
        self._enable()

    def _download_progress(self, update: tuple[int, int | None]) -> None:
        done, total = update
        text = size(done) + (" / " + size(total) if total else "")
        self.progress.advance(done / total if total else None, text)

    def cancel_download(self) -> None:
        if self.download is not None:
            self.download.cancel()

    def _download_finished(self, text: str) -> None:
        self.download = None
        self.progress.stop()
        self.status.setText(text)
        self.context.models.refresh()
        self._enable()

    def _download_failed(self, message: str, details: str) -> None:
        self._download_finished("")
        show_error(self, message, details)
