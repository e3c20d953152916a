"""The natural sort key of student names (issue 46, point 2)."""

from sensemaking_desktop.quizzes.names import natural_key


def test_numbers_in_names_compare_as_numbers_and_letters_without_case() -> None:
    names = ["S10", "s2", "S1", "Anna", "anna", "S01", "Ben 3", "Ben 20", "S2b"]
    assert sorted(names, key=natural_key) == ["Anna", "anna", "Ben 3", "Ben 20", "S01", "S1", "s2", "S2b", "S10"]


def test_plain_text_order_is_not_what_it_gives() -> None:
    assert sorted(["S1", "S10", "S2"]) == ["S1", "S10", "S2"]
    assert sorted(["S1", "S10", "S2"], key=natural_key) == ["S1", "S2", "S10"]
