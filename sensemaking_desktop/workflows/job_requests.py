"""The work the window starts, as picklable functions: job_process sends one, with its
arguments bound by functools.partial, to the child that runs it.

The jobs take (store, queue, ...) and return (job id, what the window wants back); other work
takes (core, cancel, report, ...) as job_process.Work says. Each imports its role in the body,
so that only the child pays for it.
"""

from collections.abc import Callable
from pathlib import Path
from typing import Any

from sensemaking_desktop.cancel import CancelToken
from sensemaking_desktop.jobs import JobQueue
from sensemaking_desktop.store import Store
from sensemaking_desktop.workflows.core import Core
from sensemaking_desktop.workflows.selftest import Graded, OpenAnswer


def check_model(store: Store, queue: JobQueue, model: str | None) -> None:
    """Refuse, before a quiz or job is made, a model that cannot run (a file that is gone or not
    GGUF, a server that does not answer): its job would only fill with failures."""
    from sensemaking_desktop.llm.registry import ModelRegistry

    ModelRegistry(store, queue.data_dir).check(model)


def ingest(
    store: Store, queue: JobQueue, *, paths: list[Path], title: str, options: dict[str, Any]
) -> tuple[int, None]:
    """Import files into the library, one item per file."""
    from sensemaking_desktop.ingest.importer import IngestOptions
    from sensemaking_desktop.workflows.ingest_job import submit_ingest_job

    return submit_ingest_job(queue, paths, IngestOptions.model_validate(options), title), None


def teach(
    store: Store,
    queue: JobQueue,
    *,
    material_id: int,
    options: dict[str, Any],
    section_id: int | None,
    model: str | None,
) -> tuple[int, int]:
    """Write a quiz; returns the job and the new quiz."""
    from sensemaking_desktop.roles.teacher import TeacherOptions
    from sensemaking_desktop.workflows.teacher_job import submit_teach_job

    teacher = TeacherOptions.model_validate(options)
    check_model(store, queue, model)
    return submit_teach_job(store, queue, material_id, teacher, section_id=section_id, model=model)


def grade(store: Store, queue: JobQueue, *, quiz_id: int, model: str | None, regrade: bool) -> tuple[int, None]:
    """Grade a quiz's open answers."""
    from sensemaking_desktop.workflows.grade_job import submit_grade_job

    check_model(store, queue, model)
    return submit_grade_job(store, queue, quiz_id, model=model, regrade=regrade), None


def robustness_suite(store: Store, queue: JobQueue, *, quiz_id: int, model: str | None) -> tuple[int, None]:
    """Run the adversarial suite on a quiz's answers."""
    from sensemaking_desktop.workflows.robustness import quiz_items, submit_suite_job, suite_title

    check_model(store, queue, model)
    return submit_suite_job(queue, quiz_items(store, quiz_id), title=suite_title(quiz_id), model=model), None


def experiment(store: Store, queue: JobQueue, *, text: str, base: Path) -> tuple[int, int]:
    """Run an experiment file's text; returns the job and the experiment."""
    from sensemaking_desktop.workflows.core import Core
    from sensemaking_desktop.workflows.experiments.runs import submit_experiment

    experiment_id, job_id = submit_experiment(Core(queue.data_dir, store), text, base)
    return job_id, experiment_id


def resume(store: Store, queue: JobQueue, *, job_id: int) -> tuple[int, None]:
    """Go on with a job's unfinished items."""
    return job_id, None


def grade_self_test(
    core: Core, cancel: CancelToken, report: Callable[[object], None], *, answers: list[OpenAnswer], model: str | None
) -> list[Graded]:
    """Grade a self-test's open answers, reporting each `Graded` as it is attached."""
    from sensemaking_desktop.workflows.grading import grade_open_answers

    return grade_open_answers(core.store, core.models.engine(model), answers, cancel, report)
