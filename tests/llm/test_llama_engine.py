"""The engine on the real embedded model: chat, provenance, cancel, prefix sharing, logprobs."""

import json
import threading

import pytest

from sensemaking_desktop.cancel import CancelToken
from sensemaking_desktop.errors import Cancelled
from sensemaking_desktop.llm.backend import Prompt, Sampling
from sensemaking_desktop.llm.llama_engine import ContextOverflowError, LlamaEngine, json_grammar
from sensemaking_desktop.llm.prompts import load_template
from sensemaking_desktop.samples import load_sample

SHORT = Sampling(max_tokens=24, temperature=0.0)


def test_chat_returns_text_and_full_provenance(engine: LlamaEngine) -> None:
    prompt = load_template("material_question").render(
        material="Water boils at 100 degrees Celsius at sea level.", question="At what temperature does water boil?"
    )
    generation = engine.chat(prompt, sampling=SHORT)
    assert generation.text.strip()
    assert 0 < generation.completion_tokens <= SHORT.max_tokens
    record = generation.provenance
    assert record["model_sha256"] == engine.identity.sha256 and len(record["model_sha256"]) == 64
    assert record["model_file"].endswith(".gguf")
    assert (record["template_name"], record["template_version"]) == ("material_question", "1")
    assert record["sampling"]["max_tokens"] == 24 and record["seed"] == SHORT.seed
    assert record["prompt_tokens"] == generation.prompt_tokens > 10


def test_streamed_text_equals_returned_text(engine: LlamaEngine) -> None:
    pieces: list[str] = []
    generation = engine.chat(
        Prompt([{"role": "user", "content": "Count from one to five."}]), sampling=SHORT, on_text=pieces.append
    )
    assert "".join(pieces) == generation.text


def test_cancel_between_tokens_stops_and_the_engine_stays_usable(engine: LlamaEngine) -> None:
    cancel = CancelToken()
    seen: list[str] = []

    def stop_after_three(text: str) -> None:
        seen.append(text)
        if len(seen) == 3:
            cancel.cancel()

    with pytest.raises(Cancelled):
        engine.chat(
            Prompt([{"role": "user", "content": "Write a long story."}]),
            sampling=Sampling(max_tokens=200, temperature=0.0),
            cancel=cancel,
            on_text=stop_after_three,
        )
    assert len(seen) <= 5
    assert engine.chat(Prompt([{"role": "user", "content": "Say hello."}]), sampling=SHORT).text


def test_prompt_that_does_not_fit_is_refused_before_decoding(engine: LlamaEngine) -> None:
    huge = Prompt([{"role": "user", "content": "word " * (engine.context_size + 10)}])
    with pytest.raises(ContextOverflowError, match="do not fit"):
        engine.chat(huge, sampling=SHORT)


def test_questions_over_one_section_share_the_material_prefix(engine: LlamaEngine) -> None:
    """The KV cache can only be reused if the material's tokens come first and identical."""
    sample = load_sample()
    template = load_template("material_question")
    first, second = (
        engine.format_tokens(template.render(material=sample.text, question=q.question))[0]
        for q in sample.questions[:2]
    )
    shared = next(i for i, (a, b) in enumerate(zip(first, second)) if a != b)
    assert shared >= engine.count_tokens(sample.text)
    engine.chat(template.render(material=sample.text, question=sample.questions[0].question), sampling=SHORT)
    assert list(engine.llama._input_ids[:shared]) == second[:shared]


def test_logprobs_tell_sentences_from_shuffled_words(engine: LlamaEngine) -> None:
    context = "Question: What is the capital of France?\nAnswer: "
    fluent = engine.logprobs(context, "The capital of France is Paris.")
    shuffled = engine.logprobs(context, "France capital the Paris is of.")
    assert len(fluent.tokens) == len(fluent.logprobs) > 3
    assert all(value <= 0 for value in fluent.logprobs)
    assert shuffled.perplexity > 5 * fluent.perplexity


def test_logprobs_reuse_a_shared_prefix_without_changing_a_value(engine: LlamaEngine) -> None:
    context = "Question: What is the capital of France?\nAnswer: "
    fresh = engine.logprobs(context, "Paris is the capital of France.")
    engine.logprobs(context, "Lyon is a city in France.")
    engine.logprobs("Question: Name a colour.\nAnswer: ", "Blue.")
    engine.logprobs(context, "Paris is the capital.")
    again = engine.logprobs(context, "Paris is the capital of France.")
    assert again.tokens == fresh.tokens
    assert again.logprobs == pytest.approx(fresh.logprobs, abs=1e-4)
    repeated = engine.logprobs(context, "Paris is the capital of France.")
    assert repeated.logprobs == pytest.approx(fresh.logprobs, abs=1e-4)


