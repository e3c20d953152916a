"""Where models come from besides the library: saved servers and their API keys, GGUF files
that Ollama or LM Studio downloaded, Hugging Face URLs; plus the first-run recommendation
and requests sent in parallel."""

import os
import threading
import time
from pathlib import Path

import pytest
from fakeopenai import MODEL, FakeOpenAI
from ollamastore import ollama_store

from sensemaking_desktop import paths
from sensemaking_desktop.cancel import NEVER
from sensemaking_desktop.errors import ServerError
from sensemaking_desktop.llm.catalogue import load_catalogue
from sensemaking_desktop.llm.found import find_on_disk, found_on_disk
from sensemaking_desktop.llm.parallel import map_ordered
from sensemaking_desktop.llm.recommend import first_run, recommend
from sensemaking_desktop.llm.registry import ModelRegistry, embedded_model_path, hugging_face_file
from sensemaking_desktop.llm.servers import ServerModel


def test_an_ollama_model_is_found_and_used_where_it_lies(
    registry: ModelRegistry, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, data_dir: Path
) -> None:
    blob = ollama_store(tmp_path / "ollama")
    monkeypatch.setenv("OLLAMA_MODELS", str(tmp_path / "ollama"))
    (found,) = [model for model in found_on_disk() if model.source == "ollama"]
    assert (found.name, found.path, found.sha256) == ("smollm2:135m", blob, "ab" * 32)
    model = registry.register(registry.resolve("smollm2:135m"))
    assert model.path == blob.resolve() and model.sha256 == "ab" * 32 and model.source == "local"
    assert not paths.models_dir(data_dir).exists() or not any(paths.models_dir(data_dir).iterdir())
    assert registry.found_on_disk() == [] and registry.resolve("smollm2-135m") == model


def test_lm_studio_files_are_found_and_projectors_and_junk_skipped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("OLLAMA_MODELS", str(tmp_path / "none"))
    folder = tmp_path / ".lmstudio" / "models" / "pub" / "repo"
    folder.mkdir(parents=True)
    os.link(embedded_model_path(), folder / "Small-Q4.gguf")
    os.link(embedded_model_path(), folder / "mmproj-Small.gguf")
    (folder / "broken.gguf").write_bytes(b"not a model")
    assert [(model.name, model.source) for model in found_on_disk()] == [("pub/Small-Q4", "lm-studio")]
    assert find_on_disk("pub-small-q4") is not None


def test_servers_are_saved_without_their_keys_and_resolve_by_name(
    registry: ModelRegistry, fake_openai: FakeOpenAI, monkeypatch: pytest.MonkeyPatch
) -> None:
    server = registry.add_server("lab", fake_openai.url + "/", api_key_env="LAB_KEY")
    monkeypatch.setenv("LAB_KEY", "s3cret-value")
    assert server.url == fake_openai.url and server.config().api_key == "s3cret-value"
    resolved = registry.resolve(f"lab#{MODEL}")
    assert isinstance(resolved, ServerModel) and resolved.model_id == MODEL and resolved.url == fake_openai.url
    backend = registry.engine("lab")
    assert backend.identity.server_url == fake_openai.url and backend.identity.file == MODEL
    assert b"s3cret-value" not in registry.store.path.read_bytes()
    assert registry.resolve(fake_openai.url).server == server
    assert [saved.name for saved in registry.servers()] == ["lab"]
    registry.remove_server("lab")
    assert registry.servers() == []


@pytest.mark.parametrize("name", ["http://x", "with space", "", "a/b"])
def test_bad_server_names_are_refused(registry: ModelRegistry, name: str) -> None:
    with pytest.raises(ServerError):
        registry.add_server(name, "http://127.0.0.1:1/v1")


