"""Model servers saved under a name, and the API keys to reach them.

A saved server is a row of the library's `servers` table: name, URL, the name of the
environment variable that holds its API key, and whether TLS is verified. The key itself is
never written to the library file: it is read from that variable, else from the OS keyring
(service KEYRING_SERVICE, user = the server's URL), when a connection is made.

An address written with its key (`http://user:KEY@host/v1`, as `--model` or a saved server's
URL) has the key moved to the keyring at once and is used without it from then on, so the key
reaches neither the library (job parameters, provenance, saved servers) nor a backup nor what
the app prints; where the keyring cannot keep it, the address is refused.
"""

import os
import re
from dataclasses import dataclass

from sensemaking_desktop.errors import KeyringUnavailable, ServerError
from sensemaking_desktop.llm.backend import ModelIdentity
from sensemaking_desktop.llm.server_client import ServerAddress, ServerConfig, is_server_url, parse_server_url
from sensemaking_desktop.store import Store
from sensemaking_desktop.store import servers as server_rows

KEYRING_SERVICE = "sensemaking-desktop"
_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,63}")
_VARIABLE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


@dataclass(frozen=True)
class Server:
    name: str
    url: str
    api_key_env: str | None = None
    verify_tls: bool = True

    def config(self) -> ServerConfig:
        """How to connect now, with the key read from the environment or the keyring."""
        return ServerConfig(self.url, api_key(self), self.verify_tls, self.api_key_env)


@dataclass(frozen=True)
class ServerModel:
    """A model on a server, as `--model` names it: a URL (`#MODEL` optional) or a saved server's name."""

    name: str
    server: Server
    model_id: str | None
    """None: the first model the server lists, asked when the backend connects."""

    kind = "server"

    @property
    def identity(self) -> ModelIdentity:
        return ModelIdentity(name=self.model_id or self.name, file=self.model_id or "", sha256="", server_url=self.url)

    @property
    def url(self) -> str:
        return self.server.url


def api_key(server: Server) -> str | None:
    """The key from the server's environment variable, else from the OS keyring, else none."""
    if server.api_key_env and os.environ.get(server.api_key_env):
        return os.environ[server.api_key_env]
    try:
        import keyring
        from keyring.errors import KeyringError

        return keyring.get_password(KEYRING_SERVICE, server.url)
    except (ImportError, KeyringError, RuntimeError):
        return None


def store_api_key(url: str, key: str) -> None:
    """Put a server's key in the OS keyring (never in the library file)."""
    import keyring
    from keyring.errors import KeyringError

    try:
        keyring.set_password(KEYRING_SERVICE, url, key)
    except (KeyringError, RuntimeError) as error:
        raise KeyringUnavailable(
            f"The OS keyring cannot store the key ({error}), so nothing was saved: install or unlock a keyring "
            "(GNOME Keyring or KWallet on Linux; macOS and Windows have their own), or give the key in an "
            "environment variable instead of --keyring (`sensemaking models add-server … --api-key-env VARIABLE`)."
        ) from error


def keep_credential(address: ServerAddress) -> None:
    """Move a key the address carried into the OS keyring (for the address without it)."""
    if address.credential is None:
        return
    try:
        store_api_key(address.base_url, address.credential)
    except KeyringUnavailable as error:
        raise ServerError(
            f"The address of {address.base_url} holds an API key, which is never stored in the library, and "
            f"{str(error)[:1].lower()}{str(error)[1:]}"
        ) from error


def clean_model_ref(ref: str) -> str:
    """A `--model` value with any key in its address moved to the keyring and left out."""
    if not is_server_url(ref):
        return ref
    address = parse_server_url(ref)
    keep_credential(address)
    return address.ref


def secure_saved_servers(store: Store) -> int:
    """Move the keys that saved servers' addresses hold (saved by older versions) to the OS
    keyring and save the addresses without them; a key the keyring cannot take stays where it is.
    Returns how many servers changed."""
    changed = 0
    for saved in server_rows.servers_with_userinfo(store):
        address = parse_server_url(saved.url)
        try:
            keep_credential(address)
        except KeyringUnavailable:
            continue
        server_rows.set_server_url(store, saved.name, address.base_url)
        changed += 1
    return changed


def saved_servers(store: Store) -> list[Server]:
    return [_server(saved) for saved in server_rows.saved_servers(store)]


def find_server(store: Store, name: str) -> Server | None:
    saved = server_rows.find_server(store, name)
    return _server(saved) if saved else None


def save_server(
    store: Store, name: str, url: str, *, api_key_env: str | None = None, verify_tls: bool = True
) -> Server:
    """Save (or replace) a server under `name`; the URL is checked for form, not contacted."""
    if not _NAME.fullmatch(name) or is_server_url(name):
        raise ServerError(f"{name!r} cannot name a server; use letters, digits, '.', '_' or '-'.")
    if api_key_env is not None and not _VARIABLE.fullmatch(api_key_env):
        raise ServerError(f"{api_key_env!r} is not an environment variable name.")
    address = parse_server_url(url)
    if address.model is not None:
        raise ServerError("Save the server's address without #MODEL; name the model with --model NAME#MODEL.")
    keep_credential(address)
    saved = server_rows.SavedServer(name, address.base_url, api_key_env, verify_tls)
    server_rows.save_server(store, saved)
    return _server(saved)


def delete_server(store: Store, name: str) -> Server:
    server = find_server(store, name)
    if server is None:
        raise ServerError(f"No server named {name!r}; `sensemaking models list` shows the saved servers.")
    server_rows.delete_server(store, name)
    return server


def server_model(store: Store, ref: str) -> ServerModel | None:
    """A URL, `URL#MODEL`, a saved server's name or `NAME#MODEL`; None when `ref` is none of these."""
    if is_server_url(ref):
        address = parse_server_url(ref)
        keep_credential(address)
        saved = next((server for server in saved_servers(store) if server.url == address.base_url), None)
        return ServerModel(address.ref, saved or Server(address.base_url, address.base_url), address.model)
    name, _, model = ref.partition("#")
    server = find_server(store, name)
    return ServerModel(ref, server, model or None) if server else None


def _server(saved: server_rows.SavedServer) -> Server:
    return Server(saved.name, saved.url, saved.api_key_env, saved.verify_tls)
