"""How failures and questions reach the user: one line, a traceback only behind "Show Details"."""

import traceback

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QMessageBox, QWidget

from sensemaking_desktop.errors import SensemakingError
from sensemaking_desktop.workflows.job_process import UnexpectedJobFailure


def describe(error: BaseException) -> tuple[str, str]:
    """(one line for the user, details); the core's own errors need no details. A job's
    unexpected failure is told as if it had happened here, with the child's traceback."""
    if isinstance(error, SensemakingError):
        return str(error), ""
    line = QCoreApplication.translate(
        "Messages", "Unexpected failure ({kind}: {text}). The details below help to report it."
    )
    if isinstance(error, UnexpectedJobFailure):
        return line.format(kind=error.kind, text=error), error.details
    return line.format(kind=type(error).__name__, text=error), "".join(traceback.format_exception(error))


def show_error(parent: QWidget | None, message: str, details: str = "") -> QMessageBox:
    """A window-modal message that does not block the event loop; details stay collapsed."""
    box = QMessageBox(
        QMessageBox.Icon.Warning, QCoreApplication.translate("Messages", "Sensemaking Desktop"), message, parent=parent
    )
    box.setObjectName("errorMessage")
    if details:
        box.setDetailedText(details)
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    box.open()
    return box


def show_exception(parent: QWidget | None, error: BaseException) -> QMessageBox:
    return show_error(parent, *describe(error))


def confirm(parent: QWidget | None, question: str) -> bool:
    """Ask before something that cannot be undone; No is the default."""
    answer = QMessageBox.question(
        parent,
        QCoreApplication.translate("Messages", "Sensemaking Desktop"),
        question,
        QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
        QMessageBox.StandardButton.No,
    )
    return answer == QMessageBox.StandardButton.Yes
