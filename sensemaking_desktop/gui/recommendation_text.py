"""The recommended model and why, in the window's language.

llm/recommend.py chooses (the one place that does, for the window and the command line alike)
and keeps its reason as facts: the memory the model needs, whether it fits on the graphics
card, the material's language it writes in. Here those facts become the sentences the
Welcome window and the Models area show.
"""

import re
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QLocale

from sensemaking_desktop.gui.formatting import language_name

if TYPE_CHECKING:
    from sensemaking_desktop.llm.recommend import Recommendation

_FILE_DETAIL = re.compile(r"\s*\([^()]*\)$")
"""A title's last parenthesis, the file's compression ("Q4_K_M"): the Models area shows it."""


def plain_title(title: str) -> str:
    """A catalogue model's name without the file detail in its last parenthesis."""
    return _FILE_DETAIL.sub("", title)


def recommendation_text(recommendation: "Recommendation") -> str:
    """Which model to download and why (memory, speed, what it writes), in a few sentences."""
    locale = QLocale()
    entry, machine = recommendation.entry, recommendation.machine
    memory = (
        QCoreApplication.translate("Recommendation", "It needs about %1 GB of the %2 GB of memory here.")
        .replace("%1", locale.toString(entry.ram_gb, "g", 2))
        .replace("%2", locale.toString(round(machine.ram_bytes / 1e9)))
    )
    speed = (
        QCoreApplication.translate("Recommendation", "It runs on the graphics card and so writes quickly.")
        if recommendation.on_gpu
        else QCoreApplication.translate(
            "Recommendation", "It is small enough to write quizzes on the processor alone, without long waits."
        )
    )
    writes = (
        QCoreApplication.translate("Recommendation", "It writes questions and grades answers in %1.").replace(
            "%1", language_name(recommendation.language)
        )
        if recommendation.language
        else QCoreApplication.translate("Recommendation", "It writes clear questions and grades written answers.")
    )
    chosen = QCoreApplication.translate("Recommendation", "Recommended for this computer: %1.").replace(
        "%1", plain_title(entry.title)
    )
    return " ".join((chosen, memory, speed, writes))
