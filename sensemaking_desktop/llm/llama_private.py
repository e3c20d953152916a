"""The one module that reaches into llama-cpp-python's private attributes.

Its public `Llama` API has no call for what the engine needs below the chat completion: the
model and vocabulary pointers (the parameter count, a grammar sampler of our own), the context
pointer (saving and loading a prefix's KV state, sampling token by token), the tokens the KV
cache holds and cutting the cache after a prefix (prefix reuse). llama-cpp-python's own
`generate` uses the same attributes, but a release may rename any of them; `missing` names the
one that moved, and `tests/llm/test_llama_private.py` runs it on the embedded model, so an
upgrade fails there with the attribute's name rather than deep inside a quiz.
"""

from collections.abc import Sequence
from typing import Any

PRIVATE = ("_model.model", "_model.vocab", "_ctx.ctx", "_ctx.kv_cache_seq_rm", "_input_ids")
"""Every private attribute of a `llama_cpp.Llama` this module reads, as dotted paths."""


def model_pointer(llm: Any) -> Any:
    """The `llama_model *` of a loaded Llama, for llama.cpp's C functions."""
    return llm._model.model


def vocab_pointer(llm: Any) -> Any:
    """The `llama_vocab *` of a loaded Llama."""
    return llm._model.vocab


def context_pointer(llm: Any) -> Any:
    """The `llama_context *` of a loaded Llama."""
    return llm._ctx.ctx


def cached_tokens(llm: Any) -> Sequence[int]:
    """The tokens the KV cache holds, in order."""
    return llm._input_ids


def keep_cache_prefix(llm: Any, length: int) -> None:
    """Drop the KV cache after its first `length` tokens, so the next `eval` continues from there."""
    llm._ctx.kv_cache_seq_rm(-1, length, -1)
    llm.n_tokens = length


def missing(llm: Any) -> list[str]:
    """The attributes of PRIVATE that `llm` lacks (none while llama-cpp-python keeps them)."""
    absent = []
    for path in PRIVATE:
        target = llm
        for name in path.split("."):
            if not hasattr(target, name):
                absent.append(path)
                break
            target = getattr(target, name)
    return absent
