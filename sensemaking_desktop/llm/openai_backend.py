"""A model behind an OpenAI-compatible server (llama.cpp's server, llama-cpp-python's, vLLM,
Ollama, LM Studio) as a ChatBackend, so the roles run on it unchanged.

Chat replies are streamed (`/v1/chat/completions`) and cancel closes the connection.
Structured output asks the server to decode under the JSON schema: llama-cpp-python's server
gets the same strict GBNF grammar as the in-process engine (its `response_format` knows no
`json_schema`); every other server gets the standard `response_format: json_schema`, and one
that refuses it gets `json_object` with the schema. Either way the reply is validated by the
role's pydantic model with the usual retry-then-typed-error rule (llm/structured.py).

Log-probabilities of a given text come from `/v1/completions` with `echo` and `logprobs`
(llama-cpp-python and vLLM give them). Whether a server can is measured on first use with one
tiny request; a server that cannot (Ollama, llama.cpp's own server) reports
`capabilities.logprobs = False` and the checks that need them say so in their results.
"""

import math
import time
from functools import cached_property
from typing import Any

from sensemaking_desktop.cancel import NEVER, CancelToken
from sensemaking_desktop.errors import ServerError
from sensemaking_desktop.llm.backend import (
    Capabilities,
    Generation,
    ModelIdentity,
    Prompt,
    Sampling,
    TextCallback,
    TokenLogprobs,
    provenance,
)
from sensemaking_desktop.llm.server_client import LIST_S, ServerClient, ServerConfig
from sensemaking_desktop.settings import Settings

DEFAULT_PARALLEL = 4
"""Requests sent at once to a server that does not say how many it serves."""
BYTES_PER_TOKEN_ESTIMATE = 3
"""Without a tokenize endpoint, tokens are over-estimated (about 4 bytes per token is usual), so
a budget computed from the estimate still fits."""
_LLAMA_CPP_PYTHON = "me"
"""What llama-cpp-python's server writes as `owned_by` in /v1/models."""
ALIGNED_MEAN_LOGPROB = -2.0
_COUNT_CONTEXT = "1 2 3 4 5"
_COUNT_TEXT = " 6 7 8 9"
_SAMPLING_EXTRAS = ("top_k", "min_p", "repeat_penalty", "repetition_penalty")


def first_model(client: ServerClient) -> dict[str, Any]:
    models = client.models()
    if not models:
        raise ServerError(f"The model server at {client.base_url} serves no model.")
    return models[0]


def list_model_ids(config: ServerConfig) -> list[str]:
    """The ids a server serves, asked with a short timeout (for listings)."""
    client = ServerClient(config, read_s=LIST_S)
    try:
        return [entry["id"] for entry in client.models(timeout=LIST_S)]
    finally:
        client.close()


