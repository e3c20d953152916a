"""Servers that misbehave are cut off: a total deadline per request and per streamed reply
besides the read timeout, and a one-line cause naming the server for a reply that does not follow
the OpenAI API. A real HTTP server on the loopback plays each part; its loops are bounded and
the deadlines are made short for the test."""

import json
import threading
import time
from collections.abc import Callable, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from sensemaking_desktop.errors import ServerError
from sensemaking_desktop.llm import server_client
from sensemaking_desktop.llm.backend import Prompt, Sampling
from sensemaking_desktop.llm.openai_backend import OpenAIBackend
from sensemaking_desktop.llm.server_client import ServerClient, ServerConfig

DEADLINE_S = 1.0
SLACK_S = 2.5
"""How much later than the deadline the failure may come on a busy machine."""
MODELS = {"object": "list", "data": [{"id": "m", "object": "model", "owned_by": "test"}]}
HELLO = [{"choices": [{"index": 0, "delta": {"content": "Hello."}, "finish_reason": None}]}]
STOP = [{"choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]}]

Part = Callable[["_Handler"], None]


class Misbehaving:
    """A server whose answer to each path is a function of the handler; `stop` ends every loop."""

    def __init__(self, parts: dict[str, Part]) -> None:
        self.parts = {"/v1/models": lambda handler: handler.json(MODELS)} | parts
        self.stop = threading.Event()
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
        self.server.daemon_threads = True
        self.server.fake = self  # type: ignore[attr-defined]
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/v1"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self) -> "Misbehaving":
        self.thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self.stop.set()
        self.server.shutdown()
        self.server.server_close()


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: object) -> None:
        """Quiet."""

    def _answer(self) -> None:
        length = int(self.headers.get("Content-Length", 0))
        if length:
            self.rfile.read(length)
        fake: Misbehaving = self.server.fake  # type: ignore[attr-defined]
        part = fake.parts.get(self.path.split("?")[0])
        if part is None:
            self.json({"error": "not found"}, status=404)
            return
        try:
            part(self)
        except OSError:
            pass  # the client hung up: what a cut-off looks like from here

    do_GET = do_POST = _answer

    @property
    def stop(self) -> threading.Event:
        return self.server.fake.stop  # type: ignore[attr-defined]

    def json(self, data: object, status: int = 200) -> None:
        self.raw(json.dumps(data).encode(), status)

    def raw(self, payload: bytes, status: int = 200) -> None:
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)

    def stream(self, lines: list[str], *, then: Callable[["_Handler"], None] | None = None) -> None:
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Connection", "close")
        self.end_headers()
        for line in lines:
            self.wfile.write(f"{line}\n\n".encode())
            self.wfile.flush()
        if then is not None:
            then(self)
        self.close_connection = True


def events(*data: object) -> list[str]:
    return [f"data: {json.dumps(item) if not isinstance(item, str) else item}" for item in data]


def keep_alive_forever(handler: _Handler) -> None:
    """A comment line every 0.1 s, as a proxy or a stuck server may send; for 30 s at most."""
    for _ in range(300):
        if handler.stop.wait(0.1):
            return
        handler.wfile.write(b": keep-alive\n\n")
        handler.wfile.flush()


def never_answer(handler: _Handler) -> None:
    handler.stop.wait(30)


def drip(handler: _Handler) -> None:
    """A model list announced at 1000 bytes and sent one byte every 0.1 s."""
    handler.send_response(200)
    handler.send_header("Content-Type", "application/json")
    handler.send_header("Content-Length", "1000")
    handler.end_headers()
    for _ in range(300):
        if handler.stop.wait(0.1):
            return
        handler.wfile.write(b" ")
        handler.wfile.flush()


