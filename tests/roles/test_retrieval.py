"""Retrieval for long sections: overlapping sentence passages, the nearest ones within a budget,
and the Student answering from them on the real model with a small context."""

import pytest
from long_material import NEEDLE, QUESTION, long_material

from sensemaking_desktop.errors import SensemakingError
from sensemaking_desktop.llm.llama_engine import LlamaEngine
from sensemaking_desktop.llm.registry import ModelRegistry
from sensemaking_desktop.roles.retrieval import SEPARATOR, Passage, excerpt, merge, retrieve, split_passages
from sensemaking_desktop.roles.student import REPLY_TOKENS, answer_one, material_budget
from sensemaking_desktop.settings import Settings
from sensemaking_desktop.store import open_store
from sensemaking_desktop.text.embeddings import default_embedder


def words(text: str) -> int:
    return len(text.split())


def test_passages_are_whole_sentences_that_overlap_and_cover_the_text() -> None:
    text = " ".join(f"Sentence {i} has five words." for i in range(30))
    passages = split_passages(text, words, max_tokens=20, overlap=0.25)
    assert all(text[p.start : p.end] == p.text and p.text.endswith(".") for p in passages)
    assert all(words(p.text) <= 20 for p in passages)
    assert passages[0].start == 0 and passages[-1].end == len(text)
    for before, after in zip(passages, passages[1:]):
        assert before.start < after.start < before.end, "each passage repeats the end of the one before"


def test_a_sentence_longer_than_a_passage_is_cut_between_words_or_characters() -> None:
    text = "word " * 99 + "word."
    assert all(words(p.text) <= 10 for p in split_passages(text, words, max_tokens=10))
    glued = "字" * 300

    def chars(piece: str) -> int:
        return len(piece)

    passages = split_passages(glued, chars, max_tokens=50, overlap=0)
    assert "".join(p.text for p in passages) == glued and all(len(p.text) <= 50 for p in passages)


def test_overlapping_passages_merge_and_gaps_are_marked() -> None:
    text = "One two. Three four. Five six. Seven eight."
    a, b, c = Passage(0, 20, text[0:20]), Passage(9, 30, text[9:30]), Passage(31, 43, text[31:43])
    merged = merge([c, b, a])
    assert [(p.start, p.end) for p in merged] == [(0, 30), (31, 43)] and merged[0].text == text[0:30]
    assert excerpt(text, merged) == text, "touching passages read as the text itself"
    assert excerpt(text, [a, c]) == text[0:20] + SEPARATOR + text[31:43]


def test_the_passage_that_answers_is_chosen_and_the_excerpt_fits() -> None:
    text = long_material()
    retrieved = retrieve(QUESTION, text, 120, words, default_embedder())
    start = text.index(NEEDLE)
    assert any(p.start <= start and start + len(NEEDLE) <= p.end for p in retrieved.passages)
    assert [p.start for p in retrieved.passages] == sorted(p.start for p in retrieved.passages)
    assert words(retrieved.excerpt) <= 120 < words(text)
    with pytest.raises(SensemakingError, match="leaves only 10 tokens"):
        retrieve(QUESTION, text, 10, words, default_embedder())


@pytest.fixture(scope="module")
def small_engine(tmp_path_factory: pytest.TempPathFactory) -> LlamaEngine:
    """The embedded model with a context too small for the long material."""
    folder = tmp_path_factory.mktemp("small-context")
    with open_store(folder) as opened:
        opened.save_settings(Settings(context_cap=1664))
        return ModelRegistry(opened, folder).engine()


def test_the_student_answers_a_deep_fact_from_retrieved_passages(small_engine: LlamaEngine) -> None:
    text = long_material()
    assert small_engine.count_tokens(text) > material_budget(small_engine, QUESTION)
    result = answer_one(small_engine, text, QUESTION, extractive=False)
    start = text.index(NEEDLE)
    assert result.passages and any(a <= start and start + len(NEEDLE) <= b for a, b in result.passages)
    assert result.provenance["prompt_tokens"] + REPLY_TOKENS <= small_engine.context_size
    assert result.as_json()["passages"] == [list(p) for p in result.passages]
    assert all(0 <= found.start < found.end <= len(text) for found in result.located)
    if result.supported:
        assert any(start <= found.start < start + len(NEEDLE) for found in result.located), "offsets in the section"
