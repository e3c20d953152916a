"""The Library area: import files, browse materials and their sections, reshape and delete.

Imports run as the core's ingest job in a child process (progress, cancel, resumable); merging,
splitting and deleting run in workers too. Reads for display use the GUI thread's store. The bar
at the top leads on: to a first import while the library is empty, then to a quiz from the
chosen material while it has none (`quiz_requested`, which the window answers with the Quizzes
area, that material chosen).
"""

from functools import partial
from pathlib import Path
from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QStyle,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from sensemaking_desktop.gui.area import Area
from sensemaking_desktop.gui.context import GuiContext
from sensemaking_desktop.gui.formatting import language_name, where
from sensemaking_desktop.gui.import_preferences import ingest_options
from sensemaking_desktop.gui.messages import confirm, show_error
from sensemaking_desktop.gui.text_offsets import from_qt
from sensemaking_desktop.gui.widgets.next_step import NextStep
from sensemaking_desktop.gui.widgets.progress_row import ProgressRow, job_fraction
from sensemaking_desktop.ingest.outcome import ImportOutcome
from sensemaking_desktop.store.materials import (
    Material,
    Section,
    delete_material,
    list_materials,
    sections_of,
    set_material_language,
    set_section_language,
)
from sensemaking_desktop.store.quizzes import list_quizzes
from sensemaking_desktop.text.language import LANGUAGE_NAMES
from sensemaking_desktop.workflows import job_requests

FILE_FILTER = (
    "*.pdf *.epub *.docx *.doc *.odt *.pptx *.ppt *.odp *.html *.htm *.mhtml *.mht *.txt *.text *.md *.markdown "
    "*.srt *.vtt *.png *.jpg *.jpeg *.tif *.tiff *.mp3 *.wav *.flac *.ogg *.oga *.opus *.m4a *.aac *.wma "
    "*.mp4 *.mkv *.webm *.mov *.avi *.m4v"
)
"""Every suffix the importer reads (kept as text so the first area opens without loading it; a test
compares the two)."""
ROLE = Qt.ItemDataRole.UserRole


