"""The in-process llama.cpp engine: the one place that talks to llama-cpp-python.

Prompts are formatted with the model's own chat template and tokenized here; the KV cache
keeps the longest common token prefix with the previous call, and saved states of earlier
long prompts (PrefixStates) bring back a section that another prompt pushed out, so roles
that put the material first pay for it once per section even when they interleave prompts.
Decoding is done here token by token (_Decoder), with the JSON grammar checked lazily and
each token's log-probability kept.
"""

import ctypes
import json
import os
import time
from collections import OrderedDict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from sensemaking_desktop.cancel import NEVER, CancelToken
from sensemaking_desktop.errors import SensemakingError
from sensemaking_desktop.llm.backend import (
    Capabilities,
    Generation,
    ModelIdentity,
    Prompt,
    Sampling,
    TextCallback,
    TokenChoice,
    TokenLogprobs,
    provenance,
)
from sensemaking_desktop.llm.gguf import load_llama
from sensemaking_desktop.llm.llama_private import (
    cached_tokens,
    context_pointer,
    keep_cache_prefix,
    model_pointer,
    vocab_pointer,
)
from sensemaking_desktop.settings import Settings

LOGPROB_CONTEXT = 1024
SAVE_MIN_TOKENS = 256
"""A prompt that cost this many newly evaluated tokens is saved as a prefix state; shorter
ones (a question after a cached section) are cheaper to evaluate again than to copy."""
STATE_CACHE_BYTES = 512 * 1024 * 1024
"""Saved prefix states kept per engine: about 20 sections of 2,048 tokens with SmolLM2-135M
(23 KiB of KV cache per token) or 40 with Qwen2.5-0.5B (12 KiB)."""
TOP_ALTERNATIVES = 5
SHORTLIST = 256
"""How many of the most likely tokens the grammar checks before it checks the whole vocabulary."""
_CHATML = (
    "{% for message in messages %}<|im_start|>{{ message['role'] }}\n{{ message['content'] }}<|im_end|>\n"
    "{% endfor %}{% if add_generation_prompt %}<|im_start|>assistant\n{% endif %}"
)


# llama-cpp-python's JSON grammar lets raw control characters (newlines) into strings, which is
# not JSON; llama.cpp's own converter excludes them. Measured: 1 call in 20 broke on it.
_LOOSE_CHAR_RULE = 'char ::= [^"\\\\]'
_STRICT_CHAR_RULE = 'char ::= [^"\\\\\\x7F\\x00-\\x1F]'


def json_grammar(schema: dict[str, Any]) -> str:
    """GBNF for a JSON schema, with strings restricted to what JSON allows."""
    from llama_cpp.llama_grammar import json_schema_to_gbnf

    return json_schema_to_gbnf(json.dumps(schema)).replace(_LOOSE_CHAR_RULE, _STRICT_CHAR_RULE)


class ContextOverflowError(SensemakingError):
    """The prompt and the room for the answer do not fit in the model's context."""


def gpu_available() -> bool:
    """Whether this llama.cpp build can offload layers to a GPU (CUDA, Metal, Vulkan, ...)."""
    import llama_cpp

    return bool(llama_cpp.llama_supports_gpu_offload())


def default_threads() -> int:
    return max(1, os.cpu_count() or 1)


