"""The app's own kinds of job, registered by name, and the job queue front ends use.

Each loader imports its handler only when a job of that kind is run, so resuming an import
job never loads the Evaluator, and a job row can never make the app import anything else.
"""

from pathlib import Path

from sensemaking_desktop.jobs import HANDLERS, JobHandler, JobQueue
from sensemaking_desktop.llm.registry import ModelRegistry
from sensemaking_desktop.store import Store


def _ingest() -> type[JobHandler]:
    from sensemaking_desktop.ingest.importer import IngestHandler

    return IngestHandler


def _teach() -> type[JobHandler]:
    from sensemaking_desktop.workflows.teacher_job import TeachHandler

    return TeachHandler


def _answer() -> type[JobHandler]:
    from sensemaking_desktop.workflows.student_job import AnswerHandler

    return AnswerHandler


def _grade() -> type[JobHandler]:
    from sensemaking_desktop.workflows.grade_job import GradeHandler

    return GradeHandler


def _robustness() -> type[JobHandler]:
    from sensemaking_desktop.workflows.robustness import RobustnessHandler

    return RobustnessHandler


def _experiment() -> type[JobHandler]:
    from sensemaking_desktop.workflows.experiments.cells import ExperimentHandler

    return ExperimentHandler


JOB_KINDS = {
    "ingest": _ingest,
    "teach": _teach,
    "answer": _answer,
    "grade": _grade,
    "robustness": _robustness,
    "experiment": _experiment,
}
for _name, _loader in JOB_KINDS.items():
    HANDLERS.register(_name, _loader)


def job_queue(store: Store, data_dir: Path, models: ModelRegistry | None = None) -> JobQueue:
    """The queue with the app's engine factory: jobs load models through the registry."""
    models = models or ModelRegistry(store, data_dir)
    return JobQueue(store, data_dir, engines=models.engine)