class LibraryView(Area):
    TITLE = QT_TRANSLATE_NOOP("Area", "Library")
    ICON = QStyle.StandardPixmap.SP_DirIcon

    quiz_requested = Signal(int)
    """Make a quiz from this material (its id): the next step after an import."""

    def __init__(self, context: GuiContext, parent: QWidget | None = None) -> None:
        super().__init__(context, parent)
        self.sections: dict[int, Section] = {}
        self.materials: dict[int, Material] = {}
        self.import_job: Any = None
        self.tree = QTreeWidget()
        self.tree.setObjectName("materials")
        self.tree.setHeaderLabels([self.tr("Material / section"), self.tr("Kind / where"), self.tr("Words")])
        self.tree.setAccessibleName(self.tr("Materials and sections"))
        self._fit_columns()
        self.tree.currentItemChanged.connect(self._show_current)
        self.import_button = QPushButton(self.tr("&Import files…"))
        self.import_button.clicked.connect(self.choose_files)
        self.delete_button = QPushButton(self.tr("&Delete material…"))
        self.delete_button.clicked.connect(self.delete_current)
        self.heading = QLabel(self.tr("Drop PDF, EPUB, text, audio or video files here, or import them."))
        self.heading.setWordWrap(True)
        self.language = QComboBox()
        self.language.setObjectName("language")
        self.language.setToolTip(
            self.tr("The language quizzes are written in. A material's sections follow it, except those in another.")
        )
        self.language.activated.connect(self._language_chosen)
        self.text = QPlainTextEdit()
        self.text.setObjectName("sectionText")
        self.text.setReadOnly(True)
        self.text.setTextInteractionFlags(
            Qt.TextInteractionFlag.TextSelectableByKeyboard | Qt.TextInteractionFlag.TextSelectableByMouse
        )
        self.merge_button = QPushButton(self.tr("&Merge with next section"))
        self.merge_button.clicked.connect(self.merge_with_next)
        self.split_button = QPushButton(self.tr("S&plit at cursor"))
        self.split_button.clicked.connect(self.split_at_cursor)
        self.progress = ProgressRow()
        self.progress.cancel_requested.connect(self._cancel_import)
        self.progress.keep_place()
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.next_step = NextStep()
        self._layout()
        QShortcut(QKeySequence.StandardKey.Open, self, self.choose_files)
        context.events.quizzes_changed.connect(self._enable)
        self._enable()

    def _fit_columns(self) -> None:
        """Kind, place and words always show whole; the name takes the rest of the width and a long
        one is cut with its whole text in the tooltip (issue 18)."""
        header = self.tree.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for column in (1, 2):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)

    def _layout(self) -> None:
        left = QWidget()
        left_column = QVBoxLayout(left)
        left_column.addWidget(self.tree, 1)
        buttons = QHBoxLayout()
        buttons.addWidget(self.import_button)
        buttons.addWidget(self.delete_button)
        left_column.addLayout(buttons)
        right = QWidget()
        right_column = QVBoxLayout(right)
        right_column.addWidget(self.heading)
        language_row = QHBoxLayout()
        language_label = QLabel(self.tr("&Language:"))
        language_label.setBuddy(self.language)
        language_row.addWidget(language_label)
        language_row.addWidget(self.language)
        language_row.addStretch(1)
        right_column.addLayout(language_row)
        right_column.addWidget(self.text, 1)
        reshape = QHBoxLayout()
        reshape.addWidget(self.merge_button)
        reshape.addWidget(self.split_button)
        reshape.addStretch(1)
        right_column.addLayout(reshape)
        splitter = QSplitter()
        splitter.addWidget(left)
        splitter.addWidget(right)
        splitter.setStretchFactor(0, 2)
        splitter.setStretchFactor(1, 3)
        splitter.setSizes([400, 600])  # the tree wide enough for a title beside its kind, place and words
        layout = QVBoxLayout(self)
        layout.addWidget(self.next_step)
        layout.addWidget(splitter, 1)
        layout.addWidget(self.progress)
        layout.addWidget(self.status)
        self.setTabOrder(self.tree, self.import_button)
        self.setTabOrder(self.import_button, self.delete_button)
        self.setTabOrder(self.delete_button, self.language)
        self.setTabOrder(self.language, self.text)
        self.setTabOrder(self.text, self.merge_button)
        self.setTabOrder(self.merge_button, self.split_button)

    def opened(self) -> None:
        self.reload()

    def reload(self, select: tuple[str, int] | None = None) -> None:
        """Re-read materials and sections; keep (or move to) the selected item."""
        select = select or self.selected()
        self.tree.clear()
        self.sections.clear()
        self.materials = {material.id: material for material in list_materials(self.context.store)}
        chosen = None
        for material in self.materials.values():
            parent = QTreeWidgetItem([material.title, material.kind, ""])
            parent.setData(0, ROLE, ("material", material.id))
            parent.setToolTip(0, material.title)
            self.tree.addTopLevelItem(parent)
            chosen = parent if select == ("material", material.id) else chosen
            for section in sections_of(self.context.store, material.id):
                self.sections[section.id] = section
                place = where(section.start_page, section.end_page, section.start_s, section.end_s)
                label = section.title or self.tr("Section %1").replace("%1", str(section.position + 1))
                child = QTreeWidgetItem([label, place, str(len(section.text.split()))])
                child.setData(0, ROLE, ("section", section.id))
                child.setToolTip(0, label)
                parent.addChild(child)
                chosen = child if select == ("section", section.id) else chosen
        self.tree.expandAll()
        if chosen is not None:
            self.tree.setCurrentItem(chosen)
        self._show_current()

    def selected(self) -> tuple[str, int] | None:
        item = self.tree.currentItem()
        return item.data(0, ROLE) if item is not None else None

    def _material_id(self) -> int | None:
        item = self.tree.currentItem()
        if item is None:
            return None
        return (item.parent() or item).data(0, ROLE)[1]

    def _section(self) -> Section | None:
        chosen = self.selected()
        return self.sections.get(chosen[1]) if chosen and chosen[0] == "section" else None

    def _show_current(self) -> None:
        section = self._section()
        material = self.materials.get(self._material_id() or -1)
        if section is None:
            self.heading.setText(material.title if material else self.tr("Drop files here, or import them."))
            self.text.setPlainText(self._overview(material) if material else "")
        else:
            place = where(section.start_page, section.end_page, section.start_s, section.end_s)
            words = self.tr("%n word(s)", "", len(section.text.split()))
            self.heading.setText(" — ".join(part for part in (section.title or "", place, words) if part))
            self.text.setPlainText(section.text)
        self._show_language(section.language if section else material.language if material else None)
        self._enable()

    def _show_language(self, code: str | None) -> None:
        """The languages the app detects by their own names ("Deutsch (de)"), with `code` chosen;
        "not known" until one is."""
        self.language.clear()
        if code is None:
            self.language.addItem(self.tr("not known"), "")
        for known in sorted({*LANGUAGE_NAMES, *([code] if code else [])}):
            self.language.addItem(f"{language_name(known) or known} ({known})", known)
        self.language.setCurrentIndex(self.language.findData(code or ""))

    def _language_chosen(self) -> None:
        """Store the chosen language for the selected section, else for the selected material."""
        code = self.language.currentData()
        section, material_id = self._section(), self._material_id()
        if not code or material_id is None:
            return
        if section is not None:
            self._in_worker(lambda store, _cancel, _report: set_section_language(store, section.id, code).id, "section")
        else:
            self._in_worker(
                lambda store, _cancel, _report: set_material_language(store, material_id, code).id, "material"
            )

    def _overview(self, material: Material) -> str:
        lines = [
            self.tr("Kind: %1").replace("%1", material.kind),
            self.tr("Language: %1").replace("%1", material.language or self.tr("not known")),
            self.tr("Sections: %1").replace("%1", str(material.sections)),
            self.tr("Imported: %1").replace("%1", material.created_at[:16].replace("T", " ")),
        ]
        if material.source_path:
            lines.append(self.tr("File: %1").replace("%1", material.source_path))
        return "\n".join(lines)

    def _enable(self) -> None:
        section = self._section()
        importing = self.import_job is not None
        self.import_button.setEnabled(not importing)
        self.delete_button.setEnabled(self._material_id() is not None)
        self.language.setEnabled(self._material_id() is not None)
        self.split_button.setEnabled(section is not None)
        self.merge_button.setEnabled(section is not None and self._next_section(section) is not None)
        self._show_next_step(importing)

    def _show_next_step(self, importing: bool) -> None:
        """Empty: import a first file. A material without a quiz (the chosen one, else the first): make
        one. The bar stays while files come in, so that nothing below it moves."""
        material_id = self._material_id() or next(iter(self.materials), None)
        if importing:
            self.next_step.note(self.tr("Importing… The next step shows here once the files are read."))
        elif material_id is None:
            self.next_step.offer(
                self.tr(
                    "Your library is empty. Import a PDF, a Word file, slides, a web page, notes or a recording: "
                    "quizzes are made from what you import."
                ),
                self.tr("Import your &first file…"),
                self.choose_files,
            )
        elif not any(quiz["material_id"] == material_id for quiz in list_quizzes(self.context.store)):
            self.next_step.offer(
                self.tr("“%1” has no quiz yet. Next, make one: the Quizzes area opens with it chosen.").replace(
                    "%1", self.materials[material_id].title
                ),
                self.tr("Make a &quiz from this material"),
                lambda: self.quiz_requested.emit(material_id),
            )
        else:
            self.next_step.clear()

    def _next_section(self, section: Section) -> Section | None:
        return next(
            (
                other
                for other in self.sections.values()
                if other.material_id == section.material_id and other.position == section.position + 1
            ),
            None,
        )

    def choose_files(self) -> None:
        names, _ = QFileDialog.getOpenFileNames(
            self,
            self.tr("Import material"),
            "",
            self.tr("Materials (%1);;All files (*)").replace("%1", FILE_FILTER),
        )
        if names:
            self.import_files([Path(name) for name in names])

    def import_files(self, paths: list[Path]) -> None:
        """Run the core's ingest job over `paths` in a worker, with progress and cancel."""
        if self.import_job is not None:
            show_error(self, self.tr("An import is already running; wait for it or cancel it first."))
            return
        options = ingest_options(self.context.preferences)
        title = self.tr("Import %n file(s)", "", len(paths))

        submit = partial(job_requests.ingest, paths=list(paths), title=title, options=options)
        self.import_job = self.context.jobs.submit(submit)
        self.import_job.progress.connect(self._import_progress)
        self.import_job.finished.connect(self._import_finished)
        self.import_job.failed.connect(self._import_failed)
        self.progress.start(title)
        self.status.clear()
        self._enable()

    def _import_progress(self, progress: Any) -> None:
        self.progress.advance(job_fraction(progress), progress.label or self.progress.label.text())

    def _cancel_import(self) -> None:
        if self.import_job is not None:
            self.import_job.cancel()

    def _import_failed(self, message: str, details: str) -> None:
        self._import_done()
        show_error(self, message, details)

    def _import_finished(self, info: Any) -> None:

        queue = self.context.core.jobs
        outcomes = queue.items(info.id)
        self._import_done()
        if info.status == "done":
            queue.delete(info.id)
        self.status.setText(self._summary(outcomes, info.status))
        failures = [item["error"] for item in outcomes if item["status"] == "failed"]
        if failures:
            show_error(self, "\n".join(failures))
        added = [outcome.material_id for outcome in map(ImportOutcome.of, outcomes) if outcome]
        self.reload(("material", added[-1]) if added else None)
        self.context.events.materials_changed.emit()

    def _summary(self, outcomes: list[dict], status: str) -> str:
        lines = []
        for item in outcomes:
            outcome = ImportOutcome.of(item)
            if outcome and outcome.existing:
                lines.append(
                    self.tr("%1 is already in the library as “%2”.")
                    .replace("%1", item["label"])
                    .replace("%2", outcome.title)
                )
            elif outcome:
                lines.append(
                    self.tr("%1: imported with %n section(s).", "", outcome.sections).replace("%1", item["label"])
                )
        if status == "cancelled":
            lines.append(self.tr("Import cancelled; the Jobs area can resume it."))
        return "\n".join(lines)

    def _import_done(self) -> None:
        self.import_job = None
        self.progress.stop()
        self._enable()

    def delete_current(self) -> None:
        material_id = self._material_id()
        item = self.tree.currentItem()
        if material_id is None or item is None:
            return
        title = (item.parent() or item).text(0)
        question = self.tr("Delete “%1” with its sections, quizzes, answers and grades?").replace("%1", title)
        if not confirm(self, question):
            return
        self._in_worker(lambda store, _cancel, _report: delete_material(store, material_id), None)

    def merge_with_next(self) -> None:
        section = self._section()
        following = self._next_section(section) if section else None
        if section is None or following is None:
            return

        def merge(store: Any, _cancel: Any, _report: Any) -> int:
            from sensemaking_desktop.ingest.reshape import merge_sections

            return merge_sections(store, section.id, following.id).id

        self._in_worker(merge, "section")

    def split_at_cursor(self) -> None:
        section = self._section()
        if section is None:
            return
        offset = from_qt(section.text, self.text.textCursor().position())

        def split(store: Any, _cancel: Any, _report: Any) -> int:
            from sensemaking_desktop.ingest.reshape import split_section

            return split_section(store, section.id, offset)[0].id

        self._in_worker(split, "section")

    def _in_worker(self, work: Any, kind: str | None) -> None:
        def done(result: Any) -> None:
            self.reload((kind, result) if kind else None)
            self.context.events.materials_changed.emit()
            self.context.events.quizzes_changed.emit()

        self.context.workers.run(work, done=done, failed=lambda message, details: show_error(self, message, details))
