"""The base of every area in the navigation list. A new area is a subclass declaring its TITLE,
ICON and (for a research area) RESEARCH, plus one line in `main_window.AREAS`: what the
navigation shows of an area is declared on the area, and AREAS only says where it lives."""

from PySide6.QtCore import QCoreApplication, Signal
from PySide6.QtWidgets import QLayout, QSplitter, QStyle, QVBoxLayout, QWidget

from sensemaking_desktop.gui.context import GuiContext


class Area(QWidget):
    """A view over one part of the core, shown in the main window's stack."""

    TITLE: str
    """The name in the navigation list, marked with QT_TRANSLATE_NOOP("Area", ...) for lupdate."""

    ICON = QStyle.StandardPixmap.SP_FileIcon
    """The icon in the navigation list, one of Qt's standard icons so that it follows the style and
    scales with the screen; an area that names none gets a plain file icon."""

    RESEARCH = False
    """True for an area for studying the models rather than for teaching: the navigation lists
    these apart, under a heading."""

    open_requested = Signal(str)
    """The class name of another area to bring forward: an empty area's next step may be there."""

    def __init__(self, context: GuiContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.context = context

    def title(self) -> str:
        """The name in the navigation list, in the interface language."""
        return QCoreApplication.translate("Area", self.TITLE)

    def opened(self) -> None:
        """Called whenever the user comes to this area; re-read what may have changed."""


def side_by_side(left: QWidget, right: QWidget) -> QSplitter:
    """Two panes of equal width that the user can resize, as the work areas lay out lists and detail."""
    splitter = QSplitter()
    splitter.addWidget(left)
    splitter.addWidget(right)
    splitter.setStretchFactor(0, 1)
    splitter.setStretchFactor(1, 1)
    splitter.setSizes([600, 600])
    return splitter


def column(*parts: QWidget | QLayout | tuple[QWidget, int]) -> QWidget:
    """A pane stacking `parts` top to bottom without margins; a (widget, stretch) part takes the
    spare height in proportion to its stretch."""
    pane = QWidget()
    layout = QVBoxLayout(pane)
    layout.setContentsMargins(0, 0, 0, 0)
    for part in parts:
        if isinstance(part, tuple):
            layout.addWidget(*part)
        elif isinstance(part, QLayout):
            layout.addLayout(part)
        else:
            layout.addWidget(part)
    return pane
