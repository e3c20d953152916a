"""HTTP to one OpenAI-compatible model server, with every failure as one sentence.

httpx2 is the client: huggingface_hub already depends on it (the downloads use it), it
streams server-sent events line by line, and it sends whatever fields a server needs
(`grammar`, `echo` with `logprobs`, `/tokenize`) without a typed request layer in the way.

Every request has a total deadline besides the read timeout: DEADLINE_S for a plain request,
STREAM_DEADLINE_S for a streamed reply. A server that keeps the connection alive without
finishing (a keep-alive line every few seconds, a body sent a byte at a time) is cut off there,
with a message that says so; one that sends only keep-alive lines and no event for STALL_S is
cut off then, so a stuck server costs a minute per reply, not half an hour. A reply that is not
what an OpenAI-compatible server sends is refused in one line that names the server.

TLS is verified unless a server was saved with `--insecure`. Proxies come from the
environment (HTTPS_PROXY, HTTP_PROXY, NO_PROXY), except for servers on this computer, which
are always reached directly. Extra CA certificates are read from SSL_CERT_FILE,
SSL_CERT_DIR, REQUESTS_CA_BUNDLE or CURL_CA_BUNDLE, on top of the system's.
"""

import json
import math
import os
import re
import socket
import ssl
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import unquote, urlsplit

import httpx2

from sensemaking_desktop.cancel import NEVER, CancelToken
from sensemaking_desktop.errors import Cancelled, ServerError
from sensemaking_desktop.redact import split_credentials, strip_credentials

CONNECT_S = 5.0
READ_S = 300.0
"""A long prompt on a busy CPU server can take minutes before its first token."""
LIST_S = 3.0
"""Listing a server's models (`models list`, the Models area) gives up quickly."""
DEADLINE_S = 600.0
"""The longest a plain request (a model list, a scored completion) may take, whatever the server sends."""
STREAM_DEADLINE_S = 1800.0
"""The longest a streamed reply may take: a long answer on a busy CPU server takes minutes, not half an hour."""
STALL_S = 60.0
"""The longest a stream may send keep-alive lines without an event: a working server sends a token
every fraction of a second. A server that sends nothing at all while it reads a long prompt is
bounded by READ_S instead, since llama.cpp is silent then."""
_LOOPBACK = {"localhost", "127.0.0.1", "::1"}
_CA_VARIABLES = ("REQUESTS_CA_BUNDLE", "CURL_CA_BUNDLE")


@dataclass(frozen=True)
class ServerAddress:
    """A server's base URL (ending in /v1 for OpenAI-compatible servers) and optionally one model."""

    base_url: str
    model: str | None = None
    credential: str | None = field(default=None, repr=False, compare=False)
    """A key the address carried (`http://user:KEY@host/v1`); never part of `base_url` or `ref`."""

    @property
    def ref(self) -> str:
        return f"{self.base_url}#{self.model}" if self.model else self.base_url


def is_server_url(ref: str) -> bool:
    return ref.startswith(("http://", "https://"))


def parse_server_url(ref: str) -> ServerAddress:
    """`http://HOST:PORT/v1` or `http://HOST:PORT/v1#MODEL_ID` (the model id may be URL-quoted).

    A key written into the address (`http://user:KEY@HOST/v1`) is taken out of it into
    `credential`; the caller keeps it in the OS keyring (servers.py), never in the library."""
    url, _, model = ref.strip().partition("#")
    try:
        url, credential = split_credentials(url)
        parts = urlsplit(url)
        valid = parts.scheme in ("http", "https") and bool(parts.hostname)
        parts.port  # noqa: B018  (a port that is not a number raises here)
    except ValueError:
        url, credential, valid = strip_credentials(url), None, False
    if not valid:
        raise ServerError(f"{url!r} is not a server address; write it like http://127.0.0.1:8080/v1.")
    return ServerAddress(url.rstrip("/"), unquote(model) or None, credential)


@dataclass(frozen=True)
class ServerConfig:
    """How to talk to one server; the API key is read when a connection is made, never stored."""

    url: str
    api_key: str | None = None
    verify_tls: bool = True
    api_key_env: str | None = None
    """Named in the message when the server refuses the key."""


def ssl_context() -> ssl.SSLContext:
    """The system's certificates plus any extra CA bundle the environment names."""
    context = ssl.create_default_context()
    for variable in ("SSL_CERT_FILE", *_CA_VARIABLES):
        path = os.environ.get(variable)
        if path and os.path.isfile(path):
            context.load_verify_locations(cafile=path)
    folder = os.environ.get("SSL_CERT_DIR")
    if folder and os.path.isdir(folder):
        context.load_verify_locations(capath=folder)
    return context


