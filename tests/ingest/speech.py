"""Real speech for the speech-to-text tests: espeak-ng speaks, PyAV re-encodes.

PyAV bundles FFmpeg's encoders (LAME, Opus, AAC, x264), so only espeak-ng is needed on the machine.
"""

import re
import shutil
import subprocess
import wave
from fractions import Fraction
from pathlib import Path

import av
import numpy as np

RATE = 22_050
"""espeak-ng's output rate."""


def espeak_available() -> bool:
    return shutil.which("espeak-ng") is not None


def speak(text: str, target: Path, *, voice: str = "en-us", words_per_minute: int = 150) -> Path:
    """A WAV file of espeak-ng reading `text`."""
    subprocess.run(["espeak-ng", "-v", voice, "-s", str(words_per_minute), "-w", str(target), text], check=True)
    return target


def samples_of(wav: Path) -> np.ndarray:
    """The mono float32 samples of a 16-bit WAV file that espeak-ng wrote, at `RATE`."""
    with wave.open(str(wav)) as file:
        assert (file.getnchannels(), file.getsampwidth(), file.getframerate()) == (1, 2, RATE)
        pcm = np.frombuffer(file.readframes(file.getnframes()), dtype="<i2")
    return pcm.astype(np.float32) / 32768.0


def write_audio(samples: np.ndarray, target: Path, codec: str, *, rate: int = RATE) -> Path:
    """Encode mono float32 samples with one of FFmpeg's audio encoders; the container follows the suffix."""
    with av.open(str(target), "w") as container:
        _encode_audio(container, _audio_stream(container, codec, rate), samples, rate)
    return target


def write_video(
    samples: np.ndarray, target: Path, video_codec: str, audio_codec: str | None, *, rate: int = RATE
) -> Path:
    """A small coloured video as long as the speech, with the speech as its sound track (if `audio_codec`)."""
    with av.open(str(target), "w") as container:
        video = container.add_stream(video_codec, rate=10)
        video.width, video.height, video.pix_fmt = 64, 48, "yuv420p"
        sound = _audio_stream(container, audio_codec, rate) if audio_codec else None
        picture = np.zeros((48, 64, 3), dtype=np.uint8)
        picture[..., 2] = 200
        for index in range(max(int(len(samples) / rate * 10), 10)):
            frame = av.VideoFrame.from_ndarray(picture, format="rgb24")
            frame.pts, frame.time_base = index, Fraction(1, 10)
            container.mux(video.encode(frame))
        container.mux(video.encode(None))
        if sound is not None:
            _encode_audio(container, sound, samples, rate)
    return target


def silence(seconds: float, *, rate: int = RATE) -> np.ndarray:
    return np.zeros(int(seconds * rate), dtype=np.float32)


def noise(seconds: float, *, level: float, rate: int = RATE) -> np.ndarray:
    """Quiet white noise, like a room with nobody speaking."""
    return np.random.default_rng(0).normal(0.0, level, int(seconds * rate)).astype(np.float32)


def word_error_rate(reference: str, hypothesis: str) -> float:
    """Word-level edit distance over the reference length, ignoring case and punctuation."""
    expected, got = _words(reference), _words(hypothesis)
    distances = list(range(len(got) + 1))
    for i, word in enumerate(expected, start=1):
        previous, distances[0] = distances[0], i
        for j, candidate in enumerate(got, start=1):
            previous, distances[j] = (
                distances[j],
                min(distances[j] + 1, distances[j - 1] + 1, previous + (word != candidate)),
            )
    return distances[-1] / max(len(expected), 1)


def _words(text: str) -> list[str]:
    return re.sub(r"[^\w\s']", " ", text.lower()).split()


def _audio_stream(container: av.container.OutputContainer, codec: str, rate: int) -> av.AudioStream:
    """Opus only takes 48 kHz; PyAV's encoder resamples and re-frames to what the codec wants."""
    return container.add_stream(codec, rate=48_000 if codec == "libopus" else rate, layout="mono")


def _encode_audio(
    container: av.container.OutputContainer, stream: av.AudioStream, samples: np.ndarray, rate: int
) -> None:
    frame = av.AudioFrame.from_ndarray(samples.reshape(1, -1), format="flt", layout="mono")
    frame.sample_rate, frame.pts, frame.time_base = rate, 0, Fraction(1, rate)
    container.mux(stream.encode(frame))
    container.mux(stream.encode(None))
