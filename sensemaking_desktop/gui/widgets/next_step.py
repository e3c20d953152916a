"""A bar at the top of an area that is still empty: one sentence saying what to do next and
one button that does it, so a new user never faces a blank screen without a way on. Where the
area has that button already (Generate quiz, Import class answers), the bar only points to it
(`note`), so one action has one button."""

from collections.abc import Callable

from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QWidget


class NextStep(QFrame):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("nextStep")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.action: Callable[[], None] | None = None
        self.label = QLabel()
        self.label.setWordWrap(True)
        self.button = QPushButton()
        self.button.clicked.connect(self._act)
        policy = self.button.sizePolicy()
        policy.setRetainSizeWhenHidden(True)  # a note is as tall as an offer: the area below stays put
        self.button.setSizePolicy(policy)
        layout = QHBoxLayout(self)
        layout.addWidget(self.label, 1)
        layout.addWidget(self.button)
        self.hide()

    def offer(self, text: str, button: str, action: Callable[[], None]) -> None:
        """Show `text` with a button labelled `button` that calls `action`."""
        self.label.setText(text)
        self.button.setText(button)
        self.action = action
        self.button.show()
        self.show()

    def note(self, text: str) -> None:
        """Show `text` alone: it points to a button of the area's own."""
        self.label.setText(text)
        self.action = None
        self.button.hide()
        self.show()

    def clear(self) -> None:
        """Nothing is missing any more: the bar goes."""
        self.action = None
        self.hide()

    def _act(self) -> None:
        if self.action is not None:
            self.action()
