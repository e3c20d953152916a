"""The quiz formats: one registry that the CLI's `export`/`import quiz` and the GUI's export
menu both read. A new format is one module with a writer (and a reader, if the format can
be read back) plus one line in FORMATS. A reader returns the Quiz, or an ImportResult with notes on
what it skipped or could not keep (interchange/report.py).

Modules are imported when a format is used, so listing the formats costs nothing. Labels are
marked for Qt's lupdate (which reads this file too) and translated where they are shown.
"""

import importlib
import os
import re
import shutil
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sensemaking_desktop.budget import BUDGETS, check_file
from sensemaking_desktop.interchange.cleaning import clean_result
from sensemaking_desktop.interchange.common import cannot_write, check_question_sizes, handed_out
from sensemaking_desktop.interchange.report import ImportResult
from sensemaking_desktop.quizzes.model import Quiz


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:  # noqa: N802 (the name lupdate looks for)
    """Marks `text` for the translation template; the GUI translates it in `context`."""
    return text


LABEL_CONTEXT = "QuizFormat"


@dataclass(frozen=True)
class QuizFormat:
    name: str
    label: str
    suffix: str
    module: str
    """The module in this package that holds the writer and reader."""
    writer: str
    reader: str | None = None
    answer_key: bool = False
    """The writer can also write the answer key (`answer_key=True`), kept in a second file."""

    def write(self, quiz: Quiz, target: Path, *, answer_key: bool = False, include_dropped: bool = False) -> list[Path]:
        """Write `quiz` to `target`; with `answer_key`, also its key beside it (`NAME-answer-key.EXT`).
        Dropped questions are left out unless `include_dropped`; a quiz left with none is refused
        (EmptyQuizError), in every format alike."""
        quiz = handed_out(quiz, include_dropped=include_dropped)
        writer = self._function(self.writer)
        written = [_atomically(writer, quiz, target)]
        if answer_key and self.answer_key:
            written.append(_atomically(writer, quiz, answer_key_path(target), answer_key=True))
        return written

    def read(self, path: Path, *, strict: bool = False) -> ImportResult:
        """The quiz in `path` with a note for every question skipped, every field lost and every
        question that held control characters (removed here, whatever the format); with `strict`,
        refuse the file when there is any. A file whose every question is skipped is refused."""
        if self.reader is None:
            raise ValueError(f"{self.name} files cannot be imported")
        check_file(path, BUDGETS["question_bank"])
        read = self._function(self.reader)(path)
        result = clean_result(read if isinstance(read, ImportResult) else ImportResult(read), path)
        check_question_sizes(result.quiz, path)
        if strict:
            result.refuse_incomplete(path)
        result.refuse_empty(path)
        return result

    def _function(self, name: str) -> Callable[..., Any]:
        return getattr(importlib.import_module(f"{__package__}.{self.module}"), name)


def _atomically(writer: Callable[..., Path], quiz: Quiz, target: Path, **options: Any) -> Path:
    """Run `writer` into a hidden folder beside `target`, then move what it wrote into place in one
    step: a crash or a full disk mid-write leaves the old file (or none), never half of one."""
    try:
        staging = Path(tempfile.mkdtemp(prefix=f".{target.name}.", suffix=".partial", dir=target.parent))
    except OSError as error:  # a read-only or missing folder: nothing was made
        raise cannot_write(target, error) from error
    try:
        made = writer(quiz, staging / target.name, **options)
        final = target.parent / made.name
        os.replace(made, final)
        return final
    except OSError as error:
        raise cannot_write(target, error) from error
    finally:
        shutil.rmtree(staging, ignore_errors=True)


FORMATS = (
    QuizFormat(
        "moodle", QT_TRANSLATE_NOOP("QuizFormat", "Moodle XML"), ".xml", "moodle", "export_moodle", "read_moodle"
    ),
    QuizFormat("gift", QT_TRANSLATE_NOOP("QuizFormat", "GIFT"), ".gift.txt", "gift", "export_gift", "read_gift"),
    QuizFormat(
        "qti",
        QT_TRANSLATE_NOOP("QuizFormat", "QTI 2.1 package (Canvas, Blackboard)"),
        ".qti.zip",
        "qti",
        "export_qti",
        "read_qti",
    ),
    QuizFormat(
        "qti12",
        QT_TRANSLATE_NOOP("QuizFormat", "QTI 1.2 package (Canvas Classic Quizzes, Blackboard)"),
        ".qti12.zip",
        "qti12",
        "export_qti12",
        "read_qti12",
    ),
    QuizFormat("anki", QT_TRANSLATE_NOOP("QuizFormat", "Anki deck"), ".apkg", "anki", "export_anki"),
    QuizFormat(
        "csv", QT_TRANSLATE_NOOP("QuizFormat", "CSV spreadsheet"), ".csv", "csvfile", "export_csv", "import_csv"
    ),
    QuizFormat(
        "pdf", QT_TRANSLATE_NOOP("QuizFormat", "Printable PDF"), ".pdf", "printable", "export_pdf", answer_key=True
    ),
    QuizFormat(
        "markdown", QT_TRANSLATE_NOOP("QuizFormat", "Markdown"), ".md", "markdown", "export_markdown", answer_key=True
    ),
)


def quiz_format(name: str) -> QuizFormat:
    return next(found for found in FORMATS if found.name == name)


def readable_formats() -> list[QuizFormat]:
    return [found for found in FORMATS if found.reader is not None]


def export_file_name(title: str, suffix: str) -> str:
    """The file name an export of a quiz called `title` gets unless one is chosen, the same from the
    command line and the window: words joined by hyphens, lower case, at most 60 characters."""
    slug = re.sub(r"[^\w]+", "-", title).strip("-").lower()[:60] or "quiz"
    return slug + suffix


def answer_key_path(target: Path) -> Path:
    """`quiz.pdf` → `quiz-answer-key.pdf`; `quiz.gift.txt` keeps its double suffix."""
    return target.with_name(f"{target.stem}-answer-key{target.suffix}")
