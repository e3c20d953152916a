"""Persistent jobs: ordered items, each committed when it finishes, resumable after a crash."""

from sensemaking_desktop.jobs.handler import JobContext, JobHandler
from sensemaking_desktop.jobs.queue import JobInfo, JobProgress, JobQueue

__all__ = ["JobContext", "JobHandler", "JobInfo", "JobProgress", "JobQueue"]
