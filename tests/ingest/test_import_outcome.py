"""The import job's outcome as a dataclass: rows written before it existed read the same, and
what the job writes is the JSON those rows always held."""

from pathlib import Path

from sensemaking_desktop.ingest.importer import IngestHandler, IngestOptions
from sensemaking_desktop.ingest.outcome import ImportOutcome
from sensemaking_desktop.samples import load_sample
from sensemaking_desktop.store import Store
from sensemaking_desktop.workflows.jobs import job_queue

OLD_IMPORTED = {"material_id": 3, "title": "Water", "existing": False, "sections": 4}
OLD_EXISTING = {"material_id": 3, "title": "Water", "existing": True}


def test_rows_written_before_the_dataclass_read_and_write_back_the_same() -> None:
    imported = ImportOutcome.of({"result": OLD_IMPORTED})
    existing = ImportOutcome.of({"result": OLD_EXISTING})
    assert imported == ImportOutcome(3, "Water", sections=4)
    assert existing == ImportOutcome(3, "Water", existing=True)
    assert (imported.as_json(), existing.as_json()) == (OLD_IMPORTED, OLD_EXISTING)


def test_an_item_without_a_result_has_no_outcome() -> None:
    assert ImportOutcome.of({"result": None, "status": "failed"}) is None


def test_the_job_writes_a_new_material_then_the_existing_one(store: Store, data_dir: Path, tmp_path: Path) -> None:
    notes = tmp_path / "notes.md"
    notes.write_text(load_sample().text, encoding="utf-8")
    queue = job_queue(store, data_dir)
    outcomes = []
    for _ in range(2):
        options = IngestOptions().model_dump()
        job_id = queue.submit(IngestHandler, title="import", params=options, items=[("notes", {"path": str(notes)})])
        queue.run(job_id)
        outcomes.append(ImportOutcome.of(queue.items(job_id)[0]))
    first, again = outcomes
    assert first is not None and not first.existing and first.sections
    assert again == ImportOutcome(first.material_id, first.title, existing=True)
