"""A model is checked before work is stored for it: files by their GGUF header, servers by asking
them; and a server is saved only once it answered."""

import socket
from pathlib import Path

import pytest
from fakeopenai import MODEL, FakeOpenAI
from memorykeyring import MemoryKeyring

from sensemaking_desktop.errors import ModelFileError, ServerError
from sensemaking_desktop.llm.registry import EMBEDDED_NAME, ModelRegistry
from sensemaking_desktop.llm.servers import ServerModel


def dead_url() -> str:
    """An address on this machine where nothing listens (a port just freed)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    return f"http://127.0.0.1:{port}/v1"


def test_usable_models_pass_the_check(registry: ModelRegistry, fake_openai: FakeOpenAI) -> None:
    assert registry.check().name == EMBEDDED_NAME
    served = registry.check(f"{fake_openai.url}#{MODEL}")
    assert isinstance(served, ServerModel) and served.model_id == MODEL


def test_unusable_models_are_refused_with_their_cause(
    registry: ModelRegistry, fake_openai: FakeOpenAI, tmp_path: Path
) -> None:
    text = tmp_path / "notes.txt"
    text.write_text("hello\n")
    with pytest.raises(ModelFileError, match="not found"):
        registry.check(str(tmp_path / "missing.gguf"))
    with pytest.raises(ModelFileError, match="notes.txt is not a GGUF model file"):
        registry.check(str(text))
    with pytest.raises(ModelFileError, match="No model named 'nonesuch'"):
        registry.check("nonesuch")
    with pytest.raises(ServerError, match="Could not reach the model server"):
        registry.check(dead_url())
    with pytest.raises(ServerError, match=f"has no model 'other'; it serves: {MODEL}"):
        registry.check(f"{fake_openai.url}#other")
    assert [model.name for model in registry.installed()] == [EMBEDDED_NAME]


def test_a_server_is_saved_only_once_it_answered(registry: ModelRegistry, fake_openai: FakeOpenAI) -> None:
    with pytest.raises(ServerError, match="Could not reach"):
        registry.add_answering_server("gone", dead_url())
    assert registry.servers() == []
    server, served = registry.add_answering_server("lab", fake_openai.url)
    assert (server.name, server.url, served) == ("lab", fake_openai.url, [MODEL])
    assert [saved.name for saved in registry.servers()] == ["lab"]


def test_a_key_reaches_the_keyring_only_when_the_server_took_it(
    registry: ModelRegistry, memory_keyring: MemoryKeyring
) -> None:
    with FakeOpenAI(api_key="right-key") as locked:
        with pytest.raises(ServerError, match="refused the API key"):
            registry.add_answering_server("locked", locked.url, api_key="wrong-key")
        assert registry.servers() == [] and not memory_keyring.passwords
        server, _ = registry.add_answering_server("locked", locked.url, api_key="right-key")
        assert server.config().api_key == "right-key"