class OpenAIBackend:
    """One model on one OpenAI-compatible server."""

    def __init__(self, config: ServerConfig, model: str | None, settings: Settings | None = None) -> None:
        settings = settings or Settings()
        self._client = ServerClient(config)
        entries = self._client.models()
        if model is None:
            entry = first_model(self._client)
        else:
            entry = next((item for item in entries if item["id"] == model), None)
            if entry is None:
                known = ", ".join(item["id"] for item in entries[:10]) or "none"
                raise ServerError(f"The model server at {config.url} has no model {model!r}; it serves: {known}.")
        self.model_id: str = entry["id"]
        self._flavour = str(entry.get("owned_by", ""))
        props = self._props()
        self.identity = ModelIdentity(
            name=self.model_id, file=self.model_id, sha256=_digest(entry), server_url=self._client.base_url
        )
        self.backend_name = f"openai-compatible server ({self._flavour or 'unknown'})"
        self.context_size = _context_size(entry, props) or settings.context_cap
        slots = props.get("total_slots")
        self._slots = (
            slots if isinstance(slots, int) and not isinstance(slots, bool) and slots > 0 else DEFAULT_PARALLEL
        )
        self._tokenizer: str | None = None
        self._plain_sampling = False
        self._format = "json_schema"

    def close(self) -> None:
        self._client.close()

    @cached_property
    def capabilities(self) -> Capabilities:
        """Measured on first use: one tiny completion tells whether the server scores given text."""
        return Capabilities(structured_output=True, logprobs=self._scores_text(), parallel_requests=self._slots)

    def count_tokens(self, text: str) -> int:
        """The server's own count where it has a tokenize endpoint, else a generous estimate."""
        if self._tokenizer != "estimate":
            for path in [self._tokenizer] if self._tokenizer else ["/extras/tokenize", "/tokenize"]:
                body = {"input": text, "content": text, "prompt": text, "model": self.model_id, "add_special": False}
                reply = self._client.try_post(path, body, root=True)
                if isinstance(reply, dict) and isinstance(reply.get("tokens"), list):
                    self._tokenizer = path
                    return len(reply["tokens"])
            self._tokenizer = "estimate"
        return math.ceil(len(text.encode("utf-8")) / BYTES_PER_TOKEN_ESTIMATE)

    def chat(
        self,
        prompt: Prompt,
        *,
        sampling: Sampling = Sampling(),
        json_schema: dict[str, Any] | None = None,
        cancel: CancelToken = NEVER,
        on_text: TextCallback | None = None,
    ) -> Generation:
        """Stream a reply; cancel closes the connection, which also stops the server's work."""
        cancel.raise_if_cancelled()
        try:
            return self._chat(prompt, sampling, json_schema, cancel, on_text)
        except ServerError as error:
            if not self._adapt(str(error), json_schema):
                raise
        return self._chat(prompt, sampling, json_schema, cancel, on_text)

    def _adapt(self, message: str, json_schema: dict[str, Any] | None) -> bool:
        """After a refused request: drop what the server did not accept, and say whether to retry."""
        if "HTTP 400" not in message and "HTTP 422" not in message:
            return False
        if not self._plain_sampling and any(name in message for name in _SAMPLING_EXTRAS):
            self._plain_sampling = True
            return True
        if json_schema is not None and self._format == "json_schema" and "response_format" in message:
            self._format = "json_object"
            return True
        return False

    def _chat(
        self,
        prompt: Prompt,
        sampling: Sampling,
        json_schema: dict[str, Any] | None,
        cancel: CancelToken,
        on_text: TextCallback | None,
    ) -> Generation:
        body = self._request(prompt, sampling, json_schema)
        started = time.perf_counter()
        first_at: float | None = None
        parts: list[str] = []
        finish_reason: str | None = None
        usage: dict[str, Any] = {}
        chunks = events_read = 0
        where = self._client.base_url
        with self._client.events("/chat/completions", body, cancel) as events:
            for event in events:
                events_read += 1
                usage = _object(event.get("usage"), where, "`usage`") or usage
                for choice in _choices(event, where):
                    text = _text(_object(choice.get("delta"), where, "a choice's `delta`").get("content"), where)
                    if text:
                        first_at = first_at or time.perf_counter()
                        chunks += 1
                        parts.append(text)
                        if on_text:
                            on_text(text)
                    finish_reason = _text(choice.get("finish_reason"), where) or finish_reason
        cancel.raise_if_cancelled()
        if not events_read:
            raise ServerError(
                f"The model server at {where} sent no stream events (a plain reply, or nothing) to a streamed "
                "request, which an OpenAI-compatible server does not do; check that it is one, and its version."
            )
        if finish_reason is None:
            raise ServerError(
                f"The model server at {self._client.base_url} ended the reply early. llama-cpp-python's server "
                "does this when another request arrives: start it with --interrupt_requests False, or use --parallel 1."
            )
        ended = time.perf_counter()
        first_at = first_at or ended
        counts = {
            "prompt_tokens": _count(usage.get("prompt_tokens"), where) or self._prompt_tokens(prompt),
            "completion_tokens": _count(usage.get("completion_tokens"), where) or chunks,
            "prompt_s": first_at - started,
            "completion_s": ended - first_at,
        }
        return Generation(
            text="".join(parts),
            finish_reason=finish_reason,
            provenance=provenance(self, prompt, sampling, counts),
            **counts,
        )

    def _request(self, prompt: Prompt, sampling: Sampling, json_schema: dict[str, Any] | None) -> dict[str, Any]:
        body: dict[str, Any] = {
            "model": self.model_id,
            "messages": prompt.messages,
            "stream": True,
            "stream_options": {"include_usage": True},
            "temperature": sampling.temperature,
            "top_p": sampling.top_p,
            "max_tokens": sampling.max_tokens,
            "seed": sampling.seed,
        }
        if not self._plain_sampling:
            body |= {
                "top_k": sampling.top_k,
                "min_p": sampling.min_p,
                "repeat_penalty": sampling.repeat_penalty,
                "repetition_penalty": sampling.repeat_penalty,
            }
        if json_schema is not None:
            body |= self._structured(json_schema)
        return body

    def _structured(self, schema: dict[str, Any]) -> dict[str, Any]:
        if self._flavour == _LLAMA_CPP_PYTHON:
            from sensemaking_desktop.llm.llama_engine import json_grammar

            return {"grammar": json_grammar(schema)}
        if self._format == "json_object":
            return {"response_format": {"type": "json_object", "schema": schema}}
        name = str(schema.get("title") or "output")
        return {"response_format": {"type": "json_schema", "json_schema": {"name": name, "schema": schema}}}

    def logprobs(self, context: str, text: str, *, cancel: CancelToken = NEVER) -> TokenLogprobs:
        """Log-probability of each token of `text` after `context`, from an echoed completion."""
        cancel.raise_if_cancelled()
        whole = context + text
        body = {
            "model": self.model_id,
            "prompt": whole,
            "max_tokens": 1,
            "temperature": 0.0,
            "echo": True,
            "logprobs": 1,
        }
        reply = self._client.post("/completions", body)
        scored = _echoed(reply, len(context), len(whole))
        if scored is None:
            raise ServerError(f"The model server at {self._client.base_url} gives no log-probabilities of a text.")
        return scored

    def _scores_text(self) -> bool:
        """Whether the server's echoed log-probabilities are right, not only present: counting
        on from 5 is near certain for any model (about -0.1 nats per token with the embedded
        135M model in-process). llama-cpp-python 0.3.36 pairs each prompt token with the
        distribution after it for models without a BOS token (SmolLM2, Qwen2.5), which gives
        about -10 and below here; such values would make every answer look garbled, so they are not used."""
        try:
            scored = self.logprobs(_COUNT_CONTEXT, _COUNT_TEXT)
        except ServerError as error:
            if "HTTP" in str(error) or "log-probabilities" in str(error):
                return False
            raise
        return scored.mean_logprob > ALIGNED_MEAN_LOGPROB

    def _props(self) -> dict[str, Any]:
        """llama.cpp's server reports its context and slots at /props; other servers have none."""
        try:
            reply = self._client.get("/props", timeout=LIST_S, root=True)
        except ServerError:
            return {}
        return reply if isinstance(reply, dict) else {}

    def _prompt_tokens(self, prompt: Prompt) -> int:
        return sum(self.count_tokens(message["content"]) for message in prompt.messages)


