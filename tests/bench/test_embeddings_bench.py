"""`bench embeddings`: distinct texts, and one backend measured in its own process."""

import pytest

from sensemaking_desktop.bench.embeddings import run, texts


def test_the_texts_are_distinct_so_the_cache_cannot_help() -> None:
    chosen = texts(512)
    assert len(set(chosen)) == 512 and all(len(text.split()) >= 8 for text in chosen)
    with pytest.raises(ValueError, match="at most"):
        texts(100_000)


def test_one_backend_is_measured_in_a_fresh_process() -> None:
    figures = run(16, backends=("onnx",))
    (row,) = figures["backends"]
    assert figures["texts"] == 16 and row["backend"] == "onnx" and row["texts"] == 16
    assert row["load_s"] > 0 and row["texts_per_s"] > 0
    assert row["peak_rss_mb"] >= row["rss_before_load_mb"] > 0