def test_logprobs_without_context_and_of_empty_text(engine: LlamaEngine) -> None:
    assert engine.logprobs("", "The sun rises in the east.").perplexity > 1
    assert engine.logprobs("Some context", "").logprobs == []


def test_json_strings_cannot_hold_raw_control_characters() -> None:
    rule = next(line for line in json_grammar({"type": "string"}).splitlines() if line.startswith("char ::="))
    assert "\\x00-\\x1F" in rule


def test_cancel_stops_a_long_prompt_before_the_first_token(engine: LlamaEngine) -> None:
    sample = load_sample()
    prompt = Prompt([{"role": "user", "content": f"{sample.text}\n\n{sample.text}\n\nSummarise."}])
    tokens, _ = engine.format_tokens(prompt)
    assert len(tokens) > 3 * engine.llama.n_batch
    cancel = CancelToken()
    engine.llama.reset()
    timer = threading.Timer(0.3, cancel.cancel)
    timer.start()
    with pytest.raises(Cancelled):
        engine.chat(prompt, sampling=SHORT, cancel=cancel)
    timer.join()
    assert engine.llama.n_tokens < len(tokens) - 1
    assert engine.chat(Prompt([{"role": "user", "content": "Say hello."}]), sampling=SHORT).text


def test_the_lazy_grammar_decodes_what_the_grammar_first_chain_decodes(engine: LlamaEngine) -> None:
    """Greedy decoding under the schema gives the same JSON as llama-cpp-python's own grammar-first chain."""
    from llama_cpp import LlamaGrammar

    from sensemaking_desktop.roles.student import StudentReply

    schema = StudentReply.model_json_schema()
    prompt = load_template("student_answer").render(
        material=load_sample().text[:1500], question="What drives the cycle?"
    )
    sampling = Sampling(max_tokens=80, temperature=0.0)
    ours = engine.chat(prompt, sampling=sampling, json_schema=schema)
    tokens, stop = engine.format_tokens(prompt)
    engine.reset()
    theirs = engine.llama.create_completion(
        tokens,
        max_tokens=80,
        temperature=0.0,
        stop=stop,
        grammar=LlamaGrammar.from_string(json_grammar(schema), verbose=False),
    )
    assert ours.text == theirs["choices"][0]["text"]
    assert len(ours.tokens) == ours.completion_tokens and all(choice.logprob <= 0 for choice in ours.tokens)


def test_a_section_pushed_out_of_the_cache_comes_back_from_its_saved_state(engine: LlamaEngine) -> None:
    engine.reset()
    template = load_template("material_question")
    material = load_sample().text[:2000]
    brief = Sampling(max_tokens=4, temperature=0.0)
    first = engine.chat(template.render(material=material, question="What drives the cycle?"), sampling=brief)
    assert first.evaluated_tokens == first.prompt_tokens > 300
    engine.chat(Prompt([{"role": "user", "content": "Say hello."}]), sampling=brief)
    again = engine.chat(template.render(material=material, question="Where is groundwater?"), sampling=brief)
    assert again.evaluated_tokens < 0.15 * again.prompt_tokens


def test_the_grammar_shortlist_picks_what_the_whole_vocabulary_picks(
    engine: LlamaEngine, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where the grammar rejects the model's first choice, checking the most likely tokens first
    changes no greedy token: a shortlist of one always falls back to the whole vocabulary."""
    from sensemaking_desktop.llm import llama_engine
    from sensemaking_desktop.roles.student import StudentReply

    schema = StudentReply.model_json_schema()
    prompt = load_template("student_answer").render(material=load_sample().text[:1200], question="What is the cycle?")
    sampling = Sampling(max_tokens=60, temperature=0.0)
    runs = []
    for shortlist in (llama_engine.SHORTLIST, 1):
        monkeypatch.setattr(llama_engine, "SHORTLIST", shortlist)
        engine.reset()
        runs.append(engine.chat(prompt, sampling=sampling, json_schema=schema))
    fast, whole = runs
    assert fast.text == whole.text and json.loads(fast.text)
    for mine, theirs in zip(fast.tokens, whole.tokens, strict=True):
        assert (mine.text, mine.logprob) == (theirs.text, theirs.logprob)
        assert set(mine.top) <= set(theirs.top)
