"""The app's own kinds of job, registered by name, and the job queue front ends use.

Each loader imports its handler only when a job of that kind is run, so resuming an import
job never loads the Evaluator, and a job row can never make the app import anything else.
"""

import importlib
from collections.abc import Callable
from pathlib import Path

from sensemaking_desktop.jobs import HANDLERS, JobHandler, JobQueue
from sensemaking_desktop.llm.registry import ModelRegistry
from sensemaking_desktop.store import Store


def _loader(module: str, handler: str) -> Callable[[], type[JobHandler]]:
    """What imports `handler` from `sensemaking_desktop.<module>` when a job of its kind first runs."""
    return lambda: getattr(importlib.import_module(f"sensemaking_desktop.{module}"), handler)


JOB_KINDS = {
    "ingest": _loader("ingest.importer", "IngestHandler"),
    "teach": _loader("workflows.teacher_job", "TeachHandler"),
    "answer": _loader("workflows.student_job", "AnswerHandler"),
    "grade": _loader("workflows.grade_job", "GradeHandler"),
    "robustness": _loader("workflows.robustness", "RobustnessHandler"),
    "experiment": _loader("workflows.experiments.cells", "ExperimentHandler"),
}
for _kind, _load in JOB_KINDS.items():
    HANDLERS.register(_kind, _load)


def job_queue(store: Store, data_dir: Path, models: ModelRegistry | None = None) -> JobQueue:
    """The queue with the app's engine factory: jobs load models through the registry."""
    models = models or ModelRegistry(store, data_dir)
    return JobQueue(store, data_dir, engines=models.engine)