class LlamaEngine:
    """A loaded GGUF model that chats, decodes under a JSON schema, and scores text."""

    capabilities = Capabilities(structured_output=True, logprobs=True, parallel_requests=1)

    def __init__(self, identity: ModelIdentity, path: Path, settings: Settings | None = None) -> None:
        import llama_cpp
        from llama_cpp.llama_chat_format import Jinja2ChatFormatter

        from sensemaking_desktop.llm.gguf import read_metadata

        settings = settings or Settings()
        self.identity = identity
        self.backend_name = f"llama.cpp/llama-cpp-python {llama_cpp.__version__}"
        self._path = Path(path)
        metadata = read_metadata(self._path)
        trained = int(metadata.get(f"{metadata.get('general.architecture', 'llama')}.context_length", 0) or 0)
        self.context_size = min(settings.context_cap, trained) if trained else settings.context_cap
        self.gpu_layers = settings.gpu_layers if gpu_available() else 0
        self._threads = settings.threads or default_threads()
        started = time.perf_counter()
        self._llm = load_llama(
            self._path,
            n_ctx=self.context_size,
            n_gpu_layers=self.gpu_layers,
            n_threads=self._threads,
            n_threads_batch=self._threads,
        )
        self.load_s = time.perf_counter() - started
        self._scorer: Any = None
        self._grammars: dict[str, Any] = {}
        self._states = PrefixStates(STATE_CACHE_BYTES)
        self.parameters = int(llama_cpp.llama_model_n_params(model_pointer(self._llm)))
        """The model's parameter count, so a role can tell a small model from a capable one."""
        template = metadata.get("tokenizer.chat_template")
        self.chat_template_source = "gguf" if template else "chatml-fallback"
        self._formatter = Jinja2ChatFormatter(
            template=template or _CHATML,
            eos_token=self._token_text(self._llm.token_eos()),
            bos_token=self._token_text(self._llm.token_bos()),
            stop_token_ids=[self._llm.token_eos()],
        )

    def reset(self) -> None:
        """Forget the KV cache and every saved prefix state, so the next prompt is evaluated whole."""
        self._llm.reset()
        self._states = PrefixStates(STATE_CACHE_BYTES)

    @property
    def llama(self) -> Any:
        """The underlying llama_cpp.Llama, for benchmarks that compare against it."""
        return self._llm

    def format_tokens(self, prompt: Prompt) -> tuple[list[int], list[str]]:
        """The prompt as the model's chat template renders it, tokenized, and its stop strings."""
        formatted = self._formatter(messages=prompt.messages)
        tokens = self._llm.tokenize(formatted.prompt.encode("utf-8"), add_bos=not formatted.added_special, special=True)
        stop = formatted.stop if isinstance(formatted.stop, list) else [formatted.stop] if formatted.stop else []
        return tokens, stop

    def count_tokens(self, text: str) -> int:
        return len(self._llm.tokenize(text.encode("utf-8"), add_bos=False, special=False))

    def chat(
        self,
        prompt: Prompt,
        *,
        sampling: Sampling = Sampling(),
        json_schema: dict[str, Any] | None = None,
        cancel: CancelToken = NEVER,
        on_text: TextCallback | None = None,
    ) -> Generation:
        """Generate a reply; cancellable between tokens; streamed to `on_text` when given."""
        cancel.raise_if_cancelled()
        tokens, stop = self.format_tokens(prompt)
        if len(tokens) + sampling.max_tokens > self.context_size:
            raise ContextOverflowError(
                f"The prompt ({len(tokens)} tokens) and the answer ({sampling.max_tokens} tokens) do not fit "
                f"in the context of {self.context_size} tokens; use shorter sections or a larger context."
            )
        started = time.perf_counter()
        evaluated = self._prefill(tokens, cancel)
        prefilled = time.perf_counter()
        decoder = _Decoder(self, sampling, self._grammar(json_schema) if json_schema else None)
        try:
            text, choices, finish_reason = decoder.run(sampling.max_tokens, stop, cancel, on_text)
        finally:
            decoder.close()
        cancel.raise_if_cancelled()
        ended = time.perf_counter()
        usage = {
            "prompt_tokens": len(tokens),
            "completion_tokens": len(choices),
            "prompt_s": prefilled - started,
            "completion_s": ended - prefilled,
        }
        return Generation(
            text=text,
            finish_reason=finish_reason,
            provenance=provenance(self, prompt, sampling, usage),
            evaluated_tokens=evaluated,
            tokens=tuple(choices),
            **usage,
        )

    def _prefill(self, tokens: list[int], cancel: CancelToken) -> int:
        """Bring the KV cache to `tokens`, evaluating as little as possible; returns how many were evaluated.

        The longest common prefix with what the cache holds is kept; when a saved state
        (see PrefixStates) shares a longer prefix, it is loaded first. The rest is evaluated
        batch by batch, so cancel works before the first token. A prompt that cost at least
        SAVE_MIN_TOKENS of new evaluation is saved for later calls with the same head.
        """
        llm = self._llm
        cached = llm.longest_token_prefix(cached_tokens(llm), tokens)
        saved = self._states.longest(tokens)
        if saved is not None and len(saved) > cached + SAVE_MIN_TOKENS // 4:
            self._states.load(llm, saved)
            cached = len(saved)
        cached = min(cached, len(tokens) - 1)
        keep_cache_prefix(llm, cached)
        for start in range(cached, len(tokens), llm.n_batch):
            cancel.raise_if_cancelled()
            llm.eval(tokens[start : min(start + llm.n_batch, len(tokens))])
        evaluated = len(tokens) - cached
        if evaluated >= SAVE_MIN_TOKENS:
            self._states.save(llm, tokens)
        return evaluated

    def logprobs(self, context: str, text: str, *, cancel: CancelToken = NEVER) -> TokenLogprobs:
        """Log-probability of each token of `text` after `context` (for perplexity checks).

        A second, small llama.cpp context with logits for every position does this: its score
        array is n_ctx × vocabulary floats, so it stays at LOGPROB_CONTEXT tokens. The weights
        are memory-mapped, so the second instance shares them with the first.
        """
        scorer = self._logprob_model()
        head = scorer.tokenize(context.encode("utf-8"), add_bos=True, special=False) if context else []
        if not head and scorer.token_bos() >= 0:
            head = [scorer.token_bos()]
        body = scorer.tokenize(text.encode("utf-8"), add_bos=False, special=False)
        if not head:
            head, body = body[:1], body[1:]
        if not body:
            return TokenLogprobs(tokens=[], logprobs=[])
        body = body[: scorer.n_ctx() - 1]
        head = head[-(scorer.n_ctx() - len(body)) :]
        tokens = head + body
        # Keep what the previous call evaluated of the same tokens (the question before each of
        # a class's answers and their shuffles): its cache and logits rows are those again.
        scorer.n_tokens = min(common_prefix(scorer.input_ids[: scorer.n_tokens], tokens), len(tokens) - 1)
        for start in range(scorer.n_tokens, len(tokens), scorer.n_batch):
            cancel.raise_if_cancelled()
            scorer.eval(tokens[start : start + scorer.n_batch])
        rows = np.asarray(scorer.scores[len(head) - 1 : len(tokens) - 1], dtype=np.float64)
        return TokenLogprobs(tokens=[self._token_text(token) for token in body], logprobs=_log_softmax_at(rows, body))

    def _logprob_model(self) -> Any:
        if self._scorer is None:
            self._scorer = load_llama(
                self._path,
                n_ctx=min(LOGPROB_CONTEXT, self.context_size),
                n_batch=min(512, LOGPROB_CONTEXT),
                n_gpu_layers=self.gpu_layers,
                n_threads=self._threads,
                n_threads_batch=self._threads,
                logits_all=True,
            )
        return self._scorer

    def _grammar(self, schema: dict[str, Any]) -> str:
        key = json.dumps(schema, sort_keys=True)
        if key not in self._grammars:
            self._grammars[key] = json_grammar(schema)
        return self._grammars[key]

    def _token_text(self, token: int) -> str:
        if token < 0:
            return ""
        return self._llm.detokenize([token], special=True).decode("utf-8", "replace")


