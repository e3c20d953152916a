"""bench grading: its figures, its input checks and the fit of the combination."""

import json

import pytest

from sensemaking_desktop.bench.grading import GATE_PRIOR, Item, fit, fit_gates, metrics, read_items
from sensemaking_desktop.errors import SensemakingError
from sensemaking_desktop.roles.grading_combine import CONFIDENCE_FEATURES, CONTENT_FEATURES, OVERRULE_PENALTY


def test_figures_compare_machine_with_human_grades():
    human = [100, 100, 80, 40, 0, 0]
    figures = metrics(human, [95, 85, 70, 30, 90, 5], [0.9, 0.9, 0.8, 0.7, 0.2, 0.9])
    assert figures["auc"] == pytest.approx(7 / 9, abs=1e-3)
    assert figures["share_wrong_graded_ge_80"] == pytest.approx(1 / 3, abs=1e-3)
    assert figures["large_errors"] == 1 and figures["large_errors_caught_at_20pct"] == 1.0
    assert figures["human_wrong"] == 3 and figures["mean_machine_human_full_marks"] == 90
    assert "50%" in figures["definitions"]


def test_bad_lines_are_named_before_any_work(tmp_path):
    path = tmp_path / "items.jsonl"
    rows = [
        {"question": "Q?", "answer": "A", "human_score": 4, "human_max": 5},
        {"question": "Q?", "answer": "A", "human_score": 6, "human_max": 5},
        {"question": "Q?", "human_score": 1, "human_max": 5},
    ]
    path.write_text("\n".join(json.dumps(row) for row in rows))
    with pytest.raises(SensemakingError, match="line 2.*\n.*line 3"):
        read_items(path)
    path.write_text(json.dumps(rows[0]))
    assert read_items(path)[0].human == 80


def test_the_fit_gives_a_model_that_prefers_answers_saying_the_reference():
    question = "Why is rain fresh water even though much of it evaporated from the sea?"
    reference = "When water evaporates, the salt stays behind, so only fresh water rises into the air."
    right = ["The salt stays behind when water evaporates.", "Only fresh water evaporates; salt stays in the sea."]
    wrong = ["Rain comes from clouds.", "Because rivers are fresh.", "The sea is big."]
    items = [Item(question, answer, 100.0, reference) for answer in right] * 6
    items += [Item(question, answer, 0.0, reference) for answer in wrong] * 4
    model = fit(items)
    assert model["content"]["features"] == list(CONTENT_FEATURES)
    assert model["confidence"]["features"] == list(CONFIDENCE_FEATURES)
    rouge = model["content"]["weights"][CONTENT_FEATURES.index("key_point_coverage")]
    assert rouge > 0 and 0 <= model["content"]["low"] < model["content"]["high"] <= 1
    assert model["fitted_on"] == {"items": 24, "negatives": 0, "questions": 1}


def test_a_gate_earns_reliability_from_the_grades_it_overruled_rightly():
    question = "What kind of data structure is a stack?"
    reference = "A stack is a LIFO structure."
    negated = "A stack is not a LIFO structure."
    right = fit_gates([Item(question, negated, 0.0, reference)] * 10)
    wrong = fit_gates([Item(question, negated, 100.0, reference)] * 10)
    assert right["overruled"] == {"contradicts_reference": {"grades": 10, "close": 10}}
    assert wrong["overruled"] == {"contradicts_reference": {"grades": 10, "close": 0}}
    default = 1 - OVERRULE_PENALTY
    assert right["reliability"]["contradicts_reference"] == pytest.approx(
        (10 + GATE_PRIOR * default) / (10 + GATE_PRIOR)
    )
    assert wrong["reliability"]["contradicts_reference"] < default < right["reliability"]["contradicts_reference"]
    kept = fit_gates([Item(question, "Stacks are LIFO structures.", 100.0, reference)] * 3)
    assert kept["overruled"] == {}, "a grade no gate overruled says nothing of the gates"
