"""The backend protocol the roles use, and the records every model call returns.

Roles depend on this module only, so that an OpenAI-compatible server can replace the
in-process llama.cpp engine without touching them.
"""

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from pydantic import BaseModel, ConfigDict, Field

from sensemaking_desktop.cancel import CancelToken


class Sampling(BaseModel):
    """Sampling settings; recorded with every output so a run can be repeated."""

    model_config = ConfigDict(frozen=True)

    temperature: float = Field(0.2, ge=0)
    top_p: float = Field(0.95, gt=0, le=1)
    top_k: int = Field(40, ge=0)
    min_p: float = Field(0.05, ge=0, le=1)
    repeat_penalty: float = Field(1.0, gt=0)
    max_tokens: int = Field(512, ge=1)
    seed: int = 42


@dataclass(frozen=True)
class Prompt:
    """Chat messages plus the template they came from (None for ad-hoc prompts)."""

    messages: list[dict[str, str]]
    template_name: str | None = None
    template_version: str | None = None


@dataclass(frozen=True)
class ModelIdentity:
    """Which model made an output: a GGUF file and its sha256, or a server's URL and model id."""

    name: str
    file: str
    sha256: str
    server_url: str | None = None


@dataclass(frozen=True)
class Capabilities:
    """What a backend can do. Roles read these instead of assuming llama.cpp, and a check
    that needs a missing capability says so in its result rather than vanishing."""

    structured_output: bool = True
    """Decodes under a JSON schema (a grammar or the server's guided decoding)."""
    logprobs: bool = True
    """Gives log-probabilities of a given text after a context (fluency checks)."""
    parallel_requests: int = 1
    """How many independent requests are worth sending at once (1 for an in-process model)."""


@dataclass(frozen=True)
class TokenChoice:
    """One generated token with the model's own log-probability of it and of its top alternatives,
    taken before any grammar, so a role can read how sure the model was (e.g. of "true")."""

    text: str
    logprob: float
    top: tuple[tuple[str, float], ...] = ()


@dataclass(frozen=True)
class Generation:
    """One model call: its text and everything needed to know how it was made."""

    text: str
    finish_reason: str
    prompt_tokens: int
    completion_tokens: int
    prompt_s: float
    completion_s: float
    provenance: dict[str, Any] = field(default_factory=dict)
    evaluated_tokens: int | None = None
    """Prompt tokens the model actually evaluated (the rest came from its cache); None when unknown."""
    tokens: tuple[TokenChoice, ...] = ()
    """The generated tokens with their probabilities, where the backend gives them."""

    @property
    def tokens_per_s(self) -> float:
        return self.completion_tokens / self.completion_s if self.completion_s > 0 else 0.0


@dataclass(frozen=True)
class TokenLogprobs:
    """Log-probabilities of each token of a text after a context."""

    tokens: list[str]
    logprobs: list[float]

    @property
    def mean_logprob(self) -> float:
        return sum(self.logprobs) / len(self.logprobs) if self.logprobs else 0.0

    @property
    def perplexity(self) -> float:
        return math.exp(-self.mean_logprob)


TextCallback = Callable[[str], None]


class ChatBackend(Protocol):
    """What a role may ask of a model."""

    identity: ModelIdentity
    backend_name: str
    context_size: int
    capabilities: Capabilities

    def chat(
        self,
        prompt: Prompt,
        *,
        sampling: Sampling = ...,
        json_schema: dict[str, Any] | None = None,
        cancel: CancelToken = ...,
        on_text: TextCallback | None = None,
    ) -> Generation: ...

    def logprobs(self, context: str, text: str, *, cancel: CancelToken = ...) -> TokenLogprobs: ...

    def count_tokens(self, text: str) -> int: ...


def model_provenance(backend: ChatBackend) -> dict[str, Any]:
    """The model part of a provenance record: file and sha256, or server URL and model id."""
    return {
        "model_name": backend.identity.name,
        "model_file": backend.identity.file,
        "model_sha256": backend.identity.sha256,
        "server_url": backend.identity.server_url,
        "backend": backend.backend_name,
    }


def provenance(backend: ChatBackend, prompt: Prompt, sampling: Sampling, usage: dict[str, Any]) -> dict[str, Any]:
    """The provenance record the store keeps for a generated row (see store.record_generation)."""
    return model_provenance(backend) | {
        "template_name": prompt.template_name,
        "template_version": prompt.template_version,
        "sampling": sampling.model_dump(),
        "seed": sampling.seed,
        **usage,
    }
