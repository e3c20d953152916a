"""The look: the Fusion style everywhere (the same widgets on every system), with a light or a
dark palette that follows the system's colour scheme while the app runs."""

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication

DARK = {
    QPalette.ColorRole.Window: "#2b2d30",
    QPalette.ColorRole.WindowText: "#e6e6e6",
    QPalette.ColorRole.Base: "#1f2023",
    QPalette.ColorRole.AlternateBase: "#2f3135",
    QPalette.ColorRole.ToolTipBase: "#3a3d41",
    QPalette.ColorRole.ToolTipText: "#f0f0f0",
    QPalette.ColorRole.PlaceholderText: "#8c8c8c",
    QPalette.ColorRole.Text: "#e6e6e6",
    QPalette.ColorRole.Button: "#35373b",
    QPalette.ColorRole.ButtonText: "#e6e6e6",
    QPalette.ColorRole.BrightText: "#ff6b6b",
    QPalette.ColorRole.Link: "#6cb4ff",
    QPalette.ColorRole.Highlight: "#3d7bd9",
    QPalette.ColorRole.HighlightedText: "#ffffff",
}
"""Contrast of text on its backgrounds stays above WCAG's 4.5:1."""


def before_application() -> None:
    """Settings that must be made before the QApplication exists: fractional high-DPI scaling
    (a 150 % screen gets 1.5, not 2)."""
    QGuiApplication.setHighDpiScaleFactorRoundingPolicy(Qt.HighDpiScaleFactorRoundingPolicy.PassThrough)


def apply_theme(app: QApplication) -> None:
    """Fusion with the palette of the system's scheme, again whenever the system changes it."""
    app.setStyle("Fusion")
    follow_scheme(app)
    app.styleHints().colorSchemeChanged.connect(lambda _scheme: follow_scheme(app))


def follow_scheme(app: QApplication) -> None:
    dark = app.styleHints().colorScheme() == Qt.ColorScheme.Dark
    app.setPalette(dark_palette() if dark else app.style().standardPalette())


def dark_palette() -> QPalette:
    palette = QPalette()
    for role, colour in DARK.items():
        palette.setColor(role, QColor(colour))
    for role in (QPalette.ColorRole.WindowText, QPalette.ColorRole.Text, QPalette.ColorRole.ButtonText):
        palette.setColor(QPalette.ColorGroup.Disabled, role, QColor("#7a7a7a"))
    return palette
