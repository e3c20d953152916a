"""Persistent jobs: ordered items, each committed when it finishes, resumable after a crash."""

from sensemaking_desktop.jobs.handler import HANDLERS, EngineFactory, HandlerRegistry, JobContext, JobHandler
from sensemaking_desktop.jobs.queue import JobInfo, JobProgress, JobQueue

__all__ = [
    "HANDLERS",
    "EngineFactory",
    "HandlerRegistry",
    "JobContext",
    "JobHandler",
    "JobInfo",
    "JobProgress",
    "JobQueue",
]
