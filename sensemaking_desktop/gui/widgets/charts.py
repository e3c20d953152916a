"""Small charts in the areas, drawn with matplotlib's Qt canvas (PySide6-Essentials has no
QtCharts).

matplotlib takes a noticeable moment to import, so a Chart is an empty frame until its first
`draw`; the window starts without it and only an area that shows data pays for it.
"""

from collections.abc import Callable
from typing import Any

from PySide6.QtWidgets import QVBoxLayout, QWidget

HEIGHT = 220


class Chart(QWidget):
    """One matplotlib axes in a widget; `draw(paint)` clears it and lets `paint(axes)` fill it."""

    def __init__(self, accessible_name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName(accessible_name)
        self.setMinimumHeight(HEIGHT)
        self.canvas: Any = None
        self.axes: Any = None
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)

    def draw(self, paint: Callable[[Any], None]) -> None:
        if self.canvas is None:
            from matplotlib.backends.backend_qtagg import FigureCanvasQTAgg
            from matplotlib.figure import Figure

            figure = Figure(figsize=(4, 2.2), layout="constrained")
            self.canvas = FigureCanvasQTAgg(figure)
            self.axes = figure.add_subplot()
            self._layout.addWidget(self.canvas)
        self.axes.clear()
        paint(self.axes)
        self.canvas.draw_idle()
