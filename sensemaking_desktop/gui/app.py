"""Starting the desktop app: the Qt application, the data folder, the window.

Only Qt and the library connection load before the window shows; models, speech recognition
and the model hub client load in workers when first needed. Where the window cannot open (a
system library Qt needs is missing, or there is no screen) one line says why and what to do,
before Qt would abort with a message that names the wrong cause: a library Qt's GUI library
links to is named when importing the widgets fails, the rest before the QApplication exists.
"""

import argparse
import os
import sys
import traceback
from pathlib import Path
from types import TracebackType

from sensemaking_desktop.gui.platform_libraries import display_problem, platform_problem

try:
    from PySide6.QtCore import QLibraryInfo, QLocale, QSettings, QTimer, QTranslator
    from PySide6.QtWidgets import QApplication, QMessageBox
except ImportError as error:
    missing = platform_problem(os.environ)
    if missing is None:
        raise
    raise SystemExit(missing) from error

from sensemaking_desktop import paths
from sensemaking_desktop.errors import SensemakingError
from sensemaking_desktop.gui.formatting import language_name as language_name  # Settings and tests name it here
from sensemaking_desktop.gui.messages import describe, show_error
from sensemaking_desktop.gui.theme import apply_theme, before_application

ORGANISATION = "sensemaking-desktop"
DATA_DIR_KEY = "data_dir"
LANGUAGE_KEY = "interface_language"
TRANSLATIONS_DIR = Path(__file__).resolve().parent / "translations"


def application() -> QApplication:
    """The running QApplication, made once with the app's names and translations."""
    existing = QApplication.instance()
    if isinstance(existing, QApplication):
        return existing
    before_application()
    app = QApplication(sys.argv[:1])
    app.setOrganizationName(ORGANISATION)
    app.setApplicationName(paths.APP_NAME)
    app.setApplicationDisplayName(app.translate("App", "Sensemaking Desktop"))
    locale = interface_locale(QSettings())
    QLocale.setDefault(locale)
    install_translations(app, locale)
    apply_theme(app)
    return app


def install_translations(app: QApplication, locale: QLocale) -> list[QTranslator]:
    """Qt's own strings and ours in `locale`'s language, where translations exist; the
    translators installed. Ours fall back to sensemaking.qm, the English plural forms ("1 word",
    "3 words"), for English and for a language without a translation: the source says "word(s)",
    and Qt looks for no file without the language in its name."""
    installed = []
    for name, folder, english in (
        ("qtbase", QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath), False),
        ("sensemaking", str(TRANSLATIONS_DIR), True),
    ):
        translator = QTranslator(app)
        if translator.load(locale, name, "_", folder) or (english and translator.load(name, folder)):
            app.installTranslator(translator)
            installed.append(translator)
    return installed


def interface_locale(preferences: QSettings) -> QLocale:
    """The interface language chosen in Settings, else the system's; read once, at start."""
    chosen = preferences.value(LANGUAGE_KEY)
    return QLocale(str(chosen)) if chosen else QLocale.system()


def shipped_languages() -> list[str]:
    """English, the language of the source, and each language with a compiled translation."""
    return ["en"] + sorted(path.stem.removeprefix("sensemaking_") for path in TRANSLATIONS_DIR.glob("sensemaking_*.qm"))


def choose_data_dir(explicit: Path | None, preferences: QSettings) -> Path:
    """--data-dir, else $SENSEMAKING_DATA_DIR, else the folder chosen in Settings, else the system's."""
    if explicit is None and not os.environ.get(paths.DATA_DIR_ENV):
        stored = preferences.value(DATA_DIR_KEY)
        explicit = Path(str(stored)) if stored else None
    return paths.data_dir(explicit)


def open_window(data_dir: Path, preferences: QSettings):  # type: ignore[no-untyped-def]
    """Build and show the main window; the first reads, and the Welcome window on a fresh
    library, are queued after the first paint."""
    from sensemaking_desktop.gui.context import build_context
    from sensemaking_desktop.gui.main_window import MainWindow
    from sensemaking_desktop.gui.quiet_import import import_engines

    app = application()
    import_engines()
    context = build_context(data_dir, preferences, app)
    window = MainWindow(context)
    window.show()
    QTimer.singleShot(0, window.offer_interrupted_jobs)
    QTimer.singleShot(0, context.models.refresh)
    QTimer.singleShot(0, window.offer_welcome)
    sys.excepthook = _reporter(window)
    return window


def _reporter(window: object):  # type: ignore[no-untyped-def]
    def report(kind: type[BaseException], error: BaseException, trace: TracebackType | None) -> None:
        traceback.print_exception(kind, error, trace)
        show_error(window, *describe(error))  # type: ignore[arg-type]

    return report


def run(data_dir: Path | None = None) -> int:
    """Open the window and run until it closes; the exit status. A system library Qt's X11
    platform lacks, or a missing screen, is said first, since Qt itself would abort naming the
    wrong cause."""
    problem = platform_problem(os.environ) or display_problem(os.environ)
    if problem is not None:
        print(problem, file=sys.stderr)
        return 1
    app = application()
    preferences = QSettings()
    try:
        window = open_window(choose_data_dir(data_dir, preferences), preferences)
    except SensemakingError as error:
        QMessageBox.critical(None, app.translate("App", "Sensemaking Desktop"), str(error))
        return 1
    status = app.exec()
    window.context.store.close()
    return status


def main(argv: list[str] | None = None) -> int:
    """The `sensemaking-desktop` command."""
    parser = argparse.ArgumentParser(prog="sensemaking-desktop", description="Open the Sensemaking Desktop window.")
    parser.add_argument("--data-dir", type=Path, help="Library folder for this run.")
    args = parser.parse_args(argv)
    return run(args.data_dir)
