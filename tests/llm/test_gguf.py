"""Bad model files are refused with a message that says what is wrong."""

from pathlib import Path

import pytest

from sensemaking_desktop.errors import ModelFileError
from sensemaking_desktop.llm.gguf import check_gguf, load_llama, read_metadata
from sensemaking_desktop.llm.registry import embedded_model_path


def test_metadata_of_the_embedded_model() -> None:
    metadata = read_metadata(embedded_model_path())
    assert metadata["general.architecture"] == "llama"
    assert int(metadata["llama.context_length"]) == 8192


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"", "empty or truncated"),
        (b"PK\x03\x04 a zip file" * 10, "not a GGUF"),
        (b"GGUF\x63\x00\x00\x00", "version 99"),
    ],
)
def test_wrong_headers_are_refused(tmp_path: Path, content: bytes, message: str) -> None:
    path = tmp_path / "model.gguf"
    path.write_bytes(content)
    with pytest.raises(ModelFileError, match=message):
        check_gguf(path)


def test_missing_file_and_folder_are_refused(tmp_path: Path) -> None:
    with pytest.raises(ModelFileError, match="not found"):
        check_gguf(tmp_path / "nope.gguf")
    with pytest.raises(ModelFileError, match="folder"):
        check_gguf(tmp_path)


def test_truncated_model_is_refused_with_llama_cpp_reason(tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "half.gguf"
    path.write_bytes(embedded_model_path().read_bytes()[:40_000_000])
    with pytest.raises(ModelFileError, match="truncated, damaged"):
        load_llama(path, n_ctx=256)
    assert capfd.readouterr().err == ""
