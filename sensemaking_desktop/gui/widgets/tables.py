"""Read-only tables of figures, as the self-test, grading and robustness areas show them."""

from collections.abc import Sequence

from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableWidget, QTableWidgetItem, QWidget

WARNING = QColor(255, 224, 178)
"""The background of a row that needs attention (a light orange that reads in both themes' text)."""


def read_only_table(headers: Sequence[str], name: str, parent: QWidget | None = None) -> QTableWidget:
    table = QTableWidget(0, len(headers), parent)
    table.setObjectName(name)
    table.setHorizontalHeaderLabels(list(headers))
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.verticalHeader().setVisible(False)
    table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    table.horizontalHeader().setStretchLastSection(True)
    return table


def fill_table(table: QTableWidget, rows: Sequence[Sequence[str]], highlighted: Sequence[int] = ()) -> None:
    """Replace the rows; rows numbered in `highlighted` get the warning background."""
    table.setRowCount(len(rows))
    for row, values in enumerate(rows):
        for column, value in enumerate(values):
            cell = QTableWidgetItem(value)
            if row in highlighted:
                cell.setBackground(QBrush(WARNING))
            table.setItem(row, column, cell)


def number(value: float | None, digits: int = 1) -> str:
    return "" if value is None else f"{value:.{digits}f}"
