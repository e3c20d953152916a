"""Terms without a model: numbers keep their units, references are no facts, verbs are no phrases."""

from sensemaking_desktop.text.terms import (
    can_be_noun,
    grounded,
    name_kind,
    names,
    number_tokens,
    numbers,
    only_verb,
    phrases,
    reads_as_adjective,
)

TEXT = (
    "The wing type ranges in size for No. 6 up to 1/4 inch, and in 1995 about 40 percent were made by "
    "Boots Aircraft Nut Corporation, as Figure 7-27 shows. The nut consists of two parts and is pulled downward."
)


def test_numbers_keep_their_units_and_references_are_left_out() -> None:
    assert [(term.text, term.kind) for term in numbers(TEXT)] == [
        ("1/4 inch", "number:inch"),
        ("1995", "number:year"),
        ("40 percent", "number:percent"),
    ]
    assert number_tokens("see Figure 7-27, 1,200 parts") == ["7-27", "1200"]


def test_names_are_runs_of_capitalised_words_but_not_sentence_openers() -> None:
    found = [term.text for term in names(TEXT, {0}, {"the", "wing"})]
    assert found == ["Boots Aircraft Nut Corporation"]


def test_names_have_kinds_so_distractors_match_the_key() -> None:
    kinds = {
        text: name_kind(text)
        for text in ("National Physical Laboratory", "Hudson River", "ARPANET", "X.25", "Donald Davies", "Internet")
    }
    assert kinds == {
        "National Physical Laboratory": "name:organisation",
        "Hudson River": "name:place",
        "ARPANET": "name:code",
        "X.25": "name:code",
        "Donald Davies": "name",
        "Internet": "name",
    }
    assert [term.kind for term in names(TEXT, {0}, {"the", "wing"})] == ["name:organisation"]


def test_phrases_are_noun_like() -> None:
    found = [term.text for term in phrases(TEXT)]
    assert "wing type" in found
    assert not any(word in " ".join(found) for word in ("consists", "pulled", "downward", "percent"))


def test_a_verb_in_s_and_an_adverb_before_a_preposition_are_in_no_phrase() -> None:
    """From the shipped water-cycle sample, where they were offered as options (issue 45)."""
    text = (
        "Irrigation moves huge amounts of water from rivers onto farm fields. Most rivers finally carry "
        "the water back to the ocean. Understanding the water cycle helps people use water wisely."
    )
    found = [term.text for term in phrases(text)]
    assert "farm fields" in found and "water cycle" in found and "ocean" in found
    assert not any(word in text.split() for text in found for word in ("moves", "back", "helps"))
    assert [term.text for term in phrases("The roads and car parks stop rain from soaking in.")] == ["roads"]
    assert "water soak" not in [term.text for term in phrases("Loose soil lets water soak in easily.")]


def test_grounded_needs_whole_numbers_and_the_words() -> None:
    assert grounded("27 inches", "see Figure 7-27") == ["27", "inch"]
    assert grounded("40 percent", "about 40% of them") == []
    assert grounded("two parts", TEXT) == []


def test_a_word_that_can_only_be_a_verb_is_in_no_phrase() -> None:
    found = [
        term.text for term in phrases("The combined setup gave a fair approximation, and memory cells remember it.")
    ]
    assert "setup" in found and "fair approximation" in found
    assert not any(word in text.split() for text in found for word in ("gave", "remember", "combined"))
    assert only_verb("gave") and not only_verb("steam") and not only_verb("firebox")


def test_a_verb_after_to_starts_no_phrase() -> None:
    found = [term.text for term in phrases("The plugs are too small to lower steam pressure significantly.")]
    assert "steam pressure" in found and not any(text.startswith("lower") for text in found)


def test_a_word_that_cannot_be_a_noun_is_no_phrase() -> None:
    text = "The comets are strong, the moons are gravitational and the planets are moving."
    assert [term.text for term in phrases(text)] == ["comets", "moons", "planets"]
    assert can_be_noun("direction") and can_be_noun("ARPANET") and not can_be_noun("strong")
    assert reads_as_adjective("opposite") and not reads_as_adjective("direction")


def test_a_dictionary_word_or_a_name_cut_at_an_initial_is_no_name() -> None:
    text = "The Act of 1998 was signed in Edinburgh. Later President Charles W. Eliot led Harvard College."
    assert [term.text for term in names(text, {0, 41}, set())] == ["Edinburgh", "Eliot", "Harvard College"]


def test_an_opening_word_joiners_and_foreign_word_parts_stay_out_of_terms() -> None:
    assert [term.text for term in names("Today Warsaw is a global city.", {0}, set())] == ["Warsaw"]
    assert [term.text for term in names("Eventually the Home Army had to capitulate.", {0}, set())] == ["Home Army"]
    found = [term.text for term in phrases("For example, the city name miasto stołeczne means capital city.")]
    assert "example" not in found and not any("sto" in text.split() for text in found)
    assert reads_as_adjective("European") and not reads_as_adjective("Warsaw")
