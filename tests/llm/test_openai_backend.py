"""The OpenAI-compatible backend against llama-cpp-python's real server (tests/llamaserver.py)
and a server without log-probabilities (tests/fakeopenai.py): streaming, structured output,
cancel, the roles, measured capabilities and one-line errors."""

import pytest
from fakeopenai import MODEL, FakeOpenAI

from sensemaking_desktop.cancel import CancelToken
from sensemaking_desktop.errors import Cancelled, ServerError
from sensemaking_desktop.llm.backend import Prompt, Sampling
from sensemaking_desktop.llm.openai_backend import OpenAIBackend
from sensemaking_desktop.llm.registry import embedded_model_path
from sensemaking_desktop.llm.server_client import ServerConfig, parse_server_url
from sensemaking_desktop.llm.structured import structured
from sensemaking_desktop.roles.evaluator import grade
from sensemaking_desktop.roles.student import StudentReply, answer_one
from sensemaking_desktop.roles.teacher import TeacherOptions, generate_quiz

MATERIAL = "When sea water evaporates, the salt stays behind, so rain is fresh water."
QUESTION = "Why is rain fresh water?"
REFERENCE = "The salt stays behind when sea water evaporates."


@pytest.fixture(scope="module")
def served(llama_server: str) -> OpenAIBackend:
    return OpenAIBackend(ServerConfig(llama_server), None)


def test_chat_streams_and_provenance_names_the_server_and_model(served: OpenAIBackend, llama_server: str) -> None:
    pieces: list[str] = []
    reply = served.chat(
        Prompt([{"role": "user", "content": "Say hello."}]), sampling=Sampling(max_tokens=12), on_text=pieces.append
    )
    assert len(pieces) > 1 and "".join(pieces) == reply.text and reply.finish_reason in ("stop", "length")
    assert reply.provenance["server_url"] == llama_server
    assert reply.provenance["model_file"] == str(embedded_model_path()) == served.identity.file
    assert reply.completion_tokens == len(pieces)


def test_structured_output_is_decoded_under_the_schema(served: OpenAIBackend) -> None:
    prompt = Prompt([{"role": "user", "content": f"{MATERIAL}\nQuestion: {QUESTION}\nAnswer as JSON."}])
    result = structured(served, prompt, StudentReply, sampling=Sampling(temperature=0.0))
    assert isinstance(result.value, StudentReply)


def test_cancel_closes_the_stream_and_the_server_goes_on(served: OpenAIBackend) -> None:
    token = CancelToken()
    pieces: list[str] = []

    def cancel_after_two(text: str) -> None:
        pieces.append(text)
        if len(pieces) == 2:
            token.cancel()

    prompt = Prompt([{"role": "user", "content": "Write a long story about the sea."}])
    with pytest.raises(Cancelled):
        served.chat(prompt, sampling=Sampling(max_tokens=400), cancel=token, on_text=cancel_after_two)
    assert len(pieces) == 2
    assert served.chat(prompt, sampling=Sampling(max_tokens=4)).completion_tokens >= 1


def test_log_probabilities_are_measured_not_assumed(served: OpenAIBackend) -> None:
    """llama-cpp-python 0.3.36 shifts echoed log-probabilities by one token for models without
    a BOS token, SmolLM2 among them; the probe sees it and the capability is off."""
    assert served.capabilities.logprobs is False
    assert served.capabilities.structured_output and served.capabilities.parallel_requests >= 1


def test_the_student_and_the_teacher_run_on_the_server(served: OpenAIBackend, llama_server: str) -> None:
    answered = answer_one(served, MATERIAL, QUESTION)
    assert answered.provenance["server_url"] == llama_server and answered.provenance["template_name"]
    result = generate_quiz(served, MATERIAL, TeacherOptions(count=1))
    assert len(result.kept) + len(result.dropped) + len(result.failures) >= 1 or result.exhausted


def test_a_grade_without_log_probabilities_says_so_and_is_less_confident(fake_openai: FakeOpenAI) -> None:
    backend = OpenAIBackend(ServerConfig(fake_openai.url), None)
    assert backend.capabilities.logprobs is False and backend.identity.file == MODEL
    graded = grade(
        backend, QUESTION, "Because the salt stays behind when the sea water evaporates.", reference=REFERENCE
    )
    assert "no_logprobs" in graded.flags and graded.confidence <= 0.5 and graded.needs_review
    assert "log-probabilities" in " ".join(graded.details)
    assert graded.signals["answer_fluency"] is None and graded.signals["no_logprobs"] is True
    assert fake_openai.bodies[-1]["response_format"]["type"] == "json_schema"


def test_unreachable_server_is_one_clear_error() -> None:
    from llamaserver import free_port

    with pytest.raises(ServerError, match="Could not reach the model server at http://127.0.0.1:.*Is it running"):
        OpenAIBackend(ServerConfig(f"http://127.0.0.1:{free_port()}/v1"), None)


def test_unknown_model_and_refused_key_are_one_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    with FakeOpenAI(api_key="s3cret") as fake:
        with pytest.raises(ServerError, match=r"refused the API key \(HTTP 401\); check the key in \$LAB_KEY"):
            OpenAIBackend(ServerConfig(fake.url, "wrong", api_key_env="LAB_KEY"), None)
        with pytest.raises(ServerError, match="has no model 'nope'; it serves: fake-model:1b"):
            OpenAIBackend(ServerConfig(fake.url, "s3cret"), "nope")
        assert OpenAIBackend(ServerConfig(fake.url, "s3cret"), None).model_id == MODEL


@pytest.mark.parametrize(
    ("ref", "base", "model"),
    [
        ("http://127.0.0.1:8080/v1", "http://127.0.0.1:8080/v1", None),
        ("http://host:8000/v1/#Qwen%2FQwen2.5-7B", "http://host:8000/v1", "Qwen/Qwen2.5-7B"),
        ("https://lab.example/v1#llama3.2:3b", "https://lab.example/v1", "llama3.2:3b"),
    ],
)
def test_server_addresses_are_parsed(ref: str, base: str, model: str | None) -> None:
    address = parse_server_url(ref)
    assert (address.base_url, address.model) == (base, model)


def test_a_malformed_address_is_refused() -> None:
    with pytest.raises(ServerError, match="not a server address"):
        parse_server_url("http://:8080")
