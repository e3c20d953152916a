"""A model server that answers a streamed request with plain JSON (`{"choices": "nope"}`) is blamed
for it, not llama-cpp-python's habit of ending a reply early (issue 47, finding 6), and a server
that streams a proper reply grades; through `grade --items` on a real local HTTP server."""

import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from cli_process import sensemaking
from fakeopenai import FakeOpenAI

ITEM = {
    "question": "Why is rain fresh water?",
    "answer": "Because the salt stays behind when sea water evaporates.",
    "reference": "The salt stays behind when sea water evaporates.",
}
MODELS = {"object": "list", "data": [{"id": "m", "object": "model", "owned_by": "test"}]}


class _PlainJson(BaseHTTPRequestHandler):
    """The model list, then `{"choices": "nope"}` as plain JSON to every request for a reply."""

    def log_message(self, format: str, *args: object) -> None:
        """Quiet."""

    def do_GET(self) -> None:
        self._json(MODELS if self.path.startswith("/v1/models") else {"error": "not found"})

    def do_POST(self) -> None:
        self.rfile.read(int(self.headers.get("Content-Length", 0)))
        self._json({"choices": "nope"})

    def _json(self, data: object) -> None:
        payload = json.dumps(data).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)


@pytest.fixture
def plain_json_server() -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _PlainJson)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/v1"
    server.shutdown()
    server.server_close()


def _grade(data: Path, items: Path, url: str):  # type: ignore[no-untyped-def]
    items.write_text(json.dumps(ITEM) + "\n", encoding="utf-8")
    return sensemaking(data, "grade", "--items", str(items), "--model", url)


def test_a_plain_json_reply_is_blamed_on_the_server(plain_json_server: str, tmp_path: Path) -> None:
    result = _grade(tmp_path / "data", tmp_path / "items.jsonl", plain_json_server)
    said = result.stdout + result.stderr
    assert result.returncode == 1 and "Traceback" not in said and "unexpected" not in said
    assert (
        result.stderr.strip()
        .splitlines()[-1]
        .startswith(f"error: The model server at {plain_json_server} sent no stream events (a plain reply, or nothing)")
    )
    assert "llama-cpp-python" not in said and "ended the reply early" not in said


def test_a_server_that_streams_its_reply_grades(fake_openai: FakeOpenAI, tmp_path: Path) -> None:
    result = _grade(tmp_path / "data", tmp_path / "items.jsonl", fake_openai.url)
    assert result.returncode == 0, result.stderr
    assert 0 <= json.loads(result.stdout)["score"] <= 100
    assert any(body.get("stream") for body in fake_openai.bodies), "the server was asked for a streamed reply"
