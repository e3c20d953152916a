"""The Models area: models on this computer, model servers, models Ollama or LM Studio already
downloaded, and the catalogue of models worth downloading; download (resumable, cancellable),
add a local GGUF, use a found one where it lies, add, remove and test a server, remove, choose
the default, what the graphics card does for the default model (in plain words), and, while only the embedded model
is there, a banner that recommends a model for this computer. All registry and network work
runs in workers."""

from pathlib import Path
from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QFileDialog,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QStyle,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from sensemaking_desktop.gui.area import Area
from sensemaking_desktop.gui.context import GuiContext
from sensemaking_desktop.gui.formatting import size
from sensemaking_desktop.gui.messages import confirm, show_error, show_exception
from sensemaking_desktop.gui.recommendation_text import recommendation_text, recommended_title
from sensemaking_desktop.gui.widgets.progress_row import ProgressRow
from sensemaking_desktop.gui.widgets.server_dialog import ServerDialog
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


def _compact(table: QTableWidget, rows: int) -> None:
    """At most `rows` rows high (more scroll): the short lists (models here, servers, models found)
    leave the area's height to the catalogue, the list a new user reads row by row. No room is
    kept for a horizontal scroll bar: the last column stretches and wraps, so one shows only when
    the other columns alone are wider than the table."""
    frame = 2 * table.frameWidth()
    header = table.horizontalHeader().sizeHint().height()
    table.setMaximumHeight(header + rows * table.verticalHeader().defaultSectionSize() + frame)


def _embolden(table: QTableWidget, row: int) -> None:
    """The row in bold, as the Welcome page marks the recommended model."""
    for column in range(table.columnCount()):
        cell = table.item(row, column)
        font = cell.font()
        font.setBold(True)
        cell.setFont(font)


def _fill_row(table: QTableWidget, row: int, values: list[str], key: str) -> None:
    for column, value in enumerate(values):
        cell = QTableWidgetItem(value)
        cell.setData(ROLE, key)
        table.setItem(row, column, cell)


