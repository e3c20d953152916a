"""Check that a Whisper model stored int8 by whisper_int8.py runs exactly as the float16 original
does on a CPU with `compute_type="int8"` (the app's setting there).

    python packaging/verify_whisper_int8.py ORIGINAL_FOLDER INT8_FOLDER clip.wav[:LANG] ...

For each clip: the encoder output of its first 30 s (`ctranslate2.models.Whisper.encode`, both
models loaded on the CPU with int8) must be equal to the bit; then the clip is transcribed by
faster-whisper with the app's settings (ingest/asr/faster.py and decoding.py: beam 5, VAD
filter, the language's initial prompt) and every segment's text, start, end, tokens, average
log-probability and no-speech probability must be equal. As a control that the comparison can
fail, the original's encoder output is also compared with its float32 run, which must differ.
Exits 1 on any difference. Needs faster-whisper (the build environment has it).
"""

import argparse
import os
import sys
from pathlib import Path

import ctranslate2
import numpy as np
from faster_whisper import WhisperModel
from faster_whisper.feature_extractor import FeatureExtractor

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sensemaking_desktop.ingest.asr import audio  # noqa: E402
from sensemaking_desktop.ingest.asr.backends.faster_whisper import transcribe_options  # noqa: E402
from sensemaking_desktop.ingest.asr.decoding import decoding_for  # noqa: E402

THREADS = os.cpu_count() or 0


def encoder_output(model: ctranslate2.models.Whisper, features: np.ndarray) -> np.ndarray:
    return np.array(model.encode(ctranslate2.StorageView.from_array(features[None]), to_cpu=True))


def first_window(samples: np.ndarray, extractor: FeatureExtractor) -> np.ndarray:
    """The log-mel features of the first 30 s, padded as faster-whisper pads them."""
    features = extractor(samples)[:, : extractor.nb_max_frames]
    padding = extractor.nb_max_frames - features.shape[1]
    return np.ascontiguousarray(np.pad(features, ((0, 0), (0, padding))) if padding > 0 else features)


def segments(model: WhisperModel, samples: np.ndarray, language: str | None) -> tuple[str, list[tuple]]:
    found, info = model.transcribe(samples, **transcribe_options(decoding_for(language), language))
    rows = [
        (segment.text, segment.start, segment.end, tuple(segment.tokens), segment.avg_logprob, segment.no_speech_prob)
        for segment in found
    ]
    return info.language, rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("original", type=Path)
    parser.add_argument("converted", type=Path)
    parser.add_argument("clips", nargs="+", help="Audio files, each optionally followed by :LANG (e.g. talk.mp3:de).")
    arguments = parser.parse_args(argv)
    options = {"device": "cpu", "compute_type": "int8", "intra_threads": THREADS}
    original = ctranslate2.models.Whisper(str(arguments.original), **options)
    converted = ctranslate2.models.Whisper(str(arguments.converted), **options)
    control = ctranslate2.models.Whisper(str(arguments.original), **{**options, "compute_type": "float32"})
    extractor = FeatureExtractor(feature_size=original.n_mels)
    failures = 0
    encoded = []
    for clip in arguments.clips:
        path, _, language = clip.partition(":")
        samples = audio.decode(Path(path))
        features = first_window(samples, extractor)
        expected, got = encoder_output(original, features), encoder_output(converted, features)
        float32 = encoder_output(control, features)
        same = expected.shape == got.shape and np.array_equal(expected.view(np.uint32), got.view(np.uint32))
        difference = float(np.max(np.abs(expected - got)))
        print(
            f"{Path(path).name}: {len(samples) / audio.SAMPLE_RATE:.1f} s, encoder {expected.shape} "
            f"{'bit-identical' if same else 'DIFFERS'} (max |diff| {difference:.3g}; "
            f"control int8 vs float32 max |diff| {float(np.max(np.abs(expected - float32))):.3g})",
            flush=True,
        )
        failures += not same
        encoded.append((path, language or None, samples))
    del original, converted, control
    models = {
        name: WhisperModel(str(folder), device="cpu", compute_type="int8", cpu_threads=THREADS)
        for name, folder in (("original", arguments.original), ("converted", arguments.converted))
    }
    for path, language, samples in encoded:
        (language_a, rows_a), (language_b, rows_b) = (segments(model, samples, language) for model in models.values())
        same = language_a == language_b and rows_a == rows_b
        failures += not same
        words = sum(len(row[0].split()) for row in rows_a)
        print(
            f"{Path(path).name}: language {language_a}, {len(rows_a)} segments, {words} words: "
            f"{'identical' if same else 'DIFFERENT'} (text, times, tokens, log-probabilities)",
            flush=True,
        )
        if not same:
            for row_a, row_b in zip(rows_a, rows_b, strict=False):
                if row_a != row_b:
                    print(f"  original:  {row_a[:3]}\n  converted: {row_b[:3]}")
                    break
        elif rows_a:
            print(f"  {rows_a[0][1]:.2f}-{rows_a[0][2]:.2f} {rows_a[0][0].strip()[:90]}")
    print("all identical" if failures == 0 else f"{failures} difference(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
