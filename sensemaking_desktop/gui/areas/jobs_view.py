"""The Jobs area: every job in the library with its status and progress; resume, cancel, delete.

Jobs run from this window report progress live; jobs run elsewhere (the command line) are
re-read every few seconds while the area is open.
"""

from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, QModelIndex, QPersistentModelIndex, Qt, QTimer
from PySide6.QtGui import QBrush, QColor, QPainter
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionProgressBar,
    QStyleOptionViewItem,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from sensemaking_desktop.gui.area import Area
from sensemaking_desktop.gui.context import GuiContext
from sensemaking_desktop.gui.messages import confirm, show_error, show_exception
from sensemaking_desktop.gui.widgets.progress_row import job_fraction
from sensemaking_desktop.jobs import JobInfo, JobQueue

ROLE = Qt.ItemDataRole.UserRole
ACTIVE = ("running", "cancelling")
POLL_MS = 3000
COLUMNS = 7
PROGRESS_COLUMN = 4
FRACTION = Qt.ItemDataRole.UserRole + 1
FAILED_COLOUR = QColor(200, 30, 30)
PARTIAL_COLOUR = QColor(190, 100, 0)
STATUS_COLOURS = {"failed": FAILED_COLOUR, "partial": PARTIAL_COLOUR}
"""A failed job is red, a partly failed one orange, in the Status and Error columns."""


