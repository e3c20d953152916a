"""The dialog that saves an OpenAI-compatible model server under a name."""

from dataclasses import dataclass

from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLineEdit,
    QWidget,
)


@dataclass(frozen=True)
class ServerEntry:
    name: str
    url: str
    api_key_env: str | None
    api_key: str | None
    """Typed in the dialog; kept in the OS keyring, never in the library."""
    verify_tls: bool


class ServerDialog(QDialog):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Add a model server"))
        self.name = QLineEdit()
        self.name.setPlaceholderText(self.tr("lab"))
        self.url = QLineEdit()
        self.url.setPlaceholderText("http://127.0.0.1:8080/v1")
        self.key_variable = QLineEdit()
        self.key_variable.setPlaceholderText(self.tr("optional, e.g. LAB_API_KEY"))
        self.key = QLineEdit()
        self.key.setEchoMode(QLineEdit.EchoMode.Password)
        self.key.setPlaceholderText(self.tr("optional; kept in the system keyring"))
        self.insecure = QCheckBox(self.tr("Do not verify the TLS certificate (only on a network you trust)"))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form = QFormLayout(self)
        form.addRow(self.tr("Name"), self.name)
        form.addRow(self.tr("Address"), self.url)
        form.addRow(self.tr("API key variable"), self.key_variable)
        form.addRow(self.tr("API key"), self.key)
        form.addRow(self.insecure)
        form.addRow(buttons)

    def entry(self) -> ServerEntry:
        return ServerEntry(
            name=self.name.text().strip(),
            url=self.url.text().strip(),
            api_key_env=self.key_variable.text().strip() or None,
            api_key=self.key.text() or None,
            verify_tls=not self.insecure.isChecked(),
        )
