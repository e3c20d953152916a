"""Finding quoted evidence in the material despite small differences."""

from sensemaking_desktop.roles.evidence import locate

MATERIAL = "When water evaporates,  the salt is left behind.\nOnly pure water\nrises into the air."


def test_an_exact_quote_is_found_at_its_place() -> None:
    found = locate("the salt is left behind", MATERIAL)
    assert found is not None and MATERIAL[found.start : found.end] == "the salt is left behind"


def test_case_spacing_and_line_breaks_do_not_matter() -> None:
    found = locate("Only pure water rises", MATERIAL)
    assert found is not None and MATERIAL[found.start : found.end] == "Only pure water\nrises"


def test_a_small_slip_is_tolerated_but_invented_text_is_not() -> None:
    assert locate("the salt is left behnd", MATERIAL) is not None
    assert locate("clouds are made of cotton candy", MATERIAL) is None


def test_too_short_quotes_prove_nothing() -> None:
    assert locate("salt", MATERIAL) is None
