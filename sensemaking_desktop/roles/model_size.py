"""Whether a model is too small to write for the roles, which then work from the material alone.

The Teacher then makes its items from the material (floor.py) and the Student extracts its
answers from it (student.py), each saying so; a backend that does not report its size is
trusted to write.
"""

from sensemaking_desktop.llm.backend import ChatBackend

SMALL_MODEL_PARAMETERS = 300_000_000
"""Below this the model's own questions and answers are not worth their time: SmolLM2-135M
(135 M) kept none of 28 drafted questions over two real materials; Qwen2.5-0.5B (494 M) kept 4
of 11 on the same PDF. As the Student, SmolLM2 reached a ROUGE-L recall of 0.125 on SQuAD 2.0's
held-out answerable questions, the material's own clause 0.281 under the same abstention rule."""


def model_parameters(backend: ChatBackend) -> int | None:
    """The model's parameter count where the backend knows it (the llama.cpp engine does)."""
    return getattr(backend, "parameters", None)


def writes_poorly(backend: ChatBackend) -> bool:
    """Whether the model is below SMALL_MODEL_PARAMETERS; a backend that does not say is trusted."""
    return too_small(model_parameters(backend))


def too_small(parameters: int | None) -> bool:
    """Whether a model of `parameters` writes poorly, told before it is loaded (a front end's form);
    an unknown size is trusted."""
    return parameters is not None and parameters < SMALL_MODEL_PARAMETERS
