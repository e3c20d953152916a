"""An Ollama-style model store in a temporary folder, built around the embedded GGUF."""

import json
import os
from pathlib import Path

from sensemaking_desktop.llm.registry import embedded_model_path

BLOB = "sha256-" + "ab" * 32


def ollama_store(root: Path, name: str = "smollm2", tag: str = "135m") -> Path:
    """An Ollama-style store whose model blob is a hard link to the embedded GGUF."""
    blob = root / "blobs" / BLOB
    blob.parent.mkdir(parents=True)
    os.link(embedded_model_path(), blob)
    manifest = root / "manifests" / "registry.ollama.ai" / "library" / name / tag
    manifest.parent.mkdir(parents=True)
    layers = [
        {"mediaType": "application/vnd.ollama.image.template", "digest": "sha256:" + "cd" * 32, "size": 10},
        {"mediaType": "application/vnd.ollama.image.model", "digest": "sha256:" + "ab" * 32, "size": 1},
    ]
    manifest.write_text(json.dumps({"schemaVersion": 2, "layers": layers}))
    return blob
