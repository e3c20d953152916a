"""A retry after an invalid structured output samples differently, and says so in its provenance.

At temperature 0 a new seed changes nothing, so a retry that only changed the seed asked the same
greedy question twice and got the same invalid answer twice (issue 32)."""

import json

import pytest
from pydantic import BaseModel

from sensemaking_desktop.errors import StructuredOutputError
from sensemaking_desktop.llm.backend import Generation, ModelIdentity, Prompt, Sampling, provenance
from sensemaking_desktop.llm.structured import RETRY_TEMPERATURE, attempt_settings, structured


class Verdict(BaseModel):
    grade: int


class GreedyModel:
    """Replies as greedy decoding would: the same text whatever the seed while the temperature is 0."""

    identity = ModelIdentity("greedy", "greedy.gguf", "0" * 64)
    backend_name = "greedy"
    context_size = 4096

    def __init__(self) -> None:
        self.calls: list[Sampling] = []

    def chat(self, prompt: Prompt, *, sampling: Sampling, **_: object) -> Generation:
        self.calls.append(sampling)
        text = '{"grade": "five"}' if sampling.temperature == 0 else json.dumps({"grade": 5})
        return Generation(text, "stop", 5, 5, 0.0, 0.0, provenance(self, prompt, sampling, {}))


PROMPT = Prompt([{"role": "user", "content": "Grade it."}])


def test_a_retry_at_temperature_zero_warms_up_and_records_why() -> None:
    model = GreedyModel()
    result = structured(model, PROMPT, Verdict, sampling=Sampling(temperature=0.0, seed=7))
    assert result.value.grade == 5 and result.attempts == 2
    first, retry = model.calls
    assert (first.temperature, first.seed) == (0.0, 7)
    assert (retry.temperature, retry.seed) == (RETRY_TEMPERATURE, 8)
    recorded = result.generation.provenance["sampling"]
    assert recorded["temperature"] == RETRY_TEMPERATURE and recorded["attempt"] == 2
    assert recorded["retry_after"].startswith("grade:")


def test_a_first_valid_answer_keeps_the_settings_asked_for() -> None:
    model = GreedyModel()
    result = structured(model, PROMPT, Verdict, sampling=Sampling(temperature=0.3, seed=7))
    assert result.attempts == 1 and model.calls == [
        Sampling(temperature=0.3, seed=7, max_tokens=model.calls[0].max_tokens)
    ]
    assert "attempt" not in result.generation.provenance["sampling"]


def test_a_warm_retry_keeps_its_temperature_and_takes_the_next_seed() -> None:
    warm = Sampling(temperature=0.9, seed=1)
    assert attempt_settings(warm, 1) == warm
    assert (attempt_settings(warm, 2).temperature, attempt_settings(warm, 2).seed) == (0.9, 2)


def test_two_invalid_outputs_still_end_in_the_typed_error() -> None:
    class Stubborn(GreedyModel):
        def chat(self, prompt: Prompt, *, sampling: Sampling, **_: object) -> Generation:
            self.calls.append(sampling)
            return Generation('{"grade": null}', "stop", 5, 5, 0.0, 0.0, {})

    with pytest.raises(StructuredOutputError, match="no valid Verdict in 2 attempts"):
        structured(Stubborn(), PROMPT, Verdict, sampling=Sampling(temperature=0.0))
