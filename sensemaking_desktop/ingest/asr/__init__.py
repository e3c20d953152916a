"""Speech to text for audio and video materials, offline, with two Whisper backends behind one call.

faster-whisper (CTranslate2) is the default: faster on a CPU and needs no system ffmpeg.
openai-whisper is the reference implementation, run on the same weights converted to its
format. Both run in a child process so that cancel is immediate; see `worker`. Each backend is
one module in asr/backends/, which registers itself there.
"""

import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from sensemaking_desktop.cancel import NEVER, CancelToken
from sensemaking_desktop.ingest.asr import models
from sensemaking_desktop.ingest.asr.backends import registered
from sensemaking_desktop.ingest.asr.decoding import decoding_for
from sensemaking_desktop.ingest.asr.models import ModelInfo, available_models
from sensemaking_desktop.ingest.errors import IngestError
from sensemaking_desktop.ingest.extracted import Extracted

if TYPE_CHECKING:
    from sensemaking_desktop.ingest.asr import worker

__all__ = ["ASR_BACKENDS", "DEFAULT_BACKEND", "DEFAULT_MODEL", "ModelInfo", "available_models", "transcribe"]

ASR_BACKENDS = tuple(registered())
"""The registered backends (asr/backends/), the default first."""
DEFAULT_BACKEND = ASR_BACKENDS[0]
DEFAULT_MODEL = "base"
"""Multilingual: teachers record in German, Czech and Ukrainian as well as English."""


def transcribe(
    path: Path,
    *,
    backend: str = DEFAULT_BACKEND,
    model: str = DEFAULT_MODEL,
    language: str | None = None,
    cancel: CancelToken = NEVER,
    on_progress: Callable[[float, float], None] | None = None,
    cache_dir: Path | None = None,
) -> Extracted:
    """A recording's speech as one block per segment, with start and end in seconds.

    `language` is an ISO 639-1 code; None lets Whisper detect it (unreliable on synthetic
    voices, so pass it when known). An English-only `model` is used only for a recording said to
    be English; with the language unknown the multilingual default transcribes instead, where it
    is installed (`meta["asr_model"]` names the one used). A given language is decoded with its measured defaults
    (`decoding.BY_LANGUAGE`). `on_progress(seconds_done, seconds_total)` is called from
    this thread. `cache_dir` holds the joined and converted weights (default: the user's
    cache folder). Raises `IngestError` with a one-line reason naming the file, `Cancelled`
    within a fraction of a second of `cancel`.
    """
    from sensemaking_desktop.ingest.asr import audio, worker  # PyAV and multiprocessing: only when transcribing

    kind = audio.probe(path)
    language = (language or "").strip().lower() or None
    cache_dir = cache_dir or models.default_cache_dir()
    model = _model_for(model, language)
    ct2 = _prepare_model(path, backend, model, language, cache_dir, cancel)
    started = time.monotonic()
    job = worker.Job(path, backend, ct2, language, cache_dir, decoding_for(language))
    transcript = worker.run(job, cancel, on_progress)
    return _extracted(job, model, kind, transcript, time.monotonic() - started)


def _extracted(job: "worker.Job", model: str, kind: str, transcript: "worker.Transcript", seconds: float) -> Extracted:
    """The transcript as a material, refused when it holds no speech; its meta says what made it
    (backend, model and weights, decoding), so that a transcription can be repeated and compared."""
    blocks = [block for block in transcript.blocks if block.text]
    if not blocks:
        raise IngestError(f"No speech found in {job.path.name}: it holds only silence or noise.")
    return Extracted(
        title=job.path.stem,
        kind=kind,
        blocks=blocks,
        language=transcript.language,
        meta={
            "asr_backend": job.backend,
            "asr_model": model,
            "asr_beam_size": job.decoding.beam_size,
            "asr_initial_prompt": job.decoding.initial_prompt,
            "model_sha256": job.model.sha256,
            "duration_s": transcript.duration_s,
            "device": transcript.device,
            "transcribe_s": seconds,
        },
    )


def _model_for(name: str, language: str | None) -> str:
    """The model to transcribe with: an English-only one turns a German lecture into English-sounding
    nonsense, so it is kept only when the user said the recording is English (or no other is here)."""
    spec = models.MODELS.get(name)
    if spec is None or spec.multilingual or language is not None:
        return name
    default = next(info for info in available_models() if info.name == DEFAULT_MODEL)
    return DEFAULT_MODEL if default.installed else name


def _prepare_model(
    path: Path, backend: str, name: str, language: str | None, cache_dir: Path, cancel: CancelToken
) -> models.Ct2Model:
    """Check the choice before a child is started, so a wrong setting is refused at once."""
    if backend not in ASR_BACKENDS:
        raise IngestError(
            f"Cannot transcribe {path.name}: unknown backend {backend!r}; choose {' or '.join(ASR_BACKENDS)}"
        )
    if not registered()[backend].installed:
        raise IngestError(
            f"Cannot transcribe {path.name}: the {backend} backend needs {registered()[backend].install} installed"
        )
    try:
        weights = models.find_weights(name)
        if not weights.multilingual and language not in (None, "en"):
            raise IngestError(
                f"speech model {name!r} understands English only; "
                f"choose a multilingual model such as {DEFAULT_MODEL!r} for {language!r}"
            )
        return models.ct2_model(weights, cache_dir, cancel)
    except IngestError as error:
        raise IngestError(f"Cannot transcribe {path.name}: {error}") from error
