"""llama-cpp-python's private attributes, read only through llm/llama_private.py, still exist:
an upgrade that renames one fails here, naming it."""

import re
from pathlib import Path

import llama_cpp

from sensemaking_desktop.llm import llama_private
from sensemaking_desktop.llm.llama_engine import LlamaEngine

PACKAGE = Path(llama_private.__file__).parents[1]


def test_the_loaded_model_has_every_private_attribute_the_engine_reads(engine: LlamaEngine) -> None:
    llm = engine.llama
    absent = llama_private.missing(llm)
    assert not absent, (
        f"llama-cpp-python {llama_cpp.__version__} has no {', '.join(absent)} on Llama any more: "
        "update sensemaking_desktop/llm/llama_private.py"
    )
    assert callable(llm._ctx.kv_cache_seq_rm)
    assert llama_private.model_pointer(llm) and llama_private.vocab_pointer(llm) and llama_private.context_pointer(llm)
    assert len(llama_private.cached_tokens(llm)) == llm.n_tokens


def test_a_missing_attribute_is_named_by_its_path() -> None:
    class Renamed:
        _model = type("Model", (), {"model": 1})()
        _input_ids: list[int] = []

    assert llama_private.missing(Renamed()) == ["_model.vocab", "_ctx.ctx", "_ctx.kv_cache_seq_rm"]


def test_no_other_module_reads_them() -> None:
    private = re.compile(r"\._ctx\b|\._input_ids\b|\._model\.(model|vocab)\b")
    found = [
        str(path.relative_to(PACKAGE))
        for path in PACKAGE.rglob("*.py")
        if path.name != "llama_private.py" and private.search(path.read_text(encoding="utf-8"))
    ]
    assert not found, f"llama-cpp-python's private attributes read outside llm/llama_private.py: {found}"