@pytest.fixture(autouse=True)
def short_deadlines(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(server_client, "DEADLINE_S", DEADLINE_S)
    monkeypatch.setattr(server_client, "STREAM_DEADLINE_S", DEADLINE_S)


@pytest.fixture
def serve() -> Iterator[Callable[[dict[str, Part]], Misbehaving]]:
    started: list[Misbehaving] = []

    def start(parts: dict[str, Part]) -> Misbehaving:
        started.append(Misbehaving(parts).__enter__())
        return started[-1]

    yield start
    for server in started:
        server.__exit__()


def _chat(url: str) -> str:
    backend = OpenAIBackend(ServerConfig(url), None)
    try:
        return backend.chat(Prompt([{"role": "user", "content": "Hi"}]), sampling=Sampling(max_tokens=8)).text
    finally:
        backend.close()


def _one_line_failure(call: Callable[[], object]) -> tuple[str, float]:
    started = time.monotonic()
    with pytest.raises(ServerError) as caught:
        call()
    message = str(caught.value)
    assert "\n" not in message
    return message, time.monotonic() - started


@pytest.mark.parametrize(
    "part",
    [
        lambda handler: handler.stream(events(*HELLO), then=keep_alive_forever),
        lambda handler: handler.stream([], then=keep_alive_forever),
        never_answer,
        lambda handler: handler.stream(events(*HELLO), then=never_answer),
    ],
    ids=["keep-alive after a token", "keep-alive only", "accepts and never answers", "silent after a token"],
)
def test_a_streamed_reply_that_never_ends_is_cut_off_at_its_deadline(serve, part: Part) -> None:
    fake = serve({"/v1/chat/completions": part})
    message, took = _one_line_failure(lambda: _chat(fake.url))
    assert message == (
        f"The model server at {fake.url} did not finish its reply within 1 s; it may be stuck or overloaded."
    )
    assert DEADLINE_S - 0.2 <= took < DEADLINE_S + SLACK_S


@pytest.mark.parametrize("part", [drip, never_answer], ids=["a byte at a time", "never answers"])
def test_a_plain_request_is_cut_off_at_its_deadline(serve, part: Part) -> None:
    fake = serve({"/v1/models": part})
    client = ServerClient(ServerConfig(fake.url))
    try:
        message, took = _one_line_failure(client.models)
    finally:
        client.close()
    assert message.startswith(f"The model server at {fake.url} did not finish its reply within 1 s")
    assert took < DEADLINE_S + SLACK_S


def test_a_reply_in_time_is_not_cut_off(serve, monkeypatch: pytest.MonkeyPatch) -> None:
    """The deadline is for the whole reply: a slow but steady one that ends within it is read."""
    monkeypatch.setattr(server_client, "STREAM_DEADLINE_S", 5.0)

    def steady(handler: _Handler) -> None:
        def tokens(handler: _Handler) -> None:
            for line in events(*[{"choices": [{"delta": {"content": "a"}}]}] * 5, *STOP):
                time.sleep(0.1)
                handler.wfile.write(
                    f"{line}\n\ndata: [DONE]\n\n".encode() if "stop" in line else f"{line}\n\n".encode()
                )
                handler.wfile.flush()

        handler.stream([], then=tokens)

    fake = serve({"/v1/chat/completions": steady})
    assert _chat(fake.url) == "aaaaa"


MALFORMED = {
    "an event that is a list": (["[1, 2]"], "sent a stream event that is not a JSON object"),
    "an event nested 100000 deep": (["[" * 100_000 + "]" * 100_000], "sent a stream event that is not JSON"),
    "an event that is not JSON": (["{not json"], "sent a stream event that is not JSON"),
    "choices as text": ([{"choices": "abc"}], "`choices` is not a list of objects"),
    "a delta as text": ([{"choices": [{"delta": "x"}]}], "a choice's `delta` is str, not an object"),
    "content as a number": ([{"choices": [{"delta": {"content": 5}}]}], "a text field holds int 5"),
    "a finish reason as a number": ([{"choices": [{"delta": {}, "finish_reason": 7}]}], "a text field holds int"),
    "usage as a list": ([*HELLO, *STOP, {"choices": [], "usage": [1]}], "`usage` is list, not an object"),
    "a token count as text": (
        [*HELLO, *STOP, {"choices": [], "usage": {"prompt_tokens": "many"}}],
        "a token count in `usage` is 'many'",
    ),
    "an error event": ([{"error": {"message": "out of memory"}}], "stopped with an error: out of memory"),
}


@pytest.mark.parametrize("name", sorted(MALFORMED))
def test_a_malformed_stream_gives_one_line_naming_the_server(serve, name: str) -> None:
    sent, expected = MALFORMED[name]
    lines = [line if isinstance(line, str) else json.dumps(line) for line in sent]
    fake = serve({"/v1/chat/completions": lambda handler: handler.stream(events(*lines, "[DONE]"))})
    message, _ = _one_line_failure(lambda: _chat(fake.url))
    assert message.startswith(f"The model server at {fake.url} ") and expected in message


def test_wrongly_typed_details_of_a_server_are_taken_as_absent(serve) -> None:
    """What only some servers report (context size, slots, model metadata) is optional: a wrong
    type there is the same as none, not a failure."""
    listed = {"data": [{"id": "m", "meta": "x", "max_model_len": "big", "owned_by": ["me"]}]}
    fake = serve(
        {
            "/v1/models": lambda handler: handler.json(listed),
            "/props": lambda handler: handler.json({"default_generation_settings": [], "total_slots": "many"}),
            "/v1/chat/completions": lambda handler: handler.stream(events(*HELLO, *STOP, "[DONE]")),
        }
    )
    backend = OpenAIBackend(ServerConfig(fake.url), None)
    try:
        assert backend.capabilities.parallel_requests == 4 and backend.context_size > 0
    finally:
        backend.close()
    assert _chat(fake.url) == "Hello."


@pytest.mark.parametrize(
    ("reply", "expected"),
    [
        (b"<html>login</html>", "does not answer like an OpenAI-compatible server (its reply is not JSON)"),
        (b"[" * 100_000 + b"]" * 100_000, "its reply is not JSON"),
        (json.dumps({"data": "x"}).encode(), "does not answer like an OpenAI-compatible server (no model list)"),
    ],
)
def test_a_malformed_model_list_gives_one_line_naming_the_server(serve, reply: bytes, expected: str) -> None:
    fake = serve({"/v1/models": lambda handler: handler.raw(reply)})
    message, _ = _one_line_failure(lambda: OpenAIBackend(ServerConfig(fake.url), None))
    assert fake.url in message and expected in message


def test_a_grade_job_against_a_server_that_never_finishes_fails_with_the_cause(serve, store, data_dir: Path) -> None:
    from sensemaking_desktop.quizzes.model import Question, QuestionKind, Quiz
    from sensemaking_desktop.store.answers import add_answer, add_run
    from sensemaking_desktop.store.quizzes import add_quiz, get_quiz
    from sensemaking_desktop.workflows.grade_job import submit_grade_job
    from sensemaking_desktop.workflows.jobs import job_queue

    question = Question(kind=QuestionKind.OPEN, text="Why is rain fresh?", reference_answer="The salt stays.")
    with store.atomic() as db:
        quiz_id = add_quiz(db, Quiz(title="Rain", questions=[question]))
    with store.atomic() as db:
        run_id = add_run(db, quiz_id, "person", "Ada", "imported")
        add_answer(db, run_id, get_quiz(store, quiz_id).questions[0].id, "Salt stays behind.")
    fake = serve({"/v1/chat/completions": lambda handler: handler.stream([], then=keep_alive_forever)})
    queue = job_queue(store, data_dir)
    started = time.monotonic()
    info = queue.run(submit_grade_job(store, queue, quiz_id, model=fake.url))
    assert info.status == "failed" and time.monotonic() - started < 30
    assert info.error is not None and f"{fake.url} did not finish its reply within 1 s" in info.error


def keep_alive_between(handler: _Handler) -> None:
    """Five tokens 0.3 s apart with a keep-alive line every 0.1 s between them, then the end."""
    for line in events(*[{"choices": [{"delta": {"content": "a"}}]}] * 5, *STOP, "[DONE]"):
        for _ in range(3):
            time.sleep(0.1)
            handler.wfile.write(b": keep-alive\n\n")
            handler.wfile.flush()
        handler.wfile.write(f"{line}\n\n".encode())
        handler.wfile.flush()


@pytest.fixture
def short_stall(monkeypatch: pytest.MonkeyPatch) -> None:
    """Keep-alive lines are cut after 0.5 s; the whole reply may take 20 s."""
    monkeypatch.setattr(server_client, "STALL_S", 0.5)
    monkeypatch.setattr(server_client, "STREAM_DEADLINE_S", 20.0)


@pytest.mark.parametrize(
    "part",
    [
        lambda handler: handler.stream(events(*HELLO), then=keep_alive_forever),
        lambda handler: handler.stream([], then=keep_alive_forever),
    ],
    ids=["keep-alive after a token", "keep-alive only"],
)
def test_a_stream_of_keep_alive_lines_alone_is_cut_off_long_before_its_deadline(
    serve, short_stall: None, part: Part
) -> None:
    fake = serve({"/v1/chat/completions": part})
    message, took = _one_line_failure(lambda: _chat(fake.url))
    assert message == (
        f"The model server at {fake.url} sent only keep-alive lines and no reply for 0.5 s; "
        "it may be stuck or overloaded."
    )
    assert 0.4 <= took < 0.5 + SLACK_S


def test_keep_alive_lines_between_tokens_do_not_cut_a_working_stream(serve, short_stall: None) -> None:
    """Each event starts the stall's clock again: a reply of 2 s, 0.3 s between tokens, is read whole."""
    fake = serve({"/v1/chat/completions": lambda handler: handler.stream([], then=keep_alive_between)})
    assert _chat(fake.url) == "aaaaa"


def test_a_job_item_against_a_server_of_keep_alive_lines_fails_naming_it(
    serve, short_stall: None, store, data_dir: Path
) -> None:
    """A Student job's item (one streamed reply) fails within the stall, and its error names the server."""
    from sensemaking_desktop.quizzes.model import Question, QuestionKind, Quiz, Source
    from sensemaking_desktop.store.materials import add_material, sections_of
    from sensemaking_desktop.store.quizzes import add_quiz
    from sensemaking_desktop.workflows.jobs import job_queue
    from sensemaking_desktop.workflows.student_job import submit_answer_job

    with store.atomic() as db:
        material_id = add_material(db, {"title": "Rain", "kind": "text"}, [{"text": "The salt stays behind."}])
    section = sections_of(store, material_id)[0].id
    question = Question(kind=QuestionKind.OPEN, text="What stays behind?", source=Source(section_id=section))
    with store.atomic() as db:
        quiz_id = add_quiz(db, Quiz(material_id=material_id, title="Rain", questions=[question]))
    fake = serve({"/v1/chat/completions": lambda handler: handler.stream([], then=keep_alive_forever)})
    queue = job_queue(store, data_dir)
    started = time.monotonic()
    job_id, _ = submit_answer_job(store, queue, quiz_id, model=fake.url, model_name="stuck")
    info = queue.run(job_id)
    assert info.status == "failed" and time.monotonic() - started < 15
    (item,) = queue.items(job_id)
    assert item["status"] == "failed"
    assert item["error"].startswith(f"The model server at {fake.url} sent only keep-alive lines and no reply for 0.5 s")
    assert store.db.execute("PRAGMA integrity_check").fetchone() == ("ok",)


def test_a_plain_json_reply_to_a_stream_is_blamed_on_the_server(serve) -> None:
    """`choices: "nope"` in a reply that is not a stream is the server's fault, not llama-cpp-python's."""
    fake = serve({"/v1/chat/completions": lambda handler: handler.json({"choices": "nope"})})
    message, _ = _one_line_failure(lambda: _chat(fake.url))
    assert message.startswith(f"The model server at {fake.url} sent no stream events (a plain reply, or nothing)")
    assert "llama-cpp-python" not in message and "ended the reply early" not in message


def test_a_stream_cut_before_its_finish_still_names_llama_cpp_python_s_habit(serve) -> None:
    fake = serve({"/v1/chat/completions": lambda handler: handler.stream(events(*HELLO))})
    message, _ = _one_line_failure(lambda: _chat(fake.url))
    assert message.startswith(f"The model server at {fake.url} ended the reply early. llama-cpp-python")
