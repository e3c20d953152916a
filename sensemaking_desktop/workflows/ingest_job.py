"""Importing files as a job: one item per file, so a crash loses no file already imported."""

from pathlib import Path

from sensemaking_desktop.ingest.importer import IngestHandler, IngestOptions, job_items
from sensemaking_desktop.jobs import JobQueue


def submit_ingest_job(queue: JobQueue, paths: list[Path], options: IngestOptions, title: str) -> int:
    """The import job for `paths`; returns its id. Every front end imports through here."""
    return queue.submit(IngestHandler, title=title, params=options.model_dump(), items=job_items(paths))
