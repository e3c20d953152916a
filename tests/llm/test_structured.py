"""Structured output on the real model: always valid JSON, typed errors, no truncation."""

import json
from typing import Annotated, Literal

import pytest
from pydantic import BaseModel, Field, field_validator

from sensemaking_desktop.errors import StructuredOutputError
from sensemaking_desktop.llm.backend import Prompt, Sampling
from sensemaking_desktop.llm.llama_engine import LlamaEngine
from sensemaking_desktop.llm.structured import output_token_bound, structured


class Grade(BaseModel):
    reason: str = Field(max_length=120)
    grade: Literal[0, 1, 2, 3, 4, 5]


class Answer(BaseModel):
    answerable: bool
    answer: str = Field(max_length=80)
    evidence: list[Annotated[str, Field(max_length=60)]] = Field(max_length=2)


class Impossible(BaseModel):
    """The grammar cannot express this validator, so every output fails validation."""

    word: str = Field(max_length=20)

    @field_validator("word")
    @classmethod
    def never(cls, value: str) -> str:
        raise ValueError("rejected on purpose")


def _prompt(text: str) -> Prompt:
    return Prompt([{"role": "user", "content": text}])


def test_bounds_follow_the_schema() -> None:
    assert output_token_bound(Grade.model_json_schema()) < output_token_bound(Answer.model_json_schema()) < 500
    assert output_token_bound({"type": "object", "properties": {"t": {"type": "string"}}}) is None
    assert output_token_bound({"type": "array", "items": {"type": "integer"}}) is None


def test_returns_a_validated_instance_with_provenance(engine: LlamaEngine) -> None:
    result = structured(engine, _prompt("Question: capital of France? Answer: Paris. Grade the answer 0-5."), Grade)
    assert isinstance(result.value, Grade)
    assert result.generation.provenance["sampling"]["max_tokens"] == output_token_bound(Grade.model_json_schema())


def test_validation_failure_is_retried_once_then_typed(engine: LlamaEngine) -> None:
    with pytest.raises(StructuredOutputError, match="rejected on purpose") as caught:
        structured(engine, _prompt("Give one word."), Impossible)
    assert len(caught.value.raw_outputs) == 2
    assert all(json.loads(text)["word"] is not None for text in caught.value.raw_outputs)


def test_twenty_varied_calls_all_parse(engine: LlamaEngine) -> None:
    topics = ["rain", "volcanoes", "bees", "the moon", "trains"]
    for index in range(20):
        prompt = _prompt(f"Is this about {topics[index % 5]}? Text: A short note number {index}. Answer in JSON.")
        result = structured(engine, prompt, Answer, sampling=Sampling(temperature=0.9, seed=index))
        assert json.loads(result.generation.text) == json.loads(result.value.model_dump_json())
        assert result.generation.finish_reason != "length"
