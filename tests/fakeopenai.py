"""A small OpenAI-compatible server that gives no log-probabilities, as Ollama does.

It streams canned replies that fit the schema a role asks for (a judge's grade, a Student's
answer), answers /v1/completions without `logprobs`, can require an API key, and records
every request body. `fail_with` makes it answer every completion with that HTTP status
(an overloaded or broken server); `delay_s` makes each completion wait first.
"""

import json
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

MODEL = "fake-model:1b"
REPLIES = {
    "JudgeReply": {"reason": "It says that the salt stays behind.", "grade": 4},
    "StudentReply": {"answerable": True, "answer": "Salt stays behind.", "evidence": ["salt stays behind"]},
}


class FakeOpenAI:
    def __init__(self, api_key: str | None = None) -> None:
        self.api_key = api_key
        self.fail_with: int | None = None
        self.delay_s = 0.0
        self.bodies: list[dict[str, Any]] = []
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
        self.server.fake = self  # type: ignore[attr-defined]
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/v1"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self) -> "FakeOpenAI":
        self.thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self.server.shutdown()
        self.server.server_close()


class _Handler(BaseHTTPRequestHandler):
    server: ThreadingHTTPServer

    def log_message(self, format: str, *args: object) -> None:
        """Keep pytest output clean."""

    @property
    def fake(self) -> FakeOpenAI:
        return self.server.fake  # type: ignore[attr-defined]

    def _authorised(self) -> bool:
        if self.fake.api_key is None or self.headers.get("Authorization") == f"Bearer {self.fake.api_key}":
            return True
        self._json(401, {"error": {"message": "Invalid API key"}})
        return False

    def do_GET(self) -> None:
        if not self._authorised():
            return
        if self.path == "/v1/models":
            self._json(200, {"object": "list", "data": [{"id": MODEL, "object": "model", "owned_by": "library"}]})
        else:
            self._json(404, {"error": "not found"})

    def do_POST(self) -> None:
        body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))) or b"{}")
        self.fake.bodies.append(body)
        if not self._authorised():
            return
        time.sleep(self.fake.delay_s)
        if self.fake.fail_with is not None and self.path in ("/v1/chat/completions", "/v1/completions"):
            self._json(self.fake.fail_with, {"error": {"message": "Internal server error"}})
        elif self.path == "/v1/chat/completions":
            self._stream(_reply(body))
        elif self.path == "/v1/completions":
            choice = {"index": 0, "text": " ok", "logprobs": None, "finish_reason": "length"}
            self._json(200, {"object": "text_completion", "model": MODEL, "choices": [choice]})
        else:
            self._json(404, {"error": "not found"})

    def _stream(self, text: str) -> None:
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.end_headers()
        pieces = [text[start : start + 8] for start in range(0, len(text), 8)]
        for piece in pieces:
            self._event({"choices": [{"index": 0, "delta": {"content": piece}, "finish_reason": None}]})
        self._event({"choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]})
        usage = {"prompt_tokens": 20, "completion_tokens": len(pieces)}
        self._event({"choices": [], "usage": usage})
        self.wfile.write(b"data: [DONE]\n\n")

    def _event(self, data: dict[str, Any]) -> None:
        self.wfile.write(f"data: {json.dumps(data)}\n\n".encode())
        self.wfile.flush()

    def _json(self, status: int, data: Any) -> None:
        payload = json.dumps(data).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)


def _reply(body: dict[str, Any]) -> str:
    """JSON fitting the requested schema, or a line of text."""
    schema = (body.get("response_format") or {}).get("json_schema", {}).get("schema", {})
    title = schema.get("title")
    return json.dumps(REPLIES[title]) if title in REPLIES else "A quiz is a short test."


@pytest.fixture
def fake_openai() -> Iterator[FakeOpenAI]:
    with FakeOpenAI() as fake:
        yield fake
