"""Numbers, places and names shown to the user: sizes, clock times, a section's pages or times,
languages."""

from PySide6.QtCore import QCoreApplication, QLocale

from sensemaking_desktop.quizzes.grading import REVIEW_THRESHOLD
from sensemaking_desktop.quizzes.model import Source


def clock(seconds: float) -> str:
    minutes, rest = divmod(int(seconds), 60)
    return f"{minutes // 60}:{minutes % 60:02d}:{rest:02d}" if minutes >= 60 else f"{minutes}:{rest:02d}"


def where(start_page: int | None, end_page: int | None, start_s: float | None, end_s: float | None) -> str:
    """Pages of a document or times of a recording, or '' when the material has neither."""
    if start_page is not None:
        if end_page is None or end_page == start_page:
            return QCoreApplication.translate("Formatting", "p. {page}").format(page=start_page)
        return QCoreApplication.translate("Formatting", "pp. {first}–{last}").format(first=start_page, last=end_page)
    if start_s is not None:
        if end_s is None or int(end_s) == int(start_s):
            return clock(start_s)
        return f"{clock(start_s)}–{clock(end_s)}"
    return ""


def from_material(passage: str, source: Source) -> str:
    """The passage that holds an answer, with the page or moment it comes from when known, so a
    student can look it up: 'From the material, p. 3: “…”'."""
    place = where(source.start_page, source.end_page, source.start_s, source.end_s)
    if not place:
        return QCoreApplication.translate("Formatting", "From the material: “%1”").replace("%1", passage)
    line = QCoreApplication.translate("Formatting", "From the material, %2: “%1”")
    return line.replace("%2", place).replace("%1", passage)


def size(size_bytes: int) -> str:
    """A file size in the interface language's number format ("1.23 GB", "1,23 GB")."""
    if size_bytes >= 1e9:
        value = QLocale().toString(size_bytes / 1e9, "f", 2)
        return QCoreApplication.translate("Formatting", "%1 GB").replace("%1", value)
    value = QLocale().toString(size_bytes / 1e6, "f", 0)
    return QCoreApplication.translate("Formatting", "%1 MB").replace("%1", value)


def language_name(code: str) -> str:
    """A language by its own name ("Deutsch", "Čeština"), so that a reader finds their own."""
    locale = QLocale(code)
    if locale.language() == QLocale.Language.English:
        return QLocale.languageToString(locale.language())
    name = locale.nativeLanguageName()
    return name[:1].upper() + name[1:]


def sureness(confidence: float | None) -> str:
    """A machine grade's confidence in words ("the app is unsure"), so a teacher reads how much to
    trust the grade rather than a bare figure like 0.43; below REVIEW_THRESHOLD, where a grade is
    listed for review, the app is never more than "not quite sure"."""
    if confidence is None:
        return QCoreApplication.translate("Formatting", "the app cannot say how sure it is")
    if confidence < 0.35:
        return QCoreApplication.translate("Formatting", "the app is unsure")
    if confidence < REVIEW_THRESHOLD:
        return QCoreApplication.translate("Formatting", "the app is not quite sure")
    if confidence < 0.8:
        return QCoreApplication.translate("Formatting", "the app is fairly sure")
    return QCoreApplication.translate("Formatting", "the app is sure")
