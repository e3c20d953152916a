"""Reading recordings through PyAV, which bundles FFmpeg's libraries, so no system ffmpeg is needed.

`probe` is cheap and runs before any model is loaded, so a bad file is refused at once;
`decode` gives the 16 kHz mono float32 samples that both Whisper backends take.
"""

from pathlib import Path

import av
import numpy as np

from sensemaking_desktop.ingest.errors import IngestError

SAMPLE_RATE = 16_000
"""Whisper's input rate."""

SILENCE_PEAK = 10 ** (-60 / 20)
"""Below -60 dBFS everywhere a recording holds nothing a person could hear."""


def probe(path: Path) -> str:
    """ "audio" or "video", after checking the file has a sound track; raises `IngestError` saying why not."""
    try:
        size = path.stat().st_size
    except OSError as error:
        raise IngestError(f"Cannot read {path.name}: {error.strerror or error}.") from error
    if size == 0:
        raise IngestError(f"{path.name} is empty (0 bytes).")
    try:
        with av.open(str(path), metadata_errors="ignore") as container:
            has_audio = bool(container.streams.audio)
            has_video = _has_moving_pictures(container)
    except av.error.FFmpegError as error:
        raise _unreadable(path) from error
    if not has_audio and has_video:
        raise IngestError(f"{path.name} is a video without a sound track; there is no speech to transcribe.")
    if not has_audio:
        raise _unreadable(path)
    return "video" if has_video else "audio"


def decode(path: Path) -> np.ndarray:
    """The first sound track as float32 samples, mono, 16 kHz; damaged packets are left out."""
    try:
        with av.open(str(path), metadata_errors="ignore") as container:
            chunks, damaged = _decode_packets(container)
    except av.error.FFmpegError as error:
        raise _unreadable(path) from error
    if not chunks and damaged:
        raise _unreadable(path)
    if not chunks:
        raise IngestError(f"{path.name} has a sound track with no sound in it.")
    return np.concatenate(chunks).astype(np.float32, copy=False)


def is_silent(samples: np.ndarray) -> bool:
    """True for digital silence or near it, which Whisper would otherwise fill with invented words."""
    return samples.size == 0 or float(np.max(np.abs(samples))) < SILENCE_PEAK


def _has_moving_pictures(container: av.container.InputContainer) -> bool:
    """A video stream that is not album art, in a container that is not a still image."""
    if container.format.name == "image2" or container.format.name.endswith("_pipe"):
        return False
    return any(not stream.disposition & av.stream.Disposition.attached_pic for stream in container.streams.video)


def _decode_packets(container: av.container.InputContainer) -> tuple[list[np.ndarray], int]:
    """Resampled chunks of the first sound track, and how many packets were damaged.

    Like a player, a damaged packet is skipped (its glitch lost) and decoding goes on.
    """
    resampler = av.AudioResampler(format="flt", layout="mono", rate=SAMPLE_RATE)
    chunks: list[np.ndarray] = []
    damaged = 0
    for packet in container.demux(container.streams.audio[0]):
        try:
            frames = packet.decode()
        except av.error.FFmpegError:
            damaged += 1
            continue
        for frame in frames:
            chunks.extend(resampled.to_ndarray().reshape(-1) for resampled in resampler.resample(frame))
    chunks.extend(resampled.to_ndarray().reshape(-1) for resampled in resampler.resample(None))
    return chunks, damaged


def _unreadable(path: Path) -> IngestError:
    return IngestError(f"{path.name} is not an audio or video file we can read.")
