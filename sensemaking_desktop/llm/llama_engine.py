"""The in-process llama.cpp engine: the one place that talks to llama-cpp-python.

Prompts are formatted with the model's own chat template and tokenized here, then handed
to llama-cpp-python as tokens; its generate() keeps the KV cache for the longest common
token prefix with the previous call. Nothing here resets the cache or varies the prompt
head between calls, so roles that put the material first pay for it once per section.
"""

import json
import os
import re
import time
from pathlib import Path
from typing import Any

import numpy as np

from sensemaking_desktop.cancel import NEVER, CancelToken
from sensemaking_desktop.errors import SensemakingError
from sensemaking_desktop.llm.backend import (
    Generation,
    ModelIdentity,
    Prompt,
    Sampling,
    TextCallback,
    TokenLogprobs,
    provenance,
)
from sensemaking_desktop.llm.gguf import load_llama
from sensemaking_desktop.settings import Settings

LOGPROB_CONTEXT = 1024
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


def llama_backends() -> list[str]:
    """The ggml backends this llama.cpp build registered: CPU, with CUDA, Metal or Vulkan in a GPU
    build. llama.cpp's system report opens each backend's part with its name and ` : `."""
    import llama_cpp

    report = llama_cpp.llama_print_system_info().decode(errors="replace")
    return re.findall(r"(?:^|\| )([\w-]+) : ", report)


def default_threads() -> int:
    return max(1, os.cpu_count() or 1)


class LlamaEngine:
    """A loaded GGUF model that chats, decodes under a JSON schema, and scores text."""

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
        template = metadata.get("tokenizer.chat_template")
        self.chat_template_source = "gguf" if template else "chatml-fallback"
        self._formatter = Jinja2ChatFormatter(
            template=template or _CHATML,
            eos_token=self._token_text(self._llm.token_eos()),
            bos_token=self._token_text(self._llm.token_bos()),
            stop_token_ids=[self._llm.token_eos()],
        )

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
        from llama_cpp import StoppingCriteriaList

        cancel.raise_if_cancelled()
        tokens, stop = self.format_tokens(prompt)
        if len(tokens) + sampling.max_tokens > self.context_size:
            raise ContextOverflowError(
                f"The prompt ({len(tokens)} tokens) and the answer ({sampling.max_tokens} tokens) do not fit "
                f"in the context of {self.context_size} tokens; use shorter sections or a larger context."
            )
        self._prefill(tokens, cancel)
        sampled = 0

        def stop_on_cancel(_ids: Any, _logits: Any) -> bool:
            nonlocal sampled
            sampled += 1
            return cancel.cancelled

        started = time.perf_counter()
        first_token_at: float | None = None
        parts: list[str] = []
        finish_reason = "stop"
        stream = self._llm.create_completion(
            tokens,
            max_tokens=sampling.max_tokens,
            temperature=sampling.temperature,
            top_p=sampling.top_p,
            top_k=sampling.top_k,
            min_p=sampling.min_p,
            repeat_penalty=sampling.repeat_penalty,
            seed=sampling.seed,
            stop=stop,
            grammar=self._grammar(json_schema) if json_schema else None,
            stopping_criteria=StoppingCriteriaList([stop_on_cancel]),
            stream=True,
        )
        for chunk in stream:
            if first_token_at is None:
                first_token_at = time.perf_counter()
            choice = chunk["choices"][0]
            if choice["text"]:
                parts.append(choice["text"])
                if on_text:
                    on_text(choice["text"])
            finish_reason = choice["finish_reason"] or finish_reason
        cancel.raise_if_cancelled()
        ended = time.perf_counter()
        first_token_at = first_token_at or ended
        usage = {
            "prompt_tokens": len(tokens),
            "completion_tokens": sampled,
            "prompt_s": first_token_at - started,
            "completion_s": ended - first_token_at,
        }
        return Generation(
            text="".join(parts),
            finish_reason=finish_reason,
            provenance=provenance(self, prompt, sampling, usage),
            **usage,
        )

    def _prefill(self, tokens: list[int], cancel: CancelToken) -> None:
        """Evaluate a long uncached prompt batch by batch, so cancel also works before the first token.

        All but the last token are evaluated here; generate() then finds them in the KV cache
        (the same prefix match that reuses a section) and evaluates only the last one.
        """
        llm = self._llm
        cached = llm.longest_token_prefix(llm._input_ids, tokens)
        end = len(tokens) - 1
        if end - cached <= llm.n_batch:
            return
        llm._ctx.kv_cache_seq_rm(-1, cached, -1)
        llm.n_tokens = cached
        for start in range(cached, end, llm.n_batch):
            cancel.raise_if_cancelled()
            llm.eval(tokens[start : min(start + llm.n_batch, end)])

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
        scorer.reset()
        for start in range(0, len(tokens), scorer.n_batch):
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

    def _grammar(self, schema: dict[str, Any]) -> Any:
        from llama_cpp import LlamaGrammar

        key = json.dumps(schema, sort_keys=True)
        if key not in self._grammars:
            self._grammars[key] = LlamaGrammar.from_string(json_grammar(schema), verbose=False)
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