def _log_softmax_at(rows: np.ndarray, targets: list[int]) -> list[float]:
    """Log-softmax of each row at the token that followed it."""
    peak = rows.max(axis=1, keepdims=True)
    log_norm = peak[:, 0] + np.log(np.exp(rows - peak).sum(axis=1))
    picked = rows[np.arange(len(targets)), targets]
    return [float(value) for value in picked - log_norm]


class PrefixStates:
    """Saved KV-cache states keyed by their prompt tokens, least recently used dropped first.

    llama.cpp keeps one KV cache, so a Teacher that drafts over a section, then asks the
    Student about a short passage, would evaluate the section again for its next draft.
    Saving the state after an expensive prompt and loading it when a later prompt shares a
    longer head than the cache does makes every prefix cost one evaluation per section.
    Only sequence 0 is saved (llama_state_seq_get_data), not llama-cpp-python's score
    matrix, which save_state() would copy too (n_batch × vocabulary floats, 300 MB for Qwen).
    """

    def __init__(self, limit_bytes: int) -> None:
        self._limit = limit_bytes
        self._states: OrderedDict[tuple[int, ...], bytes] = OrderedDict()

    @property
    def size_bytes(self) -> int:
        return sum(len(state) for state in self._states.values())

    def longest(self, tokens: list[int]) -> tuple[int, ...] | None:
        """The saved prompt sharing the longest head with `tokens`, cut to that head; None when none shares any."""
        best: tuple[int, ...] | None = None
        best_length = 0
        for saved in self._states:
            length = common_prefix(saved, tokens)
            if length > best_length:
                best, best_length = saved, length
        if best is None:
            return None
        self._states.move_to_end(best)
        return best[:best_length] if best_length < len(best) else best

    def save(self, llm: Any, tokens: list[int]) -> None:
        import llama_cpp

        ctx = context_pointer(llm)
        size = llama_cpp.llama_state_seq_get_size(ctx, 0)
        if size > self._limit:
            return
        buffer = (ctypes.c_uint8 * size)()
        written = llama_cpp.llama_state_seq_get_data(ctx, buffer, size, 0)
        self._states[tuple(tokens)] = ctypes.string_at(buffer, written)
        while self.size_bytes > self._limit:
            self._states.popitem(last=False)

    def load(self, llm: Any, head: tuple[int, ...]) -> None:
        """Load the saved state whose prompt starts with `head`; the cache then holds `head` (and
        the rest of that prompt, which the next evaluation cuts off)."""
        import llama_cpp

        full = next(saved for saved in reversed(self._states) if saved[: len(head)] == head)
        state = self._states[full]
        buffer = (ctypes.c_uint8 * len(state)).from_buffer_copy(state)
        if llama_cpp.llama_state_seq_set_data(context_pointer(llm), buffer, len(state), 0) == 0:
            raise SensemakingError("llama.cpp could not load a saved prompt state.")
        llm.input_ids[: len(full)] = full
        llm.n_tokens = len(full)