def _echoed(reply: Any, start: int, end: int) -> TokenLogprobs | None:
    """The tokens of an echoed prompt that lie in [start, end), with their log-probabilities."""
    try:
        scores = reply["choices"][0]["logprobs"]
        tokens, offsets, values = scores["tokens"], scores["text_offset"], scores["token_logprobs"]
        if not tokens or len(tokens) != len(offsets) or len(tokens) != len(values):
            return None
        picked = [
            (str(token), float(value))
            for token, offset, value in zip(tokens, offsets, values, strict=True)
            if value is not None and offset + len(token) > start and offset < end
        ]
    except (KeyError, IndexError, TypeError, ValueError):
        return None  # not the shape of echoed log-probabilities: the server is taken to give none
    if not picked:
        return None
    return TokenLogprobs(tokens=[token for token, _ in picked], logprobs=[value for _, value in picked])


def _context_size(entry: dict[str, Any], props: dict[str, Any]) -> int | None:
    """The served context: llama.cpp's /props, vLLM's max_model_len, llama.cpp's n_ctx_train."""
    generation = props.get("default_generation_settings")
    meta = entry.get("meta")
    for value in (
        generation.get("n_ctx") if isinstance(generation, dict) else None,
        entry.get("max_model_len"),
        meta.get("n_ctx_train") if isinstance(meta, dict) else None,
    ):
        if isinstance(value, int) and not isinstance(value, bool) and value > 0:
            return value
    return None


def _digest(entry: dict[str, Any]) -> str:
    """A sha256 the server reports for the model file (none of the common servers do in
    /v1/models today); empty when it does not."""
    for key in ("sha256", "digest"):
        value = str(entry.get(key) or "").removeprefix("sha256:")
        if len(value) == 64:
            return value
    return ""


def _malformed(where: str, what: str) -> ServerError:
    return ServerError(f"The model server at {where} sent a reply that does not follow the OpenAI API: {what}.")


def _object(value: Any, where: str, name: str) -> dict[str, Any]:
    """A JSON object of the reply ({} when absent), refused when it is something else."""
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise _malformed(where, f"{name} is {type(value).__name__}, not an object")
    return value


def _choices(event: dict[str, Any], where: str) -> list[dict[str, Any]]:
    choices = event.get("choices") or []
    if not isinstance(choices, list) or not all(isinstance(choice, dict) for choice in choices):
        raise _malformed(where, "`choices` is not a list of objects")
    return choices


def _text(value: Any, where: str) -> str:
    if value is None:
        return ""
    if not isinstance(value, str):
        raise _malformed(where, f"a text field holds {type(value).__name__} {repr(value)[:40]}")
    return value


def _count(value: Any, where: str) -> int:
    """A token count of `usage` (0 when absent)."""
    if value is None:
        return 0
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise _malformed(where, f"a token count in `usage` is {repr(value)[:40]}")
    return value
