"""Speech recognisers register themselves: a new module in asr/backends/ is all a backend needs."""

import subprocess
import sys
from pathlib import Path

import pytest

from sensemaking_desktop.ingest.asr import backends as registry

BACKEND_MODULE = """
from sensemaking_desktop.ingest.asr.backends import backend


@backend("echo-asr", modules=("json",), install="nothing", rank=5)
def transcribe(samples, model, *, language, decoding, cache_dir, on_segment, on_progress):
    on_segment("echo", 0.0, 1.0)
    return language or "en", "cpu"
"""


def test_the_shipped_backends_are_registered_default_first_without_loading_their_libraries() -> None:
    found = registry.registered()
    assert list(found)[:2] == ["faster-whisper", "openai-whisper"]
    assert found["openai-whisper"].install == "openai-whisper and torch"
    listing = "from sensemaking_desktop.ingest.asr import ASR_BACKENDS; import sys; print(sorted(sys.modules))"
    loaded = subprocess.run([sys.executable, "-c", listing], capture_output=True, text=True, check=True).stdout
    assert "'faster_whisper'" not in loaded and "'whisper'" not in loaded and "'torch'" not in loaded


def test_a_module_dropped_into_the_package_is_a_backend(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "echo_asr.py").write_text(BACKEND_MODULE)
    monkeypatch.setattr(registry, "__path__", [*registry.__path__, str(tmp_path)])
    monkeypatch.setattr(registry, "_REGISTERED", dict(registry._REGISTERED))
    registry.registered.cache_clear()
    try:
        found = registry.registered()
        assert list(found)[:3] == ["faster-whisper", "openai-whisper", "echo-asr"]
        assert found["echo-asr"].installed
        said = []
        language, device = found["echo-asr"].transcribe(
            None,
            None,
            language=None,
            decoding=None,
            cache_dir=tmp_path,
            on_segment=lambda *s: said.append(s),
            on_progress=print,
        )
        assert (language, device, said) == ("en", "cpu", [("echo", 0.0, 1.0)])
    finally:
        sys.modules.pop(f"{registry.__name__}.echo_asr", None)
        registry.registered.cache_clear()
