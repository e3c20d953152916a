"""What an import could not keep: one note per question skipped, per field lost or per thing changed.

A reader returns the quiz it could build with these notes; nothing it leaves out goes unsaid.
`ImportResult.refuse_incomplete` turns the notes into one error (`--strict`), and an import where
every question was skipped is refused, since there is no quiz to add.
"""

from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path

from sensemaking_desktop.interchange.errors import InterchangeError
from sensemaking_desktop.quizzes.model import Quiz


class NoteKind(StrEnum):
    SKIPPED = "skipped"
    """The question is not in the quiz."""
    LOST = "lost"
    """The question is in the quiz without something the file gives it."""
    CHANGED = "changed"
    """The question is in the quiz, something in it is held otherwise than the file wrote it."""


@dataclass(frozen=True)
class ImportNote:
    kind: NoteKind
    question: int | None
    """The question's place among the file's questions (1 is the first); None: the file itself."""
    name: str | None
    reason: str

    def __str__(self) -> str:
        if self.question is None:
            return f"file: {self.kind} — {self.reason}"
        named = f" “{self.name}”" if self.name else ""
        return f"question {self.question}{named}: {self.kind} — {self.reason}"


@dataclass(frozen=True)
class ImportResult:
    quiz: Quiz
    notes: tuple[ImportNote, ...] = ()
    files: dict[str, bytes] = field(default_factory=dict)
    """The embedded files' contents by sha256, for the questions' attachments: the reader has no
    library to write them to, so whoever adds the quiz keeps them (`attachments.keep_files`)."""

    @property
    def skipped(self) -> list[ImportNote]:
        return [note for note in self.notes if note.kind == NoteKind.SKIPPED]

    @property
    def lost(self) -> list[ImportNote]:
        return [note for note in self.notes if note.kind != NoteKind.SKIPPED]

    def lines(self) -> list[str]:
        return [str(note) for note in self.notes]

    def refuse_incomplete(self, path: Path) -> None:
        """Raise, naming every note on one line, when anything was skipped, lost or changed."""
        if self.notes:
            raise InterchangeError(f"{path.name} was not imported (strict): " + "; ".join(self.lines()) + ".")

    def whole(self, path: Path) -> Quiz:
        """The quiz of a file the app holds whole (each format's `import_*`); refused otherwise,
        naming everything it could not hold."""
        self.refuse_incomplete(path)
        return self.quiz

    def refuse_empty(self, path: Path) -> None:
        """Raise when notes left no question at all."""
        if not self.quiz.questions and self.skipped:
            raise InterchangeError(f"{path.name} holds no question the app can keep: " + "; ".join(self.lines()) + ".")


@dataclass
class Notes:
    """Notes collected while a file is read, in the order met."""

    items: list[ImportNote] = field(default_factory=list)
    files: dict[str, bytes] = field(default_factory=dict)

    def skip(self, question: int, name: str | None, reason: str) -> None:
        self.items.append(ImportNote(NoteKind.SKIPPED, question, name, reason))

    def lose(self, question: int | None, name: str | None, reason: str) -> None:
        self.items.append(ImportNote(NoteKind.LOST, question, name, reason))

    def change(self, question: int, name: str | None, reason: str) -> None:
        self.items.append(ImportNote(NoteKind.CHANGED, question, name, reason))


class Skip(Exception):
    """Raised while a question is read: leave it out of the quiz for this reason."""
