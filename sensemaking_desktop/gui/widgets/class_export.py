"""The class workspace's final grades as CSV: one row per answer, or one per student for a
gradebook, with the grades that stand and whose they are; written in a worker, the folder
remembered for the next export.

A part of `ClassWorkspacePanel` (class_workspace.py)."""

from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QFileDialog, QPushButton

from sensemaking_desktop.gui.widgets.class_cells import translate

EXPORT_FOLDER_KEY = "class-grades/folder"


class GradeExport:
    """The two exports of final grades, for `ClassWorkspacePanel`."""

    def _build_exports(self) -> None:
        self.export_button = QPushButton(translate("ClassWorkspacePanel", "&Export final grades…"))
        self.export_button.clicked.connect(lambda: self.export(wide=False))
        self.export_wide_button = QPushButton(translate("ClassWorkspacePanel", "Export for a gra&debook…"))
        self.export_wide_button.clicked.connect(lambda: self.export(wide=True))

    def export(self, wide: bool = False, path: Path | None = None) -> None:
        """The grades that stand as CSV: one row per answer, or (`wide`) per student for a gradebook."""
        quiz_id = self.quiz_id
        if quiz_id is None or self.exporting is not None:
            return
        if path is None:
            folder = Path(str(self.context.preferences.value(EXPORT_FOLDER_KEY, str(Path.home()))))
            name = f"quiz-{quiz_id}-{'gradebook' if wide else 'grades'}.csv"
            title = (
                translate("ClassWorkspacePanel", "Export for a gradebook")
                if wide
                else translate("ClassWorkspacePanel", "Export final grades")
            )
            chosen, _ = QFileDialog.getSaveFileName(
                self, title, str(folder / name), translate("ClassWorkspacePanel", "CSV files (*.csv)")
            )
            if not chosen:
                return
            path = Path(chosen)
        self.context.preferences.setValue(EXPORT_FOLDER_KEY, str(path.parent))
        target = path

        def work(store: Any, _cancel: Any, _report: Any) -> object:
            from sensemaking_desktop.workflows.class_grading import export_final_grades

            return export_final_grades(store, quiz_id, target, wide=wide)

        def exported(written: Any) -> None:
            said = translate(
                "ClassWorkspacePanel",
                "Final grades written to %1: %2 yours, %3 automatic, %4 graded by the app, %5 ungraded; "
                "%6 suggested, left out of the score columns.",
            )
            counts = (
                written.teacher,
                written.automatic,
                written.key + written.evaluator,
                written.ungraded,
                written.suggested,
            )
            for number, count in enumerate(counts, start=2):
                said = said.replace(f"%{number}", str(count))
            self.status.setText(said.replace("%1", str(written.path)))

        self.exporting = self.context.workers.run(work, done=exported, failed=self._failed)
        self.exporting.settled.connect(self._exported)
        self._enable()

    def _exported(self) -> None:
        self.exporting = None
        self._enable()