@pytest.mark.parametrize(
    ("ref", "expected"),
    [
        ("hf://org/repo/model-Q4_K_M.gguf", ("org/repo", "model-Q4_K_M.gguf", "main")),
        ("https://huggingface.co/org/repo/resolve/abc123/sub/m.gguf", ("org/repo", "sub/m.gguf", "abc123")),
        ("https://huggingface.co/org/repo/blob/main/m.gguf?download=true", ("org/repo", "m.gguf", "main")),
        ("qwen2.5-3b-instruct-q4_k_m", None),
        ("https://example.com/org/repo/resolve/main/m.gguf", None),
    ],
)
def test_hugging_face_references(ref: str, expected: tuple[str, str, str] | None) -> None:
    assert hugging_face_file(ref) == expected


def test_recommendation_fits_memory_gpu_and_language() -> None:
    catalogue = load_catalogue()
    small = recommend(catalogue, ram_bytes=4_000_000_000)
    assert small is not None and small.entry.ram_gb <= 2.0 and small.command.endswith(small.entry.name)
    laptop = recommend(catalogue, ram_bytes=16_000_000_000)
    assert laptop is not None and laptop.entry.size_bytes <= 2_500_000_000
    gpu = recommend(catalogue, ram_bytes=32_000_000_000, gpu_memory_bytes=12_000_000_000)
    assert gpu is not None and gpu.entry.size_bytes > laptop.entry.size_bytes
    german = recommend(catalogue, ram_bytes=16_000_000_000, language="de")
    assert german is not None and "de" in german.entry.languages
    assert recommend(catalogue, ram_bytes=500_000_000) is None


def test_first_run_advice_only_while_the_embedded_model_is_alone(registry: ModelRegistry, tmp_path: Path) -> None:
    advice = first_run(registry)
    assert advice is not None and advice.recommendation is not None
    assert "sensemaking models download" in "\n".join(advice.lines())
    copy = tmp_path / "mine.gguf"
    os.link(embedded_model_path(), copy)
    registry.add_local(copy)
    assert first_run(registry) is None


def test_parallel_requests_keep_input_order_and_overlap() -> None:
    running, most = [], []
    lock = threading.Lock()

    def work(number: int) -> int:
        with lock:
            running.append(number)
            most.append(len(running))
        time.sleep(0.05 * (5 - number))
        with lock:
            running.remove(number)
        return number * 10

    done: list[int] = []
    assert map_ordered(work, [0, 1, 2, 3, 4], 4, NEVER, lambda index, _: done.append(index)) == [0, 10, 20, 30, 40]
    assert max(most) == 4 and sorted(done) == [0, 1, 2, 3, 4] and done != [0, 1, 2, 3, 4]


def test_a_server_added_by_its_address_alone_is_saved_once_it_answers(
    registry: ModelRegistry, fake_openai: FakeOpenAI
) -> None:
    server, served = registry.add_reachable_server(fake_openai.url + "/")
    assert (server.name, server.url, served) == ("127.0.0.1", fake_openai.url, [MODEL])
    again, _ = registry.add_reachable_server(fake_openai.url)
    assert again == server and [saved.name for saved in registry.servers()] == ["127.0.0.1"]
    registry.add_server("127.0.0.1-other", "http://127.0.0.1:1/v1")
    registry.remove_server("127.0.0.1")
    registry.add_server("127.0.0.1", "http://127.0.0.1:2/v1")
    third, _ = registry.add_reachable_server(fake_openai.url)
    assert third.name == "127.0.0.1-2", "a name another server holds is not taken over"


def test_an_unreachable_or_refusing_server_saves_nothing(registry: ModelRegistry, memory_keyring) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ServerError, match="Could not reach"):
        registry.add_reachable_server("http://127.0.0.1:1/v1", api_key="k")
    with pytest.raises(ServerError, match="not a server address"):
        registry.add_reachable_server("localhost:8080")
    with FakeOpenAI(api_key="right-key") as locked:
        with pytest.raises(ServerError, match="refused the API key"):
            registry.add_reachable_server(locked.url, api_key="wrong-key")
        assert registry.servers() == [] and memory_keyring.passwords == {}
        server, _ = registry.add_reachable_server(locked.url, api_key="right-key")
        assert memory_keyring.passwords == {("sensemaking-desktop", locked.url): "right-key"}
        assert server.config().api_key == "right-key" and b"right-key" not in registry.store.path.read_bytes()
