"""The first-run window: what the app does in three steps, a model to write with, and the
bundled sample material so the first quiz can be made at once.

It speaks to a teacher: the model this computer should download is marked and said why
(llm/recommend.py chooses, as for `sensemaking info`), each column of the table is shown
whole, and file formats and server protocols are left to the Models area.

It only asks; the main window does the work (downloads through the Models area, imports
through the Library, a server checked and saved by the core in a worker), so the Welcome
window never duplicates those paths. A server is the one choice that keeps the window open:
the answer (saved, or why not) is shown in it, and the sample is still one click away.
"""

from typing import TYPE_CHECKING

from PySide6.QtCore import QLocale, Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QStyle,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from sensemaking_desktop.gui.formatting import size
from sensemaking_desktop.gui.model_list import ModelList
from sensemaking_desktop.gui.recommendation_text import plain_model_name, recommendation_text, recommended_title

if TYPE_CHECKING:
    from sensemaking_desktop.llm.catalogue import CatalogueEntry

ROLE = Qt.ItemDataRole.UserRole


class WelcomeDialog(QDialog):
    """Asks for a download, a model file or the sample; emits what was chosen and closes."""

    download_requested = Signal(str)
    local_file_requested = Signal()
    sample_requested = Signal()
    server_requested = Signal(str, str)
    """The address and the API key ("" for none) of an OpenAI-compatible server to check and save."""

    def __init__(self, models: ModelList, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("welcome")
        self.setWindowTitle(self.tr("Welcome"))
        self.models = models
        self.steps = QLabel(
            self.tr(
                "<p>Sensemaking Desktop writes quizzes from your own material, on your own computer.</p>"
                "<ol><li><b>Bring material in</b>: a PDF, a Word or text file, a recording.</li>"
                "<li><b>Make a quiz</b>: a local model writes questions, each checked against the material.</li>"
                "<li><b>Use it</b>: test yourself, hand it out, or grade a class's answers.</li></ol>"
            )
        )
        self.steps.setWordWrap(True)
        self.steps.setTextFormat(Qt.TextFormat.RichText)
        self._build_catalogue()
        self._build_server()
        self._build_bottom()
        self._layout()
        self.catalogue.itemSelectionChanged.connect(self._enable)
        models.changed.connect(self.show_models)
        self.show_models()
        self.resize(720, 560)

    def _build_catalogue(self) -> None:
        """The models worth downloading, a line naming those installed, and the buttons that
        download one or take a model file instead; the recommended one comes first, marked, with
        why it suits this computer above the table."""
        self.catalogue = QTableWidget(0, 4)
        self.catalogue.setObjectName("welcomeCatalogue")
        self.catalogue.setAccessibleName(self.tr("Models to download"))
        self.catalogue.setHorizontalHeaderLabels(
            [self.tr("Model"), self.tr("Download"), self.tr("Memory it needs"), self.tr("Good for")]
        )
        self.catalogue.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.catalogue.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.catalogue.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.catalogue.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.catalogue.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.catalogue.verticalHeader().hide()
        self.catalogue.setTabKeyNavigation(False)
        self.installed = QLabel()
        self.installed.setWordWrap(True)
        self.recommended = QLabel()
        self.recommended.setObjectName("welcomeRecommendation")
        self.recommended.setWordWrap(True)
        icon = self.style().standardIcon
        self.download_button = QPushButton(icon(QStyle.StandardPixmap.SP_ArrowDown), self.tr("&Download"))
        self.download_button.clicked.connect(self._download)
        self.local_button = QPushButton(
            icon(QStyle.StandardPixmap.SP_DirOpenIcon), self.tr("Use a model &file you already have…")
        )
        self.local_button.clicked.connect(lambda: self._choose(self.local_file_requested))

    def _build_server(self) -> None:
        """A model server's address and key, and the line that says whether it was saved."""
        icon = self.style().standardIcon
        self.server_url = QLineEdit()
        self.server_url.setObjectName("welcomeServerUrl")
        self.server_url.setPlaceholderText("http://127.0.0.1:8080/v1")
        self.server_url.setAccessibleName(self.tr("Model server address"))
        self.server_key = QLineEdit()
        self.server_key.setEchoMode(QLineEdit.EchoMode.Password)
        self.server_key.setPlaceholderText(self.tr("Access key, if it asks for one"))
        self.server_key.setToolTip(self.tr("Kept in the system's keyring, never in the library."))
        self.server_key.setAccessibleName(self.tr("Model server access key"))
        self.server_button = QPushButton(icon(QStyle.StandardPixmap.SP_DriveNetIcon), self.tr("Use this se&rver"))
        self.server_button.clicked.connect(self._use_server)
        self.server_status = QLabel()
        self.server_status.setObjectName("welcomeServerStatus")
        self.server_status.setWordWrap(True)
        self.server_url.textChanged.connect(self._enable)

    def _build_bottom(self) -> None:
        """The button that opens the sample material (the default one) and Skip."""
        icon = self.style().standardIcon
        self.sample_button = QPushButton(icon(QStyle.StandardPixmap.SP_FileIcon), self.tr("Open the &sample material"))
        self.sample_button.setToolTip(self.tr("A short text about the water cycle, to make a first quiz at once."))
        self.sample_button.clicked.connect(lambda: self._choose(self.sample_requested))
        self.skip_button = QPushButton(self.tr("S&kip"))
        self.skip_button.clicked.connect(self.reject)

    def _layout(self) -> None:
        model_box = QGroupBox(self.tr("A model to write with"))
        model_column = QVBoxLayout(model_box)
        model_column.addWidget(self.installed)
        model_column.addWidget(self.recommended)
        model_column.addWidget(self.catalogue, 1)
        model_buttons = QHBoxLayout()
        model_buttons.addWidget(self.download_button)
        model_buttons.addWidget(self.local_button)
        model_buttons.addStretch(1)
        model_column.addLayout(model_buttons)
        server_row = QHBoxLayout()
        address = QLabel(self.tr("Or a model server on your network:"))
        address.setToolTip(self.tr("Any server that speaks the OpenAI API: llama.cpp, vLLM, Ollama, LM Studio."))
        address.setBuddy(self.server_url)
        server_row.addWidget(address)
        server_row.addWidget(self.server_url, 2)
        server_row.addWidget(self.server_key, 1)
        server_row.addWidget(self.server_button)
        model_column.addLayout(server_row)
        model_column.addWidget(self.server_status)
        bottom = QHBoxLayout()
        bottom.addWidget(self.sample_button)
        bottom.addStretch(1)
        bottom.addWidget(self.skip_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.steps)
        layout.addWidget(model_box, 1)
        layout.addLayout(bottom)
        self.sample_button.setDefault(True)

    def show_models(self) -> None:
        """The catalogue with sizes, the recommended model first, marked and chosen (Download is
        ready at once), and which models this computer already has, by their plain names."""
        snapshot = self.models.snapshot
        have = {model.catalogue_name for model in snapshot.installed}
        names = ", ".join(plain_model_name(model, snapshot.catalogue) for model in snapshot.installed)
        if not self.models.loaded:
            self.installed.setText(self.tr("Looking for models on this computer…"))
        else:
            self.installed.setText(
                self.tr(
                    "On this computer: %1. The one that comes with the app is small and quick; a larger "
                    "download writes much better questions."
                ).replace("%1", names or self.tr("none"))
            )
        recommendation = snapshot.first_run.recommendation if snapshot.first_run else None
        self.recommended.setVisible(recommendation is not None)
        if recommendation is not None:
            self.recommended.setText(recommendation_text(recommendation))
        chosen = recommendation.entry.name if recommendation else None
        offered = [entry for entry in snapshot.catalogue if entry.name not in have]
        offered.sort(key=lambda entry: entry.name != chosen)
        self.catalogue.setRowCount(len(offered))
        for row, entry in enumerate(offered):
            self._fill_row(row, entry, entry.name == chosen)
        self._fit_columns()
        if chosen is not None and offered and not self.catalogue.selectedItems():
            self.catalogue.selectRow(0)  # the recommended row, ready for Download
        self._enable()

    def _fill_row(self, row: int, entry: "CatalogueEntry", recommended: bool) -> None:
        """One model's row; the recommended one says so in its name and is bold."""
        title = entry.plain_title
        values = [
            recommended_title(title) if recommended else title,
            size(entry.size_bytes),
            self.tr("%1 GB").replace("%1", QLocale().toString(entry.ram_gb, "g", 3)),
            entry.good_for,
        ]
        for column, value in enumerate(values):
            cell = QTableWidgetItem(value)
            cell.setData(ROLE, entry.name)
            if recommended:
                font = cell.font()
                font.setBold(True)
                cell.setFont(font)
            self.catalogue.setItem(row, column, cell)

    def _fit_columns(self) -> None:
        """Every column as wide as its widest cell, and the table as wide as its columns, so that
        nothing is cut off."""
        self.catalogue.resizeColumnsToContents()
        frame = 2 * self.catalogue.frameWidth()
        scroll_bar = self.catalogue.verticalScrollBar().sizeHint().width()
        self.catalogue.setMinimumWidth(self.catalogue.horizontalHeader().length() + frame + scroll_bar)

    def _enable(self) -> None:
        self.download_button.setEnabled(bool(self.catalogue.selectedItems()))
        self.server_button.setEnabled(bool(self.server_url.text().strip()) and self.server_url.isEnabled())

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 (Qt's name)
        """Return in the server fields uses the server rather than the default button (the sample)."""
        in_server = self.focusWidget() in (self.server_url, self.server_key)
        if in_server and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self._use_server()
            return
        super().keyPressEvent(event)

    def _use_server(self) -> None:
        url = self.server_url.text().strip()
        if not url or not self.server_url.isEnabled():
            return
        self.server_status.setText(self.tr("Asking %1 for its models…").replace("%1", url))
        self._checking(True)
        self.server_requested.emit(url, self.server_key.text())

    def server_saved(self, name: str, models: list[str]) -> None:
        """The server answered and is saved as the model to write with."""
        self._checking(False)
        self.server_key.clear()
        self.server_status.setText(
            self.tr("Saved the server as %1 (serving %2); new quizzes are written with it.")
            .replace("%1", name)
            .replace("%2", ", ".join(models))
        )

    def server_failed(self, message: str) -> None:
        """Nothing was saved; say why, so the address or the server can be fixed."""
        self._checking(False)
        self.server_status.setText(self.tr("Nothing was saved. %1").replace("%1", message))

    def _checking(self, busy: bool) -> None:
        for widget in (self.server_url, self.server_key):
            widget.setEnabled(not busy)
        self._enable()

    def _download(self) -> None:
        items = self.catalogue.selectedItems()
        if items:
            self.download_requested.emit(items[0].data(ROLE))
            self.accept()

    def _choose(self, signal: Signal) -> None:
        signal.emit()  # type: ignore[attr-defined]
        self.accept()
