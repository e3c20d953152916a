"""The Quizzes area: ask the Teacher for a quiz (a job with live progress and cancel), then
review it: each question's verdict and source span, edit, reorder, approve, delete, add by
hand, and export through the core's interchange formats.

The form offers the kinds the chosen model writes, found in a worker (the model's size is read
from its file); the list shows each item's kind, key and question without a click, the key before
the question so that a long question never hides it; the progress row keeps its place while
hidden and the bar above always says what comes next, so starting a job moves nothing."""

from functools import partial
from pathlib import Path
from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSplitter,
    QStyle,
    QVBoxLayout,
    QWidget,
)

from sensemaking_desktop.errors import SensemakingError
from sensemaking_desktop.gui.area import Area, column
from sensemaking_desktop.gui.context import GuiContext
from sensemaking_desktop.gui.messages import confirm, show_error, show_exception
from sensemaking_desktop.gui.quiet_import import import_quietly
from sensemaking_desktop.gui.quiz_export import export, losses
from sensemaking_desktop.gui.widgets.export_dialog import ExportDialog
from sensemaking_desktop.gui.widgets.next_step import NextStep
from sensemaking_desktop.gui.widgets.progress_row import ProgressRow
from sensemaking_desktop.gui.widgets.question_dialog import QuestionDialog
from sensemaking_desktop.gui.widgets.question_editor import QuestionEditor
from sensemaking_desktop.gui.widgets.quiz_chooser import QuizChooser
from sensemaking_desktop.gui.widgets.quiz_options import QuizOptionsForm
from sensemaking_desktop.paths import files_dir
from sensemaking_desktop.quizzes.model import Question, QuestionKind, QuestionStatus, Quiz
from sensemaking_desktop.store.materials import Section, get_material, get_section
from sensemaking_desktop.store.quizzes import (
    add_question,
    add_quiz,
    delete_question,
    get_quiz,
    move_question,
    update_question,
)
from sensemaking_desktop.workflows import job_requests
from sensemaking_desktop.workflows.core import Core
from sensemaking_desktop.workflows.job_outcomes import TeachOutcome

ROLE = Qt.ItemDataRole.UserRole
EXPORT_FOLDER_KEY = "export/folder"
KIND_NAMES = {
    QuestionKind.OPEN: QT_TRANSLATE_NOOP("QuizView", "Open"),
    QuestionKind.MULTIPLE_CHOICE: QT_TRANSLATE_NOOP("QuizView", "Multiple choice"),
    QuestionKind.TRUE_FALSE: QT_TRANSLATE_NOOP("QuizView", "True/false"),
    QuestionKind.CLOZE: QT_TRANSLATE_NOOP("QuizView", "Cloze"),
    QuestionKind.NUMERICAL: QT_TRANSLATE_NOOP("QuizView", "Numerical"),
    QuestionKind.MATCHING: QT_TRANSLATE_NOOP("QuizView", "Matching"),
}
"""A kind's short name in the question list."""
KEY_CHARACTERS = 40
"""How much of a key a question's line shows: an open question's reference answer can be a paragraph."""
TRUTH = {"true": QT_TRANSLATE_NOOP("QuizView", "true"), "false": QT_TRANSLATE_NOOP("QuizView", "false")}


def shown_key(question: Question) -> str:
    """The key as the list shows it: the right choices, true or false, the word of the gap, the answer."""
    if question.kind == QuestionKind.MULTIPLE_CHOICE:
        return " / ".join(choice.text for choice in question.correct_choices)
    if question.kind == QuestionKind.TRUE_FALSE and question.reference_answer in TRUTH:
        return QCoreApplication.translate("QuizView", TRUTH[question.reference_answer])
    return question.reference_answer or "—"


