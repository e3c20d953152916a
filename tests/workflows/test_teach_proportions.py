"""A quiz covers a material's sections in proportion to their length (issue 34 item 4): the
requested count per section is an average, shared out by length, at least one each."""

from sensemaking_desktop.workflows.teacher_job import MAX_PER_SECTION, proportional_counts


def test_counts_follow_the_sections_lengths() -> None:
    assert proportional_counts([100, 100], 5) == [5, 5]
    assert proportional_counts([900, 100], 5) == [9, 1]
    assert proportional_counts([50, 1000, 1000, 10], 3) == [1, 5, 5, 1]


def test_every_section_gets_one_and_none_more_than_allowed() -> None:
    assert proportional_counts([10], 4) == [4]
    assert proportional_counts([0, 0], 2) == [2, 2]
    assert proportional_counts([1, 10_000], 50) == [1, MAX_PER_SECTION]


def test_every_real_section_gets_the_count_asked() -> None:
    """`teach --count 3` on sections of 646, 649 and 447 words: proportions alone gave the third 2."""
    assert proportional_counts([646, 649, 447], 3) == [3, 4, 3]
    assert proportional_counts([900, 100], 5) == [9, 1], "a section under half the average stays proportional"
