"""Sections from blocks: headings, the token budget, tiny sections, page and time ranges."""

import pytest

from sensemaking_desktop.ingest.extracted import Block, Extracted
from sensemaking_desktop.ingest.sectioning import SectionDraft, approx_tokens, make_sections, merge_drafts, split_draft


def words(text: str) -> int:
    return len(text.split())


def document(blocks: list[Block]) -> Extracted:
    return Extracted(title="Biology", kind="pdf", blocks=blocks)


def sentence(number: int) -> str:
    return f"Sentence {number} says something about cells."


def test_approx_tokens_is_a_quarter_of_the_characters_rounded_up() -> None:
    assert approx_tokens("") == 0
    assert approx_tokens("abcd") == 1
    assert approx_tokens("abcde") == 2


def test_headings_start_sections_and_name_them() -> None:
    body = " ".join(sentence(i) for i in range(12))
    blocks = [
        Block("Cells", page=1, heading_level=1),
        Block(body, page=1),
        Block("Membranes", page=2, heading_level=2),
        Block(body, page=2),
        Block("Lipids", page=3, heading_level=3),
        Block(body, page=3),
    ]
    sections = make_sections(document(blocks), token_budget=200, count_tokens=words)
    assert [(s.title, s.start_page, s.end_page) for s in sections] == [("Cells", 1, 1), ("Membranes", 2, 3)]
    assert sections[0].text == f"Cells\n\n{body}"
    assert sections[1].text == f"Membranes\n\n{body}\n\nLipids\n\n{body}"


def test_a_long_section_is_cut_at_sentence_ends_into_numbered_parts() -> None:
    sentences = [sentence(i) for i in range(30)]
    blocks = [Block("Osmosis", page=4, heading_level=1), Block(" ".join(sentences), page=4)]
    sections = make_sections(document(blocks), token_budget=80, count_tokens=words)
    assert [s.title for s in sections] == ["Osmosis (1/3)", "Osmosis (2/3)", "Osmosis (3/3)"]
    assert all(words(s.text) <= 80 for s in sections)
    assert all(s.text.endswith("cells.") for s in sections)
    assert " ".join(s.text for s in sections) == "Osmosis\n\n" + " ".join(sentences)
    sizes = [words(s.text) for s in sections]
    assert max(sizes) - min(sizes) <= 7


def test_a_sentence_longer_than_the_budget_is_cut_between_words() -> None:
    giant = " ".join(f"word{i}" for i in range(250))
    sections = make_sections(document([Block(giant, page=1)]), token_budget=100, count_tokens=words)
    assert len(sections) == 3
    assert all(words(s.text) <= 100 for s in sections)
    assert " ".join(s.text for s in sections) == giant
    assert [s.title for s in sections] == ["Biology (1/3)", "Biology (2/3)", "Biology (3/3)"]


def test_parts_of_a_long_section_get_their_own_page_ranges() -> None:
    blocks = [Block("Genes", page=1, heading_level=1)]
    blocks += [Block(" ".join(sentence(i) for i in range(8)), page=page) for page in range(1, 7)]
    sections = make_sections(document(blocks), token_budget=80, count_tokens=words)
    assert [(s.start_page, s.end_page) for s in sections] == [(1, 2), (2, 3), (4, 5), (5, 6)]


def test_tiny_sections_join_the_next_one_and_a_tiny_last_one_joins_the_previous() -> None:
    body = " ".join(sentence(i) for i in range(20))
    blocks = [
        Block("Part I", page=1, heading_level=1),
        Block("Chapter 1", page=2, heading_level=2),
        Block(body, page=2),
        Block("Chapter 2", page=3, heading_level=2),
        Block(body, page=3),
        Block("Index", page=9, heading_level=1),
        Block("cells, 3", page=9),
    ]
    sections = make_sections(document(blocks), token_budget=400, count_tokens=words)
    assert [(s.title, s.start_page, s.end_page) for s in sections] == [("Part I", 1, 2), ("Chapter 2", 3, 9)]
    assert sections[0].text.startswith("Part I\n\nChapter 1\n\nSentence 0")
    assert sections[1].text.endswith("Index\n\ncells, 3")


def test_the_material_title_over_the_first_heading_leaves_that_section_its_name() -> None:
    """ "Biology" is the material's title line, so the section under it is "Cells"; a "Part I"
    over "Chapter 1" still names the section (the tiny-sections test above)."""
    body = " ".join(sentence(i) for i in range(20))
    blocks = [
        Block("Biology", page=1, heading_level=1),
        Block("Cells", page=1, heading_level=2),
        Block(body, page=1),
        Block("Genes", page=2, heading_level=2),
        Block(body, page=2),
    ]
    sections = make_sections(document(blocks), token_budget=400, count_tokens=words)
    assert [(s.title, s.start_page) for s in sections] == [("Cells", 1), ("Genes", 2)]
    assert sections[0].text.startswith("Biology\n\nCells\n\nSentence 0")