class ServerClient:
    """One server's HTTP client. Requests to `path` go to `base_url + path`; `root=True` paths
    go to the server's root (llama.cpp's /tokenize and /props live there, not under /v1)."""

    def __init__(
        self,
        config: ServerConfig,
        *,
        read_s: float = READ_S,
        deadline_s: float | None = None,
        stream_deadline_s: float | None = None,
    ) -> None:
        self.config = config
        self.read_s = read_s
        self._deadline_s, self._stream_deadline_s = deadline_s, stream_deadline_s
        self.base_url = config.url.rstrip("/")
        self.root_url = re.sub(r"/v1$", "", self.base_url)
        headers = {"Authorization": f"Bearer {config.api_key}"} if config.api_key else {}
        local = urlsplit(self.base_url).hostname in _LOOPBACK
        self._client = httpx2.Client(
            headers=headers,
            verify=ssl_context() if config.verify_tls else False,
            trust_env=not local,
            timeout=httpx2.Timeout(read_s, connect=CONNECT_S),
            follow_redirects=False,
        )

    def close(self) -> None:
        self._client.close()

    def get(self, path: str, *, timeout: float | None = None, root: bool = False) -> Any:
        return self._json(self._send("GET", path, None, timeout, root))

    def post(self, path: str, body: dict[str, Any], *, timeout: float | None = None, root: bool = False) -> Any:
        return self._json(self._send("POST", path, body, timeout, root))

    def try_post(self, path: str, body: dict[str, Any], *, root: bool = False) -> Any | None:
        """A request to an endpoint that only some servers have: None when this one lacks it."""
        try:
            return self.post(path, body, root=root)
        except _Refused:
            return None

    def models(self, *, timeout: float | None = None) -> list[dict[str, Any]]:
        """The server's `/v1/models` entries (each with at least an `id`)."""
        data = self.get("/models", timeout=timeout)
        entries = data.get("data") if isinstance(data, dict) else None
        if not isinstance(entries, list):
            raise ServerError(f"{self.base_url} does not answer like an OpenAI-compatible server (no model list).")
        return [entry for entry in entries if isinstance(entry, dict) and isinstance(entry.get("id"), str)]

    @contextmanager
    def events(self, path: str, body: dict[str, Any], cancel: CancelToken = NEVER) -> Iterator[Iterator[dict]]:
        """The `data:` objects of a server-sent event stream. Cancel closes the connection at
        once, even while the server is still reading the prompt, so the server stops too; so
        does the stream's deadline."""
        deadline = self._stream_deadline_s or STREAM_DEADLINE_S
        with self._bounded("POST", self.base_url + path, body, None, deadline, cancel) as (response, ends):
            if response.status_code >= 400:
                response.read()
                raise self._status_error(response)
            yield _data_lines(response, cancel, self.base_url, ends, deadline)

    def _send(self, method: str, path: str, body: Any, timeout: float | None, root: bool) -> httpx2.Response:
        url = (self.root_url if root else self.base_url) + path
        deadline = min(self._deadline_s or DEADLINE_S, timeout or math.inf)
        with self._bounded(method, url, body, timeout, deadline, NEVER) as (response, _):
            response.read()
        if response.status_code in (404, 405, 422) and root:
            raise _Refused(self._status_error(response))
        if response.status_code >= 400:
            raise self._status_error(response)
        return response

    @contextmanager
    def _bounded(
        self, method: str, url: str, body: Any, read_s: float | None, deadline_s: float, cancel: CancelToken
    ) -> Iterator[tuple[httpx2.Response, float]]:
        """A streamed response that must be finished within `deadline_s`: waiting for the server's
        first byte is bounded by the deadline too, and past it the connection is shut down."""
        ends = time.monotonic() + deadline_s
        read = min(read_s or self.read_s, deadline_s)
        timeout = httpx2.Timeout(read, connect=min(CONNECT_S, deadline_s))
        request = self._client.build_request(method, url, json=body, timeout=timeout)
        try:
            response = self._client.send(request, stream=True)
        except httpx2.HTTPError as error:
            if time.monotonic() >= ends:
                raise overdue(self.base_url, deadline_s) from error
            raise self._failure(error) from error
        guard = _Guard(response, cancel, ends)
        try:
            with guard:
                yield response, ends
        except httpx2.HTTPError as error:
            if cancel.cancelled:
                raise Cancelled() from error
            if guard.expired.is_set() or time.monotonic() >= ends:
                raise overdue(self.base_url, deadline_s) from error
            raise self._failure(error) from error
        finally:
            response.close()

    def _json(self, response: httpx2.Response) -> Any:
        try:
            return response.json()
        except (ValueError, RecursionError) as error:
            raise ServerError(
                f"{self.base_url} does not answer like an OpenAI-compatible server (its reply is not JSON)."
            ) from error

    def _failure(self, error: httpx2.HTTPError) -> ServerError:
        where = self.base_url
        if isinstance(error, httpx2.TimeoutException):
            return ServerError(f"The model server at {where} did not answer in time; it may be busy or stuck.")
        if isinstance(error, httpx2.ConnectError):
            reason = str(error).strip().splitlines()[0] if str(error).strip() else "connection failed"
            if "CERTIFICATE_VERIFY_FAILED" in reason:
                return ServerError(
                    f"The certificate of {where} is not trusted; add its CA with SSL_CERT_FILE, "
                    "or save the server with --insecure if you trust the network."
                )
            return ServerError(f"Could not reach the model server at {where}: {_plain(reason)}. Is it running?")
        return ServerError(f"The connection to the model server at {where} failed ({_plain(str(error))}).")

    def _status_error(self, response: httpx2.Response) -> ServerError:
        status, where = response.status_code, self.base_url
        detail = _error_detail(response)
        if status in (401, 403):
            how = (
                f"check the key in ${self.config.api_key_env}"
                if self.config.api_key_env
                else "save the server again with its key (the key is kept in the OS keyring)"
            )
            return ServerError(f"The model server at {where} refused the API key (HTTP {status}); {how}.")
        if status == 404:
            return ServerError(f"The model server at {where} has no such model or endpoint (HTTP 404{detail}).")
        return ServerError(f"The model server at {where} answered with an error (HTTP {status}{detail}).")


