"""The model registry: embedded default, local files, catalogue downloads from a local hub, removal."""

import hashlib
import json
import shutil
from pathlib import Path

import pytest
from fakehub import REPO, REVISION, FakeHub

from sensemaking_desktop import paths
from sensemaking_desktop.errors import ModelFileError
from sensemaking_desktop.llm import catalogue
from sensemaking_desktop.llm.catalogue import load_catalogue
from sensemaking_desktop.llm.registry import EMBEDDED_NAME, ModelRegistry, embedded_model_path
from sensemaking_desktop.settings import Settings


def test_embedded_model_is_the_default_with_its_real_sha256(registry: ModelRegistry) -> None:
    model = registry.resolve(None)
    assert model.name == EMBEDDED_NAME and model.source == "embedded"
    assert model.sha256 == hashlib.sha256(embedded_model_path().read_bytes()).hexdigest()


def test_shipped_catalogue_lists_real_downloadable_models() -> None:
    entries = load_catalogue()
    assert len(entries) >= 5
    assert len({entry.name for entry in entries}) == len(entries)
    assert all(entry.file.endswith(".gguf") and entry.size_bytes > 100_000_000 for entry in entries)


def test_local_file_is_added_once_and_resolves_by_name_and_path(registry: ModelRegistry, tmp_path: Path) -> None:
    copy = tmp_path / "My-Model.gguf"
    shutil.copy(embedded_model_path(), copy)
    added = registry.add_local(copy)
    assert added.name == "my-model" and added.source == "local"
    assert registry.add_local(copy) == added
    assert registry.resolve("my-model") == added
    assert registry.resolve(str(copy)) == added


def test_a_different_file_with_the_same_name_gets_its_own_name(registry: ModelRegistry, tmp_path: Path) -> None:
    for folder in ("a", "b"):
        (tmp_path / folder).mkdir()
        shutil.copy(embedded_model_path(), tmp_path / folder / "model.gguf")
    first = registry.add_local(tmp_path / "a" / "model.gguf")
    second = registry.add_local(tmp_path / "b" / "model.gguf")
    assert (first.name, second.name) == ("model", "model-2")


def test_changed_file_is_rehashed(registry: ModelRegistry, tmp_path: Path) -> None:
    copy = tmp_path / "m.gguf"
    shutil.copy(embedded_model_path(), copy)
    before = registry.add_local(copy)
    with copy.open("ab") as handle:
        handle.write(b"\0" * 16)
    assert registry.resolve("m").sha256 != before.sha256


@pytest.mark.parametrize("content", [b"", b"not a model at all" * 100])
def test_bad_local_files_are_refused(registry: ModelRegistry, tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "bad.gguf"
    path.write_bytes(content)
    with pytest.raises(ModelFileError):
        registry.add_local(path)
    assert [model.name for model in registry.installed()] == [EMBEDDED_NAME]


def test_truncated_local_file_is_refused(registry: ModelRegistry, tmp_path: Path) -> None:
    path = tmp_path / "half.gguf"
    path.write_bytes(embedded_model_path().read_bytes()[:30_000_000])
    with pytest.raises(ModelFileError, match="truncated"):
        registry.add_local(path)


def test_unknown_names_say_what_to_do(registry: ModelRegistry) -> None:
    with pytest.raises(ModelFileError, match="models list"):
        registry.resolve("no-such-model")
    name = load_catalogue()[0].name
    with pytest.raises(ModelFileError, match=f"models download {name}"):
        registry.resolve(name)


def test_default_model_setting_is_used(registry: ModelRegistry, tmp_path: Path) -> None:
    copy = tmp_path / "fav.gguf"
    shutil.copy(embedded_model_path(), copy)
    registry.add_local(copy)
    registry.store.save_settings(Settings(default_model="fav"))
    assert registry.resolve(None).name == "fav"


@pytest.fixture
def hub_catalogue(hub: FakeHub, gguf, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, registry: ModelRegistry) -> str:
    """A catalogue with one entry that the local hub serves, and the endpoint set to it."""
    _, sha, size = gguf
    entry = {
        "name": "tiny-test",
        "title": "Tiny",
        "repo": REPO,
        "file": "model.gguf",
        "revision": REVISION,
        "size_bytes": size,
        "sha256": sha,
        "license": "apache-2.0",
        "ram_gb": 0.5,
        "context_length": 8192,
        "languages": ["en"],
        "good_for": "tests",
    }
    path = tmp_path / "catalogue.json"
    path.write_text(json.dumps({"version": 1, "models": [entry]}))
    monkeypatch.setattr(paths, "catalogue_path", lambda: path)
    catalogue.load_catalogue.cache_clear()
    registry.store.save_settings(Settings(hf_endpoint=hub.url))
    yield "tiny-test"
    catalogue.load_catalogue.cache_clear()


def test_download_registers_a_verified_catalogue_model_and_remove_deletes_it(
    registry: ModelRegistry, hub_catalogue: str, data_dir: Path
) -> None:
    progress: list[int] = []
    model = registry.download(hub_catalogue, on_progress=lambda done, total: progress.append(done))
    assert model.source == "catalogue" and model.path.is_relative_to(paths.models_dir(data_dir))
    assert progress[-1] == model.size_bytes
    assert registry.resolve(hub_catalogue) == model
    registry.remove(hub_catalogue)
    assert not model.path.exists()
    assert hub_catalogue not in [m.name for m in registry.installed()]


def test_removing_a_local_model_keeps_the_users_file(registry: ModelRegistry, tmp_path: Path) -> None:
    copy = tmp_path / "mine.gguf"
    shutil.copy(embedded_model_path(), copy)
    registry.add_local(copy)
    registry.remove("mine")
    assert copy.exists()
    with pytest.raises(ModelFileError, match="cannot be removed"):
        registry.remove(EMBEDDED_NAME)
