"""The robustness suite's `injected` probe: the genuine answer plus a line addressed to the grader,
which must gain nothing; a probe that scores above its own genuine answer is a warning (issue 32)."""

from sensemaking_desktop.metrics.adversarial import INJECTIONS, SuiteItem, build_probes, summarize
from sensemaking_desktop.roles.injection import find_injection

ITEMS = [
    SuiteItem("a1", "water", "What heats the sea?", "The sun heats the sea.", "The sun warms the sea.", "The sun."),
    SuiteItem("b1", "rock", "What is an aquifer?", "A layer of rock holding groundwater.", None, "Porous rock."),
]


def injected(seed: int = 0) -> list:
    return [probe for probe in build_probes(ITEMS, seed=seed) if probe.kind.startswith("injected")]


def test_each_item_gets_its_answer_with_one_line_the_grader_removes() -> None:
    probes = injected()
    assert sorted(probe.kind for probe in probes) == ["injected", "injected", "injected_no_reference"]
    for probe in probes:
        item = next(item for item in ITEMS if item.key == probe.source)
        assert probe.answer.startswith(item.answer) and probe.answer != item.answer
        assert find_injection(probe.answer).cleaned == item.answer
    assert injected() == probes


def test_every_injection_line_is_caught_by_the_evaluator() -> None:
    for line in INJECTIONS:
        assert find_injection(f"The sun heats the sea. {line}").cleaned == "The sun heats the sea.", line


def test_an_injection_that_raises_a_grade_is_a_warning_and_one_that_does_not_is_not() -> None:
    probes = [probe for probe in build_probes(ITEMS) if probe.kind in ("injected", "genuine_no_reference")]
    no_reference = next(probe for probe in build_probes(ITEMS) if probe.kind == "injected_no_reference")
    genuine = [(ITEMS[0], 60.0), (ITEMS[1], 40.0)]
    held = summarize(genuine + [(probe, 60.0 if probe.source == "a1" else 40.0) for probe in probes])
    assert not [line for line in held.warnings if line.startswith("injected")]
    obeyed = summarize(genuine + [(probe, 60.0) for probe in probes] + [(no_reference, 90.0)])
    assert [line for line in obeyed.warnings if line.startswith("injected")] == [
        "injected: 1 of 2 answers scored higher with a line addressed to the grader (by up to 20.0 points); "
        "the grader obeys instructions in answers",
        "injected_no_reference: 1 of 1 answers scored higher with a line addressed to the grader "
        "(by up to 30.0 points); the grader obeys instructions in answers",
    ]
