"""A bar above the areas offering to resume jobs that a crash or a kill interrupted.

It is not a dialog: the user may look around first, resume later from the Jobs area, or
dismiss it.
"""

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QWidget


class InterruptedBanner(QFrame):
    resume_requested = Signal(list)
    show_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.job_ids: list[int] = []
        self.label = QLabel()
        self.label.setWordWrap(True)
        resume = QPushButton(self.tr("&Resume all"))
        resume.clicked.connect(self._resume)
        show = QPushButton(self.tr("Show &jobs"))
        show.clicked.connect(self.show_requested)
        dismiss = QPushButton(self.tr("Dismi&ss"))
        dismiss.clicked.connect(self.hide)
        layout = QHBoxLayout(self)
        layout.addWidget(self.label, 1)
        for button in (resume, show, dismiss):
            layout.addWidget(button)
        self.resume_button = resume
        self.hide()

    def offer(self, jobs: list[tuple[int, str]]) -> None:
        """Show the banner for (job id, title) pairs; hide it when there are none."""
        self.job_ids = [job_id for job_id, _ in jobs]
        if not jobs:
            self.hide()
            return
        titles = ", ".join(title for _, title in jobs[:3]) + (", …" if len(jobs) > 3 else "")
        self.label.setText(
            self.tr(
                "%n job(s) were interrupted when the app last stopped: %1. Finished work is kept.", "", len(jobs)
            ).replace("%1", titles)
        )
        self.show()

    def _resume(self) -> None:
        self.resume_requested.emit(self.job_ids)
        self.hide()