def common_prefix(first: Sequence[int], second: Sequence[int]) -> int:
    """How many leading tokens the two sequences share."""
    length = 0
    for a, b in zip(first, second):
        if a != b:
            break
        length += 1
    return length


class _Decoder:
    """Token-by-token decoding with the grammar checked lazily, as llama.cpp's own sampler does.

    llama-cpp-python puts the grammar first in its sampler chain, so every token pays for
    checking the whole vocabulary against it (151,000 tokens for Qwen), which halves the
    decoding speed. Here a token is sampled without the grammar, then checked alone; only
    when the grammar rejects it is the grammar applied to the whole vocabulary and the
    token sampled again (llama.cpp's common_sampler_sample with grammar_first = false).
    Sampling then draws from the same allowed tokens as before. Each token's log-probability
    (and its top alternatives) is read from the raw logits, before the grammar.
    """

    def __init__(self, engine: "LlamaEngine", sampling: Sampling, grammar: str | None) -> None:
        import llama_cpp

        self._cpp = llama_cpp
        self._engine = engine
        self._llm = engine.llama
        self._vocab = vocab_pointer(self._llm)
        self._n_vocab = self._llm.n_vocab()
        self._chain = llama_cpp.llama_sampler_chain_init(llama_cpp.llama_sampler_chain_default_params())
        if sampling.temperature <= 0:
            llama_cpp.llama_sampler_chain_add(self._chain, llama_cpp.llama_sampler_init_greedy())
        else:
            for sampler in (
                llama_cpp.llama_sampler_init_top_k(sampling.top_k),
                llama_cpp.llama_sampler_init_top_p(sampling.top_p, 1),
                llama_cpp.llama_sampler_init_min_p(sampling.min_p, 1),
                llama_cpp.llama_sampler_init_temp(sampling.temperature),
                llama_cpp.llama_sampler_init_dist(sampling.seed),
            ):
                llama_cpp.llama_sampler_chain_add(self._chain, sampler)
        self._grammar = (
            llama_cpp.llama_sampler_init_grammar(self._vocab, grammar.encode("utf-8"), b"root") if grammar else None
        )
        self.rejected = 0

    def close(self) -> None:
        self._cpp.llama_sampler_free(self._chain)
        if self._grammar is not None:
            self._cpp.llama_sampler_free(self._grammar)

    def run(
        self, max_tokens: int, stop: list[str], cancel: CancelToken, on_text: TextCallback | None
    ) -> tuple[str, list[TokenChoice], str]:
        """Decode up to `max_tokens`; returns the text, the tokens with their probabilities and the finish reason."""
        raw = bytearray()
        shown = 0
        choices: list[TokenChoice] = []
        for _ in range(max_tokens):
            if cancel.cancelled:
                return raw.decode("utf-8", "ignore"), choices, "stop"
            logits = np.ctypeslib.as_array(
                self._cpp.llama_get_logits_ith(context_pointer(self._llm), -1), shape=(self._n_vocab,)
            )
            token, allowed = self._pick(logits)
            if self._cpp.llama_vocab_is_eog(self._vocab, token):
                return raw.decode("utf-8", "ignore"), choices, "stop"
            choices.append(self._choice(logits, token, allowed))
            raw += self._llm.detokenize([token], special=False)
            text = raw.decode("utf-8", "ignore")
            ended = [text.index(word) for word in stop if word and word in text]
            if ended:
                return text[: min(ended)], choices, "stop"
            if on_text and len(text) > shown:
                on_text(text[shown:])
                shown = len(text)
            self._llm.eval([token])
        return raw.decode("utf-8", "ignore"), choices, "length"

    def _pick(self, logits: np.ndarray) -> tuple[int, np.ndarray]:
        """The sampled token, and when the grammar overruled the first choice, the best allowed tokens."""
        cpp = self._cpp
        token = cpp.llama_sampler_sample(self._chain, context_pointer(self._llm), -1)
        allowed = np.empty(0, dtype=np.int64)
        if self._grammar is None:
            return token, allowed
        single = cpp.llama_token_data(token, float(logits[token]), 0.0)
        candidates = cpp.llama_token_data_array(ctypes.pointer(single), 1, -1, False)
        cpp.llama_sampler_apply(self._grammar, ctypes.byref(candidates))
        if single.logit == float("-inf"):
            self.rejected += 1
            token, allowed = self._pick_allowed(logits)
        cpp.llama_sampler_accept(self._grammar, token)
        return token, allowed

    def _pick_allowed(self, logits: np.ndarray) -> tuple[int, np.ndarray]:
        """The chain's choice among the tokens the grammar allows (the slow path), and the best allowed tokens.

        The grammar is applied to the SHORTLIST most likely tokens first, and the whole
        vocabulary is checked only when none of them is allowed. Greedy decoding then picks
        exactly what it would pick over the whole vocabulary (every allowed token outside the
        shortlist is less likely than all of its tokens); sampling draws from the allowed tokens
        among the SHORTLIST most likely, leaving out ones less likely than 256 others, which the
        chain's top_k, top_p and min_p would all but always cut."""
        shortlist = np.argpartition(logits, -SHORTLIST)[-SHORTLIST:]
        picked = self._pick_among(logits, shortlist)
        return picked if picked is not None else self._pick_among(logits, None)

    def _pick_among(self, logits: np.ndarray, ids: np.ndarray | None) -> Any:
        """Apply the grammar, then the chain, to `ids` (None: the whole vocabulary): the token
        picked and the best allowed ones; None when the grammar allows none of the shortlist."""
        cpp = self._cpp
        ids = np.arange(self._n_vocab, dtype=np.int32) if ids is None else ids.astype(np.int32)
        data = (cpp.llama_token_data * len(ids))()
        view = np.ctypeslib.as_array(data)
        view["id"] = ids
        view["logit"] = logits[ids]
        view["p"] = 0.0
        candidates = cpp.llama_token_data_array(data, len(ids), -1, False)
        cpp.llama_sampler_apply(self._grammar, ctypes.byref(candidates))
        masked = view["logit"].copy()
        finite = np.flatnonzero(np.isfinite(masked))
        if len(finite) == 0 and len(ids) < self._n_vocab:
            return None
        best = finite[np.argsort(-masked[finite])[:TOP_ALTERNATIVES]]
        cpp.llama_sampler_apply(self._chain, ctypes.byref(candidates))
        return int(data[candidates.selected].id), ids[best].astype(np.int64)

    def _choice(self, logits: np.ndarray, token: int, allowed: np.ndarray) -> TokenChoice:
        """The token's log-probability, with the top alternatives overall and, where the grammar
        overruled the model, the top allowed ones (so "false" is there when "true" was picked)."""
        peak = float(logits.max())
        log_norm = peak + float(np.log(np.exp(logits - peak).sum()))
        top = np.argpartition(logits, -TOP_ALTERNATIVES)[-TOP_ALTERNATIVES:]
        top = np.unique(np.concatenate([top, allowed]))
        top = top[np.argsort(-logits[top])]
        text = self._engine._token_text(token)
        return TokenChoice(
            text,
            float(logits[token]) - log_norm,
            tuple((self._engine._token_text(int(t)), float(logits[t]) - log_norm) for t in top),
        )
