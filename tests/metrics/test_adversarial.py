"""The adversarial controls: each differs from its genuine item in the one way it should."""

import json
import random
import re
from collections import Counter

import pytest

from sensemaking_desktop.metrics.adversarial import (
    CONTROL_KINDS,
    Control,
    SuiteItem,
    build_controls,
    build_probes,
    negated,
    paraphrased,
    shuffled_words,
    summarize,
    word_order_matters,
)

ITEMS = [
    SuiteItem("a1", "water", "What heats the sea?", "The sun heats the sea.", "The sun warms the sea.", "The sun."),
    SuiteItem("a2", "water", "Where do rivers go?", "Rivers carry water to the sea.", None, "To the sea.", 100),
    SuiteItem("a3", "water", "What heats the sea?", "Sunlight warms the water.", None, "The sun.", 50),
    SuiteItem("b1", "rock", "What is an aquifer?", "A layer of rock holding groundwater.", None, "Porous rock."),
    SuiteItem("c1", "air", "What is wind?", "Moving air.", None, "Air in motion."),
    SuiteItem("c2", "air", "Why does warm air rise?", "Lighter", None, "It is less dense."),
]
BY_KEY = {item.key: item for item in ITEMS}


def controls_of(kind: str, seed: int = 0) -> dict[str, Control]:
    return {control.source: control for control in build_controls(ITEMS, seed=seed) if control.kind == kind}


def test_every_item_gets_every_class_it_can() -> None:
    controls = build_controls(ITEMS)
    assert Counter(control.kind for control in controls) == {
        "swapped_answer": 6,
        "random_text": 6,
        "shuffled_answer": 4,  # "Moving air." and "Lighter" mean the same in any order
        "shuffled_question": 5,  # so does "What is wind?"
        "foreign_question": 6,
    }
    assert all(control.key == f"{control.source}/{control.kind}" for control in controls)
    assert len({control.key for control in controls}) == len(controls)


def test_swapped_answer_comes_from_another_question_of_the_same_material() -> None:
    swapped = controls_of("swapped_answer")
    assert swapped["a1"].donor == "a2"  # a3 answers the same question, so it is no donor
    assert swapped["a2"].donor in {"a1", "a3"}
    assert swapped["c1"].donor == "c2" and swapped["c2"].donor == "c1"
    for key, control in swapped.items():
        item, donor = BY_KEY[key], BY_KEY[control.donor or ""]
        assert control.question == item.question and control.reference == item.reference
        assert control.material == item.material and control.answer == donor.answer != item.answer


def test_swapped_answer_of_a_one_question_material_comes_from_another_material() -> None:
    control = controls_of("swapped_answer")["b1"]
    assert BY_KEY[control.donor or ""].material != "rock"
    assert control.question == BY_KEY["b1"].question and control.answer != BY_KEY["b1"].answer


def test_random_text_is_made_of_the_item_sets_words_and_letters() -> None:
    texts = " ".join(f"{i.question} {i.answer} {i.reference or ''} {i.material_text or ''}" for i in ITEMS)
    vocabulary, letters = set(re.findall(r"[^\W_]+", texts)), set(re.findall(r"[^\W\d_]", texts))
    for key, control in controls_of("random_text").items():
        words = control.answer.split()
        assert control.answer != BY_KEY[key].answer and len(words) >= 3
        assert control.question == BY_KEY[key].question
        assert all(word in vocabulary or set(word) <= letters for word in words)
    many = build_controls([*ITEMS, SuiteItem("long", "air", "Q?", " ".join(["word"] * 400))], seed=3)
    long_text = next(c.answer for c in many if c.kind == "random_text" and c.source == "long").split()
    assert 0.05 < sum(word not in vocabulary | {"word", "Q"} for word in long_text) / len(long_text) < 0.4


def test_shuffled_answer_has_the_same_words_in_another_order() -> None:
    for key, control in controls_of("shuffled_answer").items():
        genuine = BY_KEY[key].answer
        assert Counter(control.answer.split()) == Counter(genuine.split())
        assert control.answer != genuine and control.question == BY_KEY[key].question


