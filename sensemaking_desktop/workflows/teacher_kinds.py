"""Which kinds of question the Teacher writes with a model, known before it writes any.

The Teacher decides by the model's size (roles/model_size.py): below SMALL_MODEL_PARAMETERS it
makes every item from the material, which gives the floor's kinds only (roles/floor.FLOOR_KINDS:
no open question); a larger model, or a server, which does not say its size, writes all of
WRITTEN_KINDS. A front end asks here, so that its form offers only what will be written and says
so before the job starts (issue 45). The size is read from the GGUF file with llama.cpp's
vocabulary-only load: no weights, well under a second for the embedded model.
"""

from functools import cache
from pathlib import Path

from sensemaking_desktop.llm.gguf import load_llama
from sensemaking_desktop.llm.llama_private import model_pointer
from sensemaking_desktop.llm.registry import ModelFile, ModelRegistry
from sensemaking_desktop.quizzes.model import QuestionKind
from sensemaking_desktop.roles.floor import FLOOR_KINDS
from sensemaking_desktop.roles.model_size import too_small
from sensemaking_desktop.roles.teacher import WRITTEN_KINDS


def kinds_written(models: ModelRegistry, ref: str | None) -> tuple[QuestionKind, ...]:
    """The kinds the Teacher writes with model `ref` (None: the default model), in WRITTEN_KINDS' order."""
    model = models.resolve(ref)
    parameters = file_parameters(model.path, model.size_bytes) if isinstance(model, ModelFile) else None
    kinds = FLOOR_KINDS if too_small(parameters) else WRITTEN_KINDS
    return tuple(kind for kind in WRITTEN_KINDS if kind in kinds)


@cache
def file_parameters(path: Path, _size_bytes: int) -> int:
    """A GGUF file's parameter count (the same count the loaded engine reports); cached per file
    and size, so a file replaced by another is read again."""
    import llama_cpp

    vocabulary = load_llama(path, vocab_only=True)  # held while its model pointer is read
    return int(llama_cpp.llama_model_n_params(model_pointer(vocabulary)))