class ModelsView(Area):
    TITLE = QT_TRANSLATE_NOOP("Area", "Models")
    ICON = QStyle.StandardPixmap.SP_DriveHDIcon

    def __init__(self, context: GuiContext, parent: QWidget | None = None) -> None:
        super().__init__(context, parent)
        self.download: Any = None
        self.gpu = QLabel(self.tr("Checking your graphics card…"))
        self.gpu.setObjectName("gpu")
        self.gpu.setWordWrap(True)
        self._build_models()
        self._build_notices()
        self._build_servers()
        self._build_found()
        self._layout()
        for table in (self.installed, self.catalogue, self.servers, self.found):
            table.itemSelectionChanged.connect(self._enable)
        context.models.changed.connect(self.show_models)
        context.events.settings_changed.connect(self.show_models)
        self._enable()

    def _build_models(self) -> None:
        """The models on this computer and the catalogue, with their actions and the download's progress."""
        self.installed = _table(
            [self.tr("Name"), self.tr("Default"), self.tr("Source"), self.tr("Size"), self.tr("File")], "installed"
        )
        self.catalogue = _table(
            [
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
        self._wrap_last_column(self.catalogue)
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

    @staticmethod
    def _wrap_last_column(table: QTableWidget) -> None:
        """The last column ("Good for") takes the width the others leave and wraps its words,
        the rows as tall as their text, so that it shows whole at any width (issue 21)."""
        header = table.horizontalHeader()
        header.setSectionResizeMode(table.columnCount() - 1, QHeaderView.ResizeMode.Stretch)
        table.setWordWrap(True)
        table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)

    def _build_notices(self) -> None:
        """The status line, and the first-run banner with the model it recommends."""
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.status.setObjectName("status")
        self.banner = QLabel()
        self.banner.setObjectName("first-run")
        self.banner.setWordWrap(True)
        self.recommended_button = QPushButton()
        self.recommended_button.clicked.connect(self.download_recommended)

    def _build_servers(self) -> None:
        """The model servers, with adding, removing and testing one."""
        self.servers = _table([self.tr("Name"), self.tr("Address"), self.tr("Models")], "servers")
        self.add_server_button = QPushButton(self.tr("Add a &server…"))
        self.add_server_button.clicked.connect(self.add_server)
        self.remove_server_button = QPushButton(self.tr("Remove server…"))
        self.remove_server_button.clicked.connect(self.remove_server)
        self.test_button = QPushButton(self.tr("&Test connection"))
        self.test_button.clicked.connect(self.test_server)

    def _build_found(self) -> None:
        """The models Ollama or LM Studio already downloaded, usable where they lie."""
        self.found = _table([self.tr("Name"), self.tr("From"), self.tr("Size"), self.tr("File")], "found")
        self.use_found_button = QPushButton(self.tr("&Use this model"))
        self.use_found_button.setToolTip(self.tr("The file stays where it is; nothing is copied."))
        self.use_found_button.clicked.connect(self.use_found)

    def _layout(self) -> None:
        mine = QGroupBox(self.tr("On this computer"))
        mine_column = QVBoxLayout(mine)
        mine_column.addWidget(self.installed)
        mine_buttons = QHBoxLayout()
        for button in (self.default_button, self.add_button, self.remove_button):
            mine_buttons.addWidget(button)
        mine_buttons.addStretch(1)
        mine_column.addLayout(mine_buttons)
        served = QGroupBox(self.tr("Model servers (OpenAI-compatible)"))
        served_column = QVBoxLayout(served)
        served_column.addWidget(self.servers)
        server_buttons = QHBoxLayout()
        for button in (self.add_server_button, self.test_button, self.remove_server_button):
            server_buttons.addWidget(button)
        server_buttons.addStretch(1)
        served_column.addLayout(server_buttons)
        found = QGroupBox(self.tr("Found on disk (Ollama, LM Studio)"))
        found_column = QVBoxLayout(found)
        found_column.addWidget(self.found)
        found_buttons = QHBoxLayout()
        found_buttons.addWidget(self.use_found_button)
        found_buttons.addStretch(1)
        found_column.addLayout(found_buttons)
        offered = QGroupBox(self.tr("Catalogue"))
        offered_column = QVBoxLayout(offered)
        offered_column.addWidget(self.catalogue)
        download_row = QHBoxLayout()
        download_row.addWidget(self.download_button)
        download_row.addWidget(self.progress, 1)
        offered_column.addLayout(download_row)
        first_run = QHBoxLayout()
        first_run.addWidget(self.banner, 1)
        first_run.addWidget(self.recommended_button)
        elsewhere = QHBoxLayout()
        elsewhere.addWidget(served, 1)
        elsewhere.addWidget(found, 1)
        for table, rows in ((self.installed, 2), (self.servers, 1), (self.found, 1)):
            _compact(table, rows)
        layout = QVBoxLayout(self)
        layout.addLayout(first_run)
        layout.addWidget(self.gpu)
        layout.addWidget(mine)
        layout.addLayout(elsewhere)
        layout.addWidget(offered, 1)
        layout.addWidget(self.status)

    def opened(self) -> None:
        self.context.models.refresh()

    def show_models(self) -> None:
        snapshot = self.context.models.snapshot
        if snapshot.gpu is not None:
            self.gpu.setText(self._gpu_text(snapshot))
        self._show_first_run(snapshot.first_run)
        self._show_servers(snapshot.servers)
        self.found.setRowCount(len(snapshot.found))
        for row, found in enumerate(snapshot.found):
            source = self.tr("Ollama") if found.source == "ollama" else self.tr("LM Studio")
            _fill_row(self.found, row, [found.name, source, size(found.size_bytes), str(found.path)], found.name)
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
        advice = snapshot.first_run
        recommended = advice.recommendation.entry.name if advice and advice.recommendation else None
        self.catalogue.setRowCount(len(snapshot.catalogue))
        for row, entry in enumerate(snapshot.catalogue):
            values = [
                entry.title,
                size(entry.size_bytes),
                self.tr("%1 GB").replace("%1", f"{entry.ram_gb:g}"),
                entry.license,
                ", ".join(entry.languages),
                self.tr("yes") if entry.name in have else "",
                entry.good_for,
            ]
            _fill_row(self.catalogue, row, values, entry.name)
            self.catalogue.item(row, 0).setToolTip(self.tr("Name on the command line: %1").replace("%1", entry.name))
            if entry.name == recommended:
                _embolden(self.catalogue, row)
                cell = self.catalogue.item(row, 0)
                cell.setToolTip(recommended_title(entry.plain_title) + "\n" + cell.toolTip())
        self._enable()

    def _gpu_text(self, snapshot: Any) -> str:
        """What the graphics card does for the default model, in words a teacher reads; the
        llama.cpp backends behind it are in the tooltip."""
        report, plan = snapshot.gpu_report, snapshot.offload
        devices = report.devices if report is not None else []
        card = ", ".join(device.description or device.name for device in devices) or self.tr("graphics card")
        backends = ", ".join(report.backends) if report is not None and report.backends else "CPU"
        self.gpu.setToolTip(self.tr("llama.cpp backends: %1").replace("%1", backends))
        layers = ""
        if plan is not None:
            total = str(plan.total_layers) if plan.total_layers is not None else "?"
            layers = self.tr("Uses your graphics card for %1 of %2 layers").replace("%1", str(plan.layers))
            layers = layers.replace("%2", total)
        if not snapshot.gpu:
            cause = self.tr("this build of llama.cpp has no GPU support, so models run on the processor.")
            how = self.tr(
                "How to get one: install the app's version for graphics cards, or rebuild llama-cpp-python "
                "for your card as the section “GPU” of docs/models.md shows."
            )
            return f"{layers}: {cause} {how}" if layers else f"{cause[:1].upper()}{cause[1:]} {how}"
        if plan is None:
            return self.tr("Your %1 can be used by models on this computer.").replace("%1", card)
        if self.context.store.load_settings().gpu_layers == 0:
            return layers + ": " + self.tr("it is switched off under “GPU layers” in Settings.")
        model = self._default_model(snapshot)
        free = report.free_bytes if report is not None else 0
        if model is not None and free and model.size_bytes > free:
            too_big = self.tr(
                "but the model (%1) is larger than the card's free memory (%2): lower “GPU layers” in Settings "
                "so that the rest stays on the processor."
            )
            return layers + ", " + too_big.replace("%1", size(model.size_bytes)).replace("%2", size(free))
        return layers + " " + self.tr("(%1).").replace("%1", card)

    def _default_model(self, snapshot: Any) -> Any:
        """The installed model used when none is named: the chosen default, else the embedded one."""
        default = self.context.store.load_settings().default_model
        installed = snapshot.installed
        return next((model for model in installed if model.name == default), None) or next(
            (model for model in installed if model.source == "embedded"), None
        )

    def _show_first_run(self, advice: Any) -> None:
        recommendation = advice.recommendation if advice else None
        self.banner.setVisible(advice is not None)
        self.recommended_button.setVisible(recommendation is not None)
        if advice is None:
            return
        text = self.tr(
            "Only the small model that comes with the app is installed: it shows that everything works, "
            "but its quizzes are weak."
        )
        if recommendation is not None:
            entry = recommendation.entry
            text += " " + recommendation_text(recommendation)
            download = self.tr("(%1, licence %2.)").replace("%1", size(entry.size_bytes))
            text += " " + download.replace("%2", entry.license)
            self.recommended_button.setText(self.tr("Download %1").replace("%1", entry.plain_title))
        if advice.found:
            text += " " + self.tr("Models found on disk can be used where they lie (below).")
        text += " " + self.tr("A model server can be added below.")
        self.banner.setText(text)

    def _show_servers(self, servers: list[dict[str, Any]]) -> None:
        self.servers.setRowCount(len(servers))
        for row, server in enumerate(servers):
            served = (
                ", ".join(server["models"])
                if "error" not in server
                else self.tr("unreachable: %1").replace("%1", server["error"])
            )
            _fill_row(self.servers, row, [server["name"], server["url"], served], server["name"])

    def _selected(self, table: QTableWidget) -> str | None:
        items = table.selectedItems()
        return items[0].data(ROLE) if items else None

    def _enable(self) -> None:
        chosen = self._selected(self.installed)
        model = next((m for m in self.context.models.snapshot.installed if m.name == chosen), None)
        self.default_button.setEnabled(model is not None)
        self.remove_button.setEnabled(model is not None and model.source != "embedded")
        self.download_button.setEnabled(self.download is None and self._selected(self.catalogue) is not None)
        self.recommended_button.setEnabled(self.download is None)
        self.remove_server_button.setEnabled(self._selected(self.servers) is not None)
        self.test_button.setEnabled(self._selected(self.servers) is not None)
        self.use_found_button.setEnabled(self._selected(self.found) is not None)

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

    def add_server(self) -> None:
        dialog = ServerDialog(self)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return
        entry, data_dir = dialog.entry(), self.context.data_dir
        self.status.setText(self.tr("Asking %1 for its models…").replace("%1", entry.name))

        def save(store: Any, _cancel: Any, _report: Any) -> Any:
            server, _served = Core(data_dir, store).models.add_answering_server(
                entry.name,
                entry.url,
                api_key_env=entry.api_key_env,
                api_key=entry.api_key,
                verify_tls=entry.verify_tls,
            )
            return server

        self._in_worker(save, lambda server: self.tr("Saved the server %1.").replace("%1", server.name))

    def remove_server(self) -> None:
        name, data_dir = self._selected(self.servers), self.context.data_dir
        if name is None or not confirm(self, self.tr("Forget the server %1?").replace("%1", name)):
            return

        def remove(store: Any, _cancel: Any, _report: Any) -> Any:
            return Core(data_dir, store).models.remove_server(name)

        self._in_worker(remove, lambda server: self.tr("Removed the server %1.").replace("%1", server.name))

    def test_server(self) -> None:
        """One short reply from the server's first model, with how long it took."""
        name, data_dir = self._selected(self.servers), self.context.data_dir
        if name is None:
            return
        self.status.setText(self.tr("Testing %1…").replace("%1", name))

        def test(store: Any, cancel: Any, _report: Any) -> Any:
            from sensemaking_desktop.llm.backend import Prompt, Sampling

            engine = Core(data_dir, store).models.engine(name)
            prompt = Prompt([{"role": "user", "content": "Say hello."}])
            return engine.identity.name, engine.chat(prompt, sampling=Sampling(max_tokens=8), cancel=cancel)

        def done(result: Any) -> None:
            model, generation = result
            self.status.setText(
                self.tr("%1 answers: model %2, first token after %3 s.")
                .replace("%1", name)
                .replace("%2", model)
                .replace("%3", f"{generation.prompt_s:.2f}")
            )

        def failed(message: str, _details: str) -> None:
            self.status.setText(self.tr("%1 does not answer: %2").replace("%1", name).replace("%2", message))

        self.context.workers.run(test, done=done, failed=failed)

    def use_found(self) -> None:
        name, data_dir = self._selected(self.found), self.context.data_dir
        found = next((model for model in self.context.models.snapshot.found if model.name == name), None)
        if found is None:
            return

        def add(store: Any, _cancel: Any, _report: Any) -> Any:
            return Core(data_dir, store).models.add_found(found)

        self._in_worker(add, lambda model: self.tr("Added %1 where it lies.").replace("%1", model.name))

    def download_recommended(self) -> None:
        advice = self.context.models.snapshot.first_run
        if advice is not None and advice.recommendation is not None:
            self._download(advice.recommendation.entry.name)

    def download_current(self) -> None:
        name = self._selected(self.catalogue)
        if name is not None:
            self._download(name)

    def _download(self, name: str) -> None:
        data_dir = self.context.data_dir
        if self.download is not None:
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
