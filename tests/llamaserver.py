"""llama-cpp-python's own OpenAI-compatible server on the embedded model, for the whole run.

Started on a free port of 127.0.0.1 with one thread and a 2048-token context; requests are
not interrupted by newer ones (`--interrupt_requests False`), so parallel clients get whole
replies. Killed at the end of the session.
"""

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator

import httpx2
import pytest

from sensemaking_desktop.llm.registry import embedded_model_path

START_S = 120


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture(scope="session")
def llama_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The server's base URL, http://127.0.0.1:PORT/v1."""
    port = free_port()
    log = tmp_path_factory.mktemp("llama-server") / "server.log"
    command = [
        sys.executable, "-m", "llama_cpp.server",
        "--model", str(embedded_model_path()),
        "--host", "127.0.0.1", "--port", str(port),
        "--n_ctx", "2048", "--n_threads", "1", "--interrupt_requests", "False",
    ]  # fmt: skip
    with log.open("wb") as output:
        process = subprocess.Popen(command, stdout=output, stderr=subprocess.STDOUT, env=os.environ.copy())
    url = f"http://127.0.0.1:{port}/v1"
    try:
        _wait_for(url, process, log)
        yield url
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def _wait_for(url: str, process: subprocess.Popen, log: object) -> None:
    deadline = time.monotonic() + START_S
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"llama_cpp.server exited: {log.read_text()[-2000:]}")  # type: ignore[attr-defined]
        try:
            if httpx2.get(f"{url}/models", timeout=2, trust_env=False).status_code == 200:
                return
        except httpx2.HTTPError:
            pass
        time.sleep(0.5)
    raise RuntimeError(f"llama_cpp.server did not start in {START_S} s")
