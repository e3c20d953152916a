"""openai-whisper, the reference implementation, on weights converted from the packaged CTranslate2 files."""

import importlib
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace

import numpy as np

from sensemaking_desktop.ingest.asr.backends import backend
from sensemaking_desktop.ingest.asr.decoding import Decoding
from sensemaking_desktop.ingest.asr.models import MODEL_FILE, Ct2Model
from sensemaking_desktop.ingest.errors import IngestError


def checkpoint_path(model: Ct2Model, cache_dir: Path) -> Path:
    """Named after the source weights' sha256, so new weights are converted again."""
    return cache_dir / "whisper-pt" / f"{model.name}-{model.sha256[:16]}.pt"


@backend("openai-whisper", modules=("whisper", "torch", "av"), install="openai-whisper and torch", rank=1)
def transcribe(
    samples: np.ndarray,
    model: Ct2Model,
    *,
    language: str | None,
    decoding: Decoding,
    cache_dir: Path,
    on_segment: Callable[[str, float, float], None],
    on_progress: Callable[[float], None],
) -> tuple[str, str]:
    """Transcribe the samples, converting the weights on first use; returns the language and the device used.

    The samples are decoded by PyAV, so openai-whisper never calls the ffmpeg program.
    openai-whisper hands segments back only at the end; progress comes through its tqdm bar.
    The beam is set as for faster-whisper: the library's own default, greedy decoding, made
    twice the word errors on the German sample.
    """
    import torch
    import whisper
    from whisper.tokenizer import LANGUAGES

    from sensemaking_desktop.ingest.asr.convert import convert

    if language is not None and language not in LANGUAGES:
        raise IngestError(f"{language!r} is not a language code Whisper knows")
    checkpoint = checkpoint_path(model, cache_dir)
    if not checkpoint.is_file():
        convert(model.folder / MODEL_FILE, checkpoint)
    device = "cuda" if torch.cuda.is_available() else "cpu"
    loaded = whisper.load_model(str(checkpoint), device=device)
    _report_progress_to(on_progress)
    result = loaded.transcribe(
        samples,
        language=language,
        beam_size=decoding.beam_size,
        best_of=decoding.beam_size,
        initial_prompt=decoding.initial_prompt,
        fp16=device == "cuda",
        verbose=None,
    )
    for segment in result["segments"]:
        on_segment(segment["text"].strip(), segment["start"], segment["end"])
    return result["language"], device


def _report_progress_to(on_progress: Callable[[float], None]) -> None:
    """Stand in for tqdm inside whisper.transcribe, its only progress report.

    This patches the library's module, which is safe because the backend runs alone in its
    own worker process.
    """
    from whisper.audio import HOP_LENGTH, SAMPLE_RATE

    frames_per_second = SAMPLE_RATE / HOP_LENGTH

    class Progress:
        def __init__(self, **_: object) -> None:
            self.frames = 0

        def __enter__(self) -> "Progress":
            return self

        def __exit__(self, *_: object) -> None:
            return None

        def update(self, frames: int) -> None:
            self.frames += frames
            on_progress(self.frames / frames_per_second)

    importlib.import_module("whisper.transcribe").tqdm = SimpleNamespace(tqdm=Progress)
