"""Where the library lives on disk, and where the bundled resources are."""

import json
import os
from pathlib import Path

import platformdirs

APP_NAME = "sensemaking-desktop"
DATA_DIR_ENV = "SENSEMAKING_DATA_DIR"
DATABASE_NAME = "library.sqlite3"
BUILD_INFO_NAME = "build-info.json"

_PACKAGE_DIR = Path(__file__).resolve().parent


def data_dir(override: str | Path | None = None) -> Path:
    """The data folder: an explicit override, else $SENSEMAKING_DATA_DIR, else the OS default."""
    chosen = override or os.environ.get(DATA_DIR_ENV)
    path = Path(chosen).expanduser() if chosen else platformdirs.user_data_path(APP_NAME, appauthor=False)
    return path.resolve()


def database_path(folder: Path) -> Path:
    return folder / DATABASE_NAME


def models_dir(folder: Path) -> Path:
    """Where downloaded models are kept, inside the data folder."""
    return folder / "models"


def files_dir(folder: Path) -> Path:
    """Where the library keeps a copy of every imported file, named by its sha256."""
    return folder / "files"


def _bundled(name: str) -> Path:
    """A top-level folder of the source tree, or its copy inside an installed wheel."""
    packaged = _PACKAGE_DIR / "_bundled" / name
    return packaged if packaged.is_dir() else _PACKAGE_DIR.parent / name


def resources_dir() -> Path:
    return _bundled("resources")


def bundled_models_dir() -> Path:
    """The models shipped with the app (`models/` of the source tree, or its copy in a wheel)."""
    return _bundled("models")


def catalogue_path() -> Path:
    return _bundled("models") / "catalogue.json"


def exported_embeddings_dir() -> Path:
    """Sentence embedding models exported to ONNX when an installer bundle was built; absent elsewhere."""
    return _PACKAGE_DIR / "_bundled" / "embeddings"


def in_bundle() -> bool:
    """Whether the app runs from an installer bundle (which has build-info.json), where no pip
    can add packages."""
    return _build_info_file().is_file()


def build_info() -> dict | None:
    """What an installer bundle was built from and with which llama.cpp variant (written by
    packaging/build.py); None when the app runs from a source tree or a wheel."""
    file = _build_info_file()
    return json.loads(file.read_text()) if file.is_file() else None


def _build_info_file() -> Path:
    return _PACKAGE_DIR / "_bundled" / BUILD_INFO_NAME
