"""Answer groups: what a teacher may grade in one action, and what must never share a group."""

from sensemaking_desktop.roles.answer_groups import group_answers, kept_apart, normalise
from sensemaking_desktop.text.embeddings import default_embedder


def _groups(texts: list[str]) -> list[set[str]]:
    groups = group_answers(texts, default_embedder().encode(texts))
    return [{texts[member] for member in group.members} for group in groups]


def test_identical_right_answers_share_a_group_and_a_negated_one_does_not() -> None:
    texts = [
        "A stack is a LIFO structure.",
        "a stack is a LIFO structure",
        "A stack is a LIFO structure!",
        "A stack is not a LIFO structure.",
        "Photosynthesis turns light into chemical energy.",
    ]
    groups = _groups(texts)
    together = next(group for group in groups if texts[0] in group)
    assert together == set(texts[:3])
    assert {texts[3]} in groups and {texts[4]} in groups


def test_a_different_number_always_splits_however_close_the_words() -> None:
    texts = ["The loop runs 10 times.", "The loop runs 10 times", "The loop runs 12 times."]
    groups = _groups(texts)
    assert set(texts[:2]) in groups and {texts[2]} in groups
    assert kept_apart(texts[0], texts[2]) and not kept_apart(texts[0], texts[1])


def test_paraphrases_group_and_the_representative_is_a_member() -> None:
    texts = [
        "It stores data in last in first out order.",
        "It stores data in last-in first-out order.",
        "It keeps data in last in, first out order.",
        "Bubble sort swaps neighbouring elements.",
    ]
    groups = group_answers(texts, default_embedder().encode(texts))
    largest = groups[0]
    assert set(largest.members) == {0, 1, 2} and largest.representative in largest.members
    assert 0 < largest.spread < 0.3 and groups[1].members == (3,) and groups[1].spread == 0


def test_normalising_ignores_case_punctuation_and_spacing_only() -> None:
    assert normalise("  A Stack,  is LIFO! ") == normalise("a stack is lifo")
    assert normalise("a stack is lifo") != normalise("a stack is fifo")
