"""`bench embeddings`: load time, texts per second and peak memory of each Embedder backend.

Each backend runs in a fresh process, so its load time includes importing its libraries
(onnxruntime and tokenizers, or torch and sentence-transformers) and its peak RSS is its own.
The texts are pairs of sentences of the shipped sample, all different, so the Embedder's
cache cannot answer any of them; a few other texts warm the backend up first.
"""

import os
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context
from typing import Any

from sensemaking_desktop.bench.engine import peak_rss_mb
from sensemaking_desktop.samples import load_sample
from sensemaking_desktop.text.sentences import sentence_bounds

TEXTS = 512
WARM_UP = 8


def texts(count: int) -> list[str]:
    """`count` distinct texts, each two sentences of the sample (about 27 words)."""
    sample = load_sample().text
    sentences = [
        sample[start:end].strip()
        for start, end in sentence_bounds(sample)
        if sample[start:end].strip() and not sample[start:end].lstrip().startswith("#")
    ]
    pairs = [
        f"{sentences[i]} {sentences[(i + gap) % len(sentences)]}"
        for gap in range(1, len(sentences))
        for i in range(len(sentences))
    ]
    if count > len(pairs):
        raise ValueError(f"the sample makes at most {len(pairs)} distinct texts")
    return pairs[:count]


def measure(backend: str, count: int = TEXTS) -> dict[str, Any]:
    """Load one backend and embed `count` texts, in this process; the figures for one row of the bench."""
    from sensemaking_desktop.text.embeddings import Embedder, default_cache_dir

    chosen = texts(count + WARM_UP)
    exports = default_cache_dir() / "embeddings"
    before = set(exports.glob("*.onnx"))
    rss_before = peak_rss_mb()
    started = time.perf_counter()
    embedder = Embedder(backend)
    load_s = time.perf_counter() - started
    embedder.encode(chosen[:WARM_UP])
    started = time.perf_counter()
    vectors = embedder.encode(chosen[WARM_UP:])
    encode_s = time.perf_counter() - started
    return {
        "backend": backend,
        "load_s": round(load_s, 2),
        "exported_onnx_now": set(exports.glob("*.onnx")) != before,
        "texts": len(vectors),
        "encode_s": round(encode_s, 2),
        "texts_per_s": round(len(vectors) / encode_s, 1),
        "rss_before_load_mb": rss_before,
        "peak_rss_mb": peak_rss_mb(),
    }


def run(count: int = TEXTS, backends: Sequence[str] = ("onnx", "torch")) -> dict[str, Any]:
    """Each backend measured in its own fresh process, one after the other."""
    words = [len(text.split()) for text in texts(count)]
    rows = []
    for backend in backends:
        with ProcessPoolExecutor(max_workers=1, mp_context=get_context("spawn")) as pool:
            rows.append(pool.submit(measure, backend, count).result())
    return {
        "texts": count,
        "mean_words": round(sum(words) / len(words), 1),
        "cpu_count": os.cpu_count(),
        "backends": rows,
    }
