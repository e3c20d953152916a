"""Ukrainian speech on the default settings: espeak-ng's Ukrainian voice, base, the language given.

espeak-ng's Ukrainian is hard for base: on these 14 words it heard 3 right (WER 0.786, the same
in three runs, with one and two CPU threads). The bound allows one word more. A wrong-language
transcript fails it: the same recording decoded as Russian measured 0.929 and 1.214, as English
1.357, and with the language left to detection Whisper chose Hebrew (1.071).
docs/multilingual.md ("Speech") has the figures on longer paragraphs.
"""

from pathlib import Path

import pytest
import speech

from sensemaking_desktop.ingest.asr import DEFAULT_MODEL, available_models, transcribe

UKRAINIAN = "Доброго ранку. Сьогодні ми поговоримо про історію Європи. Завтра ми напишемо коротку контрольну роботу."
MAX_UKRAINIAN_WER = 12 / 14
"""Measured 11 of 14 words wrong; 12 may be."""

base = next(info for info in available_models() if info.name == DEFAULT_MODEL)
needs_base = pytest.mark.skipif(not base.installed, reason=f"{DEFAULT_MODEL} is not installed: {base.install}")
needs_espeak = pytest.mark.skipif(not speech.espeak_available(), reason="espeak-ng is not installed")


@needs_base
@needs_espeak
def test_base_transcribes_espeak_ukrainian_when_told_the_language(tmp_path: Path) -> None:
    recording = speech.speak(UKRAINIAN, tmp_path / "ukrainian.wav", voice="uk")

    result = transcribe(recording, language="uk", cache_dir=tmp_path / "asr-cache")
    heard = " ".join(block.text for block in result.blocks)

    assert result.language == "uk" and result.meta["asr_model"] == DEFAULT_MODEL
    assert (result.meta["asr_beam_size"], result.meta["asr_initial_prompt"]) == (5, None)
    assert speech.word_error_rate(UKRAINIAN, heard) <= MAX_UKRAINIAN_WER, heard