class _Refused(ServerError):
    """An optional endpoint this server does not have."""

    def __init__(self, error: ServerError) -> None:
        super().__init__(str(error))


def _error_detail(response: httpx2.Response) -> str:
    """The server's own words, short: `: message` or nothing."""
    try:
        data = response.json()
    except ValueError:
        text = response.text.strip()
        return f": {text[:200]}" if text and not text.startswith("<") else ""
    error = data.get("error", data.get("detail", "")) if isinstance(data, dict) else ""
    if isinstance(error, dict):
        error = error.get("message", "")
    if isinstance(error, list) and error and isinstance(error[0], dict):
        error = error[0].get("msg", "")
    return f": {str(error)[:200]}" if error else ""


def overdue(where: str, deadline_s: float) -> ServerError:
    return ServerError(
        f"The model server at {where} did not finish its reply within {deadline_s:g} s; it may be stuck or overloaded."
    )


def _data_lines(
    response: httpx2.Response, cancel: CancelToken, where: str, ends: float, deadline_s: float
) -> Iterator[dict]:
    """The stream's events, refused past the deadline `ends` or after STALL_S of keep-alive lines."""
    last_event = time.monotonic()
    for line in response.iter_lines():
        cancel.raise_if_cancelled()
        if time.monotonic() >= ends:
            raise overdue(where, deadline_s)
        if not line.startswith("data:"):
            if time.monotonic() - last_event >= STALL_S:
                raise ServerError(
                    f"The model server at {where} sent only keep-alive lines and no reply for {STALL_S:g} s; "
                    "it may be stuck or overloaded."
                )
            continue
        last_event = time.monotonic()
        payload = line[5:].strip()
        if payload == "[DONE]":
            return
        try:
            event = json.loads(payload)
        except (json.JSONDecodeError, RecursionError) as error:
            raise ServerError(f"The model server at {where} sent a stream event that is not JSON.") from error
        if not isinstance(event, dict):
            raise ServerError(f"The model server at {where} sent a stream event that is not a JSON object.")
        if event.get("error"):
            detail = event["error"].get("message") if isinstance(event["error"], dict) else event["error"]
            raise ServerError(f"The model server at {where} stopped with an error: {str(detail)[:200]}")
        yield event
    if time.monotonic() >= ends:  # the deadline shut the connection, which ends a stream like the server would
        raise overdue(where, deadline_s)


class _Guard:
    """Shuts the response's socket down when `cancel` is set or the deadline `ends` passes, which
    wakes a read that is waiting for the server; closing alone does not wake a blocked read on
    every platform."""

    def __init__(self, response: httpx2.Response, cancel: CancelToken, ends: float) -> None:
        stream = response.extensions.get("network_stream")
        self._socket = stream.get_extra_info("socket") if stream is not None else None
        self._cancel, self._ends = cancel, ends
        self._stop = threading.Event()
        self.expired = threading.Event()
        self._watcher = threading.Thread(target=self._watch, name="server-deadline", daemon=True)

    def __enter__(self) -> "_Guard":
        self._watcher.start()
        return self

    def __exit__(self, *_: object) -> None:
        self._stop.set()
        self._watcher.join()

    def _watch(self) -> None:
        while not self._stop.is_set():
            remaining = self._ends - time.monotonic()
            if remaining <= 0:
                self.expired.set()
                self._shut()
                return
            if self._cancel is NEVER:
                self._stop.wait(remaining)
            elif self._cancel.wait(min(remaining, 0.05)):
                self._shut()
                return

    def _shut(self) -> None:
        if self._socket is not None:
            try:
                self._socket.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass


def _plain(reason: str) -> str:
    text = re.sub(r"^\[Errno -?\d+\]\s*", "", reason)
    return text[:1].lower() + text[1:] if text else "no reason given"
