"""GGUF models other apps have already downloaded: Ollama's store and LM Studio's folders.

They are offered where they lie, never copied, and opened read-only. Ollama keeps a model's
weights as a content-addressed blob (`blobs/sha256-<hex>`) named by a manifest
(`manifests/<registry>/<namespace>/<name>/<tag>`, JSON, the layer of media type
OLLAMA_MODEL_LAYER); the blob's name is its sha256, which is recorded as the model's checksum
without reading gigabytes (Ollama verified it when it pulled the file). LM Studio keeps plain
`.gguf` files under `~/.lmstudio/models` (or `~/.cache/lm-studio/models` in older versions).
Every file passes the same GGUF header check as any other model before it is offered.
"""

import json
import os
from dataclasses import dataclass
from pathlib import Path

from sensemaking_desktop.errors import ModelFileError
from sensemaking_desktop.llm.gguf import check_gguf

OLLAMA_MODEL_LAYER = "application/vnd.ollama.image.model"
OLLAMA_REGISTRY = "registry.ollama.ai"
_MAX_FILES = 2000
"""Bound on the files looked at per folder, so a huge folder cannot stall a listing."""


@dataclass(frozen=True)
class FoundModel:
    name: str
    """What `--model` and `models add` accept: `llama3.2:3b` for Ollama, `publisher/file` for LM Studio."""
    path: Path
    source: str
    """"ollama" or "lm-studio"."""
    size_bytes: int
    sha256: str | None
    """Known without reading the file (Ollama's blob name); None otherwise."""

    @property
    def registry_name(self) -> str:
        """The name it gets in the library when added (no ':' or '/')."""
        return self.name.replace(":", "-").replace("/", "-").lower()


def ollama_dir() -> Path:
    chosen = os.environ.get("OLLAMA_MODELS")
    return Path(chosen).expanduser() if chosen else Path.home() / ".ollama" / "models"


def lm_studio_dirs() -> list[Path]:
    home = Path.home()
    return [home / ".lmstudio" / "models", home / ".cache" / "lm-studio" / "models"]


def found_on_disk() -> list[FoundModel]:
    """Every usable GGUF in Ollama's store and LM Studio's folders, by name."""
    found = [*_ollama(ollama_dir()), *(model for folder in lm_studio_dirs() for model in _lm_studio(folder))]
    unique = {model.path: model for model in found}
    return sorted(unique.values(), key=lambda model: (model.source, model.name))


def find_on_disk(name: str) -> FoundModel | None:
    return next((model for model in found_on_disk() if name in (model.name, model.registry_name)), None)


def _ollama(root: Path) -> list[FoundModel]:
    manifests = root / "manifests"
    if not manifests.is_dir():
        return []
    found = []
    for manifest in _files(manifests):
        blob = _model_blob(manifest, root / "blobs")
        if blob is None:
            continue
        path, digest = blob
        if _usable(path):
            name = _ollama_name(manifest.relative_to(manifests).parts)
            found.append(FoundModel(name, path, "ollama", path.stat().st_size, digest))
    return found


def _model_blob(manifest: Path, blobs: Path) -> tuple[Path, str] | None:
    try:
        layers = json.loads(manifest.read_text(encoding="utf-8")).get("layers", [])
    except (OSError, ValueError, AttributeError):
        return None
    for layer in layers if isinstance(layers, list) else []:
        digest = str(layer.get("digest", "")) if isinstance(layer, dict) else ""
        if layer.get("mediaType") == OLLAMA_MODEL_LAYER and digest.startswith("sha256:"):
            hex_digest = digest.removeprefix("sha256:")
            return blobs / f"sha256-{hex_digest}", hex_digest
    return None


def _ollama_name(parts: tuple[str, ...]) -> str:
    """`llama3.2:3b` for the library namespace, `user/model:tag` or `host/user/model:tag` otherwise."""
    *where, tag = parts
    if len(where) == 3 and where[0] == OLLAMA_REGISTRY:
        where = where[2:] if where[1] == "library" else where[1:]
    return "/".join(where) + f":{tag}"


def _lm_studio(root: Path) -> list[FoundModel]:
    if not root.is_dir():
        return []
    found = []
    for path in _files(root):
        if path.suffix.lower() != ".gguf" or path.name.lower().startswith("mmproj") or not _usable(path):
            continue
        relative = path.relative_to(root)
        publisher = relative.parts[0] if len(relative.parts) > 1 else ""
        name = f"{publisher}/{path.stem}" if publisher else path.stem
        found.append(FoundModel(name, path, "lm-studio", path.stat().st_size, None))
    return found


def _files(root: Path) -> list[Path]:
    files = []
    for folder, _, names in os.walk(root):
        for name in names:
            files.append(Path(folder) / name)
            if len(files) >= _MAX_FILES:
                return files
    return files


def _usable(path: Path) -> bool:
    try:
        check_gguf(path)
    except ModelFileError:
        return False
    return True