def shortened(text: str, limit: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


class QuizView(Area):
    TITLE = QT_TRANSLATE_NOOP("Area", "Quizzes")
    ICON = QStyle.StandardPixmap.SP_FileDialogContentsView

    def __init__(self, context: GuiContext, parent: QWidget | None = None) -> None:
        super().__init__(context, parent)
        self.quiz: Quiz | None = None
        self.generation: Any = None
        self.options = QuizOptionsForm()
        self.generate_button = QPushButton(self.tr("&Generate quiz"))
        self.generate_button.clicked.connect(self.generate)
        self.progress = ProgressRow()
        self.progress.cancel_requested.connect(self.cancel_generation)
        self.progress.keep_place()
        self.kinds_task: Any = None
        self.quiz_choice = QuizChooser()
        self.quiz_choice.setObjectName("quizzes")
        self.quiz_choice.currentIndexChanged.connect(lambda _index: self.show_quiz())
        self.new_quiz_button = QPushButton(self.tr("New empt&y quiz"))
        self.new_quiz_button.clicked.connect(self.new_quiz)
        self.export_button = QPushButton(self.tr("E&xport…"))
        self.export_button.clicked.connect(self.export_quiz)
        self.questions = QListWidget()
        self.questions.setObjectName("questions")
        self.questions.setAccessibleName(self.tr("Questions"))
        self.questions.setWordWrap(True)  # a long line wraps within the list rather than hiding behind a scroll
        self.questions.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.questions.currentItemChanged.connect(lambda _new, _old: self._show_question())
        self.up_button = QPushButton(self.tr("Move up (Ctrl+↑)"))
        self.up_button.clicked.connect(lambda: self.move_current(-1))
        self.down_button = QPushButton(self.tr("Move down (Ctrl+↓)"))
        self.down_button.clicked.connect(lambda: self.move_current(1))
        self.approve_button = QPushButton(self.tr("App&rove"))
        self.approve_button.clicked.connect(self.approve_current)
        self.delete_button = QPushButton(self.tr("&Delete…"))
        self.delete_button.clicked.connect(self.delete_current)
        self.add_button = QPushButton(self.tr("Add &by hand…"))
        self.add_button.clicked.connect(self.add_by_hand)
        self.editor = QuestionEditor(files_folder=files_dir(context.data_dir))
        self.editor.save_requested.connect(self.save_question)
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.next_step = NextStep()
        self._layout()
        for keys, step in (("Ctrl+Up", -1), ("Ctrl+Down", 1)):
            shortcut = QShortcut(QKeySequence(keys), self.questions, lambda step=step: self.move_current(step))
            shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        context.events.materials_changed.connect(self.reload)
        context.events.quizzes_changed.connect(self.reload)
        context.models.changed.connect(lambda: self.options.fill_models(context.models.names))
        context.events.settings_changed.connect(self._find_kinds)
        self.options.model_chosen.connect(self._find_kinds)
        self._enable()

    def _layout(self) -> None:
        generate_row = QHBoxLayout()
        generate_row.addWidget(self.generate_button)
        generate_row.addWidget(self.progress, 1)
        top = QVBoxLayout()
        top.addWidget(self.options)
        top.addLayout(generate_row)
        chooser = QHBoxLayout()
        chooser.addWidget(QLabel(self.tr("Quiz:")))
        chooser.addWidget(self.quiz_choice, 1)
        chooser.addWidget(self.new_quiz_button)
        chooser.addWidget(self.export_button)
        actions = QHBoxLayout()
        for button in (self.up_button, self.down_button, self.approve_button, self.delete_button, self.add_button):
            actions.addWidget(button)
        splitter = QSplitter()
        splitter.addWidget(column(top, chooser, (self.questions, 1), actions))
        splitter.addWidget(self.editor)
        splitter.setStretchFactor(1, 1)
        layout = QVBoxLayout(self)
        layout.addWidget(self.next_step)
        layout.addWidget(splitter, 1)
        layout.addWidget(self.status)

    def opened(self) -> None:
        self.reload()

    def reload(self) -> None:
        """Re-read materials, quizzes and the shown quiz; keep the current choices."""
        self.options.fill(self.context.store, self.context.models.names)
        self.quiz_choice.fill(self.context.store)
        self.show_quiz()

    def select_quiz(self, quiz_id: int) -> None:
        if self.quiz_choice.findData(quiz_id) < 0:
            self.reload()
        self.quiz_choice.select(quiz_id)

    def show_quiz(self, select: int | None = None) -> None:
        """Show the chosen quiz's questions; keep (or move to) question `select`."""
        quiz_id = self.quiz_choice.currentData()
        current = select if select is not None else self._question_id()
        self.quiz = self._read_quiz(quiz_id)
        self.questions.blockSignals(True)
        self.questions.clear()
        for number, question in enumerate(self.quiz.questions if self.quiz else [], start=1):
            item = QListWidgetItem(self._question_label(number, question))
            item.setData(ROLE, question.id)
            item.setToolTip(self._question_tip(question))
            if question.status == QuestionStatus.DROPPED:
                font = item.font()
                font.setItalic(True)
                item.setFont(font)
            self.questions.addItem(item)
            if question.id == current:
                self.questions.setCurrentItem(item)
        self.questions.blockSignals(False)
        self._show_question()

    def _read_quiz(self, quiz_id: int | None) -> Quiz | None:
        """The quiz, or None when there is none or it went with its material meanwhile."""
        if quiz_id is None:
            return None
        try:
            return get_quiz(self.context.store, quiz_id)
        except SensemakingError:
            return None

    def _question_label(self, number: int, question: Question) -> str:
        """One line: the key comes before the question, cut to KEY_CHARACTERS so that a long open
        answer leaves the question in sight; the line wraps at the list's edge, and the whole key
        is in the tooltip and the detail panel."""
        marks = {
            QuestionStatus.APPROVED: self.tr("✓ approved"),
            QuestionStatus.DROPPED: self.tr("✗ dropped"),
            QuestionStatus.DRAFT: self.tr("not approved yet"),
        }
        return (
            self.tr("%1. [%2] %3 (key: %4): %5")
            .replace("%1", str(number))
            .replace("%2", marks[question.status])
            .replace("%3", QCoreApplication.translate("QuizView", KIND_NAMES[question.kind]))
            .replace("%4", shortened(shown_key(question), KEY_CHARACTERS))
            .replace("%5", shortened(question.text, 140))
        )

    def _question_tip(self, question: Question) -> str:
        """The whole question and key, which the line may cut, and the checks' verdict."""
        key = self.tr("Key: %1").replace("%1", shown_key(question))
        return f"{question.text}\n{key}\n\n{self.editor.verdict_text(question)}"

    def _question_id(self) -> int | None:
        item = self.questions.currentItem()
        return item.data(ROLE) if item is not None else None

    def current_question(self) -> Question | None:
        question_id = self._question_id()
        questions = self.quiz.questions if self.quiz else []
        return next((question for question in questions if question.id == question_id), None)

    def _show_question(self) -> None:
        question = self.current_question()
        self.editor.show_question(question, self._section_of(question))
        self._enable()

    def _section_of(self, question: Question | None) -> Section | None:
        if question is None or question.source.section_id is None:
            return None
        try:
            return get_section(self.context.store, question.source.section_id)
        except SensemakingError:
            return None

    def _enable(self) -> None:
        has_question = self.current_question() is not None
        row = self.questions.currentRow()
        self.up_button.setEnabled(has_question and row > 0)
        self.down_button.setEnabled(has_question and row < self.questions.count() - 1)
        self.approve_button.setEnabled(has_question)
        self.delete_button.setEnabled(has_question)
        self.add_button.setEnabled(self.quiz is not None)
        self.export_button.setEnabled(self.quiz is not None)
        self.generate_button.setEnabled(self.generation is None and self.options.offered is not None)
        self._show_next_step()

    def _show_next_step(self) -> None:
        """The bar always says what comes next, so it never comes or goes while a quiz is written:
        first a material, then Generate quiz (the form below has the button), then the questions
        to approve."""
        if self.generation is not None:
            self.next_step.note(
                self.tr("The quiz is being written: its questions appear in the list as each section is done.")
            )
        elif self.quiz is not None:
            self.next_step.note(self._review_step(self.quiz))
        elif self.options.material.count() == 0:
            self.next_step.offer(
                self.tr("There is nothing to make a quiz from yet: quizzes are made from the files in your library."),
                self.tr("Go to the Library"),
                lambda: self.open_requested.emit("LibraryView"),
            )
        else:
            self.next_step.note(
                self.tr(
                    "No quiz yet. Choose a material and the kinds of question in the form below, "
                    "or take them as they are, then press Generate quiz."
                )
            )

    def _review_step(self, quiz: Quiz) -> str:
        """What is left to do with the shown quiz: questions to approve, or using it."""
        waiting = sum(question.status == QuestionStatus.DRAFT for question in quiz.questions)
        if waiting:
            return self.tr(
                "%n question(s) not approved yet: read each beside its source on the right, edit it if need be, "
                "then approve it.",
                "",
                waiting,
            )
        if not quiz.questions:
            return self.tr("This quiz has no questions yet: generate some, or add them by hand.")
        return self.tr("No question waits for approval: export the quiz, or sit it under Self-test.")

    def choose_material(self, material_id: int) -> None:
        """Make the next quiz from `material_id` (the Library's next step)."""
        self.reload()
        self.options.material.setCurrentIndex(max(self.options.material.findData(material_id), 0))
        self.options.count.setFocus()

    def _find_kinds(self) -> None:
        """Ask, in a worker, which kinds the Teacher writes with the chosen model; until it
        answers, Generate waits. An answer for a model no longer chosen is dropped."""
        model, data_dir = self.options.model.currentData(), self.context.data_dir
        self.options.finding_kinds()
        self._enable()

        def work(store: Any, _cancel: Any, _report: Any) -> tuple[QuestionKind, ...]:
            import_quietly("sensemaking_desktop.workflows.teacher_kinds")
            from sensemaking_desktop.workflows.teacher_kinds import kinds_written

            return kinds_written(Core(data_dir, store).models, model)

        def done(kinds: tuple[QuestionKind, ...]) -> None:
            if task is self.kinds_task:
                self.options.offer_kinds(kinds)
                self._enable()

        def failed(message: str, _details: str) -> None:
            if task is self.kinds_task:
                self.options.kinds_unknown(message)
                self._enable()

        task = self.kinds_task = self.context.workers.run(work, done=done, failed=failed)

    def _change(self, change: Any, select: int | None = None) -> None:
        """Run one small edit through the core in the GUI thread, then show the result."""
        try:
            change()
        except Exception as error:
            show_exception(self, error)
        self.show_quiz(select)
        self.context.events.quizzes_changed.emit()

    def save_question(self, question_id: int, changes: dict) -> None:
        self._change(lambda: update_question(self.context.store, question_id, changes), question_id)

    def approve_current(self) -> None:
        question_id = self._question_id()
        if question_id is not None:
            self._change(
                lambda: update_question(self.context.store, question_id, {"status": QuestionStatus.APPROVED}),
                question_id,
            )

    def move_current(self, step: int) -> None:
        question_id = self._question_id()
        target = self.questions.currentRow() + step
        if question_id is not None and 0 <= target < self.questions.count():
            self._change(lambda: move_question(self.context.store, question_id, target), question_id)

    def delete_current(self) -> None:
        question = self.current_question()
        if question is None or question.id is None:
            return
        if confirm(self, self.tr("Delete the question “%1”?").replace("%1", question.text[:80])):
            self._change(lambda: delete_question(self.context.store, question.id))

    def add_by_hand(self) -> None:
        if self.quiz is None or self.quiz.id is None:
            return
        dialog = QuestionDialog(self)
        if dialog.exec() and dialog.question is not None:
            quiz_id, question = self.quiz.id, dialog.question
            added: list[int] = []
            self._change(lambda: added.append(add_question(self.context.store, quiz_id, question)))
            if added:
                self.show_quiz(added[0])

    def new_quiz(self) -> None:
        material_id = self.options.material.currentData()
        title = self.tr("Quiz written by hand")
        if material_id is not None:
            title = self.tr("Quiz on %1").replace("%1", get_material(self.context.store, material_id).title)
        created: list[int] = []

        def create() -> None:
            with self.context.store.atomic() as db:
                created.append(add_quiz(db, Quiz(material_id=material_id, title=title)))

        self._change(create)
        if created:
            self.reload()
            self.select_quiz(created[0])

    def generate(self) -> None:
        """Ask the Teacher for a quiz: the core's teach job, run in a worker."""
        material_id = self.options.material.currentData()
        if material_id is None:
            show_error(self, self.tr("Import a material in the Library first."))
            return
        if self.options.offered is None:
            return
        options = self.options.teacher_options()
        if not options["kinds"]:
            show_error(self, self.tr("Choose at least one type of question."))
            return
        section_id, model = self.options.section.currentData(), self.options.model.currentData()

        submit = partial(
            job_requests.teach, material_id=material_id, options=options, section_id=section_id, model=model
        )
        self.generation = self.context.jobs.submit(submit)
        self.generation.started.connect(self._generation_started)
        self.generation.progress.connect(self._generation_progress)
        self.generation.finished.connect(self._generation_finished)
        self.generation.failed.connect(self._generation_failed)
        self.progress.start(self.tr("Loading the model…"))
        self.status.clear()
        self._enable()

    def cancel_generation(self) -> None:
        if self.generation is not None:
            self.generation.cancel()

    def _generation_started(self, _job_id: int, quiz_id: int) -> None:
        self.reload()
        self.select_quiz(quiz_id)

    def _generation_progress(self, progress: Any) -> None:
        self.progress.show_job(progress, self.tr("Writing questions: %1 (%2 of %3 sections done)"))
        if self.quiz is not None and progress.done + progress.failed > 0:
            self.show_quiz()

    def _generation_finished(self, info: Any) -> None:

        self._generation_done()
        outcomes = self.context.core.jobs.items(info.id)
        self.status.setText(self._summary(info.status, outcomes))
        failures = [item["error"] for item in outcomes if item["status"] == "failed"]
        if failures:
            show_error(self, "\n".join(failures))
        self.reload()

    def _summary(self, status: str, outcomes: list[dict]) -> str:
        taught = TeachOutcome.of(outcomes)
        line = self.tr("%n question(s) kept", "", taught.kept) + " "
        line += self.tr("over %n section(s).", "", len(taught.sections))
        if taught.exhausted:
            line += " " + self.tr("Some sections ran out of passages before the count was met.")
        if taught.from_material:
            line += " " + self.tr(
                "The model is too small to write questions, so every item was made from the material itself"
                " (choose a larger model under Models for questions of its own)."
            )
        if status == "cancelled":
            line += " " + self.tr("Cancelled: finished sections are kept; the Jobs area can resume the rest.")
        return line

    def _generation_failed(self, message: str, details: str) -> None:
        self._generation_done()
        show_error(self, message, details)
        self.reload()

    def _generation_done(self) -> None:
        self.generation = None
        self.progress.stop()
        self._enable()

    def export_quiz(self) -> None:
        """Ask for the format, file and variants; the core writes them in a worker."""
        if self.quiz is None or self.quiz.id is None:
            return
        folder = Path(str(self.context.preferences.value(EXPORT_FOLDER_KEY, str(Path.home()))))
        dialog = ExportDialog(self.quiz.title, folder, self)
        if not dialog.exec():
            return
        request, quiz_id = dialog.request(), self.quiz.id
        notes = losses(self.quiz, request)
        self.context.preferences.setValue(EXPORT_FOLDER_KEY, str(request.target.parent))
        self.status.setText(self.tr("Exporting…"))
        self.context.workers.run(
            lambda store, _cancel, _report: export(store, quiz_id, request),
            done=lambda written: self.status.setText(
                "\n".join([self.tr("Wrote %1").replace("%1", ", ".join(str(path) for path in written)), *notes])
            ),
            failed=lambda message, details: show_error(self, message, details),
        )