class ProgressDelegate(QStyledItemDelegate):
    """Draws a cell's fraction as the style's own progress bar (no widget per row to rebuild)."""

    def paint(
        self, painter: QPainter, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> None:
        fraction = index.data(FRACTION)
        if fraction is None:
            super().paint(painter, option, index)
            return
        bar = QStyleOptionProgressBar()
        bar.rect = option.rect.adjusted(2, 2, -2, -2)
        bar.minimum, bar.maximum = 0, 100
        bar.progress = round(100 * fraction)
        bar.text = f"{bar.progress}%"
        bar.textVisible = True
        bar.state = option.state
        QApplication.style().drawControl(QStyle.ControlElement.CE_ProgressBar, bar, painter)


class JobsView(Area):
    TITLE = QT_TRANSLATE_NOOP("Area", "Jobs")
    ICON = QStyle.StandardPixmap.SP_BrowserReload
    RESEARCH = True

    def __init__(self, context: GuiContext, parent: QWidget | None = None) -> None:
        super().__init__(context, parent)
        self.jobs: list[JobInfo] = []
        self.rows: dict[int, int] = {}
        self.table = QTableWidget(0, COLUMNS)
        self.table.setObjectName("jobs")
        self.table.setHorizontalHeaderLabels(
            [
                self.tr("Job"),
                self.tr("Kind"),
                self.tr("Title"),
                self.tr("Status"),
                self.tr("Progress"),
                self.tr("Items"),
                self.tr("Error"),
            ]
        )
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.horizontalHeader().setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        self.table.setColumnWidth(PROGRESS_COLUMN, 140)
        self.table.horizontalHeader().setSectionResizeMode(PROGRESS_COLUMN, QHeaderView.ResizeMode.Fixed)
        self.table.setItemDelegateForColumn(PROGRESS_COLUMN, ProgressDelegate(self.table))
        self.table.verticalHeader().hide()
        self.table.itemSelectionChanged.connect(self._enable)
        self.resume_button = QPushButton(self.tr("&Resume"))
        self.resume_button.clicked.connect(self.resume_current)
        self.cancel_button = QPushButton(self.tr("&Cancel job"))
        self.cancel_button.clicked.connect(self.cancel_current)
        self.delete_button = QPushButton(self.tr("&Delete…"))
        self.delete_button.clicked.connect(self.delete_current)
        self.status = QLabel()
        self.status.setWordWrap(True)
        buttons = QHBoxLayout()
        for button in (self.resume_button, self.cancel_button, self.delete_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addWidget(self.table, 1)
        layout.addLayout(buttons)
        layout.addWidget(self.status)
        self.poll = QTimer(self)
        self.poll.setInterval(POLL_MS)
        self.poll.timeout.connect(self.reload)
        context.jobs.changed.connect(self.reload)
        context.jobs.progress.connect(self.show_progress)
        self._enable()

    def opened(self) -> None:
        self.reload()

    def showEvent(self, event: Any) -> None:
        super().showEvent(event)
        self.poll.start()

    def hideEvent(self, event: Any) -> None:
        super().hideEvent(event)
        self.poll.stop()

    def _queue(self) -> JobQueue:
        return self.context.core.jobs

    def reload(self) -> None:
        chosen = self.selected()
        self.jobs = self._queue().jobs()
        self.table.setRowCount(len(self.jobs))
        self.rows = {job.id: row for row, job in enumerate(self.jobs)}
        for row, job in enumerate(self.jobs):
            values = [str(job.id), job.kind, job.title, self._status_label(job), "", f"{job.done}/{job.total}"]
            values.append(job.error or (self.tr("%n item(s) failed", "", job.failed) if job.failed else ""))
            colour = STATUS_COLOURS.get(job.status)
            for column, value in enumerate(values):
                cell = QTableWidgetItem(value)
                cell.setData(ROLE, job.id)
                if colour is not None and column in (3, COLUMNS - 1):
                    cell.setForeground(QBrush(colour))
                self.table.setItem(row, column, cell)
            self.set_fraction(row, self._finished_share(job))
            if job.id == chosen:
                self.table.selectRow(row)
        self._enable()

    @staticmethod
    def _finished_share(job: JobInfo) -> float:
        """The bar's share: items run so far while a job runs; once it failed or partly failed,
        only the items that worked, so a job whose every item failed never shows 100 %."""
        ended = job.done if job.status in STATUS_COLOURS else job.done + job.failed
        return ended / job.total if job.total else 0.0

    def _status_label(self, job: JobInfo) -> str:
        labels = {
            "pending": self.tr("waiting"),
            "running": self.tr("running"),
            "cancelling": self.tr("cancelling"),
            "cancelled": self.tr("cancelled"),
            "interrupted": self.tr("interrupted"),
            "failed": self.tr("failed"),
            "done": self.tr("done"),
        }
        if job.status == "partial":  # some items done, some failed: said with the strings already translated
            return f"{labels['done']}, {self.tr('%n item(s) failed', '', job.failed)}"
        return labels.get(job.status, job.status)

    def set_fraction(self, row: int, fraction: float) -> None:
        self.table.item(row, PROGRESS_COLUMN).setData(FRACTION, fraction)

    def fraction(self, job_id: int) -> float | None:
        row = self.rows.get(job_id)
        return None if row is None else self.table.item(row, PROGRESS_COLUMN).data(FRACTION)

    def show_progress(self, progress: Any) -> None:
        """Move a running job's bar; a report that arrives after the job ended (its signal queued
        behind the reload) leaves the ended job's share of items that worked as it is."""
        row = self.rows.get(progress.job_id)
        fraction = job_fraction(progress)
        if row is not None and fraction is not None and self.jobs[row].status not in STATUS_COLOURS:
            self.set_fraction(row, fraction)

    def selected(self) -> int | None:
        items = self.table.selectedItems()
        return items[0].data(ROLE) if items else None

    def _job(self) -> JobInfo | None:
        chosen = self.selected()
        return next((job for job in self.jobs if job.id == chosen), None)

    def _enable(self) -> None:
        job = self._job()
        here = job is not None and self.context.jobs.is_running(job.id)
        self.resume_button.setEnabled(job is not None and not here and job.status not in ACTIVE and job.remaining > 0)
        self.cancel_button.setEnabled(job is not None and (here or job.status in (*ACTIVE, "pending")))
        self.delete_button.setEnabled(job is not None and not here and job.status not in ACTIVE)

    def resume_current(self) -> None:
        job = self._job()
        if job is not None:
            running = self.context.jobs.resume(job.id)
            running.failed.connect(lambda message, details: show_error(self, message, details))
            running.finished.connect(self._finished)
            self.status.setText(self.tr("Resuming “%1”…").replace("%1", job.title))

    def _finished(self, info: JobInfo) -> None:
        line = self.tr("“%1” %2.").replace("%1", info.title).replace("%2", self._status_label(info))
        if info.status in STATUS_COLOURS and info.error:
            line += " " + info.error
        self.status.setText(line)
        colour = STATUS_COLOURS.get(info.status)
        self.status.setStyleSheet(f"color: {colour.name()};" if colour is not None else "")

    def cancel_current(self) -> None:
        job = self._job()
        if job is None:
            return
        try:
            if not self.context.jobs.cancel(job.id):
                self._queue().cancel(job.id)
        except Exception as error:
            show_exception(self, error)
        self.reload()

    def delete_current(self) -> None:
        job = self._job()
        if job is None or not confirm(
            self, self.tr("Forget the job “%1”? What it made stays in the library.").replace("%1", job.title)
        ):
            return
        try:
            self._queue().delete(job.id)
        except Exception as error:
            show_exception(self, error)
        self.reload()
