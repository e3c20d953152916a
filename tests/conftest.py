"""Shared fixtures: a fresh data folder and library per test, the real embedded model, a fake hub."""

from collections.abc import Iterator
from pathlib import Path

import pytest
from fakehub import gguf, hub, server  # noqa: F401  (fixtures)

from sensemaking_desktop.llm.llama_engine import LlamaEngine
from sensemaking_desktop.llm.registry import ModelRegistry
from sensemaking_desktop.store import Store, open_store


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "data"
    monkeypatch.setenv("SENSEMAKING_DATA_DIR", str(folder))
    return folder


@pytest.fixture
def store(data_dir: Path) -> Iterator[Store]:
    with open_store(data_dir) as opened:
        yield opened


@pytest.fixture
def registry(store: Store, data_dir: Path) -> ModelRegistry:
    return ModelRegistry(store, data_dir)


@pytest.fixture(scope="session")
def engine(tmp_path_factory: pytest.TempPathFactory) -> LlamaEngine:
    """The embedded SmolLM2 model, loaded once for the whole run."""
    folder = tmp_path_factory.mktemp("engine-data")
    with open_store(folder) as opened:
        return ModelRegistry(opened, folder).engine()
