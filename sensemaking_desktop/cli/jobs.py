"""`sensemaking jobs`: list, show, resume, cancel, delete."""

import dataclasses

import click

from sensemaking_desktop.cli.app import AppContext, pass_app
from sensemaking_desktop.cli.output import (
    cancel_on_interrupt,
    item_progress,
    json_option,
    print_json,
    print_table,
    report,
)
from sensemaking_desktop.jobs import JobInfo, JobProgress, JobQueue


def _job_json(job: JobInfo) -> dict:
    return dataclasses.asdict(job)


@click.group()
def jobs() -> None:
    """Long work: progress, cancel, and resume after a crash."""


@jobs.command("list")
@json_option
@pass_app
def list_jobs(app: AppContext, as_json: bool) -> None:
    """All jobs, newest first; interrupted ones can be resumed."""
    found = JobQueue(app.store, app.data_dir).jobs()
    if as_json:
        print_json([_job_json(job) for job in found])
        return
    print_table(
        ("id", "kind", "title", "status", "done", "failed", "total"),
        [(j.id, j.kind, j.title, j.status, j.done, j.failed, j.total) for j in found],
    )


@jobs.command("show")
@click.argument("job_id", type=int)
@json_option
@pass_app
def show(app: AppContext, job_id: int, as_json: bool) -> None:
    """A job and its items."""
    queue = JobQueue(app.store, app.data_dir)
    job, items = queue.get(job_id), queue.items(job_id)
    if as_json:
        print_json(dict(_job_json(job), items=items))
        return
    click.echo(f"job {job.id} [{job.status}] {job.title}: {job.done}/{job.total} done, {job.failed} failed")
    if job.error:
        click.echo(f"error: {job.error}")
    print_table(
        ("#", "label", "status", "error"), [(i["position"], i["label"], i["status"], i["error"]) for i in items]
    )


@jobs.command("resume")
@click.argument("job_id", type=int)
@json_option
@pass_app
def resume(app: AppContext, job_id: int, as_json: bool) -> None:
    """Run the items of a job that are not done yet."""
    queue = JobQueue(app.store, app.data_dir)
    job = queue.get(job_id)
    with cancel_on_interrupt() as cancel, item_progress(job.title) as update:

        def show_progress(progress: JobProgress) -> None:
            update(progress.done + progress.failed + progress.item_fraction, progress.total, progress.label)

        finished = queue.run(job_id, cancel=cancel, on_progress=show_progress)
    summary = f"job {finished.id} {finished.status}: {finished.done}/{finished.total} done, {finished.failed} failed"
    report(_job_json(finished), as_json, summary)


@jobs.command("cancel")
@click.argument("job_id", type=int)
@json_option
@pass_app
def cancel(app: AppContext, job_id: int, as_json: bool) -> None:
    """Stop a job; a running one stops after its current item."""
    job = JobQueue(app.store, app.data_dir).cancel(job_id)
    report(_job_json(job), as_json, f"job {job.id} {job.status}")


@jobs.command("delete")
@click.argument("job_id", type=int)
@pass_app
def delete(app: AppContext, job_id: int) -> None:
    """Forget a job and its items (what it produced stays in the library)."""
    JobQueue(app.store, app.data_dir).delete(job_id)
    click.echo(f"deleted job {job_id}")
