"""Transcription in a child process, as Buzz does it.

CTranslate2 and torch cannot be interrupted in the middle of a decoding step, so cancel
terminates the child instead, at once; and a crash in native code (out of memory, a bad
driver) ends the child, not the app. The child streams what it finds over a queue:
("duration", s), ("segment", text, start, end), ("progress", s), then ("done", language,
device) or ("error", message) or ("crash", message). A silent recording is not given to
the model at all (Whisper invents words for silence): it comes back with no segments.
"""

import functools
import multiprocessing
import queue
import signal
import threading
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from multiprocessing.process import BaseProcess
from multiprocessing.queues import Queue
from pathlib import Path
from typing import Any

import tqdm

from sensemaking_desktop.cancel import CancelToken, stop_child
from sensemaking_desktop.errors import Cancelled, SensemakingError
from sensemaking_desktop.ingest.asr import audio
from sensemaking_desktop.ingest.asr.backends import registered
from sensemaking_desktop.ingest.asr.decoding import DEFAULT, Decoding
from sensemaking_desktop.ingest.asr.models import Ct2Model
from sensemaking_desktop.ingest.errors import IngestError
from sensemaking_desktop.ingest.extracted import Block

_POLL_S = 0.1
"""How often the parent looks at the cancel token while it waits; cancel takes no longer than this."""

_EXIT_WAIT_S = 10.0
"""How long a child that has answered may take to exit (unloading torch takes a moment)."""

_LAST_WORDS_S = 1.0
"""How long to wait for messages a child wrote just before it exited."""


@dataclass(frozen=True)
class Job:
    """What the child needs; picklable, as the spawn start method requires."""

    path: Path
    backend: str
    model: Ct2Model
    language: str | None
    cache_dir: Path
    decoding: Decoding = DEFAULT


@dataclass
class Transcript:
    """What came back from the child."""

    blocks: list[Block] = field(default_factory=list)
    duration_s: float = 0.0
    language: str | None = None
    device: str | None = None
    """None when the recording was silent and no model was loaded."""


def run(job: Job, cancel: CancelToken, on_progress: Callable[[float, float], None] | None) -> Transcript:
    """Transcribe in a spawned child; raise `Cancelled` within `_POLL_S` of a cancel, `IngestError` on failure."""
    context = multiprocessing.get_context("spawn")
    messages = context.Queue()
    child = context.Process(target=child_main, args=(job, messages), name="sensemaking-asr", daemon=True)
    child.start()
    wait_s = 0.0
    try:
        transcript = _collect(child, messages, job.path, cancel, on_progress)
        wait_s = _EXIT_WAIT_S
        return transcript
    except IngestError:
        wait_s = _EXIT_WAIT_S  # the child answered, or is dead already
        raise
    finally:
        stop_child(child, wait_s=wait_s)
        messages.close()


def _collect(
    child: BaseProcess,
    messages: Queue,
    path: Path,
    cancel: CancelToken,
    on_progress: Callable[[float, float], None] | None,
) -> Transcript:
    transcript = Transcript()
    while True:
        if cancel.cancelled:
            raise Cancelled()
        message = _next_message(child, messages, path)
        if message is None:
            continue
        kind, *values = message
        if kind == "duration":
            transcript.duration_s = values[0]
            if on_progress is not None:
                on_progress(0.0, transcript.duration_s)
        elif kind == "segment":
            text, start, end = values
            transcript.blocks.append(Block(text=text, start_s=start, end_s=end))
        elif kind == "progress" and on_progress is not None:
            on_progress(min(values[0], transcript.duration_s), transcript.duration_s)
        elif kind == "done":
            transcript.language, transcript.device = values
            return transcript
        elif kind == "error":
            raise IngestError(values[0])
        elif kind == "crash":
            raise IngestError(f"Speech-to-text failed on {path.name}: {values[0]}")


def _next_message(child: BaseProcess, messages: Queue, path: Path) -> tuple | None:
    """The next message, None when there is none yet; an error when the child died without a word."""
    try:
        return messages.get(timeout=_POLL_S)
    except queue.Empty:
        if child.is_alive():
            return None
    try:
        return messages.get(timeout=_LAST_WORDS_S)
    except queue.Empty:
        raise IngestError(
            f"Speech-to-text stopped unexpectedly on {path.name} (exit code {child.exitcode}); "
            "the computer may have run out of memory"
        ) from None


def child_main(job: Job, messages: Queue) -> None:
    """The child's whole life: decode, transcribe, report. Every failure becomes a one-line message.

    Ctrl+C in a terminal reaches the whole process group; the parent decides what it means.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _thread_locks_for_tqdm()
    try:
        _transcribe(job, lambda *message: messages.put(message))
    except SensemakingError as error:
        messages.put(("error", str(error)))
    except Exception as error:  # any failure must reach the parent, which shows one line
        traceback.print_exc()
        first_line = next(iter(str(error).splitlines()), "")
        messages.put(("crash", f"{type(error).__name__}: {first_line}"))


def _thread_locks_for_tqdm() -> None:
    """tqdm, which both backends use, otherwise makes a multiprocessing lock: a named semaphore
    that a terminated child leaves behind and Python warns about at exit. One job per child
    needs only a thread lock."""
    tqdm.tqdm.set_lock(threading.RLock())


def _transcribe(job: Job, send: Callable[..., None]) -> None:
    samples = audio.decode(job.path)
    send("duration", len(samples) / audio.SAMPLE_RATE)
    language, device = job.language, None
    if not audio.is_silent(samples):
        try:
            language, device = _backend(job)(
                samples,
                job.model,
                language=job.language,
                decoding=job.decoding,
                on_segment=lambda text, start, end: send("segment", text, start, end),
                on_progress=lambda seconds: send("progress", seconds),
            )
        except IngestError as error:
            raise IngestError(f"Cannot transcribe {job.path.name}: {error}") from error
    send("progress", len(samples) / audio.SAMPLE_RATE)
    send("done", language, device)


def _backend(job: Job) -> Callable[..., Any]:
    """The registered transcribe function; its library is imported when it runs, in this child."""
    return functools.partial(registered()[job.backend].transcribe, cache_dir=job.cache_dir)
