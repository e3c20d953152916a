"""Structured output: a validated pydantic instance or a typed error, never a silent default.

Decoding runs under a grammar made from the model's JSON schema, so the output is JSON of
the right shape. A schema whose strings and arrays are bounded (maxLength, maxItems) has a
largest possible output; `max_tokens` is set from it, so the grammar closes the JSON before
the token limit and truncation cannot happen. What the grammar cannot express (numeric
ranges, validators) is checked by pydantic; a failure is retried once, then raised as
StructuredOutputError. The retry samples differently, not only with another seed: at temperature 0
(greedy decoding) the seed changes nothing and the same invalid output would come back, so a retry
runs at least at RETRY_TEMPERATURE. Its settings, its number and the failure it follows are kept in
the provenance's sampling record.
"""

import json
from dataclasses import dataclass, replace
from typing import Any, Generic, TypeVar

from pydantic import BaseModel, ValidationError

from sensemaking_desktop.cancel import NEVER, CancelToken
from sensemaking_desktop.errors import StructuredOutputError
from sensemaking_desktop.llm.backend import ChatBackend, Generation, Prompt, Sampling, TextCallback

T = TypeVar("T", bound=BaseModel)

ATTEMPTS = 2
RETRY_TEMPERATURE = 0.7
"""The least temperature of a retry: warm enough to leave the first attempt's path, as llama.cpp's
and OpenAI's defaults (0.8 and 1.0) are."""
_SPACE = 1
# llama.cpp's grammar allows at most 16 digits per part of a number.
_INTEGER_CHARS = 1 + 16
_NUMBER_CHARS = _INTEGER_CHARS + 1 + 16 + 2 + 16
_SCALAR_CHARS = {"integer": _INTEGER_CHARS, "number": _NUMBER_CHARS, "boolean": 5, "null": 4}
# A string character may cost two tokens: an escape pair, or a character split into bytes.
_TOKENS_PER_STRING_CHAR = 2


@dataclass(frozen=True)
class Structured(Generic[T]):
    value: T
    generation: Generation
    attempts: int


TEMPLATE_TOKENS = 8
"""Tokens a chat template adds per message (role markers), counted beside the message's own."""
MIN_ROOM = 256
"""Less room than this for the answer is not worth trying: the engine's context error says so instead."""


def _fitting(bound: int, backend: ChatBackend, prompt: Prompt) -> int:
    """The schema's bound, or the room the prompt leaves in the model's context when that is less.
    Bounds are generous guards (whole keys need long strings allowed: issue 34), so a schema may
    allow more than a context holds; a model that really runs out stops at the room, which counts
    as an invalid output and is retried, instead of the prompt being refused before it ran."""
    context, count = getattr(backend, "context_size", None), getattr(backend, "count_tokens", None)
    if not context or count is None:
        return bound
    most = sum(len(message["content"].encode("utf-8")) + TEMPLATE_TOKENS for message in prompt.messages)
    if most + bound <= context:
        return bound  # a token is at least one byte: it fits without asking a server to count
    used = sum(count(message["content"]) + TEMPLATE_TOKENS for message in prompt.messages)
    room = context - used
    return min(bound, room) if room >= MIN_ROOM else bound


def output_token_bound(schema: dict[str, Any]) -> int | None:
    """The most tokens a grammar-constrained output of this schema can take, or None if unbounded."""
    return _bound(schema, schema.get("$defs", {}))


def _bound(schema: dict[str, Any], defs: dict[str, Any]) -> int | None:
    if "$ref" in schema:
        return _bound(defs[schema["$ref"].split("/")[-1]], defs)
    if "const" in schema:
        return len(json.dumps(schema["const"])) + _SPACE
    if "enum" in schema:
        return max(len(json.dumps(value)) for value in schema["enum"]) + _SPACE
    for union in ("anyOf", "oneOf"):
        if union in schema:
            options = [_bound(option, defs) for option in schema[union]]
            return None if None in options else max(options)
    kind = schema.get("type")
    if kind == "object":
        return _object_bound(schema, defs)
    if kind == "array":
        return _array_bound(schema, defs)
    if kind == "string":
        if "maxLength" not in schema or "pattern" in schema or "format" in schema:
            return None
        return 2 + _TOKENS_PER_STRING_CHAR * schema["maxLength"] + _SPACE
    return _SCALAR_CHARS[kind] + _SPACE if kind in _SCALAR_CHARS else None


def _object_bound(schema: dict[str, Any], defs: dict[str, Any]) -> int | None:
    if schema.get("additionalProperties") not in (None, False):
        return None
    total = 2 + _SPACE
    for name, value_schema in schema.get("properties", {}).items():
        value = _bound(value_schema, defs)
        if value is None:
            return None
        total += len(json.dumps(name)) + _SPACE + 1 + _SPACE + value + 1 + _SPACE
    return total


def _array_bound(schema: dict[str, Any], defs: dict[str, Any]) -> int | None:
    item = _bound(schema.get("items", {}), defs)
    if item is None or "maxItems" not in schema:
        return None
    return 2 + _SPACE + schema["maxItems"] * (item + 1 + _SPACE)


def structured(
    backend: ChatBackend,
    prompt: Prompt,
    model: type[T],
    *,
    sampling: Sampling | None = None,
    cancel: CancelToken = NEVER,
    on_text: TextCallback | None = None,
) -> Structured[T]:
    """Ask for an instance of `model`; one retry on a validation failure, then StructuredOutputError."""
    schema = model.model_json_schema()
    sampling = sampling or Sampling()
    bound = output_token_bound(schema)
    if bound is not None:
        sampling = sampling.model_copy(update={"max_tokens": _fitting(bound, backend, prompt)})
    raw_outputs: list[str] = []
    errors: list[str] = []
    for attempt in range(1, ATTEMPTS + 1):
        attempt_sampling = attempt_settings(sampling, attempt)
        generation = backend.chat(prompt, sampling=attempt_sampling, json_schema=schema, cancel=cancel, on_text=on_text)
        if attempt > 1:
            generation = _noted_retry(generation, attempt, errors[-1])
        raw_outputs.append(generation.text)
        if generation.finish_reason == "length":
            errors.append(f"output stopped at the limit of {attempt_sampling.max_tokens} tokens")
            continue
        try:
            return Structured(model.model_validate_json(generation.text), generation, attempt)
        except ValidationError as error:
            errors.append(_summarise(error))
    raise StructuredOutputError(
        f"The model gave no valid {model.__name__} in {ATTEMPTS} attempts: {errors[-1]}",
        raw_outputs=raw_outputs,
        errors=errors,
    )


def attempt_settings(sampling: Sampling, attempt: int) -> Sampling:
    """The sampling of attempt `attempt` (1 is the first, as asked): a retry takes the next seed and
    at least RETRY_TEMPERATURE, so that it cannot repeat the first attempt's greedy output."""
    if attempt == 1:
        return sampling
    warmer = max(sampling.temperature, RETRY_TEMPERATURE)
    return sampling.model_copy(update={"seed": sampling.seed + attempt - 1, "temperature": warmer})


def _noted_retry(generation: Generation, attempt: int, after: str) -> Generation:
    """The generation with its provenance saying it is a retry, and of what failure."""
    record = generation.provenance
    if "sampling" not in record:
        return generation
    sampling = dict(record["sampling"], attempt=attempt, retry_after=after)
    return replace(generation, provenance=dict(record, sampling=sampling))


def _summarise(error: ValidationError) -> str:
    first = error.errors()[0]
    where = ".".join(str(part) for part in first["loc"]) or "output"
    return f"{where}: {first['msg']} ({error.error_count()} problem(s))"
