"""The recommended model and why, in the window's language.

llm/recommend.py chooses (the one place that does, for the window and the command line alike)
and keeps its reason as facts: the memory the model needs, whether it fits on the graphics
card, the material's language it writes in. Here those facts become the sentences the
Welcome window and the Models area show, in English the words of Recommendation.reason that
`sensemaking info` prints; and an installed model gets the plain name a teacher knows it by.
"""

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QLocale

from sensemaking_desktop.gui.formatting import language_name

if TYPE_CHECKING:
    from sensemaking_desktop.llm.catalogue import CatalogueEntry
    from sensemaking_desktop.llm.recommend import Recommendation

"""A title's last parenthesis, the file's compression ("Q4_K_M"): the Models area shows it."""


def recommended_title(title: str) -> str:
    """A catalogue model's name marked as the one recommended for this computer, alike on the
    Welcome page and in Models (the fresh run found it unmarked in Models)."""
    return QCoreApplication.translate("WelcomeDialog", "%1 (recommended)").replace("%1", title)


def plain_model_name(model: Any, catalogue: Sequence["CatalogueEntry"]) -> str:
    """An installed model as a teacher knows it: the catalogue's plain title for a download, the
    embedded model by what it is, the user's own file by its name."""
    if model.source == "embedded":
        return QCoreApplication.translate("Recommendation", "SmolLM2 135M, the small model that comes with the app")
    entry = next((entry for entry in catalogue if entry.name == model.catalogue_name), None)
    return entry.plain_title if entry is not None else model.name


def recommendation_text(recommendation: "Recommendation") -> str:
    """Which model to download and why (memory, speed, what it writes), in the words of
    Recommendation.reason, which `sensemaking info` prints, so the two read alike."""
    locale = QLocale()
    entry, machine = recommendation.entry, recommendation.machine
    speed = (
        QCoreApplication.translate("Recommendation", "runs on the graphics card and so writes quickly")
        if recommendation.on_gpu
        else QCoreApplication.translate(
            "Recommendation", "is small enough to write quizzes on the processor alone without long waits"
        )
    )
    writes = (
        QCoreApplication.translate("Recommendation", "writes questions and grades answers in %1").replace(
            "%1", language_name(recommendation.language)
        )
        if recommendation.language
        else QCoreApplication.translate("Recommendation", "writes clear questions and grades written answers")
    )
    reason = (
        QCoreApplication.translate("Recommendation", "It needs about %1 GB of the %2 GB of memory here, %3, and %4.")
        .replace("%1", locale.toString(entry.ram_gb, "g", 6))
        .replace("%2", locale.toString(round(machine.ram_bytes / 1e9)))
        .replace("%3", speed)
        .replace("%4", writes)
    )
    chosen = QCoreApplication.translate("Recommendation", "Recommended for this computer: %1.").replace(
        "%1", entry.plain_title
    )
    return f"{chosen} {reason}"
