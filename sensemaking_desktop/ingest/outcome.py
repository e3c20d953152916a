"""What importing one file did, typed: the import job's `save` writes it (kept as JSON in the
item's row) and the front ends read it back through `ImportOutcome.of`, so neither spells the
row's keys.

It lives beside the importer, not with the other job outcomes in `workflows/job_outcomes.py`,
because the importer that writes it sits below the workflows. The JSON keeps the shape rows
have always had, so a job imported before this class existed reads the same.
"""

from dataclasses import dataclass
from typing import Any, Self


@dataclass(frozen=True)
class ImportOutcome:
    """The material a file became, or the one already in the library that holds the same file
    (then nothing was imported, `existing` is set and `sections` is None)."""

    material_id: int
    title: str
    existing: bool = False
    sections: int | None = None

    @classmethod
    def of(cls, item: dict[str, Any]) -> Self | None:
        """The outcome of a job item row (as `JobQueue.items` gives it); None for a file that
        was not imported (it failed, or has not run yet)."""
        result = item["result"]
        if not result:
            return None
        return cls(
            material_id=result["material_id"],
            title=result["title"],
            existing=result.get("existing", False),
            sections=result.get("sections"),
        )

    def as_json(self) -> dict[str, Any]:
        """The item's stored result; a file already in the library keeps no section count."""
        kept: dict[str, Any] = {"material_id": self.material_id, "title": self.title, "existing": self.existing}
        if self.sections is not None:
            kept["sections"] = self.sections
        return kept
