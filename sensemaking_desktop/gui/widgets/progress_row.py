"""A progress bar with a label and a Cancel button, shown while one piece of work runs.

Beside other controls it `keep_place`s: its room is kept while it is hidden and its label's text
does not widen it, so that starting a job, or a long section title, moves nothing and never
widens the window (issue 46)."""

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QProgressBar, QPushButton, QSizePolicy, QWidget

from sensemaking_desktop.jobs import JobProgress

STEPS = 1000


class ProgressRow(QWidget):
    cancel_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.label = QLabel()
        self.bar = QProgressBar()
        self.bar.setRange(0, STEPS)
        self.cancel_button = QPushButton(self.tr("&Cancel"))
        self.cancel_button.clicked.connect(self._cancel)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.label, 1)
        layout.addWidget(self.bar, 2)
        layout.addWidget(self.cancel_button)
        self.hide()

    def keep_place(self) -> None:
        """Take the same room shown or hidden, whatever the label says (the full text is its tooltip)."""
        policy = self.sizePolicy()
        policy.setRetainSizeWhenHidden(True)
        self.setSizePolicy(policy)
        self.label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)

    def start(self, text: str) -> None:
        self._say(text)
        self.bar.setRange(0, 0)
        self.cancel_button.setEnabled(True)
        self.show()

    def advance(self, fraction: float | None, text: str) -> None:
        """fraction 0..1, or None while the amount of work is not known yet."""
        if fraction is None:
            self.bar.setRange(0, 0)
        else:
            self.bar.setRange(0, STEPS)
            self.bar.setValue(round(min(max(fraction, 0.0), 1.0) * STEPS))
        self._say(text)

    def show_job(self, progress: JobProgress, template: str) -> None:
        """A core job's progress on the bar. `template` is the caller's own translated text, with
        the running item's label as %1, the parts done as %2 and all parts as %3."""
        text = template.replace("%1", progress.label).replace("%2", str(progress.done))
        self.advance(job_fraction(progress), text.replace("%3", str(progress.total)))

    def stop(self) -> None:
        self.hide()

    def _cancel(self) -> None:
        self.cancel_button.setEnabled(False)
        self._say(self.tr("Cancelling…"))
        self.cancel_requested.emit()

    def _say(self, text: str) -> None:
        self.label.setText(text)
        self.label.setToolTip(text)


def job_fraction(progress: object) -> float | None:
    """How far a core JobProgress has got, counting the item now running."""
    total = getattr(progress, "total", 0)
    if not total:
        return None
    done = progress.done + progress.failed + progress.item_fraction  # type: ignore[attr-defined]
    return done / total