def test_shuffled_question_keeps_the_genuine_answer() -> None:
    for key, control in controls_of("shuffled_question").items():
        item = BY_KEY[key]
        assert Counter(control.question.split()) == Counter(item.question.split())
        assert control.question != item.question
        assert control.answer == item.answer and control.reference == item.reference


def test_shuffling_always_changes_two_distinct_words() -> None:
    for seed in range(50):
        assert shuffled_words("left right", random.Random(seed)) == "right left"
    assert shuffled_words("same same", random.Random(0)) is None
    assert shuffled_words("alone", random.Random(0)) is None


def test_only_text_whose_word_order_matters_is_shuffled() -> None:
    assert not word_order_matters("push and pop") and not word_order_matters("The the sun SUN")
    assert word_order_matters("push before you pop")
    assert set(controls_of("shuffled_answer")) == {"a1", "a2", "a3", "b1"}
    assert "c1" not in controls_of("shuffled_question")


def test_foreign_question_comes_from_another_material_with_its_reference() -> None:
    for key, control in controls_of("foreign_question").items():
        item, donor = BY_KEY[key], BY_KEY[control.donor or ""]
        assert donor.material != item.material
        assert (control.question, control.reference) == (donor.question, donor.reference)
        assert control.answer == item.answer
        assert (control.material, control.material_text) == (item.material, item.material_text)


def test_one_material_gives_no_foreign_questions() -> None:
    water = [item for item in ITEMS if item.material == "water"]
    kinds = {control.kind for control in build_controls(water)}
    assert "foreign_question" not in kinds and "swapped_answer" in kinds


def test_same_seed_same_controls_and_other_seed_other_controls() -> None:
    assert build_controls(ITEMS, seed=5) == build_controls(ITEMS, seed=5)
    assert build_controls(ITEMS, seed=5) != build_controls(ITEMS, seed=6)


def test_a_control_does_not_change_when_other_items_are_added() -> None:
    before = {c.key: c for c in build_controls(ITEMS) if c.kind in ("shuffled_answer", "shuffled_question")}
    more = [*ITEMS, SuiteItem("d1", "ice", "What is a glacier?", "A river of ice.")]
    after = {c.key: c for c in build_controls(more) if c.key in before}
    assert after == before


def test_duplicate_keys_are_refused() -> None:
    with pytest.raises(ValueError, match="unique"):
        build_controls([ITEMS[0], ITEMS[0]])
    with pytest.raises(ValueError, match="unique"):
        build_probes([ITEMS[0], ITEMS[0]])


def test_summary_of_a_good_grader_has_no_warnings() -> None:
    controls = build_controls(ITEMS)
    results = [(item, 90.0) for item in ITEMS] + [(control, 0.0) for control in controls]
    summary = summarize(results)
    assert summary.classes["genuine"].n == 6 and summary.genuine_mean == 90
    assert summary.classes["swapped_answer"].mean == 0 and summary.classes["shuffled_answer"].n == 4
    assert summary.full_marks_mean == 90 and summary.full_marks_n == 1
    assert summary.warnings == []
    data = json.loads(json.dumps(summary.as_json(), allow_nan=False))
    assert set(data["classes"]) == {"genuine", *CONTROL_KINDS}
    assert set(data["classes"]["genuine"]) == {"n", "mean", "median"}


def test_summary_warns_about_rewarded_controls_and_harsh_grades() -> None:
    controls = build_controls(ITEMS)
    scores = {"swapped_answer": 12.0, "shuffled_question": 8.0}
    results = [(item, 20.0) for item in ITEMS] + [(control, scores.get(control.kind, 0.0)) for control in controls]
    warnings = summarize(results).warnings
    assert any(line.startswith("swapped_answer: mean 12.0 (> 10, > 33% of the genuine mean 20.0)") for line in warnings)
    assert any(line.startswith("shuffled_question: mean 8.0 (> 33% of") for line in warnings)
    assert any("full human marks average 20.0" in line for line in warnings)
    assert not any(line.startswith(("random_text", "foreign_question")) for line in warnings)


