"""Shared fixtures: a fresh data folder and library per test, the real embedded model, a fake hub."""

from collections.abc import Iterator
from pathlib import Path

import pytest
from fakehub import gguf, hub, server  # noqa: F401  (fixtures)
from fakeopenai import fake_openai  # noqa: F401  (fixture)
from llamaserver import llama_server  # noqa: F401  (fixture)
from memorykeyring import memory_keyring  # noqa: F401  (fixture)

from sensemaking_desktop.llm.llama_engine import LlamaEngine
from sensemaking_desktop.llm.registry import ModelRegistry
from sensemaking_desktop.quizzes.model import GAP, Choice, Question, QuestionKind, Quiz, Source
from sensemaking_desktop.store import Store, open_store


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "data"
    monkeypatch.setenv("SENSEMAKING_DATA_DIR", str(folder))
    return folder


@pytest.fixture
def store(data_dir: Path) -> Iterator[Store]:
    with open_store(data_dir) as opened:
        yield opened


@pytest.fixture
def registry(store: Store, data_dir: Path) -> ModelRegistry:
    return ModelRegistry(store, data_dir)


@pytest.fixture(scope="session")
def engine(tmp_path_factory: pytest.TempPathFactory) -> LlamaEngine:
    """The embedded SmolLM2 model, loaded once for the whole run."""
    folder = tmp_path_factory.mktemp("engine-data")
    with open_store(folder) as opened:
        return ModelRegistry(opened, folder).engine()


@pytest.fixture
def every_kind_quiz() -> Quiz:
    """A quiz with every question kind, feedback, points and sources, for quiz and export tests."""
    return Quiz(
        title="The Water Cycle — Quiz 1",
        questions=[
            Question(
                kind=QuestionKind.OPEN,
                text="Why is rain fresh water even though much of it evaporated from the sea?",
                reference_answer="When water evaporates, the salt stays behind; only pure water rises.",
                feedback="See the section on evaporation.",
                points=2,
                source=Source(start_page=2, end_page=2, quote="the salt is left behind"),
            ),
            Question(
                kind=QuestionKind.MULTIPLE_CHOICE,
                text="What is the change of water vapour from gas to liquid called?",
                reference_answer="Condensation",
                choices=[
                    Choice(text="Condensation", correct=True, feedback="Right."),
                    Choice(text="Evaporation", feedback="That is liquid to gas."),
                    Choice(text="Infiltration"),
                    Choice(text="Transpiration"),
                ],
                source=Source(start_page=3, end_page=3),
            ),
            Question(
                kind=QuestionKind.TRUE_FALSE,
                text="About 97 percent of Earth's water is salt water in the oceans.",
                reference_answer="true",
                source=Source(start_s=61.5, end_s=70.0),
            ),
            Question(
                kind=QuestionKind.CLOZE,
                text=f"A layer of rock that holds a lot of groundwater is called an {GAP}.",
                reference_answer="aquifer",
                accepted=["aquifers"],
            ),
        ],
    )
