"""What a job did, typed: each handler's `save` returns one of these per item (kept as JSON in
the item's row), and the front ends read a finished job's rows back through `of`, so the
command line and the window add up the same fields in the same way.

A row written before a field was kept reads as that field's default. The import job's outcome
is `ingest.outcome.ImportOutcome`: its writer, the importer, sits below the workflows.
"""

from collections import Counter
from dataclasses import asdict, dataclass, field, fields
from typing import Any, Self

from sensemaking_desktop.roles.teacher import left_out_note


@dataclass(frozen=True)
class _Counts:
    """Counts that add up over a job's items."""

    @classmethod
    def of(cls, rows: list[dict[str, Any]]) -> Self:
        """The counts summed over a job's item rows (as `JobQueue.items` gives them)."""
        results = item_results(rows)
        return cls(**{found.name: sum(result.get(found.name, 0) for result in results) for found in fields(cls)})

    def as_json(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class AnswerCounts(_Counts):
    """An answer job's answers, those with evidence found in the material, and those that are
    the material's nearest clause because the model is too small to answer."""

    answers: int = 0
    supported: int = 0
    extracted: int = 0


@dataclass(frozen=True)
class GradeCounts(_Counts):
    """A grade job's grades, those to review, and answers skipped because another job graded them."""

    graded: int = 0
    needs_review: int = 0
    skipped: int = 0


@dataclass(frozen=True)
class CellCounts(_Counts):
    """An experiment job's outputs and how many of them came from the cache."""

    items: int = 0
    cached: int = 0


@dataclass(frozen=True)
class SectionWritten:
    """What a teach job wrote over one section: questions kept (of all written), whether the
    section ran out of passages first, why drafts failed, notes for the teacher, and whether the
    model was too small so the items were made from the material itself."""

    kept: int
    exhausted: bool
    failures: list[str]
    notes: list[str] = field(default_factory=list)
    from_material: bool = False
    questions: int = 0
    left_out: dict[str, int] = field(default_factory=dict)
    """Sentences not asked about, by why (roles.floor_sentences.REFUSALS keys)."""
    requested: int = 0
    """The teacher's count, questions per section on average, that the section's share was drawn
    from (0 in results stored before it was kept): the quiz is short when it has fewer than the
    count times its sections, whatever each section's share."""

    @classmethod
    def from_json(cls, result: dict[str, Any]) -> Self:
        return cls(**{found.name: result[found.name] for found in fields(cls) if found.name in result})

    def as_json(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class TeachOutcome:
    """A teach job's sections, and what they add up to."""

    sections: list[SectionWritten]

    @classmethod
    def of(cls, rows: list[dict[str, Any]]) -> Self:
        return cls([SectionWritten.from_json(result) for result in item_results(rows)])

    @property
    def kept(self) -> int:
        return sum(section.kept for section in self.sections)

    @property
    def exhausted(self) -> bool:
        """Whether the quiz kept fewer questions than asked, some section having run out of
        passages: a section short of its share while others made it up is no shortfall to report
        ("10 questions kept" for 5 sections at --count 2, fresh run 3)."""
        if all(section.requested for section in self.sections):
            return self.kept < sum(section.requested for section in self.sections)
        return any(section.exhausted for section in self.sections)

    @property
    def from_material(self) -> bool:
        return any(section.from_material for section in self.sections)

    @property
    def notes(self) -> list[str]:
        """Each section's notes, once each, in order, then the sentences not asked about over all sections."""
        notes = list(dict.fromkeys(note for section in self.sections for note in section.notes))
        left_out: Counter[str] = Counter()
        for section in self.sections:
            left_out.update(section.left_out)
        said = left_out_note(dict(left_out))
        return [*notes, said] if said else notes


def item_results(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The results of a job's items that have one (finished items)."""
    return [row["result"] for row in rows if row["result"]]