def test_summary_without_scores_or_human_grades() -> None:
    summary = summarize([])
    assert summary.genuine_mean is None and summary.full_marks_mean is None and summary.warnings == []
    assert summary.classes["random_text"].median is None
    with pytest.raises(ValueError, match="0–100"):
        summarize([(ITEMS[0], 101.0)])


def probes_of(kind: str, items=ITEMS) -> dict[str, Control]:
    return {probe.source: probe for probe in build_probes(items) if probe.kind == kind}


def test_probes_are_the_mistakes_people_make_built_from_the_reference() -> None:
    assert probes_of("contradiction")["a1"].answer == "It is not true that the sun."
    assert probes_of("contradiction")["c2"].answer == "It is not less dense."
    assert probes_of("echo")["a1"].answer == "What heats the sea."
    added = probes_of("wrong_claim_added")["b1"]
    assert added.answer.startswith(BY_KEY["b1"].answer) and added.answer.endswith("It is not true that porous rock.")
    swapped = probes_of("swapped_question")["a1"]
    assert swapped.question == BY_KEY["a2"].question and swapped.reference == BY_KEY["a1"].reference
    assert swapped.answer == BY_KEY["a1"].answer
    assert "b1" not in probes_of("swapped_question")  # the only question on its material


def test_partial_answers_and_paraphrases_need_a_reference_with_something_to_change() -> None:
    item = SuiteItem(
        "p",
        "net",
        "Why binary encoding?",
        "It is efficient.",
        None,
        reference=(
            "Binary encoding uses the bandwidth well because you get a full bit per baud; it is also simple and cheap."
        ),
    )
    assert probes_of("partial", [item])["p"].answer == "Binary encoding uses the bandwidth well."
    paraphrase = probes_of("paraphrase", [item])["p"].answer
    assert paraphrase.startswith("It is as well simple and cheap.") and "employs" in paraphrase
    assert "a1" not in probes_of("partial")


def test_items_with_material_are_probed_without_the_reference_too() -> None:
    kinds = Counter(probe.kind for probe in build_probes(ITEMS) if probe.source == "a1")
    assert kinds["genuine_no_reference"] == 1 and kinds["contradiction_no_reference"] == 1
    assert all(probe.reference is None for probe in build_probes(ITEMS) if probe.kind.endswith("_no_reference"))
    assert not any(probe.source == "a2" and probe.kind.endswith("_no_reference") for probe in build_probes(ITEMS))


def test_negation_and_paraphrase_are_deterministic() -> None:
    assert negated("A stack is a LIFO structure.") == "A stack is not a LIFO structure."
    assert negated("Das Salz ist schwer.") == "Das Salz ist nicht schwer."
    assert negated("Salt stays behind.") == "It is not true that salt stays behind."
    assert paraphrased("It uses a big stack.") == paraphrased("It uses a big stack.") == "It employs a large stack."


def test_probe_classes_that_score_wrongly_are_warned_about() -> None:
    items = [*ITEMS, SuiteItem("d1", "ice", "What is a glacier?", "Ice.", None, "A big river of ice.")]
    probes = build_probes(items)
    scores = {"contradiction": 30.0, "echo_no_reference": 25.0, "paraphrase": 40.0}
    results = [(item, 90.0) for item in items] + [(probe, scores.get(probe.kind, 0.0)) for probe in probes]
    warnings = summarize(results).warnings
    assert any(line.startswith("contradiction: mean 30.0 (> 20)") for line in warnings)
    assert any(line.startswith("echo_no_reference: mean 25.0 (> 20)") for line in warnings)
    assert any(line.startswith("paraphrase: mean 40.0 (< 80)") for line in warnings)
    assert not any(line.startswith(("wrong_claim_added", "partial", "swapped_question")) for line in warnings)
