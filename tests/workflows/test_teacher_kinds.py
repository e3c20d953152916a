"""The kinds a front end offers for a model are the kinds the Teacher writes with it (issue 45):
the embedded model gets no open question, as the Teacher then writes from the material alone; a
server, which does not say its size, is trusted with every kind."""

import pytest

from sensemaking_desktop.errors import ModelFileError
from sensemaking_desktop.llm.llama_engine import LlamaEngine
from sensemaking_desktop.llm.registry import EMBEDDED_NAME, ModelRegistry
from sensemaking_desktop.quizzes.model import QuestionKind
from sensemaking_desktop.roles.teacher import WRITTEN_KINDS, TeacherOptions, generate_quiz
from sensemaking_desktop.samples import load_sample
from sensemaking_desktop.workflows.teacher_kinds import kinds_written


def test_the_embedded_model_is_offered_the_material_s_kinds_only(registry: ModelRegistry) -> None:
    offered = kinds_written(registry, None)
    assert offered == kinds_written(registry, EMBEDDED_NAME)
    assert set(offered) == {QuestionKind.CLOZE, QuestionKind.MULTIPLE_CHOICE, QuestionKind.TRUE_FALSE}
    assert QuestionKind.OPEN not in offered


def test_a_server_is_trusted_with_every_kind(registry: ModelRegistry) -> None:
    registry.add_server("lab", "http://127.0.0.1:9/v1")
    assert kinds_written(registry, "lab") == WRITTEN_KINDS


def test_an_unknown_model_is_refused(registry: ModelRegistry) -> None:
    with pytest.raises(ModelFileError, match="No model named"):
        kinds_written(registry, "no-such-model")


def test_the_teacher_writes_no_kind_it_was_not_offered(registry: ModelRegistry, engine: LlamaEngine) -> None:
    """Asked for every kind, the embedded model's quiz holds only the kinds offered for it."""
    offered = kinds_written(registry, None)
    options = TeacherOptions(count=3, kinds=list(WRITTEN_KINDS))
    result = generate_quiz(engine, load_sample().text, options)
    assert result.kept and {question.kind for question in result.kept} <= set(offered)
