"""`sensemaking jobs`: list, show, resume, cancel, delete."""

import dataclasses

import click

from sensemaking_desktop.cli.context import AppContext, pass_app
from sensemaking_desktop.cli.output import (
    fail_unless_done,
    json_option,
    print_json,
    print_table,
    report,
    run_job,
)
from sensemaking_desktop.jobs import JobInfo


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
    found = app.jobs.jobs()
    if as_json:
        print_json([_job_json(job) for job in found])
        return
    print_table(
        ("id", "kind", "title", "status", "done", "failed", "total", "cause"),
        [(j.id, j.kind, j.title, j.status, j.done, j.failed, j.total, _cause(j)) for j in found],
    )


def _cause(job: JobInfo) -> str:
    """Why a job failed or partly failed, so the list alone tells a failed job from a finished one."""
    return (job.error or "") if job.status in ("failed", "partial") else ""


@jobs.command("show")
@click.argument("job_id", type=int)
@json_option
@pass_app
def show(app: AppContext, job_id: int, as_json: bool) -> None:
    """A job and its items."""
    queue = app.jobs
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
    queue = app.jobs
    finished = run_job(queue, job_id, queue.get(job_id).title).info
    summary = f"job {finished.id} {finished.status}: {finished.done}/{finished.total} done, {finished.failed} failed"
    report(_job_json(finished), as_json, summary)
    fail_unless_done(finished)


@jobs.command("cancel")
@click.argument("job_id", type=int)
@json_option
@pass_app
def cancel(app: AppContext, job_id: int, as_json: bool) -> None:
    """Stop a job; a running one stops after its current item."""
    job = app.jobs.cancel(job_id)
    report(_job_json(job), as_json, f"job {job.id} {job.status}")


@jobs.command("delete")
@click.argument("job_id", type=int)
@pass_app
def delete(app: AppContext, job_id: int) -> None:
    """Forget a job and its items (what it produced stays in the library)."""
    app.jobs.delete(job_id)
    click.echo(f"deleted job {job_id}")
