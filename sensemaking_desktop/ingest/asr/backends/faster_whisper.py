"""The default backend: faster-whisper on CTranslate2, 2.5-5x faster than openai-whisper on a CPU (both beam 5)."""

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from sensemaking_desktop.ingest.asr.backends import backend
from sensemaking_desktop.ingest.asr.decoding import Decoding
from sensemaking_desktop.ingest.asr.models import Ct2Model
from sensemaking_desktop.ingest.errors import IngestError


@backend("faster-whisper", modules=("faster_whisper", "ctranslate2", "av"), install="faster-whisper", rank=0)
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
    """Stream segments as they are decoded; returns the language (given or detected) and the device used.

    int8 on a CPU (about 1.4x faster than float32 on two cores), float16 on a GPU. The VAD
    filter skips silence, which is both faster and where Whisper would otherwise invent words.
    The model's own folder is all it reads, so `cache_dir` is not used.
    """
    import ctranslate2
    from faster_whisper import WhisperModel

    device, compute_type = ("cuda", "float16") if ctranslate2.get_cuda_device_count() > 0 else ("cpu", "int8")
    whisper = WhisperModel(str(model.folder), device=device, compute_type=compute_type, cpu_threads=os.cpu_count() or 0)
    if language is not None and whisper.hf_tokenizer.token_to_id(f"<|{language}|>") is None:
        raise IngestError(f"{language!r} is not a language code Whisper knows")
    segments, info = whisper.transcribe(samples, **transcribe_options(decoding, language))
    for segment in segments:
        on_segment(segment.text.strip(), segment.start, segment.end)
        on_progress(segment.end)
    return info.language, device


def transcribe_options(decoding: Decoding, language: str | None) -> dict[str, Any]:
    """What the app asks of WhisperModel.transcribe; packaging/verify_whisper_int8.py decodes
    with the same, so that it checks the int8 weights as the app uses them."""
    return {
        "language": language,
        "beam_size": decoding.beam_size,
        "initial_prompt": decoding.initial_prompt,
        "vad_filter": True,
    }