def test_text_before_the_first_heading_is_titled_by_the_material() -> None:
    body = " ".join(sentence(i) for i in range(10))
    blocks = [Block(body, page=1), Block("Cells", page=2, heading_level=1), Block(body, page=2)]
    sections = make_sections(document(blocks), token_budget=100, count_tokens=words)
    assert [s.title for s in sections] == ["Biology", "Cells"]
    untitled = Extracted(title=" ", kind="pdf", blocks=blocks)
    assert [s.title for s in make_sections(untitled, token_budget=100, count_tokens=words)] == [None, "Cells"]


def segment(text: str, start: float, end: float) -> Block:
    return Block(text, start_s=start, end_s=end)


def test_a_recording_is_cut_at_a_long_pause_near_the_budget() -> None:
    ten = " ".join(["word"] * 10)
    # 5 s segments back to back, with pauses of 3 s before 23 s and before 51 s
    segments = [segment(ten, start, start + 5) for start in [0, 5, 10, 15, 23, 28, 33, 38, 43, 51, 56]]
    extracted = Extracted(title="Lecture", kind="audio", blocks=segments)
    sections = make_sections(extracted, token_budget=60, count_tokens=words)
    assert [(s.start_s, s.end_s) for s in sections] == [(0, 20), (23, 48), (51, 61)]
    assert all(s.start_page is None for s in sections)
    assert [s.title for s in sections] == ["Lecture (1/3)", "Lecture (2/3)", "Lecture (3/3)"]
    assert sections[0].text == " ".join([ten] * 4)


def test_a_recording_without_pauses_is_cut_by_the_budget() -> None:
    segments = [segment(" ".join(["word"] * 10), s, s + 5) for s in range(0, 60, 5)]
    sections = make_sections(
        Extracted(title="Talk", kind="audio", blocks=segments), token_budget=45, count_tokens=words
    )
    assert [(s.start_s, s.end_s) for s in sections] == [(0, 20), (20, 40), (40, 60)]


def test_no_blocks_no_sections() -> None:
    assert make_sections(document([])) == []
    with pytest.raises(ValueError):
        make_sections(document([Block("x")]), token_budget=0)


def test_merge_drafts_keeps_the_first_title_and_covers_both_ranges() -> None:
    a = SectionDraft("Cells", "Cells are small.", 2, 3, None, None)
    b = SectionDraft("Membranes", "Membranes hold them.", 4, 5, None, None)
    assert merge_drafts(a, b) == SectionDraft("Cells", "Cells are small.\n\nMembranes hold them.", 2, 5, None, None)
    untitled = SectionDraft(None, "Preface.", 1, 1, None, None)
    assert merge_drafts(untitled, b).title == "Membranes"
    first = SectionDraft(None, "So today", None, None, 0.0, 4.5)
    second = SectionDraft(None, "we talk about cells.", None, None, 5.0, 9.0)
    assert merge_drafts(first, second) == SectionDraft(None, "So today we talk about cells.", None, None, 0.0, 9.0)


def test_split_draft_cuts_at_the_nearest_sentence_end_and_keeps_the_range() -> None:
    draft = SectionDraft("Cells", "Cells are small. They divide, e.g. by mitosis. Some die.", 3, 5, None, None)
    first, second = split_draft(draft, 20)
    assert (first.text, second.text) == ("Cells are small.", "They divide, e.g. by mitosis. Some die.")
    assert (first.start_page, first.end_page, second.start_page, second.end_page) == (3, 5, 3, 5)
    assert first.title == second.title == "Cells"
    first, second = split_draft(draft, 40)
    assert second.text == "Some die."
    assert split_draft(SectionDraft(None, "one two three", None, None, 1.0, 2.0), 6)[1].text == "two three"
    with pytest.raises(ValueError):
        split_draft(SectionDraft(None, "x", None, None, None, None), 0)


def test_a_transcript_segment_over_the_budget_is_cut_at_its_sentences() -> None:
    long_segment = segment(" ".join(sentence(i) for i in range(20)), 10.0, 70.0)
    talk = Extracted(title="Talk", kind="audio", blocks=[segment("Hello.", 0.0, 9.5), long_segment])
    sections = make_sections(talk, token_budget=50, count_tokens=words)
    assert len(sections) == 3
    assert all(words(s.text) <= 50 for s in sections)
    assert sections[0].text.startswith("Hello. Sentence 0")
    assert [(s.start_s, s.end_s) for s in sections] == [(0.0, 70.0), (10.0, 70.0), (10.0, 70.0)]
